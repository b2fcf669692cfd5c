import { DAY_MS, HOUR_MS, MINUTE_MS, toDate, type TDateInput } from './date-input';

/**
 * Chinese relative time (spec §9): 刚刚, N分钟前, N小时前, N天前, N个月前, N年前. Counts are floored.
 * - under 1 minute, or in the future (clock skew): 刚刚
 * - under 1 hour: N分钟前; under 1 day: N小时前; under 30 days: N天前
 * - under 365 days: N个月前 with a month of 30 days, at most 11 (never '12个月前'); then N年前 with a year of 365 days
 * Invalid input gives ''.
 */
export function relativeTime(date: TDateInput | null | undefined, now: TDateInput = new Date()): string {
  const d = toDate(date);
  const n = toDate(now);
  if (!d || !n) return '';
  const diff = n.getTime() - d.getTime();
  if (diff < MINUTE_MS) return '刚刚';
  if (diff < HOUR_MS) return `${Math.floor(diff / MINUTE_MS)}分钟前`;
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)}小时前`;
  const days = Math.floor(diff / DAY_MS);
  if (days < 30) return `${days}天前`;
  if (days < 365) return `${Math.min(11, Math.floor(days / 30))}个月前`;
  return `${Math.floor(days / 365)}年前`;
}
