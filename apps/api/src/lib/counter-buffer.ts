/**
 * View counters buffered in memory: a page view adds to a map, and the map is written in one statement every
 * `intervalMs` (and at shutdown), never an UPDATE per view. A failed write puts its counts back for the next one,
 * so a database hiccup loses nothing; only a process killed outright loses its last few seconds of views.
 */
export class CounterBuffer {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly write: (ids: number[], counts: number[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 5000,
  ) {}

  add(id: number, by = 1): void {
    this.pending.set(id, (this.pending.get(id) ?? 0) + by);
    if (this.closed) return void this.flush();
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
  }

  /** Views of `id` counted here and not yet written (a page shows the stored count plus these). */
  unwritten(id: number): number {
    return this.pending.get(id) ?? 0;
  }

  /** Writes what is buffered; concurrent calls share one write and then write what came meanwhile. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write([...batch.keys()], [...batch.values()])
      .catch((e) => {
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        this.onError(e);
        if (!this.closed) this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
      })
      .finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  /** The last write, at shutdown; later views are written at once. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
