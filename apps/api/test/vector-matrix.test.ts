/**
 * The in-process exact vector ranking used when PostgreSQL has no pgvector: the matrix read in binary from
 * chunk_embeddings ranks exactly as the arithmetic does, follows inserts and deletes made by any process, refuses
 * models over its memory budget, and the retrieval repo keeps only visible chunks of what it ranks.
 * Runs on both databases (pgvector's `vector` casts to real[] like the plain column).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { ChunkRepo } from '../src/modules/knowledge/chunk.repo';
import { RetrievalRepo } from '../src/modules/knowledge/retrieval.repo';
import { readFloat4Array, topK, VectorMatrices } from '../src/modules/knowledge/vector-matrix';
import { ScanPool, scanRows } from '../src/modules/knowledge/vector-scan';

const DIM = 10; // not a multiple of 4: the unrolled dot product has a tail
const MODEL = 'test|http://x|m';

function unitVector(rand: () => number): number[] {
  const v = Array.from({ length: DIM }, () => rand() * 2 - 1);
  const n = Math.hypot(...v);
  return v.map((x) => Math.round((x / n) * 1e6) / 1e6);
}

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('topK and the binary array reader', () => {
  it('topK returns the k largest, best first, ties by index', () => {
    const rand = seeded(7);
    const scores = Float32Array.from({ length: 500 }, () => rand());
    const want = [...scores.keys()].sort((a, b) => scores[b] - scores[a] || a - b).slice(0, 12);
    expect(topK(scores, scores.length, 12)).toEqual(want);
    expect(topK(Float32Array.from([1, 1, 1]), 3, 2)).toEqual([0, 1]);
    expect(topK(scores, 0, 5)).toEqual([]);
    expect(topK(scores, 3, 10)).toHaveLength(3);
  });

  it('reads PostgreSQL binary float4[] and rejects what is not one', () => {
    const buf = Buffer.alloc(20 + 2 * 8);
    buf.writeInt32BE(1, 0);
    buf.writeInt32BE(0, 4);
    buf.writeInt32BE(700, 8);
    buf.writeInt32BE(2, 12);
    buf.writeInt32BE(1, 16);
    buf.writeInt32BE(4, 20);
    buf.writeFloatBE(0.5, 24);
    buf.writeInt32BE(4, 28);
    buf.writeFloatBE(-0.25, 32);
    const out = new Float32Array(4);
    expect(readFloat4Array(buf, 2, out, 2)).toBe(true);
    expect([...out]).toEqual([0, 0, 0.5, -0.25]);
    expect(readFloat4Array(buf, 3, out, 0)).toBe(false); // another dimension
    expect(readFloat4Array(buf.subarray(0, 30), 2, out, 0)).toBe(false); // truncated
    const nullElem = Buffer.from(buf);
    nullElem.writeInt32BE(-1, 20);
    expect(readFloat4Array(nullElem, 2, out, 0)).toBe(false);
  });
});

describe('VectorMatrices on the database', () => {
  let t: TestApp;
  let chunks: ChunkRepo;
  let repo: RetrievalRepo;
  const vectors = new Map<number, number[]>();
  let clock = 0;
  let matrices: VectorMatrices;

  async function addChunks(n: number, rand: () => number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const { rows } = await t.database.pool.query<{ id: number }>(
        `INSERT INTO document_chunks (document_id, page, seq, content, tokens, tsv) VALUES (999999, 1, $1, 'x', 1, to_tsvector('simple', 'x')) RETURNING id`,
        [i],
      );
      ids.push(rows[0].id);
    }
    const engine = await chunks.detectEngine();
    const rows = ids.map((chunkId) => ({ chunkId, vector: unitVector(rand) }));
    await chunks.insertVectors(MODEL, rows, engine);
    for (const r of rows) vectors.set(r.chunkId, r.vector);
    return ids;
  }

  function bruteForce(q: number[], k: number): number[] {
    return [...vectors.entries()]
      .map(([id, v]) => ({ id, s: dot(v, q) }))
      .sort((a, b) => b.s - a.s || a.id - b.id)
      .slice(0, k)
      .map((x) => x.id);
  }

  beforeAll(async () => {
    t = await createTestApp();
    chunks = new ChunkRepo(t.database.db);
    repo = new RetrievalRepo(t.database.db);
    // the migration's column: pgvector where present, real[] otherwise; a model of DIM dimensions either way
    await addChunks(300, seeded(42));
    matrices = new VectorMatrices(t.database.pool, { maxBytes: 1 << 20, checkMs: 1000, reloadFactor: 0, now: () => clock });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('ranks exactly like the arithmetic, once loaded (the first question is left to SQL)', async () => {
    const q = unitVector(seeded(1));
    expect(await matrices.nearest(MODEL, DIM, q, 10)).toBeNull();
    expect(await matrices.ready(MODEL, DIM)).toBe(true);
    const near = await matrices.nearest(MODEL, DIM, q, 10);
    expect(near?.map((x) => x.chunkId)).toEqual(bruteForce(q, 10));
    expect(near?.[0].sim).toBeCloseTo(dot(vectors.get(near![0].chunkId)!, q), 5);
    expect(matrices.describe()).toEqual([{ model: MODEL, rows: 300, dim: DIM, too_large: false, error: undefined }]);
  });

  it('follows vectors inserted and chunks deleted by another process, after its check interval', async () => {
    const [added] = await addChunks(1, seeded(99));
    const q = vectors.get(added)!;
    // within the interval: the old matrix answers
    expect((await matrices.nearest(MODEL, DIM, q, 1))?.[0].chunkId).not.toBe(added);
    clock += 1500;
    await matrices.nearest(MODEL, DIM, q, 1); // notices the change and reloads in the background
    await matrices.ready(MODEL, DIM);
    expect((await matrices.nearest(MODEL, DIM, q, 1))?.[0].chunkId).toBe(added);

    await t.database.pool.query('DELETE FROM document_chunks WHERE id = $1', [added]);
    vectors.delete(added);
    clock += 1500;
    await matrices.nearest(MODEL, DIM, q, 1);
    await matrices.ready(MODEL, DIM);
    expect((await matrices.nearest(MODEL, DIM, q, 5))?.map((x) => x.chunkId)).toEqual(bruteForce(q, 5));
  });

  it('the repo keeps only visible chunks of a ranking, in its order', async () => {
    const q = unitVector(seeded(5));
    const near = (await matrices.nearest(MODEL, DIM, q, 5))!;
    // document 999999 does not exist: none of these chunks is visible
    expect(await repo.passagesByRank(near, 5)).toEqual([]);
  });

  it('the repo names the words found in at least so many chunks (ts_stat over the library)', async () => {
    expect(await repo.commonWords(100)).toContain('x');
    expect(await repo.commonWords(1_000_000)).toEqual([]);
  });

  it('does not hold a model over its memory budget (the caller ranks in SQL)', async () => {
    const small = new VectorMatrices(t.database.pool, { maxBytes: 4096 });
    expect(await small.ready(MODEL, DIM)).toBe(false);
    expect(await small.nearest(MODEL, DIM, unitVector(seeded(3)), 5)).toBeNull();
    expect(small.describe()[0].too_large).toBe(true);
  });

  it('a model with no vectors is an empty matrix, not an error', async () => {
    const other = `other-${crypto.randomBytes(3).toString('hex')}`;
    expect(await matrices.ready(other, DIM)).toBe(true);
    expect(await matrices.nearest(other, DIM, unitVector(seeded(4)), 5)).toEqual([]);
  });
});

describe('the scan threads', () => {
  it('score every row exactly as the inline scan does, for matrices of any size and several questions at once', async () => {
    const pool = new ScanPool(3);
    try {
      for (const [n, dim] of [
        [1, 4],
        [2, 10],
        [1001, 10],
        [4096, 256],
      ]) {
        const rand = seeded(n);
        const data = new Float32Array(new SharedArrayBuffer(n * dim * 4));
        for (let i = 0; i < data.length; i++) data[i] = rand() * 2 - 1;
        const qs = Array.from({ length: 5 }, () => Float32Array.from({ length: dim }, () => rand() * 2 - 1));
        const got = await Promise.all(qs.map((q) => pool.scan(data, n, dim, q)));
        qs.forEach((q, i) => {
          const want = new Float32Array(n);
          scanRows(data, dim, q, want, 0, n);
          expect([...got[i]]).toEqual([...want]);
        });
      }
      // a matrix outside shared memory is refused (the threads could not see it)
      await expect(pool.scan(new Float32Array(8), 2, 4, new Float32Array(4))).rejects.toThrow('shared memory');
    } finally {
      await pool.close();
    }
    expect(pool.parallel).toBe(true);
    expect(new ScanPool(1).parallel).toBe(false);
  });

  it('VectorMatrices ranks through the threads like the arithmetic', async () => {
    const t = await createTestApp();
    try {
      const repo = new ChunkRepo(t.database.db);
      const ids: number[] = [];
      for (let i = 0; i < 40; i++) {
        const { rows } = await t.database.pool.query<{ id: number }>(
          `INSERT INTO document_chunks (document_id, page, seq, content, tokens, tsv) VALUES (999998, 1, $1, 'x', 1, to_tsvector('simple', 'x')) RETURNING id`,
          [i],
        );
        ids.push(rows[0].id);
      }
      const rand = seeded(3);
      const rows = ids.map((chunkId) => ({ chunkId, vector: unitVector(rand) }));
      await repo.insertVectors(MODEL, rows, await repo.detectEngine());
      const matrices = new VectorMatrices(t.database.pool, { maxBytes: 1 << 20, threads: 2, parallelFrom: 1 });
      // count the scans the threads really answered (a failed one would fall back to the inline scan silently)
      const scans = (matrices as unknown as { scans: ScanPool }).scans;
      const scan = scans.scan.bind(scans);
      let threaded = 0;
      scans.scan = async (...args) => {
        const r = await scan(...args);
        threaded++;
        return r;
      };
      try {
        expect(await matrices.ready(MODEL, DIM)).toBe(true);
        const q = unitVector(seeded(11));
        const want = rows
          .map((r) => ({ id: r.chunkId, s: dot(r.vector, q) }))
          .sort((a, b) => b.s - a.s || a.id - b.id)
          .slice(0, 7)
          .map((x) => x.id);
        expect((await matrices.nearest(MODEL, DIM, q, 7))?.map((x) => x.chunkId)).toEqual(want);
        expect(threaded).toBe(1);
      } finally {
        await matrices.close();
      }
    } finally {
      await t.close();
    }
  });
});
