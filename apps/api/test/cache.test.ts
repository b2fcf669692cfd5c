import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/lib/cache';

describe('TtlCache', () => {
  it('a load that started before clear() does not put the old value back (a write racing a read)', async () => {
    const cache = new TtlCache<string>(60_000);
    let release!: (v: string) => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear(); // a write happened while the old value was being read
    release('old');
    expect(await slow).toBe('old'); // the caller that asked before the write gets what it read
    expect(await cache.get('k', async () => 'new')).toBe('new'); // everyone after the write reads again
    expect(cache.peek('k')).toBe('new');
  });

  it('callers during a load share it; a fresh value is served until it expires', async () => {
    const cache = new TtlCache<number>(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
  });
});
