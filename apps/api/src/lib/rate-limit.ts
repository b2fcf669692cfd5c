import type pg from 'pg';

export interface Hit {
  /** requests counted in the current window, this one included */
  count: number;
  /** milliseconds until the window ends */
  resetMs: number;
}

/**
 * Fixed-window counters in PostgreSQL (table rate_limits), so every API process counts against the same limit.
 * A hit is one atomic upsert: N parallel requests get the counts 1..N, so "at most `max` get through" holds under
 * any concurrency, across processes, with no lock held between requests.
 */
export class RateCounter {
  constructor(private readonly pool: pg.Pool) {}

  async hit(key: string, windowMs: number, by = 1): Promise<Hit> {
    const { rows } = await this.pool.query<{ count: number; reset_ms: number }>(
      `INSERT INTO rate_limits AS r (key, count, reset_at) VALUES ($1, $3, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN r.reset_at <= now() THEN $3 ELSE r.count + $3 END,
         reset_at = CASE WHEN r.reset_at <= now() THEN now() + $2 * interval '1 millisecond' ELSE r.reset_at END
       RETURNING count, greatest(0, ceil(extract(epoch FROM r.reset_at - now()) * 1000))::int AS reset_ms`,
      [key.slice(0, 255), Math.max(1, Math.round(windowMs)), by],
    );
    return { count: rows[0].count, resetMs: rows[0].reset_ms };
  }

  /** The current window's count without counting (0 when there is none). */
  async peek(key: string): Promise<Hit> {
    const { rows } = await this.pool.query<{ count: number; reset_ms: number }>(
      `SELECT count, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS reset_ms FROM rate_limits WHERE key = $1 AND reset_at > now()`,
      [key.slice(0, 255)],
    );
    return rows[0] ? { count: rows[0].count, resetMs: rows[0].reset_ms } : { count: 0, resetMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.pool.query('DELETE FROM rate_limits WHERE key = $1', [key.slice(0, 255)]);
  }

  async purge(): Promise<number> {
    const r = await this.pool.query('DELETE FROM rate_limits WHERE reset_at <= now()');
    return r.rowCount ?? 0;
  }
}

/**
 * The store @fastify/rate-limit asks for each limited route: the same counters, keyed by route and client. A store
 * error lets the request through (skipOnError) rather than taking the site down with the database's hiccup.
 */
/** What the plugin hands a store: its options, and for a route's child store the route (`routeInfo`). */
type StoreOptions = object & { timeWindow?: unknown; routeInfo?: { method?: string; url?: string } };

export function rateLimitStore(counter: RateCounter) {
  return class PgRateLimitStore {
    private readonly prefix: string;
    private readonly options: StoreOptions;
    constructor(options: object) {
      this.options = options;
      const route = this.options.routeInfo;
      this.prefix = route?.url ? `route:${route.method ?? ''} ${route.url}` : 'route:global';
    }

    incr(key: string, cb: (err: Error | null, result: { current: number; ttl: number }) => void, timeWindow?: number) {
      const window = timeWindow ?? (typeof this.options.timeWindow === 'number' ? this.options.timeWindow : 60_000);
      counter.hit(`${this.prefix}|${key}`, window).then(
        (h) => cb(null, { current: h.count, ttl: h.resetMs }),
        (e: Error) => cb(e, { current: 0, ttl: 0 }),
      );
    }

    child(routeOptions: object) {
      return new PgRateLimitStore({ ...this.options, ...routeOptions });
    }
  };
}
