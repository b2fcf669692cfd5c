import { describe, expect, it } from 'vitest';
import { localDayNumber, roundTo, toDate } from '../src';

describe('roundTo', () => {
  it('rounds half up without binary noise', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(10.075, 2)).toBe(10.08);
    expect(roundTo(0.95 * 10, 1)).toBe(9.5);
    expect(roundTo(2.345, 2)).toBe(2.35);
    expect(roundTo(2.344, 2)).toBe(2.34);
    expect(roundTo(5, 2)).toBe(5);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
  });
});

describe('toDate', () => {
  it('parses dates, ISO strings and epoch milliseconds; null for anything invalid', () => {
    const d = new Date('2025-01-02T03:04:05Z');
    expect(toDate(d)?.getTime()).toBe(d.getTime());
    expect(toDate(d)).not.toBe(d);
    expect(toDate('2025-01-02T03:04:05Z')?.getTime()).toBe(d.getTime());
    expect(toDate(d.getTime())?.getTime()).toBe(d.getTime());
    expect(toDate('')).toBeNull();
    expect(toDate('nope')).toBeNull();
    expect(toDate(null)).toBeNull();
    expect(toDate(undefined)).toBeNull();
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });
});

describe('localDayNumber', () => {
  it('counts local calendar days', () => {
    expect(localDayNumber(new Date(2025, 0, 2, 0, 0)) - localDayNumber(new Date(2025, 0, 1, 23, 59))).toBe(1);
    expect(localDayNumber(new Date(2025, 2, 31, 23, 59)) - localDayNumber(new Date(2025, 2, 1, 0, 0))).toBe(30);
    expect(localDayNumber(new Date(2025, 0, 1, 0, 0))).toBe(localDayNumber(new Date(2025, 0, 1, 23, 59)));
  });
});
