import { describe, expect, it } from 'vitest';
import { SIZE_UNITS, formatBytes } from '../src';

describe('formatBytes', () => {
  it('runs from B to YB', () => {
    expect(SIZE_UNITS).toEqual(['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']);
  });

  it('prints whole bytes below 1 KB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(10.4)).toBe('10 B');
  });

  it('prints two decimals with base 1024 from KB up', () => {
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(1024 * 1024)).toBe('1.00 MB');
    expect(formatBytes(2.25 * 1024 ** 2)).toBe('2.25 MB');
    expect(formatBytes(1024 ** 3)).toBe('1.00 GB');
    expect(formatBytes(1024 ** 4)).toBe('1.00 TB');
    expect(formatBytes(1024 ** 5)).toBe('1.00 PB');
    expect(formatBytes(1024 ** 6)).toBe('1.00 EB');
    expect(formatBytes(1024 ** 7)).toBe('1.00 ZB');
    expect(formatBytes(1024 ** 8)).toBe('1.00 YB');
    expect(formatBytes(123456789)).toBe('117.74 MB');
  });

  it('stays in YB past the last unit', () => {
    expect(formatBytes(2048 * 1024 ** 8)).toBe('2048.00 YB');
  });

  it('carries into the next unit instead of printing 1024.00', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.00 MB');
    expect(formatBytes(1023.6)).toBe('1.00 KB');
    expect(formatBytes(1024 ** 2 * 1023.996)).toBe('1.00 GB');
  });

  it('keeps the sign of negative sizes and reads invalid input as 0 B', () => {
    expect(formatBytes(-1536)).toBe('-1.50 KB');
    expect(formatBytes(-5)).toBe('-5 B');
    expect(formatBytes(-0.4)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 B');
  });
});
