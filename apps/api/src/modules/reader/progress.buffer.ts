/**
 * Reading progress buffered in memory, like the view counters: a reader turning pages sets (reader, document) →
 * page in a map, and the map is written in one statement every `intervalMs` (and at shutdown), so a page turn never
 * waits for the database. The latest page wins; a failed write keeps its entries unless newer ones came meanwhile.
 */
export interface ProgressEntry {
  userId: number;
  documentId: number;
  page: number;
  at: Date;
}

export class ProgressBuffer {
  private pending = new Map<string, ProgressEntry>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly write: (rows: ProgressEntry[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 5000,
  ) {}

  set(userId: number, documentId: number, page: number): void {
    this.pending.set(`${userId}:${documentId}`, { userId, documentId, page, at: new Date() });
    if (this.closed) return void this.flush();
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
  }

  /** A reader's page not written yet (a read shows it over the stored one). */
  unwritten(userId: number, documentId: number): ProgressEntry | undefined {
    return this.pending.get(`${userId}:${documentId}`);
  }

  /** Writes what is buffered; concurrent calls share one write and then write what came meanwhile. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write([...batch.values()])
      .catch((e: unknown) => {
        for (const [k, v] of batch) if (!this.pending.has(k)) this.pending.set(k, v);
        this.onError(e);
        if (!this.closed) this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
      })
      .finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  /** The last write, at shutdown; later pages are written at once. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
