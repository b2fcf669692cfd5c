import { useQuery } from '@tanstack/react-query';
import type { AdvertisementPosition } from '@wenku/contracts/enums';
import { api, apiClient } from '../../lib/api';
import { useSession } from '../../app/session';

export const advertisementKeys = {
  group: (group: string, token: string) => ['advertisement', 'group', group, token] as const,
  positions: (positions: readonly string[], token: string) => ['advertisement', 'position', positions.join(','), token] as const,
};

/** VIP users get no advertisements (spec §6). */
export function useIsAdFree(): boolean {
  return useSession((s) => Boolean(s.user?.is_vip));
}

/** Global ads, fetched by position group at startup (GET /advertisement/position?group=global). */
export function useGlobalAds() {
  const adFree = useIsAdFree();
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: advertisementKeys.group('global', token),
    queryFn: ({ signal }) => apiClient.call(api.getAdvertisementsByPosition, { query: { group: 'global' }, signal }).then((r) => r.advertisement),
    enabled: !adFree,
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}

/** Ads of a page's own positions. */
export function usePositionAds(positions: readonly AdvertisementPosition[]) {
  const adFree = useIsAdFree();
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: advertisementKeys.positions(positions, token),
    queryFn: ({ signal }) => apiClient.call(api.getAdvertisementsByPosition, { query: { position: [...positions] }, signal }).then((r) => r.advertisement),
    enabled: !adFree && positions.length > 0,
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}
