import { useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteQuery } from '@wenku/contracts/paths';
import type { TComment, TDocument } from '@wenku/contracts/schemas';
import { api, apiClient, ApiError } from '../../lib/api';
import { useSession } from '../../app/session';
import { CONVERT_POLL_MS, isConverting } from './lib/status';

export type ListDocumentsQuery = RouteQuery<typeof api.listDocuments>;

/** Query keys of the document domain. Anything that depends on who is looking carries the token. */
export const documentKeys = {
  all: ['document'] as const,
  detail: (uuid: string, token: string) => ['document', 'detail', uuid, token] as const,
  details: ['document', 'detail'] as const,
  list: (q: ListDocumentsQuery) => ['document', 'list', q] as const,
  home: (limit: number) => ['document', 'home', limit] as const,
  related: (id: number) => ['document', 'related', id] as const,
  comments: (documentId: number, page: number, token: string) => ['document', 'comments', documentId, page, token] as const,
  commentsOf: (documentId: number) => ['document', 'comments', documentId] as const,
  replies: (documentId: number, parentIds: readonly number[], token: string) => ['document', 'replies', documentId, parentIds.join(','), token] as const,
  repliesOf: (documentId: number) => ['document', 'replies', documentId] as const,
  captcha: (type: string) => ['captcha', type] as const,
};

/**
 * GET /document?uuid=&with_author=true. Only the first fetch of a visit counts a view (with_author=true); the polls
 * while the document converts (every 5 s) and refetches ask with with_author=false.
 */
export function useDocumentDetail(uuid: string) {
  const token = useSession((s) => s.token);
  const counted = useRef<string | null>(null);
  return useQuery({
    queryKey: documentKeys.detail(uuid, token),
    queryFn: ({ signal }) => {
      const countView = counted.current !== uuid;
      counted.current = uuid;
      return apiClient.call(api.getDocument, { query: { uuid, with_author: countView }, signal });
    },
    enabled: uuid.length > 0,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
    refetchInterval: (q) => (q.state.data && isConverting(q.state.data.status) ? CONVERT_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
}

export type DocumentDetail = NonNullable<ReturnType<typeof useDocumentDetail>['data']>;

/** GET /document/list */
export function useDocumentList(query: ListDocumentsQuery, enabled = true) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => apiClient.call(api.listDocuments, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/** GET /document/home: per top category the latest documents, plus 推荐 and 最新. */
export function useHomeDocuments(limit = 8) {
  return useQuery({
    queryKey: documentKeys.home(limit),
    queryFn: ({ signal }) => apiClient.call(api.homeDocuments, { query: { limit }, signal }),
    staleTime: 60_000,
  });
}

/** GET /document/related?id */
export function useRelatedDocuments(id: number | undefined) {
  return useQuery({
    queryKey: documentKeys.related(id ?? 0),
    queryFn: ({ signal }) => apiClient.call(api.relatedDocuments, { query: { id: id! }, signal }).then((r) => r.document),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
}

export const COMMENT_PAGE_SIZE = 10;

/** Top-level comments of a document, one page (GET /comment/list?document_id&type=0&parent_id=0). */
export function useComments(documentId: number, page: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: documentKeys.comments(documentId, page, token),
    queryFn: ({ signal }) =>
      apiClient.call(api.listComments, { query: { document_id: documentId, type: [0], parent_id: [0], page, size: COMMENT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled: documentId > 0,
  });
}

/** Replies (one level) to the comments on screen. */
export function useReplies(documentId: number, parentIds: readonly number[]) {
  const token = useSession((s) => s.token);
  return useQuery<Map<number, TComment[]>>({
    queryKey: documentKeys.replies(documentId, parentIds, token),
    queryFn: ({ signal }) =>
      apiClient
        .call(api.listComments, { query: { document_id: documentId, type: [0], parent_id: [...parentIds], page: 1, size: 100 }, signal })
        .then((r) => groupReplies(r.comment)),
    enabled: documentId > 0 && parentIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Replies by parent id, oldest first (the list comes newest first). */
function groupReplies(list: readonly TComment[]): Map<number, TComment[]> {
  const out = new Map<number, TComment[]>();
  for (const c of [...list].sort((a, b) => a.id - b.id)) {
    const arr = out.get(c.parent_id) ?? [];
    arr.push(c);
    out.set(c.parent_id, arr);
  }
  return out;
}

/** GET /user/captcha?type=comment, only when the setting asks for it. */
export function useCommentCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.captcha('comment'),
    queryFn: ({ signal }) => apiClient.call(api.getCaptcha, { query: { type: 'comment' }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export type { TDocument };
