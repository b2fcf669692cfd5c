import { and, count, desc, eq, gt, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { anyOf, likePattern } from '../../lib/sql';
import { revokedTokens, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The `users` table (and the revoked tokens): the user module owns it; other modules go through `UserService`. */
export class UserRepo {
  constructor(private readonly db: Db) {}

  findByIds(ids: number[]): Promise<UserRow[]> {
    return ids.length
      ? this.db
          .select()
          .from(users)
          .where(inArray(users.id, [...new Set(ids)]))
      : Promise.resolve([]);
  }

  async setCounts(tx: Db | Tx, userId: number, counts: Partial<Pick<UserRow, 'docCount' | 'articleCount' | 'favoriteCount' | 'commentCount'>>) {
    if (Object.keys(counts).length) await tx.update(users).set(counts).where(eq(users.id, userId));
  }

  findById(id: number, tx: Db | Tx = this.db) {
    return tx.query.users.findFirst({ where: eq(users.id, id) });
  }

  findByLogin(login: string) {
    const l = login.toLowerCase();
    return this.db.query.users.findFirst({
      where: or(
        eq(sql`lower(${users.username})`, l),
        and(sql`${users.email} <> ''`, eq(sql`lower(${users.email})`, l)),
        and(sql`${users.mobile} <> ''`, eq(users.mobile, login)),
      ),
    });
  }

  findByUsername(username: string) {
    return this.db.query.users.findFirst({ where: eq(sql`lower(${users.username})`, username.toLowerCase()) });
  }

  findByMobile(mobile: string) {
    return this.db.query.users.findFirst({ where: and(sql`${users.mobile} <> ''`, eq(users.mobile, mobile)) });
  }

  findByEmail(email: string) {
    return this.db.query.users.findFirst({ where: and(sql`${users.email} <> ''`, eq(sql`lower(${users.email})`, email.toLowerCase())) });
  }

  async revokeTokens(id: number): Promise<void> {
    await this.db.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.id, id));
  }

  async setPassword(id: number, hash: string, validAfter: Date): Promise<void> {
    await this.db.update(users).set({ password: hash, tokensValidAfter: validAfter }).where(eq(users.id, id));
  }

  async usernameTaken(username: string): Promise<boolean> {
    const r = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    return r.length > 0;
  }

  async emailTaken(email: string): Promise<boolean> {
    const r = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return r.length > 0;
  }

  async insert(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row;
  }

  async update(id: number, patch: Partial<typeof users.$inferInsert>) {
    const [row] = await this.db.update(users).set(patch).where(eq(users.id, id)).returning();
    return row;
  }

  /** A user's row, locked for the rest of `tx` (credits and VIP change one at a time). */
  lock(tx: Tx, id: number) {
    return tx
      .select()
      .from(users)
      .where(eq(users.id, id))
      .for('update')
      .then((r) => r[0]);
  }

  async setVip(tx: Tx, userId: number, expireAt: Date | null) {
    await tx.update(users).set({ vipExpireAt: expireAt }).where(eq(users.id, userId));
  }

  async listVip(q: { page: number; size: number; wd?: string; expired: boolean }) {
    const conds: SQL[] = [q.expired ? sql`${users.vipExpireAt} IS NOT NULL` : gt(users.vipExpireAt, new Date())];
    if (q.wd) conds.push(ilike(users.username, likePattern(q.wd)));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.vipExpireAt))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: n };
  }

  async delete(tx: Tx, ids: number[]) {
    await tx.delete(users).where(inArray(users.id, ids));
  }

  async recordLogin(id: number, ip: string): Promise<void> {
    await this.db.update(users).set({ loginAt: new Date(), lastLoginIp: ip }).where(eq(users.id, id));
  }

  async count(): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(users);
    return r.n;
  }

  /** `byContact`: the keyword also matches email, mobile and real name (administrators only). */
  /** `inGroups`: the ids of the users in the asked groups (`GroupRepo.membersOf`). */
  async list(q: { page: number; size: number; wd?: string; id?: number[]; sort?: string }, byContact: boolean, inGroups?: SQLWrapper) {
    const conds: SQL[] = [];
    if (q.wd) {
      const like = likePattern(q.wd);
      conds.push(
        byContact
          ? anyOf(ilike(users.username, like), ilike(users.email, like), ilike(users.mobile, like), ilike(users.realname, like))
          : ilike(users.username, like),
      );
    }
    if (q.id?.length) conds.push(inArray(users.id, q.id));
    if (inGroups) conds.push(inArray(users.id, inGroups));
    const where = conds.length ? and(...conds) : undefined;
    const order = q.sort === 'credit_count' ? desc(users.creditCount) : q.sort === 'doc_count' ? desc(users.docCount) : desc(users.id);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(order)
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: n };
  }

  async revoke(jti: string, userId: number, expiresAt: Date): Promise<void> {
    await this.db.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing();
  }

  async isRevoked(jti: string): Promise<boolean> {
    const r = await this.db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1);
    return r.length > 0;
  }

  async purgeExpiredRevocations(now = new Date()): Promise<number> {
    const r = await this.db
      .delete(revokedTokens)
      .where(sql`${revokedTokens.expiresAt} < ${now}`)
      .returning({ jti: revokedTokens.jti });
    return r.length;
  }
}
