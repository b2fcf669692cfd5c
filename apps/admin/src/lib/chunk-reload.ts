/** A new deployment replaces the hashed page chunks: a stale tab then fails to load a lazy page. */
export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    msg,
  );
}

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const KEY = 'wenku-admin:chunk-reload-at';

/** Reload for a chunk-load failure, at most once a minute (so a broken deployment cannot loop). */
export function shouldReload(err: unknown, lastReloadAt: number | null, now: number): boolean {
  return isChunkLoadError(err) && (lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS);
}

export function reloadForChunkError(err: unknown): boolean {
  let last: number | null = null;
  try {
    const v = Number(sessionStorage.getItem(KEY));
    last = Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    /* storage unavailable */
  }
  const now = Date.now();
  if (!shouldReload(err, last, now)) return false;
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    /* storage unavailable */
  }
  window.location.reload();
  return true;
}
