import { and, avg, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Exec, Tx } from '../../db/client';
import { comments, documentScores, favorites, reports } from '../../db/schema';
import { likePattern } from '../../lib/sql';

export type CommentRow = typeof comments.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;

/** SQL of favourites, scores, comments and reports; nothing else. */
/** What the comment list can be filtered by. */
export interface CommentListFilter {
  page: number;
  size: number;
  document_id?: number;
  type?: number[];
  status?: number[];
  user_id?: number[];
  parent_id?: number[];
  wd?: string;
}

export class InteractionRepo {
  constructor(private readonly db: Db) {}

  // ---------------- favourites ----------------
  findFavorite(userId: number, targetId: number, type: number) {
    return this.db.query.favorites.findFirst({ where: and(eq(favorites.userId, userId), eq(favorites.documentId, targetId), eq(favorites.type, type)) });
  }
  async insertFavorite(tx: Tx, v: typeof favorites.$inferInsert) {
    const r = await tx.insert(favorites).values(v).onConflictDoNothing().returning();
    return r[0];
  }
  async deleteFavorites(tx: Tx, userId: number, ids: number[]) {
    return tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), inArray(favorites.id, ids)))
      .returning();
  }
  async listFavorites(userId: number, type: number, page: number, size: number) {
    const where = and(eq(favorites.userId, userId), eq(favorites.type, type));
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(favorites)
        .where(where)
        .orderBy(desc(favorites.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(favorites).where(where),
    ]);
    return { rows, total: n };
  }

  // ---------------- counters ----------------
  /** Favourites and approved comments of these items of one type. */
  async countsOf(tx: Exec, type: number, ids: number[]): Promise<{ id: number; favorites: number; comments: number }[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const [favs, coms] = await Promise.all([
      tx
        .select({ id: favorites.documentId, n: count() })
        .from(favorites)
        .where(and(eq(favorites.type, type), inArray(favorites.documentId, unique)))
        .groupBy(favorites.documentId),
      tx
        .select({ id: comments.documentId, n: count() })
        .from(comments)
        .where(and(eq(comments.type, type), eq(comments.status, 1), inArray(comments.documentId, unique)))
        .groupBy(comments.documentId),
    ]);
    const f = new Map(favs.map((r) => [r.id, r.n]));
    const c = new Map(coms.map((r) => [r.id, r.n]));
    return unique.map((id) => ({ id, favorites: f.get(id) ?? 0, comments: c.get(id) ?? 0 }));
  }
  /** A user's own favourites and comments. */
  async userCounts(tx: Exec, userId: number) {
    const [[f], [c]] = await Promise.all([
      tx.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId)),
      tx.select({ n: count() }).from(comments).where(eq(comments.userId, userId)),
    ]);
    return { favoriteCount: f.n, commentCount: c.n };
  }

  // ---------------- scores ----------------
  /** Sets the user's score and answers the document's new average (rounded) and number of scores. */
  async upsertScore(tx: Tx, documentId: number, userId: number, score: number) {
    await tx
      .insert(documentScores)
      .values({ documentId, userId, score })
      .onConflictDoUpdate({ target: [documentScores.documentId, documentScores.userId], set: { score } });
    const [r] = await tx
      .select({ avg: avg(documentScores.score), n: count() })
      .from(documentScores)
      .where(eq(documentScores.documentId, documentId));
    return { score: r.avg === null ? 300 : Math.round(Number(r.avg)), count: r.n };
  }
  async myScore(documentId: number, userId: number) {
    const r = await this.db
      .select({ score: documentScores.score })
      .from(documentScores)
      .where(and(eq(documentScores.documentId, documentId), eq(documentScores.userId, userId)));
    return r[0]?.score ?? 0;
  }

  // ---------------- comments ----------------
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
  async lastCommentAt(tx: Tx, userId: number): Promise<Date | undefined> {
    const r = await tx.select({ at: comments.createdAt }).from(comments).where(eq(comments.userId, userId)).orderBy(desc(comments.id)).limit(1);
    return r[0]?.at;
  }
  async updateComment(tx: Tx, id: number, patch: { content?: string; status?: number }) {
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length) await tx.update(comments).set(set).where(eq(comments.id, id));
  }
  async setCommentStatus(ids: number[], status: number) {
    return this.db.update(comments).set({ status }).where(inArray(comments.id, ids)).returning();
  }
  async deleteComments(tx: Tx, ids: number[]) {
    return tx
      .delete(comments)
      .where(or(inArray(comments.id, ids), inArray(comments.parentId, ids)))
      .returning();
  }
  /** Approved replies per top-level comment of these items. */
  async refreshReplyCounts(tx: Exec, type: number, targetIds: number[]) {
    if (!targetIds.length) return;
    const list = sql.join(
      [...new Set(targetIds)].map((i) => sql`${i}`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE comments p SET comment_count = (SELECT count(*) FROM comments c WHERE c.parent_id = p.id AND c.status = 1) WHERE p.type = ${type} AND p.document_id IN (${list}) AND p.parent_id = 0`,
    );
  }
  async listComments(q: CommentListFilter) {
    const conds: SQL[] = [];
    if (q.document_id) conds.push(eq(comments.documentId, q.document_id));
    if (q.type?.length) conds.push(inArray(comments.type, q.type));
    if (q.status?.length) conds.push(inArray(comments.status, q.status));
    if (q.user_id?.length) conds.push(inArray(comments.userId, q.user_id));
    if (q.parent_id?.length) conds.push(inArray(comments.parentId, q.parent_id));
    if (q.wd) conds.push(ilike(comments.content, likePattern(q.wd)));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(comments)
        .where(where)
        .orderBy(desc(comments.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(comments).where(where),
    ]);
    return { rows, total: n };
  }

  // ---------------- reports ----------------
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
    if (q.wd) conds.push(ilike(reports.documentTitle, likePattern(q.wd)));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(reports)
        .where(where)
        .orderBy(desc(reports.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(reports).where(where),
    ]);
    return { rows, total: n };
  }

  // ---------------- when an item is purged ----------------
  async deleteForTargets(type: number, ids: number[]) {
    if (!ids.length) return;
    await this.db.delete(comments).where(and(eq(comments.type, type), inArray(comments.documentId, ids)));
    await this.db.delete(favorites).where(and(eq(favorites.type, type), inArray(favorites.documentId, ids)));
  }
}
