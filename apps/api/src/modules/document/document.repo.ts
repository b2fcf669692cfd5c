import { and, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Exec, Tx } from '../../db/client';
import { documentCategories, documents } from '../../db/schema';
import { anyOf, likePattern } from '../../lib/sql';
import { DocumentStatus } from '@wenku/contracts';

export type DocumentRow = typeof documents.$inferSelect;

export interface DocumentFilter {
  page: number;
  size: number;
  wd?: string;
  category_id?: number[];
  user_id?: number[];
  status?: number[];
  is_recommend?: boolean[];
  exts?: string[];
  fee_type?: 'free' | 'charge';
  language?: string[];
  created_at?: string[];
  deleted?: boolean;
  sort?: string;
  limit?: number;
}

/** Statuses that count towards a category's doc_count (live, not hidden). */
const COUNTED_STATUSES = [0, 1, 2, 3, 5];

/** SQL of documents and their categories; nothing else. */
export class DocumentRepo {
  constructor(private readonly db: Db) {}

  async insert(tx: Tx, values: typeof documents.$inferInsert) {
    const [row] = await tx.insert(documents).values(values).returning();
    return row;
  }
  async setCategories(tx: Exec, documentId: number, categoryIds: number[]) {
    await tx.delete(documentCategories).where(eq(documentCategories.documentId, documentId));
    if (categoryIds.length)
      await tx
        .insert(documentCategories)
        .values(categoryIds.map((categoryId) => ({ documentId, categoryId })))
        .onConflictDoNothing();
  }
  async categoryIdsOf(documentIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (!documentIds.length) return map;
    const rows = await this.db.select().from(documentCategories).where(inArray(documentCategories.documentId, documentIds));
    for (const r of rows) map.set(r.documentId, [...(map.get(r.documentId) ?? []), r.categoryId]);
    return map;
  }
  async categoriesOfDocuments(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    return (
      await this.db.selectDistinct({ id: documentCategories.categoryId }).from(documentCategories).where(inArray(documentCategories.documentId, ids))
    ).map((r) => r.id);
  }
  find(by: { id?: number; uuid?: string }, withDeleted = false) {
    const cond = by.id !== undefined ? eq(documents.id, by.id) : eq(documents.uuid, by.uuid ?? '');
    return this.db.query.documents.findFirst({ where: withDeleted ? cond : and(cond, isNull(documents.deletedAt)) });
  }
  /**
   * A converted, not deleted document of the file with this view key (documents of one file share its pages); the
   * lowest id, so the answer is stable.
   */
  findConvertedByViewKey(viewKey: string) {
    return this.db.query.documents.findFirst({
      where: and(eq(documents.viewKey, viewKey), eq(documents.status, DocumentStatus.Converted), isNull(documents.deletedAt)),
      orderBy: documents.id,
    });
  }
  byIds(ids: number[], withDeleted = false) {
    if (!ids.length) return Promise.resolve([] as DocumentRow[]);
    return this.db
      .select()
      .from(documents)
      .where(withDeleted ? inArray(documents.id, ids) : and(inArray(documents.id, ids), isNull(documents.deletedAt)));
  }
  async update(id: number, patch: Partial<typeof documents.$inferInsert>, tx: Exec = this.db) {
    const [row] = await tx.update(documents).set(patch).where(eq(documents.id, id)).returning();
    return row;
  }
  async updateMany(ids: number[], patch: Partial<typeof documents.$inferInsert>, tx: Exec = this.db) {
    if (ids.length) await tx.update(documents).set(patch).where(inArray(documents.id, ids));
  }
  /** Adds buffered views (CounterBuffer) in one statement. */
  async addViews(ids: number[], counts: number[]) {
    await this.db.execute(
      sql`UPDATE documents AS d SET view_count = d.view_count + v.n FROM unnest(${sql.param(ids)}::int[], ${sql.param(counts)}::int[]) AS v(id, n) WHERE d.id = v.id`,
    );
  }
  async addDownloads(tx: Exec, id: number, by: number) {
    await tx
      .update(documents)
      .set({ downloadCount: sql`greatest(${documents.downloadCount} + ${by}, 0)` })
      .where(eq(documents.id, id));
  }
  async setCounts(tx: Exec, rows: { id: number; favorites: number; comments: number }[]) {
    for (const r of rows) await tx.update(documents).set({ favoriteCount: r.favorites, commentCount: r.comments }).where(eq(documents.id, r.id));
  }
  async setScore(tx: Exec, id: number, score: number, scoreCount: number) {
    await tx.update(documents).set({ score, scoreCount }).where(eq(documents.id, id));
  }
  async countUserDocumentsSince(userId: number, since: Date): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.userId, userId), gte(documents.createdAt, since)));
    return r.n;
  }
  /** Live documents per user (each user's doc_count). */
  async liveCountsOfUsers(tx: Exec, userIds: number[]): Promise<Map<number, number>> {
    const out = new Map(userIds.map((id) => [id, 0]));
    if (!userIds.length) return out;
    const rows = await tx
      .select({ userId: documents.userId, n: count() })
      .from(documents)
      .where(and(inArray(documents.userId, userIds), isNull(documents.deletedAt)))
      .groupBy(documents.userId);
    for (const r of rows) out.set(r.userId, r.n);
    return out;
  }
  /** Live, visible documents per category (each category's doc_count). */
  async liveCountsOfCategories(tx: Exec, categoryIds: number[]): Promise<Map<number, number>> {
    const out = new Map(categoryIds.map((id) => [id, 0]));
    if (!categoryIds.length) return out;
    const rows = await tx
      .select({ categoryId: documentCategories.categoryId, n: count() })
      .from(documentCategories)
      .innerJoin(documents, eq(documents.id, documentCategories.documentId))
      .where(and(inArray(documentCategories.categoryId, categoryIds), isNull(documents.deletedAt), inArray(documents.status, COUNTED_STATUSES)))
      .groupBy(documentCategories.categoryId);
    for (const r of rows) out.set(r.categoryId, r.n);
    return out;
  }
  async hardDelete(tx: Tx, ids: number[]) {
    await tx.delete(documents).where(inArray(documents.id, ids));
  }
  deletedIds() {
    return this.db.select({ id: documents.id }).from(documents).where(isNotNull(documents.deletedAt));
  }
  /** Of these hashes, those a document (live or in the recycle bin) still uses. */
  async hashesInUse(hashes: string[]): Promise<Set<string>> {
    if (!hashes.length) return new Set();
    const rows = await this.db.selectDistinct({ hash: documents.hash }).from(documents).where(inArray(documents.hash, hashes));
    return new Set(rows.map((r) => r.hash));
  }
  /** Every document (live or in the recycle bin) of the file `hash`. */
  async idsByHash(hash: string): Promise<number[]> {
    const rows = await this.db.select({ id: documents.id }).from(documents).where(eq(documents.hash, hash));
    return rows.map((r) => r.id);
  }
  /** Documents waiting for this hash's conversion (pending, converting, reconvert). */
  awaiting(hash: string, tx: Exec = this.db) {
    return tx
      .select()
      .from(documents)
      .where(and(eq(documents.hash, hash), inArray(documents.status, [0, 1, 5])));
  }
  /** Hashes with documents still waiting for conversion (the worker's start-up sweep). */
  async waitingHashes(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ hash: documents.hash })
      .from(documents)
      .where(and(inArray(documents.status, [0, 1, 5]), isNull(documents.deletedAt)));
    return rows.map((r) => r.hash);
  }

  async list(f: DocumentFilter) {
    const conds: SQL[] = [f.deleted ? isNotNull(documents.deletedAt) : isNull(documents.deletedAt)];
    if (f.wd)
      conds.push(
        anyOf(ilike(documents.title, likePattern(f.wd)), ilike(documents.keywords, likePattern(f.wd)), ilike(documents.description, likePattern(f.wd))),
      );
    if (f.category_id?.length)
      conds.push(
        inArray(
          documents.id,
          this.db.select({ id: documentCategories.documentId }).from(documentCategories).where(inArray(documentCategories.categoryId, f.category_id)),
        ),
      );
    if (f.user_id?.length) conds.push(inArray(documents.userId, f.user_id));
    if (f.status?.length) conds.push(inArray(documents.status, f.status));
    if (f.is_recommend?.length === 1) conds.push(f.is_recommend[0] ? isNotNull(documents.recommendAt) : isNull(documents.recommendAt));
    if (f.exts?.length) conds.push(inArray(documents.ext, f.exts));
    if (f.fee_type === 'free') conds.push(eq(documents.price, 0));
    if (f.fee_type === 'charge') conds.push(gt(documents.price, 0));
    if (f.language?.length) conds.push(inArray(documents.language, f.language));
    if (f.created_at?.[0]) conds.push(gte(documents.createdAt, new Date(f.created_at[0])));
    if (f.created_at?.[1]) conds.push(lte(documents.createdAt, new Date(f.created_at[1])));
    const where = and(...conds);
    const order = {
      latest: [desc(documents.id)],
      popular: [desc(sql`${documents.viewCount} + ${documents.downloadCount} * 5`), desc(documents.id)],
      downloads: [desc(documents.downloadCount), desc(documents.id)],
      views: [desc(documents.viewCount), desc(documents.id)],
      score: [desc(documents.score), desc(documents.scoreCount), desc(documents.id)],
      recommend: [desc(documents.recommendAt), desc(documents.id)],
      deleted: [desc(documents.deletedAt)],
    }[f.deleted ? 'deleted' : (f.sort ?? 'latest')] ?? [desc(documents.id)];
    const size = f.limit && f.limit > 0 ? f.limit : f.size;
    const offset = f.limit && f.limit > 0 ? 0 : (f.page - 1) * f.size;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(documents)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset(offset),
      this.db.select({ n: count() }).from(documents).where(where),
    ]);
    return { rows, total: n };
  }

  async related(doc: DocumentRow, limit: number): Promise<DocumentRow[]> {
    const cats = await this.db.select({ id: documentCategories.categoryId }).from(documentCategories).where(eq(documentCategories.documentId, doc.id));
    const words = doc.keywords
      .split(/[,，\s]+/)
      .filter((w) => w.length >= 2)
      .slice(0, 5);
    const wordConds = words.map((w) => anyOf(ilike(documents.title, likePattern(w)), ilike(documents.keywords, likePattern(w))));
    const catCond = cats.length
      ? inArray(
          documents.id,
          this.db
            .select({ id: documentCategories.documentId })
            .from(documentCategories)
            .where(
              inArray(
                documentCategories.categoryId,
                cats.map((c) => c.id),
              ),
            ),
        )
      : undefined;
    const match = [...wordConds, ...(catCond ? [catCond] : [])];
    if (!match.length) return [];
    return this.db
      .select()
      .from(documents)
      .where(and(isNull(documents.deletedAt), eq(documents.status, 2), ne(documents.id, doc.id), or(...match)))
      .orderBy(desc(sql`similarity(${documents.title}, ${doc.title})`), desc(documents.downloadCount))
      .limit(limit);
  }

  /** Public (converted, not deleted) documents after an id, in id order (sitemap pages). */
  publicAfter(afterId: number, limit: number) {
    return this.db
      .select({ id: documents.id, uuid: documents.uuid, updatedAt: documents.updatedAt })
      .from(documents)
      .where(and(eq(documents.status, 2), isNull(documents.deletedAt), gt(documents.id, afterId)))
      .orderBy(documents.id)
      .limit(limit);
  }

  /** Live documents with their category ids, in one query (list cards). */
  async withCategories(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        row: documents,
        categoryIds: sql<
          number[]
        >`coalesce((SELECT array_agg(dc.category_id ORDER BY dc.category_id) FROM ${documentCategories} dc WHERE dc.document_id = ${documents.id}), '{}')`,
      })
      .from(documents)
      .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
  }
}
