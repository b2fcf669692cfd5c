import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userOauths, wechatScans } from '../../db/schema';

export type UserOAuthRow = typeof userOauths.$inferSelect;
export type WechatScanRow = typeof wechatScans.$inferSelect;

export class OAuthRepo {
  constructor(private readonly db: Db) {}

  findBinding(type: string, openid: string) {
    return this.db.query.userOauths.findFirst({ where: and(eq(userOauths.type, type), eq(userOauths.openid, openid)) });
  }

  /** A binding of the same person (same unionid) through another of the given WeChat/QQ apps. */
  findByUnionid(types: string[], unionid: string) {
    return this.db.query.userOauths.findFirst({
      where: and(inArray(userOauths.type, types), eq(userOauths.unionid, unionid), ne(userOauths.unionid, '')),
      orderBy: [userOauths.id],
    });
  }

  findUserBindingOfType(userId: number, type: string) {
    return this.db.query.userOauths.findFirst({ where: and(eq(userOauths.userId, userId), eq(userOauths.type, type)) });
  }

  async insertBinding(values: typeof userOauths.$inferInsert): Promise<UserOAuthRow> {
    const [row] = await this.db.insert(userOauths).values(values).returning();
    return row;
  }

  async updateBinding(id: number, values: Partial<typeof userOauths.$inferInsert>): Promise<void> {
    await this.db.update(userOauths).set(values).where(eq(userOauths.id, id));
  }

  listForUser(userId: number) {
    return this.db.select().from(userOauths).where(eq(userOauths.userId, userId)).orderBy(desc(userOauths.id));
  }

  async deleteForUser(id: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(userOauths)
      .where(and(eq(userOauths.id, id), eq(userOauths.userId, userId)))
      .returning({ id: userOauths.id });
    return rows.length > 0;
  }

  async countForUser(userId: number): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userOauths)
      .where(eq(userOauths.userId, userId));
    return r.n;
  }

  // ---- mini-program scan login ----

  async insertScan(code: string, expiresAt: Date): Promise<WechatScanRow> {
    const [row] = await this.db.insert(wechatScans).values({ code, expiresAt }).returning();
    return row;
  }

  findScan(code: string) {
    return this.db.query.wechatScans.findFirst({ where: eq(wechatScans.code, code) });
  }

  /** waiting → confirmed, only while unexpired; false if someone else got there first or it expired. */
  async confirmScan(code: string, userId: number, openid: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(wechatScans)
      .set({ status: 'confirmed', userId, openid })
      .where(and(eq(wechatScans.code, code), eq(wechatScans.status, 'waiting'), gt(wechatScans.expiresAt, now)))
      .returning({ code: wechatScans.code });
    return rows.length > 0;
  }

  /** confirmed → consumed: the one poll that flips it gets the user id (and so the token). */
  async consumeScan(code: string, notExpiredBefore: Date): Promise<number | null> {
    const rows = await this.db
      .update(wechatScans)
      .set({ status: 'consumed' })
      .where(and(eq(wechatScans.code, code), eq(wechatScans.status, 'confirmed'), gt(wechatScans.expiresAt, notExpiredBefore)))
      .returning({ userId: wechatScans.userId });
    return rows[0]?.userId ?? null;
  }

  async purgeScans(before: Date): Promise<void> {
    await this.db.delete(wechatScans).where(sql`${wechatScans.expiresAt} < ${before}`);
  }
}
