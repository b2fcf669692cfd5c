import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type TSettings } from '@wenku/contracts';
import { api, apiClient } from '../../lib/api';
import { storage } from '../../lib/storage';
import { toSiteConfig, type SiteConfig } from './site-config';

export const settingsKeys = {
  all: ['settings'] as const,
  recharge: ['settings', 'recharge'] as const,
};

/** GET /settings; starts from the copy saved in localStorage so the shell renders at once. */
export function useSettingsQuery() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiClient.call(api.getSettings, { signal }),
    initialData: () => storage.getJson<TSettings>(STORAGE_KEYS.setting) ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}

/** The public settings with defaults filled in (usable before and without the API). */
export function useSiteConfig(): SiteConfig {
  const { data } = useSettingsQuery();
  return useMemo(() => toSiteConfig(data), [data]);
}

/** GET /settings/recharge */
export function useRechargeSettings() {
  return useQuery({
    queryKey: settingsKeys.recharge,
    queryFn: ({ signal }) => apiClient.call(api.getRechargeSettings, { signal }),
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}
