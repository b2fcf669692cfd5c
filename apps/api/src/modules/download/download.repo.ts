import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Exec, Tx } from '../../db/client';
import { documentPurchases, downloads } from '../../db/schema';

/** SQL of the download log; nothing else. */
export class DownloadRepo {
  constructor(private readonly db: Db) {}

  async insert(tx: Tx, v: typeof downloads.$inferInsert) {
    const [row] = await tx.insert(downloads).values(v).returning();
    return row;
  }
  /** A transaction-scoped lock per client address (downloads of one address are counted one at a time). */
  async lockAddress(tx: Tx, ip: string) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`download-ip:${ip}`}))`);
  }

  async countSince(by: { userId?: number; ip?: string }, since: Date, tx: Exec = this.db) {
    const conds: SQL[] = [gte(downloads.createdAt, since)];
    if (by.userId !== undefined) conds.push(eq(downloads.userId, by.userId));
    if (by.ip !== undefined) conds.push(eq(downloads.ip, by.ip));
    const [r] = await tx
      .select({ n: count() })
      .from(downloads)
      .where(and(...conds));
    return r.n;
  }
  async lastPaid(userId: number, documentId: number, tx: Exec = this.db) {
    const r = await tx
      .select()
      .from(downloads)
      .where(and(eq(downloads.userId, userId), eq(downloads.documentId, documentId), eq(downloads.isPay, true)))
      .orderBy(desc(downloads.id))
      .limit(1);
    return r[0];
  }
  /** Of these documents, those the user made a paid download of (since `since`, when given). */
  async paidAmong(userId: number, documentIds: number[], since?: Date): Promise<Set<number>> {
    if (!documentIds.length) return new Set();
    const conds: SQL[] = [eq(downloads.userId, userId), inArray(downloads.documentId, documentIds), eq(downloads.isPay, true)];
    if (since) conds.push(gte(downloads.createdAt, since));
    const rows = await this.db
      .selectDistinct({ id: downloads.documentId })
      .from(downloads)
      .where(and(...conds));
    return new Set(rows.map((r) => r.id));
  }
  async listOfUser(userId: number, page: number, size: number) {
    const where = eq(downloads.userId, userId);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(downloads)
        .where(where)
        .orderBy(desc(downloads.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(downloads).where(where),
    ]);
    return { rows, total: n };
  }

  /** Records a bought document; a second purchase of the same document by the same buyer changes nothing. */
  async insertPurchase(tx: Tx, v: typeof documentPurchases.$inferInsert): Promise<boolean> {
    const rows = await tx.insert(documentPurchases).values(v).onConflictDoNothing().returning({ id: documentPurchases.id });
    return rows.length > 0;
  }
  /** Of these documents, those the user bought through an order. */
  async purchasedAmong(userId: number, documentIds: number[]): Promise<Set<number>> {
    if (!documentIds.length) return new Set();
    const rows = await this.db
      .select({ id: documentPurchases.documentId })
      .from(documentPurchases)
      .where(and(eq(documentPurchases.userId, userId), inArray(documentPurchases.documentId, documentIds)));
    return new Set(rows.map((r) => r.id));
  }
  async purchased(userId: number, documentId: number, tx: Exec = this.db): Promise<boolean> {
    const r = await tx
      .select({ id: documentPurchases.id })
      .from(documentPurchases)
      .where(and(eq(documentPurchases.userId, userId), eq(documentPurchases.documentId, documentId)))
      .limit(1);
    return r.length > 0;
  }
}
