import { describe, expect, it } from 'vitest';
import { TtlCache, type CacheOptions } from '../src/lib/cache';
import { CacheBus } from '../src/kernel/cache-bus';
import type { Database } from '../src/db/client';

/** A cache on a one-process invalidator of its own: what `Core.caches.cache` makes, without the app. */
function localCache<V>(opts: CacheOptions<V>): TtlCache<V> {
  const forget = new Map<string, () => void>();
  const invalidator = {
    register: (name: string, f: () => void) => void forget.set(name, f),
    invalidate: async (...names: string[]) => names.forEach((name) => forget.get(name)?.()),
  };
  return TtlCache.maker(invalidator).cache<V>('local', opts);
}

describe('TtlCache', () => {
  it('a load that started before clear() does not put the old value back (a write racing a read)', async () => {
    const cache = localCache<string>({ ttlMs: 60_000 });
    let release!: (v: string) => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear(); // a write happened while the old value was being read
    release('old');
    expect(await slow).toBe('old'); // the caller that asked before the write gets what it read
    expect(await cache.get('k', async () => 'new')).toBe('new'); // everyone after the write reads again
    expect(cache.peek('k')).toBe('new');
  });

  it('callers during a load share it; a fresh value is served until it expires', async () => {
    const cache = localCache<number>({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
  });

  it('a time limit a setting decides is read at every look-up; `keep` says which loaded values are remembered', async () => {
    let ttl = 60_000;
    const cache = localCache<{ status: number }>({ ttlMs: () => ttl, keep: (v) => v.status === 200 });
    expect(await cache.get('found', async () => ({ status: 200 }))).toEqual({ status: 200 });
    expect(cache.peek('found')).toEqual({ status: 200 });
    // a missing page is answered, not remembered
    expect(await cache.get('missing', async () => ({ status: 404 }))).toEqual({ status: 404 });
    expect(cache.peek('missing')).toBeUndefined();
    // the setting lowered to nothing: what is held is no longer answered
    ttl = 0;
    expect(cache.peek('found')).toBeUndefined();
    expect(await cache.get('found', async () => ({ status: 200, fresh: true }) as { status: number })).toEqual({ status: 200, fresh: true });
  });

  it('staleMs: an expired value is answered at once while one load refreshes it; a clear still forgets it', async () => {
    const cache = localCache<number>({ ttlMs: 20, staleMs: 60_000 });
    let loads = 0;
    let release: (() => void) | undefined;
    const slow = () =>
      new Promise<number>((r) => {
        loads++;
        release = () => r(loads);
      });
    const first = cache.get('k', slow);
    release!();
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r, 30)); // expired
    // three callers while the database is slow: all answered with the old value, one refresh started
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1, 1]);
    expect(loads).toBe(2);
    release!();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', slow)).toBe(2); // refreshed
    // a write: nothing stale is answered after it, the caller waits for the new value
    await cache.clear();
    const after = cache.get('k', async () => 99);
    expect(await after).toBe(99);
    // past the stale window a caller waits for the load, as without the option
    const short = localCache<number>({ ttlMs: 10, staleMs: 10 });
    expect(await short.get('k', async () => 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 40));
    expect(await short.get('k', async () => 2)).toBe(2);
    // without the option an expired value is never answered
    const plain = localCache<number>({ ttlMs: 10 });
    expect(await plain.get('k', async () => 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await plain.get('k', async () => 2)).toBe(2);
  });

  it('getMany: fresh keys from memory, the others in one load; a clear during the load keeps nothing', async () => {
    const cache = localCache<string>({ ttlMs: 60_000 });
    const asked: string[][] = [];
    const loadMany = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.filter((k) => k !== 'gone').map((k) => [k, `v${k}`]));
    };
    expect([...(await cache.getMany(['1', '2', 'gone'], loadMany))]).toEqual([
      ['1', 'v1'],
      ['2', 'v2'],
    ]);
    expect([...(await cache.getMany(['2', '3', '1'], loadMany)).keys()].sort()).toEqual(['1', '2', '3']);
    expect(asked).toEqual([['1', '2', 'gone'], ['3']]); // only the unknown key was loaded the second time
    let release!: () => void;
    const slow = cache.getMany(['4'], async (missing) => {
      await new Promise<void>((r) => (release = r));
      return new Map(missing.map((k) => [k, 'old']));
    });
    await Promise.resolve();
    void cache.clear();
    release();
    expect((await slow).get('4')).toBe('old'); // answered to the caller that asked before the write
    expect(cache.peek('4')).toBeUndefined(); // but not kept
    expect(cache.peek('1')).toBeUndefined(); // and the clear forgot the rest
  });

  it('clearAll tells the other processes of several caches in one message', async () => {
    const sent: string[][] = [];
    const forget = new Map<string, () => void>();
    const bus = {
      register: (name: string, f: () => void) => void forget.set(name, f),
      invalidate: async (...names: string[]) => {
        for (const n of names) forget.get(n)?.();
        sent.push(names);
      },
    };
    const caches = TtlCache.maker(bus);
    const a = caches.cache<string>('a', { ttlMs: 60_000 });
    const b = caches.cache<string>('b', { ttlMs: 60_000 });
    for (const c of [a, b]) await c.get('k', async () => 'v');
    await TtlCache.clearAll([a, b]);
    // one notification naming both: a process that hears it cannot answer from one cleared and the other not yet
    expect(sent).toEqual([['a', 'b']]);
    for (const c of [a, b]) expect(c.peek('k')).toBeUndefined();
  });

  it('a cache made by the kernel is on the bus by its name: news for that name clears it, a second one fails', async () => {
    const bus = new CacheBus({ kind: 'pglite' } as Database, { info: () => undefined, warn: () => undefined, error: () => undefined });
    const pages = bus.cache<string>('pages', { ttlMs: 60_000 });
    await pages.get('k', async () => 'v');
    // what the listener does when another process wrote: forget by name
    await bus.invalidate('pages');
    expect(pages.peek('k')).toBeUndefined();
    expect(() => bus.cache<string>('pages', { ttlMs: 1000 })).toThrow(/registered twice/);
  });
});
