import { and, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { SpiderDocumentStatus as D, SpiderUrlStatus as U } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { spiderDocuments, spiderUrls } from '../../db/schema';
import { TaskTable, pageOf, statusFilter } from '../../kernel/task-table';
import { anyOf, likePattern } from '../../lib/sql';

export type SpiderUrlRow = typeof spiderUrls.$inferSelect;
export type SpiderDocumentRow = typeof spiderDocuments.$inferSelect;

/** The collector's SQL: start URLs and the document links found from them. */
export class SpiderRepo {
  private readonly urlTasks: TaskTable<typeof spiderUrls, number>;
  private readonly documentTasks: TaskTable<typeof spiderDocuments, number>;
  constructor(private readonly db: Db) {
    this.urlTasks = new TaskTable(db, spiderUrls, spiderUrls.id);
    this.documentTasks = new TaskTable(db, spiderDocuments, spiderDocuments.id);
  }

  async insertUrls(rows: (typeof spiderUrls.$inferInsert)[]): Promise<SpiderUrlRow[]> {
    return rows.length ? this.db.insert(spiderUrls).values(rows).returning() : [];
  }

  async url(id: number): Promise<SpiderUrlRow | undefined> {
    const [r] = await this.db.select().from(spiderUrls).where(eq(spiderUrls.id, id));
    return r;
  }

  async urlsByIds(ids: number[]): Promise<SpiderUrlRow[]> {
    return ids.length ? this.db.select().from(spiderUrls).where(inArray(spiderUrls.id, ids)) : [];
  }

  listUrls(q: { page: number; size: number; status?: number[]; wd?: string }) {
    const where = and(statusFilter(spiderUrls.status, q.status), q.wd ? ilike(spiderUrls.url, likePattern(q.wd)) : undefined);
    return pageOf(
      this.db.select().from(spiderUrls).where(where).orderBy(desc(spiderUrls.id)).$dynamic(),
      this.db.select({ n: count() }).from(spiderUrls).where(where),
      q,
    );
  }

  async updateUrl(id: number, patch: Partial<typeof spiderUrls.$inferInsert>) {
    await this.db.update(spiderUrls).set(patch).where(eq(spiderUrls.id, id));
  }

  /** pending → collecting, only if still pending (one worker collects a URL) */
  claimUrl(id: number): Promise<SpiderUrlRow | undefined> {
    return this.urlTasks.claim(id, { error: '', pages: 0 }, [U.Pending], U.Collecting);
  }

  /** these URLs (not one being collected) back to pending */
  resetUrls(ids: number[]): Promise<number[]> {
    return this.urlTasks.move(ids, { not: [U.Collecting] }, U.Pending, { error: '', finishedAt: null });
  }

  async deleteUrls(ids: number[]): Promise<number> {
    const rows = await this.db.delete(spiderUrls).where(inArray(spiderUrls.id, ids)).returning({ id: spiderUrls.id });
    return rows.length;
  }

  /** records links (one row per start URL and link); returns the ids of the new ones */
  async insertDocuments(rows: (typeof spiderDocuments.$inferInsert)[]): Promise<number[]> {
    if (!rows.length) return [];
    const r = await this.db.insert(spiderDocuments).values(rows).onConflictDoNothing().returning({ id: spiderDocuments.id });
    return r.map((x) => x.id);
  }

  async countDocumentsOf(spiderUrlId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(spiderDocuments).where(eq(spiderDocuments.spiderUrlId, spiderUrlId));
    return r?.n ?? 0;
  }

  async document(id: number): Promise<SpiderDocumentRow | undefined> {
    const [r] = await this.db.select().from(spiderDocuments).where(eq(spiderDocuments.id, id));
    return r;
  }

  async documentsByIds(ids: number[]): Promise<SpiderDocumentRow[]> {
    return ids.length ? this.db.select().from(spiderDocuments).where(inArray(spiderDocuments.id, ids)) : [];
  }

  listDocuments(q: { page: number; size: number; status?: number[]; wd?: string; spider_url_id?: number; ext?: string }) {
    const where = and(
      statusFilter(spiderDocuments.status, q.status),
      q.spider_url_id ? eq(spiderDocuments.spiderUrlId, q.spider_url_id) : undefined,
      q.ext ? eq(spiderDocuments.ext, q.ext.toLowerCase()) : undefined,
      q.wd ? anyOf(ilike(spiderDocuments.url, likePattern(q.wd)), ilike(spiderDocuments.title, likePattern(q.wd))) : undefined,
    );
    return pageOf(
      this.db.select().from(spiderDocuments).where(where).orderBy(desc(spiderDocuments.id)).$dynamic(),
      this.db.select({ n: count() }).from(spiderDocuments).where(where),
      q,
    );
  }

  async updateDocument(id: number, patch: Partial<typeof spiderDocuments.$inferInsert>) {
    await this.db.update(spiderDocuments).set(patch).where(eq(spiderDocuments.id, id));
  }

  /** moves rows from one of `from` to `to`; returns the ids that moved (a claim when `to` is a working state) */
  transition(ids: number[], from: number[], to: number, patch: Partial<typeof spiderDocuments.$inferInsert> = {}): Promise<number[]> {
    return this.documentTasks.move(ids, from, to, patch);
  }

  async deleteDocuments(ids: number[]): Promise<number> {
    const rows = await this.db.delete(spiderDocuments).where(inArray(spiderDocuments.id, ids)).returning({ id: spiderDocuments.id });
    return rows.length;
  }

  /** another collected copy of these bytes that is already downloaded or published */
  async sameHash(hash: string, exceptId: number): Promise<SpiderDocumentRow | undefined> {
    const [r] = await this.db
      .select()
      .from(spiderDocuments)
      .where(and(eq(spiderDocuments.hash, hash), ne(spiderDocuments.id, exceptId), inArray(spiderDocuments.status, [3, 5, 6, 7])))
      .limit(1);
    return r;
  }

  documentIdsIn(status: number[]): Promise<number[]> {
    return this.documentTasks.keysIn(status);
  }

  urlIdsIn(status: number[]): Promise<number[]> {
    return this.urlTasks.keysIn(status);
  }

  /** working rows untouched since `before` (a crashed worker): failed with a readable error */
  async failStuck(before: Date): Promise<{ urls: number; documents: number }> {
    const urls = await this.urlTasks.move('all', [U.Collecting], U.Failed, { error: '采集超时（处理进程可能已中断），请重试', finishedAt: sql`now()` }, before);
    const downloads = await this.documentTasks.move('all', [D.Downloading], D.DownloadFailed, { error: '下载超时（处理进程可能已中断），请重试' }, before);
    const publishes = await this.documentTasks.move('all', [D.Publishing], D.PublishFailed, { error: '发布超时（处理进程可能已中断），请重试' }, before);
    return { urls: urls.length, documents: downloads.length + publishes.length };
  }
}
