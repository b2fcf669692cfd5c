import type pg from 'pg';
import { ScanPool, scanRows } from './vector-scan';

/**
 * Exact nearest neighbours in the process, for PostgreSQL without pgvector (vectors stored as `real[]`).
 *
 * Ranking `real[]` vectors in SQL (`unnest` and a sum per row) costs seconds per question at 100 000 chunks; the
 * same arithmetic over a Float32Array in the process costs tens of milliseconds. So the active model's vectors are
 * read once into a matrix (PostgreSQL's binary array format, no number parsing) and every question is a dot product over it; the rows
 * it picks are then read from the database with the visibility rule, so a deleted or hidden chunk never answers.
 *
 * Freshness across processes: every `checkMs` at most, one cheap statement (count and max chunk id of the model's
 * vectors, an index-only scan) says whether the table changed; if so the matrix is read again in the background
 * while questions keep using the old one. A reload is never started sooner than `reloadFactor` × the last load's
 * duration after it, so a library being embedded does not keep a process reading vectors. Chunks are only ever
 * inserted and deleted (a re-cut document gets new chunk ids), never changed, so a stale matrix can miss the
 * newest vectors for a few seconds but never ranks with a wrong one. Vectors written by this process make the next
 * question check at once, and a matrix that loads in under QUICK_LOAD_MS (a small library) is waited for, so a
 * small site's answers are never stale.
 *
 * Memory: models whose vectors would exceed `maxBytes` (dimension × rows × 4) are not held; the caller falls back
 * to the SQL ranking and the admin page says to use pgvector.
 */
export interface MatrixOptions {
  maxBytes: number;
  checkMs?: number;
  reloadFactor?: number;
  now?: () => number;
  /** scan threads (default: the cores, at most 4; 1 keeps every scan on the event loop) */
  threads?: number;
  /** matrices of at least this many floats are scanned by the threads (default 1 048 576: 4 096 rows of 256) */
  parallelFrom?: number;
}

interface Matrix {
  ids: Int32Array;
  data: Float32Array;
  n: number;
  dim: number;
  signature: string;
}

interface Entry {
  model: string;
  dim: number;
  matrix?: Matrix;
  loading?: Promise<void>;
  checking?: Promise<void>;
  lastCheck: number;
  nextLoadAllowed: number;
  /** how long the last load took */
  lastLoadMs: number;
  tooLarge: boolean;
  error?: string;
}

/** loads quicker than this are waited for rather than served stale */
const QUICK_LOAD_MS = 250;

export interface Neighbour {
  chunkId: number;
  sim: number;
}

/** Reads one-dimensional float4[] in PostgreSQL's binary array format into `out` at `offset`; false if malformed. */
export function readFloat4Array(buf: Buffer, dim: number, out: Float32Array, offset: number): boolean {
  // header: ndim, has-null flag, element oid, then per dimension its length and lower bound
  if (buf.length < 20 || buf.readInt32BE(0) !== 1 || buf.readInt32BE(12) !== dim) return false;
  if (buf.length !== 20 + dim * 8) return false;
  for (let i = 0, p = 20; i < dim; i++, p += 8) {
    if (buf.readInt32BE(p) !== 4) return false;
    out[offset + i] = buf.readFloatBE(p + 4);
  }
  return true;
}

/** The k largest of `scores` (indices), best first. */
export function topK(scores: Float32Array, n: number, k: number): number[] {
  if (k <= 0 || n === 0) return [];
  // a min-heap of the best k seen so far
  const heap: number[] = [];
  const less = (a: number, b: number) => scores[a] < scores[b] || (scores[a] === scores[b] && a > b);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l], heap[m])) m = l;
      if (r < heap.length && less(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(heap[i], heap[p])) return;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (less(heap[0], i)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => (less(a, b) ? 1 : less(b, a) ? -1 : 0));
}

export class VectorMatrices {
  private readonly entries = new Map<string, Entry>();
  private readonly checkMs: number;
  private readonly reloadFactor: number;
  private readonly now: () => number;
  private readonly scans: ScanPool;
  private readonly parallelFrom: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: MatrixOptions,
  ) {
    this.checkMs = opts.checkMs ?? 5000;
    this.reloadFactor = opts.reloadFactor ?? 5;
    this.now = opts.now ?? Date.now;
    this.scans = new ScanPool(opts.threads);
    this.parallelFrom = opts.parallelFrom ?? 1 << 20;
  }

  /** Ends the scan threads. */
  close(): Promise<void> {
    return this.scans.close();
  }

  /** What the admin page can say about the in-process matrices. */
  describe(): { model: string; rows: number; dim: number; too_large: boolean; error?: string }[] {
    return [...this.entries.values()].map((e) => ({ model: e.model, rows: e.matrix?.n ?? 0, dim: e.dim, too_large: e.tooLarge, error: e.error }));
  }

  /**
   * The `k` nearest chunk ids to the unit vector `q` among `model`'s vectors, or null when no matrix is ready (the
   * first question starts the load and is answered by SQL meanwhile) or the model is too large to hold.
   */
  async nearest(model: string, dim: number, q: number[], k: number): Promise<Neighbour[] | null> {
    const entry = this.entry(model, dim);
    if (entry.tooLarge) return null;
    this.maybeRefresh(entry);
    // a matrix that reads quickly (a small library) is worth waiting for: its answers are never stale
    if (entry.matrix && entry.lastLoadMs < QUICK_LOAD_MS) {
      await entry.checking;
      await entry.loading;
    }
    const m = entry.matrix;
    if (!m || m.dim !== q.length) return null;
    const qv = Float32Array.from(q);
    let scores: Float32Array | undefined;
    // a large matrix is scanned by the threads, leaving the event loop to other requests (and to this question's
    // keyword leg); a thread that fails leaves the pool inline for good, and this question is scanned here
    if (this.scans.parallel && m.n * m.dim >= this.parallelFrom) scores = await this.scans.scan(m.data, m.n, m.dim, qv).catch(() => undefined);
    if (!scores) {
      scores = new Float32Array(m.n);
      scanRows(m.data, m.dim, qv, scores, 0, m.n);
    }
    const s = scores;
    return topK(s, m.n, k).map((r) => ({ chunkId: m.ids[r], sim: s[r] }));
  }

  /** Waits for the current freshness check and load of `model`, if any, starting the first load (tests, warming). */
  async ready(model: string, dim: number): Promise<boolean> {
    const entry = this.entry(model, dim);
    if (!entry.matrix && !entry.loading && !entry.tooLarge) this.startLoad(entry);
    await entry.checking;
    await entry.loading;
    return !!entry.matrix;
  }

  /** `model`'s vectors were changed by this process: the next question checks at once. */
  touch(model: string): void {
    const e = this.entries.get(model);
    if (e) {
      e.lastCheck = 0;
      e.nextLoadAllowed = 0;
    }
  }

  /** Forgets every model but the ones given (a model retired or replaced frees its memory). */
  keepOnly(models: string[]): void {
    for (const key of [...this.entries.keys()]) if (!models.includes(key)) this.entries.delete(key);
  }

  private entry(model: string, dim: number): Entry {
    let e = this.entries.get(model);
    if (!e || e.dim !== dim) {
      e = { model, dim, lastCheck: 0, nextLoadAllowed: 0, lastLoadMs: Infinity, tooLarge: false };
      this.entries.set(model, e);
    }
    return e;
  }

  private maybeRefresh(entry: Entry): void {
    if (entry.loading || entry.checking) return;
    const t = this.now();
    if (!entry.matrix) {
      if (t >= entry.nextLoadAllowed) this.startLoad(entry);
      return;
    }
    if (t - entry.lastCheck < this.checkMs) return;
    entry.lastCheck = t;
    entry.checking = this.signature(entry.model)
      .then((sig) => {
        if (sig !== entry.matrix?.signature && this.now() >= entry.nextLoadAllowed) this.startLoad(entry);
      })
      .catch(() => undefined)
      .finally(() => {
        entry.checking = undefined;
      });
  }

  private async signature(model: string): Promise<string> {
    const r = await this.pool.query<{ n: string; m: string | null }>('SELECT count(*) AS n, max(chunk_id) AS m FROM chunk_embeddings WHERE model = $1', [
      model,
    ]);
    return `${r.rows[0]?.n ?? 0}:${r.rows[0]?.m ?? 0}`;
  }

  private startLoad(entry: Entry): void {
    const started = this.now();
    entry.loading = this.load(entry)
      .then((m) => {
        if (m) entry.matrix = m;
        entry.error = undefined;
      })
      .catch((e: unknown) => {
        entry.error = e instanceof Error ? e.message : String(e);
      })
      .finally(() => {
        const took = this.now() - started;
        entry.lastLoadMs = took;
        entry.lastCheck = this.now();
        entry.nextLoadAllowed = this.now() + Math.max(this.checkMs, took * this.reloadFactor);
        entry.loading = undefined;
      });
  }

  private async load(entry: Entry): Promise<Matrix | null> {
    const { model, dim } = entry;
    const signature = await this.signature(model);
    const expected = Number(signature.split(':')[0]);
    // a little room for rows inserted between the count and the read
    if ((expected + 1024) * dim * 4 > this.opts.maxBytes) {
      entry.tooLarge = true;
      entry.matrix = undefined;
      return null;
    }
    let cap = Math.max(1024, Math.ceil(expected * 1.05));
    let ids = new Int32Array(cap);
    // in shared memory, so the scan threads read it in place
    const shared = (floats: number) => new Float32Array(new SharedArrayBuffer(floats * 4));
    let data = shared(cap * dim);
    let n = 0;
    // the vectors in PostgreSQL's binary array format, base64 in the text protocol (node-pg decodes every field
    // as text): decoded natively and read without parsing numbers, several times faster than the `{…}` text form
    const r = await this.pool.query<{ id: number; v: string }>(
      `SELECT chunk_id AS id, encode(array_send(embedding::real[]), 'base64') AS v FROM chunk_embeddings WHERE model = $1 ORDER BY chunk_id`,
      [model],
    );
    for (const row of r.rows) {
      if (n === cap) {
        cap *= 2;
        if (cap * dim * 4 > this.opts.maxBytes) {
          entry.tooLarge = true;
          return null;
        }
        const nids = new Int32Array(cap);
        nids.set(ids);
        ids = nids;
        const ndata = shared(cap * dim);
        ndata.set(data);
        data = ndata;
      }
      // a vector of another size is not this model's
      if (!readFloat4Array(Buffer.from(row.v, 'base64'), dim, data, n * dim)) continue;
      ids[n] = row.id;
      n++;
    }
    return { ids, data, n, dim, signature };
  }
}
