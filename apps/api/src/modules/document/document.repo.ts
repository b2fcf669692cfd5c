import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attachments, categories, comments, conversions, documentCategories, documentScores, documentSearch, documentTexts, documents, downloads, favorites, reports, users,
} from '../../db/schema';
import type { Tx } from '../credit/credit.service';

export type DocumentRow = typeof documents.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
type Exec = Db | Tx;

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

export interface DocumentFilter {
  page: number; size: number; wd?: string; category_id?: number[]; user_id?: number[]; status?: number[]; is_recommend?: boolean[];
  exts?: string[]; fee_type?: 'free' | 'charge'; language?: string[]; created_at?: string[]; deleted?: boolean; sort?: string; limit?: number;
}

export class DocumentRepo {
  constructor(private readonly db: Db) {}

  // ---------------- attachments ----------------
  async insertAttachment(values: typeof attachments.$inferInsert, tx: Exec = this.db) {
    const [row] = await tx.insert(attachments).values(values).returning();
    return row;
  }
  findAttachment(id: number) {
    return this.db.query.attachments.findFirst({ where: eq(attachments.id, id) });
  }
  attachmentsByIds(ids: number[]) {
    return ids.length ? this.db.select().from(attachments).where(inArray(attachments.id, ids)) : Promise.resolve([]);
  }
  /** Any live copy of a hash (for instant upload) and whether the hash is banned. */
  async hashState(hash: string): Promise<{ banned: boolean; copy?: AttachmentRow }> {
    const rows = await this.db.select().from(attachments).where(and(eq(attachments.hash, hash), isNull(attachments.deletedAt))).orderBy(asc(attachments.id)).limit(50);
    return { banned: rows.some((r) => !r.enable), copy: rows.find((r) => r.enable) };
  }
  async isHashBanned(hash: string): Promise<boolean> {
    const r = await this.db.select({ id: attachments.id }).from(attachments).where(and(eq(attachments.hash, hash), eq(attachments.enable, false))).limit(1);
    return r.length > 0;
  }
  async linkAttachment(tx: Tx, id: number, typeId: number) {
    await tx.update(attachments).set({ typeId }).where(eq(attachments.id, id));
  }
  async updateAttachment(id: number, patch: Partial<typeof attachments.$inferInsert>) {
    const [row] = await this.db.update(attachments).set(patch).where(eq(attachments.id, id)).returning();
    return row;
  }
  /** Banning one copy bans the hash: every attachment row with it. */
  async setHashEnabled(hash: string, enable: boolean) {
    await this.db.update(attachments).set({ enable }).where(eq(attachments.hash, hash));
  }
  async softDeleteAttachments(ids: number[]) {
    await this.db.update(attachments).set({ deletedAt: new Date() }).where(inArray(attachments.id, ids));
  }
  async listAttachments(q: { page: number; size: number; wd?: string; enable?: boolean[]; user_id?: number[]; type?: number[]; ext?: string }) {
    const conds: SQL[] = [isNull(attachments.deletedAt)];
    if (q.wd) conds.push(or(ilike(attachments.name, like(q.wd)), eq(attachments.hash, q.wd))!);
    if (q.enable?.length) conds.push(inArray(attachments.enable, q.enable));
    if (q.user_id?.length) conds.push(inArray(attachments.userId, q.user_id));
    if (q.type?.length) conds.push(inArray(attachments.type, q.type));
    if (q.ext) conds.push(eq(attachments.ext, q.ext.replace(/^\./, '')));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      this.db.select({ a: attachments, username: users.username }).from(attachments).leftJoin(users, eq(users.id, attachments.userId)).where(where).orderBy(desc(attachments.id)).limit(q.size).offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(attachments).where(where),
    ]);
    return { rows, total: n };
  }
  /** Hashes no live attachment or document uses any more (their files can go). */
  async orphanHashes(hashes: string[]): Promise<string[]> {
    if (!hashes.length) return [];
    const used = await this.db.selectDistinct({ hash: attachments.hash }).from(attachments).where(and(inArray(attachments.hash, hashes), isNull(attachments.deletedAt)));
    const usedDocs = await this.db.selectDistinct({ hash: documents.hash }).from(documents).where(inArray(documents.hash, hashes));
    const keep = new Set([...used.map((r) => r.hash), ...usedDocs.map((r) => r.hash)]);
    return hashes.filter((h) => !keep.has(h));
  }

  // ---------------- documents ----------------
  async insertDocument(tx: Tx, values: typeof documents.$inferInsert) {
    const [row] = await tx.insert(documents).values(values).returning();
    return row;
  }
  async setDocumentCategories(tx: Exec, documentId: number, categoryIds: number[]) {
    await tx.delete(documentCategories).where(eq(documentCategories.documentId, documentId));
    if (categoryIds.length) await tx.insert(documentCategories).values(categoryIds.map((categoryId) => ({ documentId, categoryId }))).onConflictDoNothing();
  }
  async categoryIdsOf(documentIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (!documentIds.length) return map;
    const rows = await this.db.select().from(documentCategories).where(inArray(documentCategories.documentId, documentIds));
    for (const r of rows) map.set(r.documentId, [...(map.get(r.documentId) ?? []), r.categoryId]);
    return map;
  }
  findDocument(by: { id?: number; uuid?: string }, withDeleted = false) {
    const cond = by.id !== undefined ? eq(documents.id, by.id) : eq(documents.uuid, by.uuid ?? '');
    return this.db.query.documents.findFirst({ where: withDeleted ? cond : and(cond, isNull(documents.deletedAt)) });
  }
  documentsByIds(ids: number[], withDeleted = false) {
    if (!ids.length) return Promise.resolve([] as DocumentRow[]);
    return this.db.select().from(documents).where(withDeleted ? inArray(documents.id, ids) : and(inArray(documents.id, ids), isNull(documents.deletedAt)));
  }
  async updateDocument(id: number, patch: Partial<typeof documents.$inferInsert>, tx: Exec = this.db) {
    const [row] = await tx.update(documents).set(patch).where(eq(documents.id, id)).returning();
    return row;
  }
  async updateDocuments(ids: number[], patch: Partial<typeof documents.$inferInsert>, tx: Exec = this.db) {
    if (ids.length) await tx.update(documents).set(patch).where(inArray(documents.id, ids));
  }
  async incrementView(id: number) {
    await this.db.update(documents).set({ viewCount: sql`${documents.viewCount} + 1` }).where(eq(documents.id, id));
  }
  async bump(tx: Exec, id: number, column: 'downloadCount' | 'favoriteCount' | 'commentCount', by: number) {
    const col = documents[column];
    await tx.update(documents).set({ [column]: sql`greatest(${col} + ${by}, 0)` }).where(eq(documents.id, id));
    // the search index ranks ties by downloads from its own copy (no join per candidate): keep it in step
    if (column === 'downloadCount') {
      await tx.update(documentSearch).set({ popularity: sql`greatest(${documentSearch.popularity} + ${by}, 0)` }).where(eq(documentSearch.documentId, id));
    }
  }
  async countUserDocumentsToday(userId: number, since: Date): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(documents).where(and(eq(documents.userId, userId), gte(documents.createdAt, since)));
    return r.n;
  }
  /** Recount doc_count of users and categories from live, visible documents. */
  async recount(tx: Exec, userIds: number[], categoryIds: number[]) {
    if (userIds.length) {
      await tx.execute(sql`UPDATE users u SET doc_count = (SELECT count(*) FROM documents d WHERE d.user_id = u.id AND d.deleted_at IS NULL) WHERE u.id IN (${sql.join(userIds.map((i) => sql`${i}`), sql`, `)})`);
    }
    if (categoryIds.length) {
      await tx.execute(sql`UPDATE categories c SET doc_count = (SELECT count(*) FROM document_categories dc JOIN documents d ON d.id = dc.document_id WHERE dc.category_id = c.id AND d.deleted_at IS NULL AND d.status IN (0, 1, 2, 3, 5)) WHERE c.id IN (${sql.join(categoryIds.map((i) => sql`${i}`), sql`, `)})`);
    }
  }
  async categoriesOfDocuments(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    return (await this.db.selectDistinct({ id: documentCategories.categoryId }).from(documentCategories).where(inArray(documentCategories.documentId, ids))).map((r) => r.id);
  }
  async hardDelete(tx: Tx, ids: number[]) {
    await tx.delete(documents).where(inArray(documents.id, ids));
  }
  deletedDocumentIds() {
    return this.db.select({ id: documents.id }).from(documents).where(isNotNull(documents.deletedAt));
  }

  async list(f: DocumentFilter) {
    const conds: SQL[] = [f.deleted ? isNotNull(documents.deletedAt) : isNull(documents.deletedAt)];
    if (f.wd) conds.push(or(ilike(documents.title, like(f.wd)), ilike(documents.keywords, like(f.wd)), ilike(documents.description, like(f.wd)))!);
    if (f.category_id?.length) conds.push(inArray(documents.id, this.db.select({ id: documentCategories.documentId }).from(documentCategories).where(inArray(documentCategories.categoryId, f.category_id))));
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
    }[f.deleted ? 'deleted' : f.sort ?? 'latest'] ?? [desc(documents.id)];
    const size = f.limit && f.limit > 0 ? f.limit : f.size;
    const offset = f.limit && f.limit > 0 ? 0 : (f.page - 1) * f.size;
    const [rows, [{ n }]] = await Promise.all([
      this.db.select().from(documents).where(where).orderBy(...order).limit(size).offset(offset),
      this.db.select({ n: count() }).from(documents).where(where),
    ]);
    return { rows, total: n };
  }

  async related(doc: DocumentRow, limit: number): Promise<DocumentRow[]> {
    const cats = await this.db.select({ id: documentCategories.categoryId }).from(documentCategories).where(eq(documentCategories.documentId, doc.id));
    const words = doc.keywords.split(/[,，\s]+/).filter((w) => w.length >= 2).slice(0, 5);
    const wordConds = words.map((w) => or(ilike(documents.title, like(w)), ilike(documents.keywords, like(w)))!);
    const catCond = cats.length ? inArray(documents.id, this.db.select({ id: documentCategories.documentId }).from(documentCategories).where(inArray(documentCategories.categoryId, cats.map((c) => c.id)))) : undefined;
    const match = [...wordConds, ...(catCond ? [catCond] : [])];
    if (!match.length) return [];
    return this.db.select().from(documents).where(and(isNull(documents.deletedAt), eq(documents.status, 2), ne(documents.id, doc.id), or(...match)))
      .orderBy(desc(sql`similarity(${documents.title}, ${doc.title})`), desc(documents.downloadCount)).limit(limit);
  }

  /** Live documents with what a list card shows besides the row — category ids, uploader name and avatar — in one query. */
  async cardsByIds(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        row: documents,
        username: users.username,
        avatar: users.avatar,
        categoryIds: sql<number[]>`coalesce((SELECT array_agg(dc.category_id ORDER BY dc.category_id) FROM ${documentCategories} dc WHERE dc.document_id = ${documents.id}), '{}')`,
      })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.userId))
      .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
  }
  usersByIds(ids: number[]) {
    return ids.length ? this.db.select({ id: users.id, username: users.username, avatar: users.avatar }).from(users).where(inArray(users.id, ids)) : Promise.resolve([]);
  }
  categoriesByIds(ids: number[]) {
    return ids.length ? this.db.select().from(categories).where(inArray(categories.id, ids)) : Promise.resolve([]);
  }

  // ---------------- conversions & texts ----------------
  findConversion(hash: string) {
    return this.db.query.conversions.findFirst({ where: eq(conversions.hash, hash) });
  }
  async upsertConversion(hash: string, ext: string) {
    await this.db.insert(conversions).values({ hash, ext }).onConflictDoNothing();
  }
  async updateConversion(hash: string, patch: Partial<typeof conversions.$inferInsert>, tx: Exec = this.db) {
    await tx.update(conversions).set(patch).where(eq(conversions.hash, hash));
  }
  async replaceTexts(tx: Tx, hash: string, texts: { page: number; text: string }[]) {
    await tx.delete(documentTexts).where(eq(documentTexts.hash, hash));
    for (let i = 0; i < texts.length; i += 200) {
      const chunk = texts.slice(i, i + 200).map((t) => ({ hash, page: t.page, text: t.text.replace(/\u0000/g, '') }));
      if (chunk.length) await tx.insert(documentTexts).values(chunk);
    }
  }
  async firstText(hash: string, maxChars: number): Promise<string> {
    const rows = await this.db.select({ text: documentTexts.text }).from(documentTexts).where(eq(documentTexts.hash, hash)).orderBy(asc(documentTexts.page)).limit(20);
    return rows.map((r) => r.text).join('\n').slice(0, maxChars);
  }
  /** Documents that wait for this hash's conversion (pending, converting, reconvert). */
  async documentsAwaiting(hash: string, tx: Exec = this.db) {
    return tx.select().from(documents).where(and(eq(documents.hash, hash), inArray(documents.status, [0, 1, 5])));
  }
  /** Conversions stuck in `converting` past a deadline. */
  stuckConversions(before: Date) {
    return this.db.select().from(conversions).where(and(eq(conversions.status, 1), lt(conversions.startedAt, before)));
  }
  async deleteConversion(tx: Tx, hash: string) {
    await tx.delete(documentTexts).where(eq(documentTexts.hash, hash));
    await tx.delete(conversions).where(eq(conversions.hash, hash));
  }

  // ---------------- favourites, scores, comments, reports, downloads ----------------
  findFavorite(userId: number, documentId: number, type: number) {
    return this.db.query.favorites.findFirst({ where: and(eq(favorites.userId, userId), eq(favorites.documentId, documentId), eq(favorites.type, type)) });
  }
  async insertFavorite(tx: Tx, v: typeof favorites.$inferInsert) {
    const r = await tx.insert(favorites).values(v).onConflictDoNothing().returning();
    return r[0];
  }
  async deleteFavorites(tx: Tx, userId: number, ids: number[]) {
    return tx.delete(favorites).where(and(eq(favorites.userId, userId), inArray(favorites.id, ids))).returning();
  }
  async countFavoritesToday(userId: number, since: Date) {
    const [r] = await this.db.select({ n: count() }).from(favorites).where(and(eq(favorites.userId, userId), gte(favorites.createdAt, since)));
    return r.n;
  }
  async listFavorites(userId: number, type: number, page: number, size: number) {
    const where = and(eq(favorites.userId, userId), eq(favorites.type, type));
    const [rows, [{ n }]] = await Promise.all([
      this.db.select().from(favorites).where(where).orderBy(desc(favorites.id)).limit(size).offset((page - 1) * size),
      this.db.select({ n: count() }).from(favorites).where(where),
    ]);
    return { rows, total: n };
  }
  /** The user's own favourite and comment counters, recounted (cheap: both are indexed by user). */
  async refreshUserCounts(tx: Exec, userId: number) {
    await tx.execute(sql`UPDATE users SET favorite_count = (SELECT count(*) FROM favorites WHERE user_id = ${userId}),
      comment_count = (SELECT count(*) FROM comments WHERE user_id = ${userId}) WHERE id = ${userId}`);
  }
  async upsertScore(tx: Tx, documentId: number, userId: number, score: number) {
    await tx.insert(documentScores).values({ documentId, userId, score }).onConflictDoUpdate({ target: [documentScores.documentId, documentScores.userId], set: { score } });
    await tx.execute(sql`UPDATE documents SET score = COALESCE((SELECT round(avg(score))::int FROM document_scores WHERE document_id = ${documentId}), 300), score_count = (SELECT count(*) FROM document_scores WHERE document_id = ${documentId}) WHERE id = ${documentId}`);
  }
  async myScore(documentId: number, userId: number) {
    const r = await this.db.select({ score: documentScores.score }).from(documentScores).where(and(eq(documentScores.documentId, documentId), eq(documentScores.userId, userId)));
    return r[0]?.score ?? 0;
  }
  async insertComment(tx: Tx, v: typeof comments.$inferInsert) {
    const [row] = await tx.insert(comments).values(v).returning();
    return row;
  }
  findComment(id: number) {
    return this.db.query.comments.findFirst({ where: eq(comments.id, id) });
  }
  commentsByIds(ids: number[]) {
    return ids.length ? this.db.select().from(comments).where(inArray(comments.id, ids)) : Promise.resolve([]);
  }
  async lastCommentAt(userId: number): Promise<Date | undefined> {
    const r = await this.db.select({ at: comments.createdAt }).from(comments).where(eq(comments.userId, userId)).orderBy(desc(comments.id)).limit(1);
    return r[0]?.at;
  }
  async countDocCommentsToday(documentId: number, type: number, since: Date) {
    const [r] = await this.db.select({ n: count() }).from(comments).where(and(eq(comments.documentId, documentId), eq(comments.type, type), gte(comments.createdAt, since)));
    return r.n;
  }
  async setCommentStatus(ids: number[], status: number) {
    return this.db.update(comments).set({ status }).where(inArray(comments.id, ids)).returning();
  }
  async deleteComments(tx: Tx, ids: number[]) {
    return tx.delete(comments).where(or(inArray(comments.id, ids), inArray(comments.parentId, ids))).returning();
  }
  async refreshCommentCounts(tx: Exec, type: number, documentIds: number[]) {
    if (!documentIds.length) return;
    const list = sql.join(documentIds.map((i) => sql`${i}`), sql`, `);
    if (type === 0) await tx.execute(sql`UPDATE documents d SET comment_count = (SELECT count(*) FROM comments c WHERE c.type = 0 AND c.document_id = d.id AND c.status = 1) WHERE d.id IN (${list})`);
    await tx.execute(sql`UPDATE comments p SET comment_count = (SELECT count(*) FROM comments c WHERE c.parent_id = p.id AND c.status = 1) WHERE p.type = ${type} AND p.document_id IN (${list}) AND p.parent_id = 0`);
  }
  async listComments(q: { page: number; size: number; document_id?: number; type?: number[]; status?: number[]; user_id?: number[]; parent_id?: number[]; wd?: string }) {
    const conds: SQL[] = [];
    if (q.document_id) conds.push(eq(comments.documentId, q.document_id));
    if (q.type?.length) conds.push(inArray(comments.type, q.type));
    if (q.status?.length) conds.push(inArray(comments.status, q.status));
    if (q.user_id?.length) conds.push(inArray(comments.userId, q.user_id));
    if (q.parent_id?.length) conds.push(inArray(comments.parentId, q.parent_id));
    if (q.wd) conds.push(ilike(comments.content, like(q.wd)));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db.select({ c: comments, username: users.username, avatar: users.avatar }).from(comments).leftJoin(users, eq(users.id, comments.userId)).where(where).orderBy(desc(comments.id)).limit(q.size).offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(comments).where(where),
    ]);
    return { rows, total: n };
  }
  async insertReport(v: typeof reports.$inferInsert) {
    const r = await this.db.insert(reports).values(v).onConflictDoNothing().returning();
    return r[0];
  }
  async updateReport(id: number, status: boolean, remark: string) {
    const [row] = await this.db.update(reports).set({ status, remark }).where(eq(reports.id, id)).returning();
    return row;
  }
  async deleteReports(ids: number[]) {
    await this.db.delete(reports).where(inArray(reports.id, ids));
  }
  async listReports(q: { page: number; size: number; status?: boolean[]; wd?: string }) {
    const conds: SQL[] = [];
    if (q.status?.length) conds.push(inArray(reports.status, q.status));
    if (q.wd) conds.push(ilike(reports.documentTitle, like(q.wd)));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db.select({ r: reports, username: users.username, uuid: documents.uuid }).from(reports).leftJoin(users, eq(users.id, reports.userId)).leftJoin(documents, eq(documents.id, reports.documentId)).where(where).orderBy(desc(reports.id)).limit(q.size).offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(reports).where(where),
    ]);
    return { rows, total: n };
  }
  async lockUser(tx: Tx, id: number) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  }
  async insertDownload(tx: Tx, v: typeof downloads.$inferInsert) {
    const [row] = await tx.insert(downloads).values(v).returning();
    return row;
  }
  async countDownloadsSince(by: { userId?: number; ip?: string }, since: Date, tx: Exec = this.db) {
    const conds: SQL[] = [gte(downloads.createdAt, since)];
    if (by.userId !== undefined) conds.push(eq(downloads.userId, by.userId));
    if (by.ip !== undefined) conds.push(eq(downloads.ip, by.ip));
    const [r] = await tx.select({ n: count() }).from(downloads).where(and(...conds));
    return r.n;
  }
  async lastPaidDownload(userId: number, documentId: number, tx: Exec = this.db) {
    const r = await tx.select().from(downloads).where(and(eq(downloads.userId, userId), eq(downloads.documentId, documentId), eq(downloads.isPay, true))).orderBy(desc(downloads.id)).limit(1);
    return r[0];
  }
  async listDownloads(userId: number, page: number, size: number) {
    const where = eq(downloads.userId, userId);
    const [rows, [{ n }]] = await Promise.all([
      this.db.select({ d: downloads, doc: documents }).from(downloads).innerJoin(documents, eq(documents.id, downloads.documentId)).where(where).orderBy(desc(downloads.id)).limit(size).offset((page - 1) * size),
      this.db.select({ n: count() }).from(downloads).where(where),
    ]);
    return { rows, total: n };
  }
}
