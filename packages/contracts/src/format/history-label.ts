import { localDayNumber, toDate, type TDateInput } from './date-input';

/** Group labels of chat history, newest first (spec §2); older items get their year, e.g. '2024年'. */
export const HISTORY_LABELS = ['今天', '昨天', '前天', '本周', '本月', '今年'] as const;

/**
 * Chat history group of a time, in local calendar days. The first rule that matches wins:
 * 今天 (same day, or in the future) > 昨天 (1 day before) > 前天 (2 days before) > 本周 (same week, weeks start on Monday)
 * > 本月 (same calendar month) > 今年 (same calendar year) > 'YYYY年'.
 * So yesterday is 昨天 even when it falls in the previous month or year, and an earlier day of the current week is 本周
 * even when that week started in the previous month or year. Invalid input gives ''.
 */
export function historyLabel(date: TDateInput | null | undefined, now: TDateInput = new Date()): string {
  const d = toDate(date);
  const n = toDate(now);
  if (!d || !n) return '';
  const daysAgo = localDayNumber(n) - localDayNumber(d);
  if (daysAgo <= 0) return '今天';
  if (daysAgo === 1) return '昨天';
  if (daysAgo === 2) return '前天';
  const daysSinceMonday = (n.getDay() + 6) % 7;
  if (daysAgo <= daysSinceMonday) return '本周';
  if (d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth()) return '本月';
  if (d.getFullYear() === n.getFullYear()) return '今年';
  return `${d.getFullYear()}年`;
}
