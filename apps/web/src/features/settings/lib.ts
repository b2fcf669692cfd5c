import type { TConfig, TSettings } from '@wenku/contracts/schemas';
import { DEFAULT_SETTINGS } from '@wenku/contracts/settings';

export { DEFAULT_SETTINGS };

/** Whether `value` has the shape of `model`: the same keys with values of the same kinds, recursively (arrays as arrays). */
function sameShape(value: unknown, model: unknown): boolean {
  if (Array.isArray(model)) return Array.isArray(value);
  if (model !== null && typeof model === 'object') {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const v = value as Record<string, unknown>;
    return Object.entries(model).every(([k, m]) => sameShape(v[k], m));
  }
  return typeof value === typeof model;
}

/**
 * A saved copy of GET /settings when it still has the contract's shape (a copy from an older release may not): every
 * section and field of the defaults, each of the same kind. Checked by shape rather than with the zod schema so the
 * start-up does not load zod.
 */
export function storedSettings(value: unknown): TSettings | undefined {
  return sameShape(value, DEFAULT_SETTINGS) ? (value as TSettings) : undefined;
}

/** The site's name; 文库 when the administrator cleared it. */
export function siteName(system: Pick<TConfig<'system'>, 'sitename'>): string {
  return system.sitename.trim() || '文库';
}
