import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

describe('greeting', () => {
  it('follows the time of day', () => {
    expect(greeting(2)).toBe('夜深了');
    expect(greeting(7)).toBe('早上好');
    expect(greeting(10)).toBe('上午好');
    expect(greeting(12)).toBe('中午好');
    expect(greeting(15)).toBe('下午好');
    expect(greeting(20)).toBe('晚上好');
  });
});
