import crypto from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/client';
import { TtlCache, type CacheOptions, type Caches } from '../lib/cache';
import type { Logger } from './module';

const CHANNEL = 'wenku_cache';

/**
 * Cache invalidation across processes. A module registers each in-memory cache by name with the function that
 * forgets it; `invalidate(name)` forgets it here at once and tells every other API process through PostgreSQL
 * `NOTIFY`, which they hear on a `LISTEN` connection of their own. While that connection is down a process may
 * miss news, so it forgets every registered cache when the connection drops and again when it is back. The
 * embedded default (PGlite) is one process: there is nobody to tell. Every cache is made here (`cache`), so none can
 * be left off the bus.
 */
export class CacheBus implements Caches {
  private readonly caches = new Map<string, () => void>();
  private readonly origin = crypto.randomUUID();
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** notifications received from other processes (tests) */
  received = 0;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  /** A new cache, registered under `name` (once per process: a second cache of one name fails at start-up). */
  cache<V>(name: string, opts: CacheOptions<V>): TtlCache<V> {
    return new TtlCache<V>({ invalidator: this, name }, opts);
  }

  register(name: string, forget: () => void): void {
    if (this.caches.has(name)) throw new Error(`cache "${name}" is registered twice`);
    this.caches.set(name, forget);
  }

  /** Forgets `name` in this process and, through the database, in every other one. */
  async invalidate(...names: string[]): Promise<void> {
    for (const n of names) this.caches.get(n)?.();
    if (this.database.kind !== 'postgres' || this.closed) return;
    try {
      await this.database.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ o: this.origin, n: names })]);
    } catch (e) {
      // the others' caches expire on their own (every cache has a time limit); the write itself went through
      this.log.warn('could not tell the other processes to drop their caches', { names, error: e instanceof Error ? e.message : String(e) });
    }
  }

  private forgetAll() {
    for (const forget of this.caches.values()) forget();
  }

  /** Starts listening (PostgreSQL only); resolves once the first LISTEN is in place. */
  async start(): Promise<void> {
    if (this.database.kind !== 'postgres' || this.closed) return;
    const client = new pg.Client({ ...this.database.connection, application_name: 'wenku-cache-bus' });
    const reconnect = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners();
      client.end().catch(() => undefined);
      this.forgetAll();
      if (!this.closed) this.retry = setTimeout(() => void this.start().catch(() => undefined), 1000).unref();
    };
    client.on('notification', (m) => {
      if (m.channel !== CHANNEL || !m.payload) return;
      try {
        const { o, n } = JSON.parse(m.payload) as { o: string; n: string[] };
        if (o === this.origin) return;
        this.received++;
        for (const name of n) this.caches.get(name)?.();
      } catch {
        /* not ours */
      }
    });
    client.on('error', (e) => {
      this.log.warn('cache invalidation listener lost its connection; reconnecting', { error: e.message });
      reconnect();
    });
    client.on('end', reconnect);
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      // news sent while this process was not listening is lost: start from empty caches
      this.forgetAll();
    } catch (e) {
      this.log.warn('cache invalidation listener could not connect; retrying', { error: e instanceof Error ? e.message : String(e) });
      reconnect();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
    }
  }
}
