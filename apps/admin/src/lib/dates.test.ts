import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { EXPIRY_SHORTCUTS, expiryShortcutValue, formatDateTime, isPast, quickRangePresets, toIsoOrNull, toIsoRange, untilText } from './dates';

describe('expiry shortcuts', () => {
  const now = new Date('2026-03-01T00:00:00.000Z');

  it('count each shortcut from now', () => {
    expect(expiryShortcutValue('1h', now).toISOString()).toBe('2026-03-01T01:00:00.000Z');
    expect(expiryShortcutValue('12h', now).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(expiryShortcutValue('1d', now).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(expiryShortcutValue('1w', now).toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(expiryShortcutValue('1m', now).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(expiryShortcutValue('1y', now).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('are the spec eight, with Chinese labels, and round-trip to ISO for the API', () => {
    expect(EXPIRY_SHORTCUTS.map((s) => s.label)).toEqual(['1小时', '12小时', '1天', '2天', '1周', '1个月', '半年', '1年']);
    expect(toIsoOrNull(expiryShortcutValue('2d', now))).toBe('2026-03-03T00:00:00.000Z');
  });

  it('tells past end times and formats dates', () => {
    const t = Date.parse('2026-03-01T00:00:00Z');
    expect(isPast('2026-02-01T00:00:00Z', t)).toBe(true);
    expect(isPast('2026-04-01T00:00:00Z', t)).toBe(false);
    expect(isPast(null, t)).toBe(false);
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('2026-03-01T00:00:00Z')).toMatch(/^2026-0[23]-0?\d{1,2} \d{2}:\d{2}$/);
  });
});

describe('untilText', () => {
  const now = new Date('2026-03-01T00:00:00.000Z');
  it('says how long until an end time', () => {
    expect(untilText(null, now)).toBe('永久有效');
    expect(untilText('2026-02-01T00:00:00Z', now)).toBe('已过期');
    expect(untilText('2026-03-01T00:20:00Z', now)).toBe('20分钟后到期');
    expect(untilText('2026-03-01T05:00:00Z', now)).toBe('5小时后到期');
    expect(untilText('2026-03-11T00:00:00Z', now)).toBe('10天后到期');
    expect(untilText('2028-03-01T00:00:00Z', now)).toBe('2年后到期');
  });
});

describe('date range filters', () => {
  it('offer the quick ranges, each ending now', () => {
    const presets = quickRangePresets();
    expect(presets.map((p) => p.label)).toEqual(['近一天', '近一周', '近一个月', '近三个月', '近半年', '近一年']);
    const [from, to] = presets[1].value();
    expect(Math.abs(to.valueOf() - Date.now())).toBeLessThan(5_000);
    expect(to.valueOf() - from.valueOf()).toBe(7 * 24 * 3600_000);
  });

  it('send a complete range as two ISO timestamps', () => {
    expect(toIsoRange([dayjs('2026-03-01T00:00:00.000Z'), '2026-03-02T12:00:00.000Z'])).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-02T12:00:00.000Z']);
    expect(toIsoRange([dayjs('2026-03-01T00:00:00.000Z')])).toBeUndefined();
    expect(toIsoRange(['', '2026-03-02'])).toBeUndefined();
    expect(toIsoRange(undefined)).toBeUndefined();
  });
});
