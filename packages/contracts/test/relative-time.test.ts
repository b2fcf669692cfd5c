import { describe, expect, it } from 'vitest';
import { relativeTime } from '../src';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it('says 刚刚 under a minute and for future times', () => {
    expect(relativeTime(now, now)).toBe('刚刚');
    expect(relativeTime(ago(59 * S), now)).toBe('刚刚');
    expect(relativeTime(ago(-5 * M), now)).toBe('刚刚');
  });

  it('counts minutes, hours and days, floored', () => {
    expect(relativeTime(ago(M), now)).toBe('1分钟前');
    expect(relativeTime(ago(59 * M + 59 * S), now)).toBe('59分钟前');
    expect(relativeTime(ago(H), now)).toBe('1小时前');
    expect(relativeTime(ago(23 * H + 59 * M), now)).toBe('23小时前');
    expect(relativeTime(ago(D), now)).toBe('1天前');
    expect(relativeTime(ago(29 * D + 23 * H), now)).toBe('29天前');
  });

  it('counts 30-day months up to 11, then 365-day years', () => {
    expect(relativeTime(ago(30 * D), now)).toBe('1个月前');
    expect(relativeTime(ago(59 * D), now)).toBe('1个月前');
    expect(relativeTime(ago(60 * D), now)).toBe('2个月前');
    expect(relativeTime(ago(330 * D), now)).toBe('11个月前');
    expect(relativeTime(ago(364 * D), now)).toBe('11个月前');
    expect(relativeTime(ago(365 * D), now)).toBe('1年前');
    expect(relativeTime(ago(3 * 365 * D + 10 * D), now)).toBe('3年前');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(relativeTime('2025-06-15T11:30:00Z', now)).toBe('30分钟前');
    expect(relativeTime(now.getTime() - 2 * H, now.getTime())).toBe('2小时前');
    expect(relativeTime('2025-06-15T11:30:00Z', '2025-06-15T12:00:00Z')).toBe('30分钟前');
  });

  it('defaults now to the current time', () => {
    expect(relativeTime(new Date())).toBe('刚刚');
    expect(relativeTime(new Date(Date.now() - 3 * D))).toBe('3天前');
  });

  it('returns empty text for invalid input', () => {
    expect(relativeTime('not a date', now)).toBe('');
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime(undefined, now)).toBe('');
    expect(relativeTime('', now)).toBe('');
    expect(relativeTime(now, 'bad')).toBe('');
  });
});
