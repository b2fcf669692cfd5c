/// <reference lib="webworker" />
import { createSHA256 } from 'hash-wasm';
import { hashBlob, proveRanges } from './hash';
import type { HashWorkerRequest, HashWorkerResponse } from './hash-client';

// One worker hashes one file (or, for an instant upload's proof, the ranges the server asked for): the page stays
// responsive however large the file is, and WebAssembly runs here, outside the page's script policy.
const scope = self as unknown as { onmessage: ((e: MessageEvent<HashWorkerRequest>) => void) | null; postMessage(m: HashWorkerResponse): void };

scope.onmessage = async (e) => {
  const { file, ranges } = e.data;
  try {
    const hasher = await createSHA256();
    if (ranges) {
      scope.postMessage({ type: 'done', hash: await proveRanges(file, ranges, hasher) });
      return;
    }
    let last = -1;
    const hash = await hashBlob(file, hasher, {
      onProgress: (loaded, total) => {
        // at most one message per percent
        const pct = total ? Math.floor((loaded / total) * 100) : 100;
        if (pct !== last) {
          last = pct;
          scope.postMessage({ type: 'progress', loaded, total });
        }
      },
    });
    scope.postMessage({ type: 'done', hash });
  } catch (err) {
    scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
