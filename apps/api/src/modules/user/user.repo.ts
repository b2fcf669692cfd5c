import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { anyOf, likePattern } from '../../lib/sql';
import { groupPermissions, groups, permissions, revokedTokens, userGroups, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;

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

  async addToGroups(tx: Tx, userId: number, groupIds: number[]): Promise<void> {
    if (!groupIds.length) return;
    await tx
      .insert(userGroups)
      .values(groupIds.map((groupId) => ({ userId, groupId })))
      .onConflictDoNothing();
    await tx
      .update(groups)
      .set({ userCount: sql`(select count(*) from ${userGroups} where ${userGroups.groupId} = ${groups.id})` })
      .where(inArray(groups.id, groupIds));
  }

  defaultGroupIds(tx: Db | Tx = this.db) {
    return tx.select({ id: groups.id }).from(groups).where(eq(groups.isDefault, true));
  }

  async recordLogin(id: number, ip: string): Promise<void> {
    await this.db.update(users).set({ loginAt: new Date(), lastLoginIp: ip }).where(eq(users.id, id));
  }

  async count(): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(users);
    return r.n;
  }

  /** `byContact`: the keyword also matches email, mobile and real name (administrators only). */
  async list(q: { page: number; size: number; wd?: string; id?: number[]; group_id?: number[]; sort?: string }, byContact: boolean) {
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
    if (q.group_id?.length)
      conds.push(inArray(users.id, this.db.select({ id: userGroups.userId }).from(userGroups).where(inArray(userGroups.groupId, q.group_id))));
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

  async groupIdsOf(userIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (!userIds.length) return map;
    const rows = await this.db.select().from(userGroups).where(inArray(userGroups.userId, userIds));
    for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.groupId]);
    return map;
  }

  groupsOf(userId: number) {
    return this.db
      .select({ g: groups })
      .from(groups)
      .innerJoin(userGroups, eq(userGroups.groupId, groups.id))
      .where(eq(userGroups.userId, userId))
      .orderBy(asc(groups.sort), asc(groups.id));
  }

  allGroups(wd?: string) {
    return this.db
      .select()
      .from(groups)
      .where(wd ? ilike(groups.title, `%${wd}%`) : undefined)
      .orderBy(asc(groups.sort), asc(groups.id));
  }

  /** Permission entries held by a user through groups. */
  permissionsOf(userId: number) {
    return this.db
      .selectDistinct({ p: permissions })
      .from(permissions)
      .innerJoin(groupPermissions, eq(groupPermissions.permissionId, permissions.id))
      .innerJoin(userGroups, eq(userGroups.groupId, groupPermissions.groupId))
      .where(eq(userGroups.userId, userId));
  }

  allPermissions(wd?: string) {
    const like = wd ? likePattern(wd) : undefined;
    return this.db
      .select()
      .from(permissions)
      .where(like ? or(ilike(permissions.title, like), ilike(permissions.path, like)) : undefined)
      .orderBy(asc(permissions.module), asc(permissions.id));
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
