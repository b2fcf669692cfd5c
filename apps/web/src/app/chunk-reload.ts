import type { ComponentType } from 'react';

/**
 * A deploy replaces the hashed chunks; a tab opened before it then fails to import a lazy page.
 * Reloading fetches the new index.html, but at most once a minute (spec §8) so a real outage cannot loop.
 */
export const CHUNK_RELOAD_KEY = 'wenku:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const e = error as { name?: unknown; message?: unknown };
  if (e.name === 'ChunkLoadError') return true;
  const message = typeof e.message === 'string' ? e.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

export interface ReloadDeps {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

const defaultDeps = (): ReloadDeps => ({
  now: () => Date.now(),
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
});

/** Reloads the page unless it was reloaded for this reason less than a minute ago. Returns whether it reloaded. */
export function reloadForChunkError(deps: ReloadDeps = defaultDeps()): boolean {
  let last = 0;
  try {
    last = Number(deps.storage.getItem(CHUNK_RELOAD_KEY)) || 0;
  } catch {
    /* storage unavailable: allow the reload */
  }
  const now = deps.now();
  if (last && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  try {
    deps.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    /* without storage we cannot throttle across reloads; reload anyway */
  }
  deps.reload();
  return true;
}

type PageModule = { default: ComponentType };

/**
 * A react-router `lazy` for a page module: on a chunk-load failure the page reloads (throttled); any other failure,
 * or a second failure within the minute, reaches the route's error page.
 */
export function lazyPage(load: () => Promise<PageModule>) {
  return async () => {
    try {
      const mod = await load();
      return { Component: mod.default };
    } catch (error) {
      if (isChunkLoadError(error) && reloadForChunkError()) {
        // the page is going away; keep the router waiting instead of flashing an error
        return new Promise<never>(() => {});
      }
      throw error;
    }
  };
}

/** Vite reports failed preloads of dynamic imports on window; treat them the same way. */
export function installChunkErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
