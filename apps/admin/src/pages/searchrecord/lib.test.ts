import { describe, expect, it } from 'vitest';
import { formatSpendTime, siteSearchUrl } from './lib';

describe('search record helpers', () => {
  it('formats the time spent', () => {
    expect(formatSpendTime(0.0123)).toBe('0.012');
    expect(formatSpendTime(1.5)).toBe('1.5');
    expect(formatSpendTime(0.0001)).toBe('0.001');
    expect(formatSpendTime(0)).toBe('0');
    expect(formatSpendTime(Number.NaN)).toBe('0');
  });
  it('links to the site search', () => {
    expect(siteSearchUrl('a&b 机器', 0)).toBe('/search?wd=a%26b%20%E6%9C%BA%E5%99%A8&type=0');
    expect(siteSearchUrl('x', 1)).toBe('/search?wd=x&type=1');
    expect(siteSearchUrl('x', 7)).toBe('/search?wd=x&type=0');
  });
});
