import { indexBytes, type PageIndex } from './find';

/**
 * The find indexes of documents searched lately, least recently used out within a byte budget: a document's pages
 * are read and folded once, then every find in it is a scan of strings in memory. Loads of one document share one
 * build; `forget` (a file converted again, recognised, given its layers) drops it, and a build that started before
 * is not kept.
 */
export class FindIndexCache {
  private readonly items = new Map<string, { pages: PageIndex[]; bytes: number }>();
  private readonly pending = new Map<string, Promise<PageIndex[]>>();
  private bytes = 0;
  private generation = 0;

  constructor(private readonly maxBytes: number) {}

  async get(key: string, build: () => Promise<PageIndex[]>): Promise<PageIndex[]> {
    const hit = this.items.get(key);
    if (hit) {
      this.items.delete(key);
      this.items.set(key, hit);
      return hit.pages;
    }
    let p = this.pending.get(key);
    if (!p) {
      const generation = this.generation;
      p = build().then((pages) => {
        if (generation === this.generation) this.put(key, pages);
        return pages;
      });
      const mine = p;
      this.pending.set(key, mine);
      void mine.catch(() => undefined).finally(() => this.pending.get(key) === mine && this.pending.delete(key));
    }
    return p;
  }

  private put(key: string, pages: PageIndex[]) {
    const bytes = pages.reduce((n, p) => n + indexBytes(p), 0);
    if (bytes > this.maxBytes) return;
    this.items.set(key, { pages, bytes });
    this.bytes += bytes;
    for (const [k, v] of this.items) {
      if (this.bytes <= this.maxBytes) break;
      this.items.delete(k);
      this.bytes -= v.bytes;
    }
  }

  /** Drops the indexes whose key starts with `prefix` (everything without one). */
  forget(prefix = ''): void {
    this.generation++;
    for (const [k, v] of this.items)
      if (k.startsWith(prefix)) {
        this.items.delete(k);
        this.bytes -= v.bytes;
      }
    for (const k of [...this.pending.keys()]) if (k.startsWith(prefix)) this.pending.delete(k);
  }
}
