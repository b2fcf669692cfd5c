import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import { groupPermissions, groups, permissions, userGroups } from '../../db/schema';

export type GroupRow = typeof groups.$inferSelect;

/**
 * Groups, who belongs to them (`user_groups`) and what they may do (`group_permissions`, `permissions`). The user
 * module owns these tables; the back office changes them through `GroupService`.
 */
export class GroupRepo {
  constructor(private readonly db: Db) {}

  // ---- membership ----
  /**
   * Puts a user in `groupIds`; `replace`: out of every other group. Each group's `user_count` is recounted in the
   * same transaction (the only place membership changes).
   */
  async setMembership(tx: Tx, userId: number, groupIds: number[], replace: boolean): Promise<void> {
    if (replace) await tx.delete(userGroups).where(eq(userGroups.userId, userId));
    if (groupIds.length)
      await tx
        .insert(userGroups)
        .values(groupIds.map((groupId) => ({ userId, groupId })))
        .onConflictDoNothing();
    await this.recount(tx, replace ? undefined : groupIds);
  }
  /** Recounts the members of `groupIds` (every group when left out: after a removal). */
  async recount(tx: Db | Tx, groupIds?: number[]): Promise<void> {
    if (groupIds && !groupIds.length) return;
    await tx
      .update(groups)
      .set({ userCount: sql`(select count(*) from ${userGroups} where ${userGroups.groupId} = ${groups.id})` })
      .where(groupIds ? inArray(groups.id, groupIds) : undefined);
  }
  defaultGroupIds(tx: Db | Tx = this.db) {
    return tx.select({ id: groups.id }).from(groups).where(eq(groups.isDefault, true));
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
  /** The ids of the users in any of `groupIds` (a subquery for the user list). */
  membersOf(groupIds: number[]) {
    return this.db.select({ id: userGroups.userId }).from(userGroups).where(inArray(userGroups.groupId, groupIds));
  }

  // ---- groups ----
  all(wd?: string) {
    return this.db
      .select()
      .from(groups)
      .where(wd ? ilike(groups.title, `%${wd}%`) : undefined)
      .orderBy(asc(groups.sort), asc(groups.id));
  }
  find(id: number) {
    return this.db.query.groups.findFirst({ where: eq(groups.id, id) });
  }
  async insert(values: typeof groups.$inferInsert) {
    const [row] = await this.db.insert(groups).values(values).returning();
    return row;
  }
  async update(tx: Tx, id: number, patch: Partial<typeof groups.$inferInsert>) {
    const [row] = await tx.update(groups).set(patch).where(eq(groups.id, id)).returning();
    return row;
  }
  /** A group's row, locked for the rest of `tx`: its default flag and its permissions change one at a time. */
  lock(tx: Tx, id: number) {
    return tx
      .select()
      .from(groups)
      .where(eq(groups.id, id))
      .for('update')
      .then((r) => r[0]);
  }
  async delete(ids: number[]) {
    await this.db.delete(groups).where(inArray(groups.id, ids));
  }

  // ---- permissions ----
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
  async permissionIds(groupId: number, tx: Db | Tx = this.db): Promise<number[]> {
    const rows = await tx.select({ id: groupPermissions.permissionId }).from(groupPermissions).where(eq(groupPermissions.groupId, groupId));
    return rows.map((r) => r.id);
  }
  async setPermissions(tx: Tx, groupId: number, ids: number[]) {
    await tx.delete(groupPermissions).where(eq(groupPermissions.groupId, groupId));
    if (ids.length)
      await tx
        .insert(groupPermissions)
        .values(ids.map((permissionId) => ({ groupId, permissionId })))
        .onConflictDoNothing();
  }
  async existingPermissionIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    return (await this.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids))).map((r) => r.id);
  }
  findPermission(id: number) {
    return this.db.query.permissions.findFirst({ where: eq(permissions.id, id) });
  }
  async updatePermission(id: number, title: string, description: string) {
    const [row] = await this.db.update(permissions).set({ title, description }).where(eq(permissions.id, id)).returning();
    return row;
  }
}
