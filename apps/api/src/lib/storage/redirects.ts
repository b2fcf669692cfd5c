import type { PresignOptions, Storage } from './types';

export interface RedirectOptions {
  /** seconds a presigned URL stays valid (S3 allows at most 7 days) */
  lifetimeSeconds: number;
  /** presigned URLs remembered at most (one per stored file asked for) */
  maxEntries?: number;
}

/**
 * Presigned URLs for readers sent straight to the store (S3_REDIRECT=1), so the API answers a page image or a
 * cover with a short redirect instead of proxying its bytes.
 *
 * One URL per key is reused for the first half of its life: signing costs CPU on every request otherwise, and a
 * stable URL lets the browser's cache of the file itself work. Every URL handed out therefore stays valid for at
 * least half the lifetime, and the redirect may be cached for a quarter of it at most (`redirectMaxAge`), so a
 * cached redirect never leads to an expired URL.
 */
export class PresignedRedirects {
  readonly lifetime: number;
  /** seconds a client or proxy may keep the 302 itself */
  readonly redirectMaxAge: number;
  private readonly reuseMs: number;
  private readonly maxEntries: number;
  /** per key: the URL, until when it is handed out, and the second it was signed in */
  private readonly urls = new Map<string, { url: string; until: number; signedSec: number }>();

  constructor(
    private readonly storage: Storage,
    opts: RedirectOptions,
  ) {
    this.lifetime = Math.min(7 * 24 * 3600, Math.max(120, Math.floor(opts.lifetimeSeconds)));
    this.reuseMs = (this.lifetime / 2) * 1000;
    this.redirectMaxAge = Math.min(300, Math.floor(this.lifetime / 4));
    this.maxEntries = opts.maxEntries ?? 20_000;
  }

  /**
   * The URL that serves `key` from the store with these answer headers, or undefined where the store has none
   * (local disk). The answer headers are part of the signature: one key is always asked for with the same ones.
   */
  async url(key: string, answer: Omit<PresignOptions, 'expiresIn'>): Promise<string | undefined> {
    if (this.storage.kind !== 's3') return undefined;
    const now = Date.now();
    const held = this.urls.get(key);
    if (held && held.until > now) return held.url;
    // SigV4 dates have a one-second resolution: a file written again within the second its URL was signed would
    // get the very same URL, which browsers may hold with the old bytes; so a new URL is signed at a later second
    const signedSec = Math.max(Math.floor(now / 1000), held ? held.signedSec + 1 : 0);
    const url = await this.storage.presignedGetUrl(key, { ...answer, expiresIn: this.lifetime, signingDate: new Date(signedSec * 1000) });
    if (!url) return undefined;
    this.urls.delete(key);
    if (this.urls.size >= this.maxEntries) {
      // the oldest insertion goes (a Map iterates in insertion order)
      const oldest = this.urls.keys().next().value;
      if (oldest !== undefined) this.urls.delete(oldest);
    }
    this.urls.set(key, { url, until: now + this.reuseMs, signedSec });
    return url;
  }

  /**
   * Stops handing out the URLs of keys below `prefix` (every key without one): their files were written again. The
   * signing second is kept, so the next URL of such a key is always another one.
   */
  clear(prefix?: string) {
    for (const [k, v] of this.urls) if (prefix === undefined || k.startsWith(prefix)) v.until = 0;
  }
}
