import { useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../lib/api';

/** Enabled banners of a kind (0 website), by sort (GET /banner/list?type=). */
export function useBanners(type: number) {
  return useQuery({
    queryKey: ['banner', 'list', type],
    queryFn: ({ signal }) =>
      apiClient
        .call(api.listBanners, { query: { type: [type], page: 1, size: 20, field: ['title', 'path', 'url', 'description'] }, signal })
        .then((r) => r.banner),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}
