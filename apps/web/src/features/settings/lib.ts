import { ZSettings, type TConfig, type TSettings } from '@wenku/contracts';

/** Every section empty: the contract fills in each field's default. */
const EMPTY = Object.fromEntries(Object.keys(ZSettings.shape).map((k) => [k, k === 'language' ? [] : {}]));

/** The public settings as the contract's defaults: what the site shows before (or without) an answer from the API. */
export const DEFAULT_SETTINGS: TSettings = ZSettings.parse(EMPTY);

/** A saved copy of GET /settings when it still has the contract's shape (a copy from an older release may not). */
export function storedSettings(value: unknown): TSettings | undefined {
  const r = ZSettings.safeParse(value);
  return r.success ? r.data : undefined;
}

/** The site's name; 文库 when the administrator cleared it. */
export function siteName(system: Pick<TConfig<'system'>, 'sitename'>): string {
  return system.sitename.trim() || '文库';
}
