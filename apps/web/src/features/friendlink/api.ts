import { useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../lib/api';

export const friendlinkKeys = { list: ['friendlink', 'list', 'enabled'] as const };

/** GET /friendlink/list with enable true and fields id, title, link (spec §7). */
export function useFriendlinks(enabled = true) {
  return useQuery({
    queryKey: friendlinkKeys.list,
    queryFn: ({ signal }) =>
      apiClient.call(api.listFriendlinks, { query: { page: 1, size: 10000, enable: true, field: ['id', 'title', 'link'] }, signal }).then((r) => r.friendlink),
    enabled,
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}
