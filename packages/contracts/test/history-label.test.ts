import { describe, expect, it } from 'vitest';
import { HISTORY_LABELS, historyLabel } from '../src';

// Local-time constructors keep these tests independent of the machine's time zone.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);

describe('historyLabel', () => {
  it('lists the labels in precedence order', () => {
    expect(HISTORY_LABELS).toEqual(['今天', '昨天', '前天', '本周', '本月', '今年']);
  });

  // Friday 2025-06-20; its week started on Monday 2025-06-16.
  const friday = at(2025, 6, 20, 15);

  it('uses calendar days, not 24-hour spans', () => {
    expect(historyLabel(at(2025, 6, 20, 0, 0), friday)).toBe('今天');
    expect(historyLabel(at(2025, 6, 20, 23, 59), at(2025, 6, 20, 0, 1))).toBe('今天');
    expect(historyLabel(at(2025, 6, 19, 23, 59), at(2025, 6, 20, 0, 1))).toBe('昨天');
    expect(historyLabel(at(2025, 6, 19, 0, 0), at(2025, 6, 20, 23, 59))).toBe('昨天');
    expect(historyLabel(at(2025, 6, 18, 0, 0), friday)).toBe('前天');
  });

  it('treats future times as today', () => {
    expect(historyLabel(at(2025, 6, 22), friday)).toBe('今天');
  });

  it('groups the rest of a Monday-start week as 本周', () => {
    expect(historyLabel(at(2025, 6, 17), friday)).toBe('本周');
    expect(historyLabel(at(2025, 6, 16, 0, 0), friday)).toBe('本周');
    expect(historyLabel(at(2025, 6, 15, 23, 59), friday)).toBe('本月'); // Sunday belongs to last week
  });

  it('on Sunday, the week reaches back to Monday', () => {
    const sunday = at(2025, 6, 22);
    expect(historyLabel(at(2025, 6, 19), sunday)).toBe('本周');
    expect(historyLabel(at(2025, 6, 16), sunday)).toBe('本周');
    expect(historyLabel(at(2025, 6, 15), sunday)).toBe('本月');
  });

  it('on Monday, the day before is 昨天, not 本周', () => {
    const monday = at(2025, 6, 16);
    expect(historyLabel(at(2025, 6, 15), monday)).toBe('昨天');
    expect(historyLabel(at(2025, 6, 14), monday)).toBe('前天');
    expect(historyLabel(at(2025, 6, 13), monday)).toBe('本月');
  });

  it('shows 昨天 and 前天 across a month or year boundary', () => {
    expect(historyLabel(at(2025, 5, 31), at(2025, 6, 1))).toBe('昨天');
    expect(historyLabel(at(2025, 5, 30), at(2025, 6, 1))).toBe('前天');
    expect(historyLabel(at(2024, 12, 31), at(2025, 1, 1))).toBe('昨天');
    expect(historyLabel(at(2024, 12, 30), at(2025, 1, 1))).toBe('前天');
    expect(historyLabel(at(2024, 2, 29), at(2024, 3, 1))).toBe('昨天');
  });

  it('prefers 本周 over 本月 and 今年 when the week started in the previous month or year', () => {
    // Friday 2025-01-03; the week started Monday 2024-12-30.
    expect(historyLabel(at(2024, 12, 30), at(2025, 1, 3))).toBe('本周');
    expect(historyLabel(at(2024, 12, 29), at(2025, 1, 3))).toBe('2024年');
    // Thursday 2025-05-01; the week started Monday 2025-04-28.
    expect(historyLabel(at(2025, 4, 28), at(2025, 5, 1))).toBe('本周');
    expect(historyLabel(at(2025, 4, 27), at(2025, 5, 1))).toBe('今年');
  });

  it('falls back to 本月, then 今年, then the year', () => {
    expect(historyLabel(at(2025, 6, 1), friday)).toBe('本月');
    expect(historyLabel(at(2025, 5, 31), friday)).toBe('今年');
    expect(historyLabel(at(2025, 1, 1, 0, 0), friday)).toBe('今年');
    expect(historyLabel(at(2024, 12, 31, 23, 59), friday)).toBe('2024年');
    expect(historyLabel(at(2019, 6, 20), friday)).toBe('2019年');
  });

  it('accepts ISO strings and defaults now to the current time', () => {
    expect(historyLabel(new Date())).toBe('今天');
    expect(historyLabel(at(2025, 6, 19).toISOString(), friday)).toBe('昨天');
  });

  it('returns empty text for invalid input', () => {
    expect(historyLabel('nope', friday)).toBe('');
    expect(historyLabel(null, friday)).toBe('');
    expect(historyLabel(friday, 'nope')).toBe('');
  });
});
