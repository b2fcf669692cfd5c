/**
 * Small immutable files held in memory, least recently used first out, within a byte budget: the page images a
 * reader loads one after another are served from memory after the first read instead of opening a file (or an S3
 * object) each time. Files above `maxItemBytes` are never held.
 */
export class ByteCache {
  private readonly items = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxItemBytes = 1024 * 1024,
  ) {}

  get(key: string): Buffer | undefined {
    const b = this.items.get(key);
    if (b) {
      // most recently used goes last
      this.items.delete(key);
      this.items.set(key, b);
    }
    return b;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxItemBytes || value.length > this.maxBytes) return;
    this.delete(key);
    this.items.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.items) {
      if (this.bytes <= this.maxBytes) break;
      this.items.delete(k);
      this.bytes -= v.length;
    }
  }

  delete(key: string): void {
    const b = this.items.get(key);
    if (!b) return;
    this.items.delete(key);
    this.bytes -= b.length;
  }

  /** Forgets every key that starts with `prefix` (all of them without one). */
  clear(prefix = ''): void {
    for (const [k, v] of this.items)
      if (k.startsWith(prefix)) {
        this.items.delete(k);
        this.bytes -= v.length;
      }
  }

  get size(): { items: number; bytes: number } {
    return { items: this.items.size, bytes: this.bytes };
  }
}
