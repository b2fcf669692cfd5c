import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, CHUNK_RELOAD_KEY, isChunkLoadError, reloadForChunkError, type ReloadDeps } from './chunk-reload';

function deps(now: number, stored?: string): ReloadDeps & { store: Map<string, string>; reload: ReturnType<typeof vi.fn<() => void>> } {
  const store = new Map<string, string>(stored ? [[CHUNK_RELOAD_KEY, stored]] : []);
  return {
    store,
    now: () => now,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload: vi.fn<() => void>(),
  };
}

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports in the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
  });
  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloadForChunkError', () => {
  it('reloads the first time and remembers when', () => {
    const d = deps(1_000_000);
    expect(reloadForChunkError(d)).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(d.store.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });
  it('does not reload again within a minute', () => {
    const d = deps(1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1, '1000000');
    expect(reloadForChunkError(d)).toBe(false);
    expect(d.reload).not.toHaveBeenCalled();
  });
  it('reloads again once a minute has passed', () => {
    const d = deps(1_000_000 + CHUNK_RELOAD_INTERVAL_MS, '1000000');
    expect(reloadForChunkError(d)).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(1);
  });
  it('uses sessionStorage by default', () => {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    expect(reloadForChunkError()).toBe(false);
  });
});
