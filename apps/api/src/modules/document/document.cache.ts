import type { TDocument } from '@wenku/contracts';
import { CounterBuffer } from '../../lib/counter-buffer';
import { TtlCache } from '../../lib/cache';
import type { DocumentPageAnswer } from './document.page';
import type { DocumentDeps } from './document.model';
import type { DocumentRow } from './document.repo';
import type { DocumentViews } from './document.views';

/**
 * What the API process holds about documents: the answers and rows kept in memory (on the cache bus, so a change
 * drops them in every process) and the page views not yet written.
 */
export class DocumentCache {
  /** page views, written every few seconds in one statement (and at shutdown) */
  readonly viewCounts: CounterBuffer;
  /** uuid → document for the page images and covers */
  readonly viewCache: TtlCache<DocumentRow | null>;
  /**
   * What visitors who are not logged in read — the document page and the lists — as whole answers: the same for
   * all of them. Dropped in every process on any document change; the time limit bounds what else they show
   * (an uploader's new name, a category's new title, the view counts).
   */
  readonly pageCache: TtlCache<DocumentPageAnswer>;
  readonly listCache: TtlCache<{ total: number; document: TDocument[] }>;
  /** the home page's blocks (a list per top category: dozens of statements), the same for every visitor */
  readonly homeCache: TtlCache<Awaited<ReturnType<DocumentViews['buildHome']>>>;
  /** result cards by id (search pages): row, categories and uploader, which took two statements per page */
  readonly cardCache: TtlCache<{ row: DocumentRow; doc: TDocument }>;

  constructor({ repo, caches, log }: Pick<DocumentDeps, 'repo' | 'caches' | 'log'>) {
    this.viewCache = caches.cache('document-views', { ttlMs: 60_000, maxEntries: 20_000, staleMs: 60_000 });
    this.pageCache = caches.cache('document-pages', { ttlMs: 10_000, maxEntries: 5000, staleMs: 20_000 });
    this.listCache = caches.cache('document-lists', { ttlMs: 10_000, maxEntries: 1000, staleMs: 20_000 });
    this.homeCache = caches.cache('document-home', { ttlMs: 10_000, maxEntries: 50, staleMs: 20_000 });
    this.cardCache = caches.cache('document-cards', { ttlMs: 10_000, maxEntries: 20_000 });
    this.viewCounts = new CounterBuffer(
      (ids, counts) => repo.addViews(ids, counts),
      (e) => log.warn("could not write the documents' view counts; kept for the next try", { error: e instanceof Error ? e.message : String(e) }),
    );
  }

  /** Favourite, comment or download counts changed (committed): the cached pages and lists showing them go. */
  async countsChanged() {
    await TtlCache.clearAll([this.pageCache, this.listCache, this.homeCache, this.cardCache]);
  }

  /** Drops what is held in memory about documents, here and in the other API processes. */
  async forget() {
    await TtlCache.clearAll([this.viewCache, this.pageCache, this.listCache, this.homeCache, this.cardCache]);
  }

  /** Writes the views still held (shutdown). */
  close() {
    return this.viewCounts.close();
  }
}
