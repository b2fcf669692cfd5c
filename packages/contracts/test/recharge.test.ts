import { describe, expect, it } from 'vitest';
import { customAmountDiscount, discountBadge, parseRechargeTiers, rechargePrice } from '../src';

describe('parseRechargeTiers', () => {
  it('parses amount:discount lines sorted by amount', () => {
    expect(parseRechargeTiers('100:0.9\n10:1\n50:0.95')).toEqual([
      { amount: 10, discount: 1 },
      { amount: 50, discount: 0.95 },
      { amount: 100, discount: 0.9 },
    ]);
  });

  it('accepts the full-width colon, spaces and CRLF', () => {
    expect(parseRechargeTiers('  200 ： 0.8 \r\n500:0.75\r')).toEqual([
      { amount: 200, discount: 0.8 },
      { amount: 500, discount: 0.75 },
    ]);
  });

  it('skips blank and invalid lines', () => {
    const text = [
      '',
      '   ',
      '10',
      ':0.9',
      '20:',
      'abc:0.9',
      '30:abc',
      '40:0',
      '50:1.1',
      '60:-0.5',
      '-70:0.9',
      '0:0.9',
      '0x10:0.9',
      '80:0.9:1',
      '1e3:0.9',
      '90:.85',
      '100.5:0.9',
    ].join('\n');
    expect(parseRechargeTiers(text)).toEqual([
      { amount: 90, discount: 0.85 },
      { amount: 100.5, discount: 0.9 },
    ]);
  });

  it('keeps the last line when an amount repeats', () => {
    expect(parseRechargeTiers('10:0.9\n10:0.8')).toEqual([{ amount: 10, discount: 0.8 }]);
  });

  it('accepts discount exactly 1 and returns [] for empty input', () => {
    expect(parseRechargeTiers('10:1')).toEqual([{ amount: 10, discount: 1 }]);
    expect(parseRechargeTiers('')).toEqual([]);
    expect(parseRechargeTiers(null)).toEqual([]);
    expect(parseRechargeTiers(undefined)).toEqual([]);
  });
});

describe('customAmountDiscount', () => {
  const tiers = parseRechargeTiers('10:1\n50:0.95\n100:0.9\n500:0.8');

  it('is 1 below the smallest tier', () => {
    expect(customAmountDiscount(tiers, 0)).toBe(1);
    expect(customAmountDiscount(tiers, 9.99)).toBe(1);
    expect(customAmountDiscount([], 1000)).toBe(1);
  });

  it('takes the lowest discount among tiers at or below the amount', () => {
    expect(customAmountDiscount(tiers, 10)).toBe(1);
    expect(customAmountDiscount(tiers, 50)).toBe(0.95);
    expect(customAmountDiscount(tiers, 99)).toBe(0.95);
    expect(customAmountDiscount(tiers, 100)).toBe(0.9);
    expect(customAmountDiscount(tiers, 10000)).toBe(0.8);
  });

  it('does not assume a bigger tier has a lower discount', () => {
    const odd = [
      { amount: 10, discount: 0.7 },
      { amount: 100, discount: 0.9 },
    ];
    expect(customAmountDiscount(odd, 150)).toBe(0.7);
  });

  it('is 1 for an invalid amount', () => {
    expect(customAmountDiscount(tiers, Number.NaN)).toBe(1);
  });
});

describe('rechargePrice', () => {
  it('divides by credit_exchange and prints two decimals', () => {
    expect(rechargePrice(100, 10)).toBe('10.00');
    expect(rechargePrice(100, 3)).toBe('33.33');
    expect(rechargePrice(200, 3)).toBe('66.67');
    expect(rechargePrice(1, 1)).toBe('1.00');
    expect(rechargePrice(0, 10)).toBe('0.00');
    expect(rechargePrice(15, 0.5)).toBe('30.00');
  });

  it('rounds half up despite binary floating point', () => {
    expect(rechargePrice(1.005, 1)).toBe('1.01');
    expect(rechargePrice(10.075, 1)).toBe('10.08');
    expect(rechargePrice(1.125, 1)).toBe('1.13');
  });

  it('returns 0.00 for a non-positive rate or an invalid amount', () => {
    expect(rechargePrice(100, 0)).toBe('0.00');
    expect(rechargePrice(100, -10)).toBe('0.00');
    expect(rechargePrice(100, Number.NaN)).toBe('0.00');
    expect(rechargePrice(100, Number.POSITIVE_INFINITY)).toBe('0.00');
    expect(rechargePrice(-5, 10)).toBe('0.00');
    expect(rechargePrice(Number.NaN, 10)).toBe('0.00');
  });
});

describe('discountBadge', () => {
  it('shows discount × 10 with one decimal and 折', () => {
    expect(discountBadge(0.95)).toBe('9.5折');
    expect(discountBadge(0.8)).toBe('8.0折');
    expect(discountBadge(0.85)).toBe('8.5折');
    expect(discountBadge(0.7)).toBe('7.0折');
    expect(discountBadge(0.333)).toBe('3.3折');
    expect(discountBadge(0.05)).toBe('0.5折');
    expect(discountBadge(0.995)).toBe('10.0折');
  });

  it('shows 无折扣 when the discount is 1 (or not a discount at all)', () => {
    expect(discountBadge(1)).toBe('无折扣');
    expect(discountBadge(1.2)).toBe('无折扣');
    expect(discountBadge(Number.NaN)).toBe('无折扣');
  });
});
