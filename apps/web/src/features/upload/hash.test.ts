import { describe, expect, it } from 'vitest';
import { createSHA256 } from 'hash-wasm';
import { chunkRanges, HASH_CHUNK_SIZE, hashBlob, percentOf, proveRanges, type IncrementalHasher, type SliceableBlob } from './hash';

/** FNV-1a over bytes, as hex: a stand-in digest that depends on every byte and their order. */
function fnv(data: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed;
  for (const b of data) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}
const fnvHex = (data: Uint8Array) => fnv(data).toString(16).padStart(8, '0');

/** A fake incremental hasher that records what it was fed. */
function fakeHasher() {
  const calls: string[] = [];
  const sizes: number[] = [];
  let h = 0x811c9dc5;
  const hasher: IncrementalHasher = {
    init() {
      calls.push('init');
      h = 0x811c9dc5;
    },
    update(data) {
      calls.push('update');
      sizes.push(data.byteLength);
      h = fnv(data, h);
    },
    digest() {
      calls.push('digest');
      return h.toString(16).padStart(8, '0');
    },
  };
  return { hasher, calls, sizes };
}

/** A blob over a byte array that counts how often it is sliced. */
function memBlob(bytes: Uint8Array) {
  const slices: [number, number][] = [];
  const blob: SliceableBlob = {
    size: bytes.byteLength,
    slice(start, end) {
      slices.push([start, end]);
      return { arrayBuffer: async () => bytes.slice(start, end).buffer };
    },
  };
  return { blob, slices };
}

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff);

describe('chunkRanges', () => {
  it('cuts in 2 MiB slices by default, the last one short', () => {
    expect(HASH_CHUNK_SIZE).toBe(2 * 1024 * 1024);
    const size = 5 * 1024 * 1024 + 3;
    expect(chunkRanges(size)).toEqual([
      [0, 2097152],
      [2097152, 4194304],
      [4194304, size],
    ]);
  });
  it('an exact multiple has no empty tail; an empty file has no slices', () => {
    expect(chunkRanges(8, 4)).toEqual([
      [0, 4],
      [4, 8],
    ]);
    expect(chunkRanges(0, 4)).toEqual([]);
  });
  it('rejects a non-positive chunk size', () => {
    expect(() => chunkRanges(10, 0)).toThrow();
  });
});

describe('hashBlob', () => {
  it('feeds each slice once, in order, and returns the digest of the whole', async () => {
    const data = bytes(10_000);
    const { blob, slices } = memBlob(data);
    const { hasher, calls, sizes } = fakeHasher();
    const progress: [number, number][] = [];
    const hex = await hashBlob(blob, hasher, { chunkSize: 4096, onProgress: (l, t) => progress.push([l, t]) });
    expect(hex).toBe(fnvHex(data));
    expect(slices).toEqual([
      [0, 4096],
      [4096, 8192],
      [8192, 10000],
    ]);
    expect(sizes).toEqual([4096, 4096, 1808]);
    expect(calls).toEqual(['init', 'update', 'update', 'update', 'digest']);
    expect(progress).toEqual([
      [0, 10000],
      [4096, 10000],
      [8192, 10000],
      [10000, 10000],
    ]);
  });

  it('pauses between slices when asked (main-thread mode)', async () => {
    const { blob } = memBlob(bytes(9));
    const { hasher } = fakeHasher();
    let pauses = 0;
    await hashBlob(blob, hasher, { chunkSize: 4, pause: async () => void pauses++ });
    expect(pauses).toBe(3);
  });

  it('hashes an empty file to the empty digest', async () => {
    const { blob } = memBlob(new Uint8Array());
    const { hasher, calls } = fakeHasher();
    expect(await hashBlob(blob, hasher)).toBe(fnvHex(new Uint8Array()));
    expect(calls).toEqual(['init', 'digest']);
  });

  it('with hash-wasm SHA-256 gives the standard digest across slice boundaries', async () => {
    const { blob } = memBlob(new TextEncoder().encode('abc'));
    expect(await hashBlob(blob, await createSHA256(), { chunkSize: 1 })).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('stops with an AbortError when aborted between slices', async () => {
    const { blob, slices } = memBlob(bytes(16));
    const { hasher } = fakeHasher();
    const ctrl = new AbortController();
    const run = hashBlob(blob, hasher, { chunkSize: 4, onProgress: (l) => l >= 8 && ctrl.abort(), signal: ctrl.signal });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(slices.length).toBe(2);
  });
});

describe('percentOf', () => {
  it('floors, clamps, and treats an empty total as done', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 3)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
  });
});

describe('proveRanges', () => {
  it('digests the asked ranges one after the other, in the order asked, reading only them', async () => {
    const data = bytes(10_000);
    const { blob, slices } = memBlob(data);
    const ranges = [
      { offset: 9000, length: 1000 },
      { offset: 10, length: 20 },
    ];
    const hex = await proveRanges(blob, ranges, await createSHA256());
    const concat = new Uint8Array([...data.slice(9000, 10_000), ...data.slice(10, 30)]);
    const sha = await createSHA256();
    sha.init();
    sha.update(concat);
    expect(hex).toBe(sha.digest('hex'));
    expect(slices).toEqual([
      [9000, 10_000],
      [10, 30],
    ]);
  });

  it('stops with an AbortError when aborted', async () => {
    const { blob } = memBlob(bytes(16));
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(proveRanges(blob, [{ offset: 0, length: 4 }], fakeHasher().hasher, ctrl.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
