import { and, count, desc, eq, ilike, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { spiderDocuments, spiderUrls } from '../../db/schema';
import { anyOf, likePattern } from '../../lib/sql';

export type SpiderUrlRow = typeof spiderUrls.$inferSelect;
export type SpiderDocumentRow = typeof spiderDocuments.$inferSelect;

/** The collector's SQL: start URLs and the document links found from them. */
export class SpiderRepo {
  constructor(private readonly db: Db) {}

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

  async listUrls(q: { page: number; size: number; status?: number[]; wd?: string }) {
    const conds: SQL[] = [];
    if (q.status?.length) conds.push(inArray(spiderUrls.status, q.status));
    if (q.wd) conds.push(ilike(spiderUrls.url, likePattern(q.wd)));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(spiderUrls)
        .where(where)
        .orderBy(desc(spiderUrls.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(spiderUrls).where(where),
    ]);
    return { rows, total: n };
  }

  async updateUrl(id: number, patch: Partial<typeof spiderUrls.$inferInsert>) {
    await this.db.update(spiderUrls).set(patch).where(eq(spiderUrls.id, id));
  }

  /** pending → collecting, only if still pending (one worker collects a URL) */
  async claimUrl(id: number): Promise<SpiderUrlRow | undefined> {
    const [r] = await this.db
      .update(spiderUrls)
      .set({ status: 1, error: '', pages: 0 })
      .where(and(eq(spiderUrls.id, id), eq(spiderUrls.status, 0)))
      .returning();
    return r;
  }

  async resetUrls(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .update(spiderUrls)
      .set({ status: 0, error: '', finishedAt: null })
      .where(and(inArray(spiderUrls.id, ids), ne(spiderUrls.status, 1)))
      .returning({ id: spiderUrls.id });
    return rows.map((r) => r.id);
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

  async listDocuments(q: { page: number; size: number; status?: number[]; wd?: string; spider_url_id?: number; ext?: string }) {
    const conds: SQL[] = [];
    if (q.status?.length) conds.push(inArray(spiderDocuments.status, q.status));
    if (q.spider_url_id) conds.push(eq(spiderDocuments.spiderUrlId, q.spider_url_id));
    if (q.ext) conds.push(eq(spiderDocuments.ext, q.ext.toLowerCase()));
    if (q.wd) conds.push(anyOf(ilike(spiderDocuments.url, likePattern(q.wd)), ilike(spiderDocuments.title, likePattern(q.wd))));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(spiderDocuments)
        .where(where)
        .orderBy(desc(spiderDocuments.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(spiderDocuments).where(where),
    ]);
    return { rows, total: n };
  }

  async updateDocument(id: number, patch: Partial<typeof spiderDocuments.$inferInsert>) {
    await this.db.update(spiderDocuments).set(patch).where(eq(spiderDocuments.id, id));
  }

  /** moves rows from one of `from` to `to`; returns the ids that moved (a claim when `to` is a working state) */
  async transition(ids: number[], from: number[], to: number, patch: Partial<typeof spiderDocuments.$inferInsert> = {}): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .update(spiderDocuments)
      .set({ ...patch, status: to })
      .where(and(inArray(spiderDocuments.id, ids), inArray(spiderDocuments.status, from)))
      .returning({ id: spiderDocuments.id });
    return rows.map((r) => r.id);
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

  async documentIdsIn(status: number[]): Promise<number[]> {
    const rows = await this.db.select({ id: spiderDocuments.id }).from(spiderDocuments).where(inArray(spiderDocuments.status, status));
    return rows.map((r) => r.id);
  }

  async urlIdsIn(status: number[]): Promise<number[]> {
    const rows = await this.db.select({ id: spiderUrls.id }).from(spiderUrls).where(inArray(spiderUrls.status, status));
    return rows.map((r) => r.id);
  }

  /** working rows untouched since `before` (a crashed worker): failed with a readable error */
  async failStuck(before: Date): Promise<{ urls: number; documents: number }> {
    const urls = await this.db
      .update(spiderUrls)
      .set({ status: 3, error: '采集超时（处理进程可能已中断），请重试', finishedAt: sql`now()` })
      .where(and(eq(spiderUrls.status, 1), lt(spiderUrls.updatedAt, before)))
      .returning({ id: spiderUrls.id });
    const downloads = await this.db
      .update(spiderDocuments)
      .set({ status: 4, error: '下载超时（处理进程可能已中断），请重试' })
      .where(and(eq(spiderDocuments.status, 2), lt(spiderDocuments.updatedAt, before)))
      .returning({ id: spiderDocuments.id });
    const publishes = await this.db
      .update(spiderDocuments)
      .set({ status: 8, error: '发布超时（处理进程可能已中断），请重试' })
      .where(and(eq(spiderDocuments.status, 6), lt(spiderDocuments.updatedAt, before)))
      .returning({ id: spiderDocuments.id });
    return { urls: urls.length, documents: downloads.length + publishes.length };
  }
}
