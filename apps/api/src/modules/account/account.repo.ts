import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ArticleAudit, DocumentStatus, TargetType } from '@wenku/contracts';
import { aiQuotas, articles, creditLedger, documents, dynamics, signs, vipLogs } from '../../db/schema';

/** The item an activity entry is about. */
export interface DynamicAbout {
  type: number;
  id: number;
}

/**
 * The rule of the document page (`documents.views.visible`) and the article page (`articles.views.visible`), word for
 * word, as SQL over the feed's entries: not deleted, and not disabled, under review or rejected (documents) / approved
 * and not a draft (articles) unless the viewer is the author. An entry about no item passes.
 * *Exception to "repos touch their own tables":* the public feed reads documents' and articles' status, so that a
 * page of the feed is a page (filtering after the query would break paging and totals).
 */
const HIDDEN_DOCUMENT = sql.join(
  [DocumentStatus.Disabled, DocumentStatus.PendingReview, DocumentStatus.ReviewRejected].map((s) => sql`${s}`),
  sql`, `,
);
function itemVisible(viewerId: number | undefined): SQL {
  const docAuthor = viewerId === undefined ? sql`false` : sql`${documents.userId} = ${viewerId}`;
  const articleAuthor = viewerId === undefined ? sql`false` : sql`${articles.userId} = ${viewerId}`;
  const document = sql`EXISTS (SELECT 1 FROM ${documents} WHERE ${documents.id} = ${dynamics.targetId} AND ${documents.deletedAt} IS NULL
    AND (${documents.status} NOT IN (${HIDDEN_DOCUMENT}) OR ${docAuthor}))`;
  const article = sql`EXISTS (SELECT 1 FROM ${articles} WHERE ${articles.id} = ${dynamics.targetId} AND ${articles.deletedAt} IS NULL
    AND ((${articles.status} = ${ArticleAudit.Approved} AND NOT ${articles.isDraft}) OR ${articleAuthor}))`;
  return sql`(${dynamics.targetId} IS NULL
    OR (${dynamics.targetType} = ${TargetType.Document} AND ${document})
    OR (${dynamics.targetType} = ${TargetType.Article} AND ${article}))`;
}

export class AccountRepo {
  constructor(private readonly db: Db) {}

  // ---- sign-in ----
  async insertSign(tx: Tx, row: { userId: number; signAt: number; award: number; ip: string }) {
    const r = await tx.insert(signs).values(row).onConflictDoNothing().returning();
    return r[0];
  }
  findSign(userId: number, signAt: number) {
    return this.db.query.signs.findFirst({ where: and(eq(signs.userId, userId), eq(signs.signAt, signAt)) });
  }

  // ---- activity & credits ----
  async addDynamic(userId: number, type: number, content: string, about?: DynamicAbout, tx: Db | Tx = this.db) {
    await tx.insert(dynamics).values({ userId, type, content, targetType: about?.type ?? null, targetId: about?.id ?? null });
  }
  /**
   * A user's feed, newest first. `only`: the public view — these types, and of the entries about an item only those
   * whose item the viewer may see (`viewerId`: the author of a hidden item still sees entries about it).
   */
  async listDynamics(userId: number, page: number, size: number, only?: { types: number[]; viewerId?: number }) {
    const where = only ? and(eq(dynamics.userId, userId), inArray(dynamics.type, only.types), itemVisible(only.viewerId)) : eq(dynamics.userId, userId);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(dynamics)
        .where(where)
        .orderBy(desc(dynamics.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(dynamics).where(where),
    ]);
    return { rows, total: n };
  }
  async listCreditLogs(userId: number, page: number, size: number) {
    const where = eq(creditLedger.userId, userId);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(creditLedger)
        .where(where)
        .orderBy(desc(creditLedger.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(creditLedger).where(where),
    ]);
    return { rows, total: n };
  }

  // ---- VIP ----
  async addVipLog(tx: Tx, row: typeof vipLogs.$inferInsert) {
    await tx.insert(vipLogs).values(row);
  }
  // ---- AI quota ----
  findQuota(userId: number) {
    return this.db.query.aiQuotas.findFirst({ where: eq(aiQuotas.userId, userId) });
  }
  async upsertQuota(userId: number, patch: { dailyLimit?: number; extra?: number }) {
    await this.db
      .insert(aiQuotas)
      .values({ userId, ...patch })
      .onConflictDoUpdate({ target: aiQuotas.userId, set: patch });
  }

  /**
   * Counts one AI question for `day` if the user is under `limit` (a new day starts from zero), under the quota row's
   * lock inside `tx`; returns the count after, or null when the limit is reached.
   */
  async useQuota(tx: Tx, userId: number, day: string, limitOf: (row: { dailyLimit: number; extra: number }) => number): Promise<number | null> {
    await tx.insert(aiQuotas).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(aiQuotas).where(eq(aiQuotas.userId, userId)).for('update');
    const used = row.usedDay === day ? row.usedToday : 0;
    if (used >= limitOf(row)) return null;
    await tx
      .update(aiQuotas)
      .set({ usedDay: day, usedToday: used + 1, totalUsed: row.totalUsed + 1 })
      .where(eq(aiQuotas.userId, userId));
    return used + 1;
  }
  /** Gives back one question of `day` (the answer failed). */
  async refundQuota(tx: Tx, userId: number, day: string): Promise<void> {
    await tx
      .update(aiQuotas)
      .set({ usedToday: sql`greatest(${aiQuotas.usedToday} - 1, 0)`, totalUsed: sql`greatest(${aiQuotas.totalUsed} - 1, 0)` })
      .where(and(eq(aiQuotas.userId, userId), eq(aiQuotas.usedDay, day)));
  }
}
