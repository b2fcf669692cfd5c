import { createSHA256 } from 'hash-wasm';
import { abortError, hashBlob, proveRanges } from './hash';

/** A whole file to hash, or (`ranges`) the byte ranges of an instant upload's proof. */
export type HashWorkerRequest = { file: File; ranges?: { offset: number; length: number }[] };
export type HashWorkerResponse = { type: 'progress'; loaded: number; total: number } | { type: 'done'; hash: string } | { type: 'error'; message: string };

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Main-thread fallback: the same 2 MiB slices, yielding to the page between them. */
async function hashOnMainThread(file: File, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<string> {
  const hasher = await createSHA256();
  return hashBlob(file, hasher, { onProgress, signal, pause: yieldToPage });
}

function hashInWorker(
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
  ranges?: HashWorkerRequest['ranges'],
): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (e: MessageEvent<HashWorkerResponse>) => {
      const m = e.data;
      if (m.type === 'progress') onProgress(m.loaded, m.total);
      else if (m.type === 'done') {
        finish();
        resolve(m.hash);
      } else {
        finish();
        reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      finish();
      e.preventDefault();
      reject(new Error('worker failed'));
    };
    worker.postMessage({ file, ranges } satisfies HashWorkerRequest);
  });
}

/**
 * SHA-256 of a file (hex), in 2 MiB slices with hash-wasm, in a Web Worker; where workers are unavailable or fail to
 * start, on the main thread with yields between slices.
 */
export async function sha256File(file: File, opts: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {}): Promise<string> {
  const onProgress = opts.onProgress ?? (() => undefined);
  if (opts.signal?.aborted) throw abortError();
  if (typeof Worker !== 'undefined') {
    try {
      return await hashInWorker(file, onProgress, opts.signal);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      // fall through: hash where we are
    }
  }
  return hashOnMainThread(file, onProgress, opts.signal);
}

/**
 * An instant upload's proof: SHA-256 (hex) of the given byte ranges of the file, read one after the other — in the
 * hash worker like the file's own hash (the page's policy allows no WebAssembly), else on the main thread.
 */
export async function sha256Ranges(file: File, ranges: { offset: number; length: number }[], opts: { signal?: AbortSignal } = {}): Promise<string> {
  if (opts.signal?.aborted) throw abortError();
  if (typeof Worker !== 'undefined') {
    try {
      return await hashInWorker(file, () => undefined, opts.signal, ranges);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      // fall through: hash where we are
    }
  }
  return proveRanges(file, ranges, await createSHA256(), opts.signal);
}
