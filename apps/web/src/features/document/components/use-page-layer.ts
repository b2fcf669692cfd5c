import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api';
import { layerUrl, type PageLayer } from '../lib/text-layer';

/**
 * A page's text layer, shared by the layer over the page image and the phone 文字版 (one cache entry per page and
 * layer version). It is a file served like the page image (ETag, immutable, gzip), so it is read with a plain GET of
 * its URL rather than through the JSON API client.
 */
export function usePageLayer(uuid: string, page: number, textKey: string, enabled = true) {
  return useQuery({
    queryKey: ['reader-layer', uuid, page, textKey],
    queryFn: async ({ signal }): Promise<PageLayer> => {
      const res = await fetch(apiUrl(layerUrl(uuid, page, textKey)), { signal });
      if (!res.ok) throw new Error(`text layer ${res.status}`);
      return (await res.json()) as PageLayer;
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
