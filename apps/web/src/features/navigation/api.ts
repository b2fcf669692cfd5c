import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../lib/api';
import { useSettings } from '../settings/api';
import { buildNavigationTree, enabledOnly, FALLBACK_NAVIGATION, normalizeNavigation, type NavNode } from './lib';
import { NAVIGATION_QUERY } from '@wenku/contracts/constants';

export const navigationKeys = { list: ['navigation', 'list'] as const };

/** GET /navigation/list with page 1 and size 10000 (spec §7; the route warms this query). */
export function useNavigationQuery() {
  return useQuery({
    queryKey: navigationKeys.list,
    queryFn: ({ signal }) => apiClient.call(api.listNavigations, { query: NAVIGATION_QUERY, signal }).then((r) => r.navigation.map(normalizeNavigation)),
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}

/** Enabled navigation entries as a tree; the three fixed entries when the list cannot be loaded. */
export function useNavigation(): NavNode[] {
  const { data, isError } = useNavigationQuery();
  const { domain } = useSettings().system;
  return useMemo(() => {
    if (!data) return isError ? FALLBACK_NAVIGATION : [];
    return enabledOnly(buildNavigationTree(data, domain));
  }, [data, isError, domain]);
}
