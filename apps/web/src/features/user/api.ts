import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TAuthResult } from '@wenku/contracts/schemas';
import { api, apiClient } from '../../lib/api';
import { session } from '../../app/session';

/** Everything keyed by the token, so a login, logout or token change in another tab refetches it. */
export const meKeys = {
  all: ['me'] as const,
  user: (token: string) => ['me', 'user', token] as const,
  permissions: (token: string) => ['me', 'permission', token] as const,
  groups: (token: string) => ['me', 'group', token] as const,
};

export const userKeys = {
  detail: (id: number) => ['user', id] as const,
  documents: (id: number, page: number, size: number) => ['user', id, 'document', page, size] as const,
  dynamics: (id: number, page: number, size: number) => ['user', id, 'dynamic', page, size] as const,
};

const fetchCurrentUser = (signal?: AbortSignal) => apiClient.call(api.getUser, { query: {}, signal });
const fetchPermissions = (signal?: AbortSignal) => apiClient.call(api.getPermission, { signal }).then((r) => r.permission);
const fetchGroups = (signal?: AbortSignal) => apiClient.call(api.getGroup, { signal }).then((r) => r.group);

export function useCurrentUserQuery(token: string) {
  return useQuery({ queryKey: meKeys.user(token), queryFn: ({ signal }) => fetchCurrentUser(signal), enabled: Boolean(token), staleTime: 60_000 });
}
export function usePermissionsQuery(token: string) {
  return useQuery({ queryKey: meKeys.permissions(token), queryFn: ({ signal }) => fetchPermissions(signal), enabled: Boolean(token), staleTime: 5 * 60_000 });
}
export function useGroupsQuery(token: string) {
  return useQuery({ queryKey: meKeys.groups(token), queryFn: ({ signal }) => fetchGroups(signal), enabled: Boolean(token), staleTime: 5 * 60_000 });
}

/** A user's public profile (GET /user?id=). */
export function useUserQuery(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => apiClient.call(api.getUser, { query: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A user's public documents (GET /document/list?user_id=). */
export function useUserDocuments(id: number, page: number, size = 12) {
  return useQuery({
    queryKey: userKeys.documents(id, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listDocuments, { query: { user_id: [id], page, size }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}

/** A user's public activity (GET /user/dynamic?id=). */
export function useUserDynamics(id: number, page: number, size = 10) {
  return useQuery({
    queryKey: userKeys.dynamics(id, page, size),
    queryFn: ({ signal }) => apiClient.call(api.listDynamics, { query: { id, page, size }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * After login/registration/OAuth: store user and token, then load permissions and groups (spec §4) into the cache the
 * startup hooks watch. A permission failure is reported by the caller (获取权限失败) but does not undo the login.
 */
export async function establishSession(qc: QueryClient, result: TAuthResult): Promise<{ permissionsFailed: boolean }> {
  session.signIn(result.user, result.token);
  qc.setQueryData(meKeys.user(result.token), result.user);
  const [perm] = await Promise.allSettled([
    qc.fetchQuery({ queryKey: meKeys.permissions(result.token), queryFn: ({ signal }) => fetchPermissions(signal) }),
    qc.fetchQuery({ queryKey: meKeys.groups(result.token), queryFn: ({ signal }) => fetchGroups(signal) }),
  ]);
  if (perm.status === 'fulfilled') session.setPermissions(perm.value);
  return { permissionsFailed: perm.status === 'rejected' };
}

/** DELETE /user/logout (best effort), then clear everything including localStorage and the user's cached data. */
export async function logout(qc: QueryClient): Promise<void> {
  try {
    if (session.getState().token) await apiClient.call(api.logout);
  } catch {
    /* the token may already be invalid; the local session is cleared either way */
  }
  session.clear();
  qc.removeQueries({ queryKey: meKeys.all });
}
