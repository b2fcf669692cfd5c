import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { adTimeState, fromIso, isRangeValid, toIsoOrNull } from './dates';

describe('advertisement dates', () => {
  it('turns picker values into ISO strings', () => {
    const d = dayjs('2026-01-02T03:04:05.000Z');
    expect(toIsoOrNull(d)).toBe('2026-01-02T03:04:05.000Z');
    expect(toIsoOrNull('2026-01-02T03:04:05.000Z')).toBe('2026-01-02T03:04:05.000Z');
    expect(toIsoOrNull(undefined)).toBeNull();
    expect(toIsoOrNull('')).toBeNull();
    expect(toIsoOrNull('not a date')).toBeNull();
  });

  it('reads ISO strings back', () => {
    expect(fromIso('2026-01-02T03:04:05.000Z')!.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(fromIso(null)).toBeUndefined();
  });

  it('checks the range', () => {
    expect(isRangeValid('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')).toBe(true);
    expect(isRangeValid('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe(false);
    expect(isRangeValid(undefined, '2026-01-01T00:00:00Z')).toBe(true);
  });

  it('tells the time state', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(adTimeState(null, null, now)).toBe('always');
    expect(adTimeState('2026-07-01T00:00:00Z', null, now)).toBe('pending');
    expect(adTimeState(null, '2026-05-01T00:00:00Z', now)).toBe('ended');
    expect(adTimeState('2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z', now)).toBe('running');
  });
});
