import { describe, expect, it } from 'vitest';
import { EXPIRY_SHORTCUTS, QUICK_DATE_RANGES, expiryFrom, quickDateRange } from '../src';

const now = new Date('2025-03-31T08:00:00Z');
const H = 3_600_000;
const D = 24 * H;

describe('QUICK_DATE_RANGES', () => {
  it('has the spec day counts and labels', () => {
    expect(QUICK_DATE_RANGES.map((r) => [r.key, r.label, r.days])).toEqual([
      ['day', '近一天', 1],
      ['week', '近一周', 7],
      ['month', '近一个月', 31],
      ['three_months', '近三个月', 92],
      ['half_year', '近半年', 183],
      ['year', '近一年', 365],
    ]);
  });

  it('quickDateRange reaches back exactly that many days and ends now', () => {
    for (const r of QUICK_DATE_RANGES) {
      const [start, end] = quickDateRange(r.key, now);
      expect(end.getTime()).toBe(now.getTime());
      expect(end.getTime() - start.getTime()).toBe(r.days * D);
    }
    expect(quickDateRange('month', now)[0].toISOString()).toBe('2025-02-28T08:00:00.000Z');
  });

  it('returns fresh Date objects and defaults now to the current time', () => {
    const [, end] = quickDateRange('day', now);
    expect(end).not.toBe(now);
    const before = Date.now();
    const [start2, end2] = quickDateRange('week');
    expect(end2.getTime()).toBeGreaterThanOrEqual(before);
    expect(end2.getTime() - start2.getTime()).toBe(7 * D);
  });

  it('rejects an unknown key', () => {
    expect(() => quickDateRange('decade' as never, now)).toThrow(/unknown quick date range/);
  });
});

describe('EXPIRY_SHORTCUTS', () => {
  it('has the spec shortcuts and labels', () => {
    expect(EXPIRY_SHORTCUTS.map((s) => [s.key, s.label, s.ms])).toEqual([
      ['1h', '1小时', H],
      ['12h', '12小时', 12 * H],
      ['1d', '1天', D],
      ['2d', '2天', 2 * D],
      ['1w', '1周', 7 * D],
      ['1m', '1个月', 31 * D],
      ['half_year', '半年', 183 * D],
      ['1y', '1年', 365 * D],
    ]);
  });

  it('expiryFrom adds the duration to now', () => {
    expect(expiryFrom('1h', now).toISOString()).toBe('2025-03-31T09:00:00.000Z');
    expect(expiryFrom('12h', now).toISOString()).toBe('2025-03-31T20:00:00.000Z');
    expect(expiryFrom('1d', now).toISOString()).toBe('2025-04-01T08:00:00.000Z');
    expect(expiryFrom('2d', now).toISOString()).toBe('2025-04-02T08:00:00.000Z');
    expect(expiryFrom('1w', now).toISOString()).toBe('2025-04-07T08:00:00.000Z');
    expect(expiryFrom('1m', now).toISOString()).toBe('2025-05-01T08:00:00.000Z');
    expect(expiryFrom('half_year', now).toISOString()).toBe('2025-09-30T08:00:00.000Z');
    expect(expiryFrom('1y', now).toISOString()).toBe('2026-03-31T08:00:00.000Z');
    expect(expiryFrom('1h', now.toISOString()).getTime()).toBe(now.getTime() + H);
  });

  it('defaults now to the current time and rejects an unknown key', () => {
    const before = Date.now();
    expect(expiryFrom('1d').getTime()).toBeGreaterThanOrEqual(before + D);
    expect(() => expiryFrom('2y' as never, now)).toThrow(/unknown expiry shortcut/);
  });
});
