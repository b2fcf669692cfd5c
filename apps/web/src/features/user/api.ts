import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TAuthResult } from '@wenku/contracts';
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
};

export const fetchCurrentUser = (signal?: AbortSignal) => apiClient.call(api.getUser, { query: {}, signal });
export const fetchPermissions = (signal?: AbortSignal) => apiClient.call(api.getPermission, { signal }).then((r) => r.permission);
export const fetchGroups = (signal?: AbortSignal) => apiClient.call(api.getGroup, { signal }).then((r) => r.group);

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
