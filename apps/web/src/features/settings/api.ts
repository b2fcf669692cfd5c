import { useQuery } from '@tanstack/react-query';
import { creditName } from '@wenku/contracts/format';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import type { TSettings } from '@wenku/contracts/schemas';
import { api, apiClient } from '../../lib/api';
import { storage } from '../../lib/storage';
import { DEFAULT_SETTINGS, siteName, storedSettings } from './lib';

export const settingsKeys = {
  all: ['settings'] as const,
  recharge: ['settings', 'recharge'] as const,
};

/** GET /settings; starts from the copy saved in localStorage so the shell renders at once. */
export function useSettingsQuery() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiClient.call(api.getSettings, { signal }),
    initialData: () => storedSettings(storage.getJson(STORAGE_KEYS.setting)),
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}

/** The public settings (`settings.system.sitename`, `settings.security.login_required`, ...): the contract's defaults until the API answers. */
export function useSettings(): TSettings {
  return useSettingsQuery().data ?? DEFAULT_SETTINGS;
}

/** The site's name, or 文库. */
export function useSiteName(): string {
  return siteName(useSettings().system);
}

/** The configured credit name, or 积分. */
export function useCreditName(): string {
  return creditName(useSettings());
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
