import { useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../lib/api';
import { FRIENDLINK_QUERY } from '@wenku/contracts/constants';

export const friendlinkKeys = { list: ['friendlink', 'list', 'enabled'] as const };

/** GET /friendlink/list with enable true and fields id, title, link (spec §7; the route warms this query). */
export function useFriendlinks(enabled = true) {
  return useQuery({
    queryKey: friendlinkKeys.list,
    queryFn: ({ signal }) => apiClient.call(api.listFriendlinks, { query: FRIENDLINK_QUERY, signal }).then((r) => r.friendlink),
    enabled,
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}
