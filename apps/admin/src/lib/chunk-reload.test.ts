import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, shouldReload } from './chunk-reload';

describe('chunk-load failures', () => {
  const chunkErr = new TypeError('Failed to fetch dynamically imported module: http://x/admin/assets/config-abc.js');

  it('recognises chunk-load errors only', () => {
    expect(isChunkLoadError(chunkErr)).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const now = 1_000_000;
    expect(shouldReload(chunkErr, null, now)).toBe(true);
    expect(shouldReload(chunkErr, now - 10_000, now)).toBe(false);
    expect(shouldReload(chunkErr, now - CHUNK_RELOAD_INTERVAL_MS, now)).toBe(true);
    expect(shouldReload(new Error('boom'), null, now)).toBe(false);
  });
});
