/** Spec §9: files are hashed in 2 MiB chunks. */
export const HASH_CHUNK_SIZE = 2 * 1024 * 1024;

/** The part of hash-wasm's IHasher the driver uses (createSHA256() gives one). */
export interface IncrementalHasher {
  init(): unknown;
  update(data: Uint8Array): unknown;
  digest(outputType: 'hex'): string;
}

/** What the driver reads: a File or Blob, or anything that slices into array buffers. */
export interface SliceableBlob {
  readonly size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

export interface HashOptions {
  chunkSize?: number;
  /** bytes hashed so far, after every chunk (and 0 before the first) */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * Awaited between chunks: on the main thread pass a yield (e.g. `() => new Promise(r => setTimeout(r))`)
   * so the page keeps responding; in a worker leave it out.
   */
  pause?: () => Promise<void>;
}

/** [start, end) byte ranges of `size` bytes cut into `chunkSize` slices; an empty file has none. */
export function chunkRanges(size: number, chunkSize = HASH_CHUNK_SIZE): [number, number][] {
  if (!(chunkSize > 0)) throw new RangeError('chunkSize must be positive');
  const out: [number, number][] = [];
  for (let start = 0; start < size; start += chunkSize) out.push([start, Math.min(size, start + chunkSize)]);
  return out;
}

export function abortError(): DOMException {
  return new DOMException('已取消', 'AbortError');
}

/** Percent (0–100, whole) of a progress pair; an empty total counts as done. */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 100;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/**
 * Feeds `blob` to `hasher` one slice at a time (never the whole file in memory) and returns the hex digest.
 * Reports progress after each slice; stops with an AbortError when `signal` aborts.
 */
export async function hashBlob(blob: SliceableBlob, hasher: IncrementalHasher, opts: HashOptions = {}): Promise<string> {
  const { chunkSize = HASH_CHUNK_SIZE, onProgress, signal, pause } = opts;
  const total = blob.size;
  hasher.init();
  onProgress?.(0, total);
  for (const [start, end] of chunkRanges(total, chunkSize)) {
    if (signal?.aborted) throw abortError();
    const buf = await blob.slice(start, end).arrayBuffer();
    if (signal?.aborted) throw abortError();
    hasher.update(new Uint8Array(buf));
    onProgress?.(end, total);
    if (pause) await pause();
  }
  return hasher.digest('hex');
}

/**
 * The answer to an instant-upload challenge (POST /upload/document/check): the hex digest of the given byte ranges of
 * the file, read one after the other. The server reads the same ranges of its own copy and compares.
 */
export async function proveRanges(
  blob: SliceableBlob,
  ranges: readonly { offset: number; length: number }[],
  hasher: IncrementalHasher,
  signal?: AbortSignal,
): Promise<string> {
  hasher.init();
  for (const r of ranges) {
    if (signal?.aborted) throw abortError();
    hasher.update(new Uint8Array(await blob.slice(r.offset, r.offset + r.length).arrayBuffer()));
  }
  if (signal?.aborted) throw abortError();
  return hasher.digest('hex');
}
