/** What a cache needs to be cleared in every process (kernel/cache-bus.ts). */
export interface Invalidator {
  register(name: string, forget: () => void): void;
  invalidate(...names: string[]): Promise<void>;
}

export interface CacheOptions<V> {
  /** how long a value is answered; a function when a setting decides it (read at every look-up) */
  ttlMs: number | (() => number);
  /** at most this many values are held (all are dropped when it is full) */
  maxEntries?: number;
  /**
   * For this long after it expires, a value is still answered at once while one load refreshes it in the background
   * (stale-while-revalidate). Under load the database may take seconds to answer; without this, every request behind
   * a hot entry (the settings every request reads) waits for that answer each time the entry expires. A `clear` still
   * forgets everything at once: only the time limit is relaxed, never a write.
   */
  staleMs?: number;
  /** which loaded values are worth keeping (the others are answered, not remembered) */
  keep?(value: V): boolean;
}

/**
 * Where every in-memory cache comes from (`Core.caches`, the kernel's cache bus): a cache is made with its name on
 * the cross-process bus, so none can be left off it. A module never writes `new TtlCache`.
 */
export interface Caches {
  cache<V>(name: string, opts: CacheOptions<V>): TtlCache<V>;
}

/**
 * A small time-bounded memo, registered by name on an invalidator when it is made: a write in this process clears
 * it at once, `clear` also clears it in every other API process (PostgreSQL NOTIFY), and the time limit is only the
 * backstop for lost news. Made through `Caches.cache` (lib/cache.ts), never by hand.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  private readonly pending = new Map<string, Promise<V>>();
  /** bumped by `clear`: a load that started before a write must not put the old value back */
  private generation = 0;
  private readonly maxEntries: number;
  constructor(
    private readonly bus: { invalidator: Invalidator; name: string },
    private readonly opts: CacheOptions<V>,
  ) {
    this.maxEntries = opts.maxEntries ?? 500;
    bus.invalidator.register(bus.name, () => this.forget());
  }

  /** A cache maker over one invalidator (the kernel's cache bus; a local one in unit tests). */
  static maker(invalidator: Invalidator): Caches {
    return { cache: <V>(name: string, opts: CacheOptions<V>) => new TtlCache<V>({ invalidator, name }, opts) };
  }

  private ttl(): number {
    const { ttlMs } = this.opts;
    return typeof ttlMs === 'function' ? ttlMs() : ttlMs;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      const age = Date.now() - hit.at;
      const ttl = this.ttl();
      if (age < ttl) return hit.value;
      if (age < ttl + (this.opts.staleMs ?? 0)) {
        // a failed refresh leaves the stale value until the window ends; the next caller tries again
        if (!this.pending.has(key)) this.load(key, load).catch(() => undefined);
        return hit.value;
      }
    }
    return this.load(key, load);
  }

  /** One load per key at a time; its value is kept unless a `clear` came while it ran. */
  private load(key: string, load: () => Promise<V>): Promise<V> {
    const inflight = this.pending.get(key);
    if (inflight) return inflight;
    const generation = this.generation;
    const p = load()
      .then((value) => {
        if (generation === this.generation && (this.opts.keep?.(value) ?? true)) this.keep(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === p) this.pending.delete(key);
      });
    this.pending.set(key, p);
    return p;
  }

  /**
   * Several keys at once: the fresh ones from memory, the rest from one `loadMany` call (one statement for a page of
   * results, not one per key). Keys `loadMany` leaves out are neither answered nor remembered.
   */
  async getMany(keys: string[], loadMany: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const k of keys) {
      const v = this.peek(k);
      if (v === undefined) missing.push(k);
      else out.set(k, v);
    }
    if (!missing.length) return out;
    const generation = this.generation;
    const loaded = await loadMany(missing);
    for (const k of missing) {
      const v = loaded.get(k);
      if (v === undefined) continue;
      out.set(k, v);
      // when a write came while it loaded: answered, not kept
      if (generation === this.generation && (this.opts.keep?.(v) ?? true)) this.keep(k, v);
    }
    return out;
  }

  private keep(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: Date.now(), value });
  }

  /** The value when it is cached and fresh, without waiting (hot paths). */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.at < this.ttl() ? hit.value : undefined;
  }

  /** Forgets every value, and every load already under way (it may have read the data before the write). */
  private forget(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  /** Forgets everything here at once and in the other processes (resolves once they are told). */
  clear(): Promise<void> {
    return TtlCache.clearAll([this]);
  }

  /**
   * Clears several caches that one write makes stale, with one message per invalidator: the other processes hear
   * all the names in one notification, so none of them can answer from one of these caches already cleared and
   * another not yet (separate notifications travel on separate connections and may arrive in any order).
   */
  static async clearAll(caches: readonly TtlCache<unknown>[]): Promise<void> {
    const names = new Map<Invalidator, string[]>();
    for (const c of caches) names.set(c.bus.invalidator, [...(names.get(c.bus.invalidator) ?? []), c.bus.name]);
    await Promise.all([...names].map(([invalidator, list]) => invalidator.invalidate(...list)));
  }
}

/** Deep-freezes an answer so the route layer can validate it once. */
export function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) freeze(v);
  }
  return value;
}
