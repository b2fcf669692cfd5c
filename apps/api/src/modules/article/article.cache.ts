import type { TArticle, TArticleDetail } from '@wenku/contracts';
import { CounterBuffer } from '../../lib/counter-buffer';
import { TtlCache } from '../../lib/cache';
import type { ArticleDeps } from './article.model';

/**
 * What the API process holds about articles: the answers kept in memory (on the cache bus, so a change drops them in
 * every process) and the page views not yet written.
 */
export class ArticleCache {
  /** page views, written every few seconds in one statement (and at shutdown) */
  readonly viewCounts: CounterBuffer;
  /**
   * What visitors who are not logged in read (the article page, the lists) as whole answers, the same for all of
   * them: dropped in every process on any article change; the time limit bounds the rest (view counts, names).
   */
  readonly pageCache: TtlCache<TArticleDetail>;
  readonly listCache: TtlCache<{ total: number; article: TArticle[] }>;

  constructor({ repo, caches, log }: Pick<ArticleDeps, 'repo' | 'caches' | 'log'>) {
    this.pageCache = caches.cache('article-pages', { ttlMs: 10_000, maxEntries: 5000, staleMs: 20_000 });
    this.listCache = caches.cache('article-lists', { ttlMs: 10_000, maxEntries: 1000, staleMs: 20_000 });
    this.viewCounts = new CounterBuffer(
      (ids, counts) => repo.addViews(ids, counts),
      (e) => log.warn("could not write the articles' view counts; kept for the next try", { error: e instanceof Error ? e.message : String(e) }),
    );
  }

  /** Favourite or comment counts changed (committed): the cached pages and lists showing them go. */
  async countsChanged() {
    await TtlCache.clearAll([this.pageCache, this.listCache]);
  }

  /** An article changed: the same, here and in the other API processes. */
  forget() {
    return this.countsChanged();
  }

  /** Writes the views still held (shutdown). */
  close() {
    return this.viewCounts.close();
  }
}
