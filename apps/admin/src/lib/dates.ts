import dayjs, { type Dayjs } from 'dayjs';
import { EXPIRY_SHORTCUTS, QUICK_DATE_RANGES, expiryFrom, quickDateRange, type TExpiryShortcutKey } from '@wenku/contracts';

/** A picker value (Dayjs, formatted string or epoch) → ISO 8601 for the API; empty → null. */
export function toIsoOrNull(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const d = dayjs.isDayjs(value) ? value : dayjs(value as string | number | Date);
  return d.isValid() ? d.toISOString() : null;
}

/** An ISO timestamp from the API → a picker value. */
export function fromIso(value: string | null | undefined): Dayjs | undefined {
  if (!value) return undefined;
  const d = dayjs(value);
  return d.isValid() ? d : undefined;
}

/** `2026-01-02 03:04` in local time; '' for nothing. */
export function formatDateTime(value: string | null | undefined, withSeconds = false): string {
  const d = fromIso(value);
  return d ? d.format(withSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '';
}

export { EXPIRY_SHORTCUTS, type TExpiryShortcutKey };

/** The picker value an expiry shortcut stands for (spec §9: 1小时 … 1年, counted from now). */
export function expiryShortcutValue(key: TExpiryShortcutKey, now: Date = new Date()): Dayjs {
  return dayjs(expiryFrom(key, now));
}

/** Whether an optional end time lies in the past (an expired punishment, VIP, ...). */
export function isPast(value: string | null | undefined, now = Date.now()): boolean {
  return !!value && Date.parse(value) <= now;
}

/** How far away an end time is: '3小时后到期', '12天后到期', '已过期'. */
export function untilText(end: Date | string | null | undefined, now: Date = new Date(), emptyText = '永久有效'): string {
  if (!end) return emptyText;
  const ms = new Date(end).getTime() - now.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms <= 0) return '已过期';
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MIN))}分钟后到期`;
  if (ms < DAY) return `${Math.round(ms / HOUR)}小时后到期`;
  if (ms < 365 * DAY) return `${Math.round(ms / DAY)}天后到期`;
  return `${(ms / (365 * DAY)).toFixed(1).replace(/\.0$/, '')}年后到期`;
}

/** The range picker's presets for list filters: 近一天 … 近一年 (spec §9), each computed when it is clicked. */
export function quickRangePresets(): { label: string; value: () => [Dayjs, Dayjs] }[] {
  return QUICK_DATE_RANGES.map((r) => ({
    label: r.label,
    value: () => {
      const [from, to] = quickDateRange(r.key);
      return [dayjs(from), dayjs(to)];
    },
  }));
}

/** A range picker's value (two picker values) → `[from, to]` in ISO 8601 for a list query; undefined when incomplete. */
export function toIsoRange(value: unknown): [string, string] | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const from = toIsoOrNull(value[0]);
  const to = toIsoOrNull(value[1]);
  return from && to ? [from, to] : undefined;
}
