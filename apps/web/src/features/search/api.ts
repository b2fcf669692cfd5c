import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiClient, ApiError } from '../../lib/api';
import type { SearchArticlesQuery, SearchDocumentsQuery } from './lib/search-params';
import { articleHitsOf, type ArticleSearchResult } from './lib/article-hits';

export const searchKeys = {
  documents: (q: SearchDocumentsQuery) => ['search', 'document', q] as const,
  articles: (q: SearchArticlesQuery) => ['search', 'article', q] as const,
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

/** GET /article/search; the previous page stays on screen while the next one loads. */
export function useArticleSearch(query: SearchArticlesQuery, enabled: boolean) {
  return useQuery<ArticleSearchResult>({
    queryKey: searchKeys.articles(query),
    queryFn: ({ signal }) => apiClient.call(api.searchArticles, { query, signal }).then(articleHitsOf),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: noRetryOnClientError,
    refetchOnWindowFocus: false,
  });
}
