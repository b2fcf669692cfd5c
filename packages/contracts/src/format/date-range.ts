import { DAY_MS, HOUR_MS, toDate, type TDateInput } from './date-input';

/** Quick date ranges for list filters (spec §9), ending now and reaching back a fixed number of days. */
export const QUICK_DATE_RANGES = [
  { key: 'day', label: '近一天', days: 1 },
  { key: 'week', label: '近一周', days: 7 },
  { key: 'month', label: '近一个月', days: 31 },
  { key: 'three_months', label: '近三个月', days: 92 },
  { key: 'half_year', label: '近半年', days: 183 },
  { key: 'year', label: '近一年', days: 365 },
] as const;
export type TQuickDateRangeKey = (typeof QUICK_DATE_RANGES)[number]['key'];

/** [now − days, now] for a quick range; days are exact 24-hour spans, not calendar days. */
export function quickDateRange(key: TQuickDateRangeKey, now: TDateInput = new Date()): [Date, Date] {
  const range = QUICK_DATE_RANGES.find((r) => r.key === key);
  if (!range) throw new Error(`unknown quick date range: ${String(key)}`);
  const end = toDate(now) ?? new Date();
  return [new Date(end.getTime() - range.days * DAY_MS), end];
}

/**
 * Expiry shortcuts (spec §9), as fixed durations from now. A month, half a year and a year use the same day
 * counts as the quick date ranges (31, 183, 365), so "a month" means the same span everywhere in the product.
 */
export const EXPIRY_SHORTCUTS = [
  { key: '1h', label: '1小时', ms: HOUR_MS },
  { key: '12h', label: '12小时', ms: 12 * HOUR_MS },
  { key: '1d', label: '1天', ms: DAY_MS },
  { key: '2d', label: '2天', ms: 2 * DAY_MS },
  { key: '1w', label: '1周', ms: 7 * DAY_MS },
  { key: '1m', label: '1个月', ms: 31 * DAY_MS },
  { key: 'half_year', label: '半年', ms: 183 * DAY_MS },
  { key: '1y', label: '1年', ms: 365 * DAY_MS },
] as const;
export type TExpiryShortcutKey = (typeof EXPIRY_SHORTCUTS)[number]['key'];

/** The moment a shortcut expires, counted from `now`. */
export function expiryFrom(key: TExpiryShortcutKey, now: TDateInput = new Date()): Date {
  const shortcut = EXPIRY_SHORTCUTS.find((s) => s.key === key);
  if (!shortcut) throw new Error(`unknown expiry shortcut: ${String(key)}`);
  const start = toDate(now) ?? new Date();
  return new Date(start.getTime() + shortcut.ms);
}
