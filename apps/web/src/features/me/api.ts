import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../lib/api';
import { useSession } from '../../app/session';

/**
 * The personal centre's data. Every key starts with 'me' and holds the token, so logout (which removes ['me'])
 * and a login as someone else never show the previous person's data.
 */
export const meDataKeys = {
  creditLog: (token: string, page: number, size: number) => ['me', 'credit-log', token, page, size] as const,
  creditLogAll: ['me', 'credit-log'] as const,
  dynamic: (token: string, page: number, size: number) => ['me', 'dynamic', token, page, size] as const,
  dynamicAll: ['me', 'dynamic'] as const,
  vipOrders: (token: string, page: number, size: number) => ['me', 'vip-order', token, page, size] as const,
  downloads: (token: string, page: number, size: number) => ['me', 'download', token, page, size] as const,
  favorites: (token: string, type: number, page: number, size: number) => ['me', 'favorite', token, type, page, size] as const,
  favoritesAll: ['me', 'favorite'] as const,
  documents: (token: string, userId: number, page: number, size: number) => ['me', 'document', token, userId, page, size] as const,
  oauth: (token: string) => ['me', 'oauth', token] as const,
  reading: (token: string, page: number, size: number) => ['me', 'reading', token, page, size] as const,
};

/** GET /document/progress/list: 最近阅读, where the reader stopped in each document */
export function useMyReading(page: number, size = 10) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: meDataKeys.reading(token, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listReading, { query: { page, size }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/credit/log */
export function useCreditLogs(page: number, size = 10) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: meDataKeys.creditLog(token, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listCreditLogs, { query: { page, size }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/dynamic (mine) */
export function useMyDynamics(page = 1, size = 8) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: meDataKeys.dynamic(token, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listDynamics, { query: { page, size }, signal }),
    enabled: Boolean(token),
  });
}

/** GET /user/vip/order */
export function useVipOrders(page = 1, size = 10) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: meDataKeys.vipOrders(token, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listVipOrders, { query: { page, size }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/download */
export function useMyDownloads(page: number, size = 10) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: meDataKeys.downloads(token, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listMyDownloads, { query: { page, size }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** GET /favorite/list (mine): type 0 documents, 1 articles */
export function useMyFavorites(page: number, size = 10, type: 0 | 1 = 0) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: meDataKeys.favorites(token, type, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listFavorites, { query: { page, size, type }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** GET /document/list?user_id=<me> */
export function useMyDocuments(userId: number | undefined, page: number, size = 10) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: meDataKeys.documents(token, userId ?? 0, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listDocuments, { query: { user_id: [userId!], page, size }, signal }),
    enabled: Boolean(token && userId),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/oauth: the third-party accounts bound to mine. */
export function useMyOAuth() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: meDataKeys.oauth(token),
    queryFn: ({ signal }) => apiClient.call(api.listUserOAuth, { signal }).then((r) => r.oauth),
    enabled: Boolean(token),
  });
}
