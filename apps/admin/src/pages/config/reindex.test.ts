import { describe, expect, it } from 'vitest';
import { durationText, reindexCount, reindexPercent, reindexPhase, type ReindexStatus } from './reindex';

const base: ReindexStatus = { running: false, total: 0, done: 0, started_at: null, finished_at: null, error: '' };

describe('reindex card helpers', () => {
  it('computes the progress', () => {
    expect(reindexPercent({ running: true, total: 200, done: 50 })).toBe(25);
    expect(reindexPercent({ running: true, total: 3, done: 2 })).toBe(66);
    expect(reindexPercent({ running: true, total: 0, done: 0 })).toBe(0);
    expect(reindexPercent({ running: false, total: 0, done: 0 })).toBe(100);
    expect(reindexPercent({ running: false, total: 10, done: 12 })).toBe(100);
  });
  it('tells the phase', () => {
    expect(reindexPhase(undefined)).toBe('idle');
    expect(reindexPhase(base)).toBe('idle');
    expect(reindexPhase({ ...base, running: true })).toBe('running');
    expect(reindexPhase({ ...base, finished_at: '2026-01-01T00:00:00Z' })).toBe('done');
    expect(reindexPhase({ ...base, finished_at: '2026-01-01T00:00:00Z', error: 'boom' })).toBe('failed');
  });
  it('formats counts and durations', () => {
    expect(reindexCount({ total: 12345, done: 1000 })).toBe('1,000 / 12,345');
    expect(durationText('2026-01-01T00:00:00Z', '2026-01-01T00:00:03Z')).toBe('3秒');
    expect(durationText('2026-01-01T00:00:00Z', '2026-01-01T00:02:05Z')).toBe('2分5秒');
    expect(durationText('2026-01-01T00:00:00Z', '2026-01-01T01:02:00Z')).toBe('1小时2分');
    expect(durationText('2026-01-01T00:00:00Z', '2026-01-01T00:00:00.100Z')).toBe('1秒');
    expect(durationText(null, '2026-01-01T00:00:00Z')).toBe('');
  });
});
