import { describe, expect, it } from 'vitest';
import { formatFen } from './money';

describe('formatFen', () => {
  it('turns integer fen into yuan with two decimals', () => {
    expect(formatFen(1230)).toBe('¥12.30');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(100)).toBe('¥1.00');
  });

  it('groups thousands and keeps the sign', () => {
    expect(formatFen(123456789)).toBe('¥1,234,567.89');
    expect(formatFen(-50)).toBe('-¥0.50');
  });

  it('shows ¥0.00 for nothing', () => {
    expect(formatFen(undefined)).toBe('¥0.00');
    expect(formatFen(null)).toBe('¥0.00');
    expect(formatFen(Number.NaN)).toBe('¥0.00');
  });
});
