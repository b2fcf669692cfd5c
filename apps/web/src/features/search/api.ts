import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteDef } from '@wenku/contracts';
import { api, apiClient, ApiError } from '../../lib/api';
import type { SearchArticlesQuery, SearchDocumentsQuery } from './lib/search-params';
import { articleHitsOf, type ArticleSearchResult } from './lib/article-hits';

export const searchKeys = {
  documents: (q: SearchDocumentsQuery) => ['search', 'document', q] as const,
  articles: (q: Record<string, unknown>) => ['search', 'article', q] as const,
  hot: (limit: number) => ['search', 'hot', limit] as const,
};

const noRetryOnClientError = (n: number, e: unknown) => !(e instanceof ApiError && e.status < 500) && n < 2;

/** GET /document/search; the previous page stays on screen while the next one loads. */
export function useDocumentSearch(query: SearchDocumentsQuery, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.documents(query),
    queryFn: ({ signal }) => apiClient.call(api.searchDocuments, { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: noRetryOnClientError,
    refetchOnWindowFocus: false,
  });
}

/** GET /search/hot: the most searched words lately. */
export function useHotSearchWords(limit = 10) {
  return useQuery({
    queryKey: searchKeys.hot(limit),
    queryFn: ({ signal }) => apiClient.call(api.hotSearchWords, { query: { limit }, signal }).then((r) => r.words),
    staleTime: 5 * 60_000,
    retry: false,
    retryOnMount: false,
  });
}

/**
 * The article search route, when the contracts have one (`api.searchArticles`, GET /article/search). It is looked up
 * at run time so this page builds before the article domain lands, and lights up once it does.
 */
export function articleSearchRoute(): RouteDef | undefined {
  const route = (api as unknown as Record<string, RouteDef | undefined>).searchArticles;
  return route && route.method === 'GET' ? route : undefined;
}

/** Keeps only the query parameters the route's schema declares (a zod object), so unknown ones never cause a 400. */
export function pickDeclared(route: RouteDef, query: Record<string, unknown>): Record<string, unknown> {
  const shape = (route.query as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return { wd: query.wd, page: query.page, size: query.size };
  return Object.fromEntries(Object.entries(query).filter(([k, v]) => k in shape && v !== undefined));
}

/** GET /article/search, when it exists. */
export function useArticleSearch(query: SearchArticlesQuery, enabled: boolean) {
  const route = articleSearchRoute();
  const q = route ? pickDeclared(route, { ...query }) : { ...query };
  return useQuery<ArticleSearchResult>({
    queryKey: searchKeys.articles(q),
    queryFn: ({ signal }) => apiClient.call(route!, { query: q as never, signal }).then(articleHitsOf),
    enabled: enabled && route !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: noRetryOnClientError,
    refetchOnWindowFocus: false,
  });
}
