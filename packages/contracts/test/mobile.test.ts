import { describe, expect, it } from 'vitest';
import { MOBILE_PATTERN, isMobile } from '../src';

describe('mobile number', () => {
  it('is the spec pattern', () => {
    expect(MOBILE_PATTERN.source).toBe('^1[3-9]\\d{9}$');
  });

  it('accepts 11 digits starting with 1 then 3 to 9', () => {
    for (const second of '3456789') expect(isMobile(`1${second}012345678`)).toBe(true);
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile('19999999999')).toBe(true);
  });

  it('rejects everything else', () => {
    expect(isMobile('12800138000')).toBe(false);
    expect(isMobile('10800138000')).toBe(false);
    expect(isMobile('23800138000')).toBe(false);
    expect(isMobile('1380013800')).toBe(false);
    expect(isMobile('138001380000')).toBe(false);
    expect(isMobile('+8613800138000')).toBe(false);
    expect(isMobile(' 13800138000')).toBe(false);
    expect(isMobile('13800138000\n')).toBe(false);
    expect(isMobile('1380013800a')).toBe(false);
    expect(isMobile('１３８００１３８０００')).toBe(false);
    expect(isMobile('')).toBe(false);
    expect(isMobile(13800138000)).toBe(false);
    expect(isMobile(null)).toBe(false);
    expect(isMobile(undefined)).toBe(false);
  });
});
