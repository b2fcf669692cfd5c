import { and, count, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { punishments } from '../../db/schema';

export class PunishmentRepo {
  constructor(private readonly db: Db) {}

  async insertPunishments(rows: (typeof punishments.$inferInsert)[]) {
    if (rows.length) await this.db.insert(punishments).values(rows);
  }
  async updatePunishment(id: number, patch: Partial<typeof punishments.$inferInsert>) {
    const [row] = await this.db.update(punishments).set(patch).where(eq(punishments.id, id)).returning();
    return row;
  }
  findPunishment(id: number) {
    return this.db.query.punishments.findFirst({ where: eq(punishments.id, id) });
  }
  punishmentsByIds(ids: number[]) {
    return this.db.select().from(punishments).where(inArray(punishments.id, ids));
  }
  async listPunishments(q: { page: number; size: number; user_id?: number[]; type?: number[]; enable?: boolean }) {
    const conds: SQL[] = [];
    if (q.user_id?.length) conds.push(inArray(punishments.userId, q.user_id));
    if (q.type?.length) conds.push(inArray(punishments.type, q.type));
    if (q.enable !== undefined) conds.push(eq(punishments.enable, q.enable));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(punishments)
        .where(where)
        .orderBy(desc(punishments.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(punishments).where(where),
    ]);
    return { rows, total: n };
  }
  /** Active punishment types of a user right now. */
  async activePunishmentTypes(userId: number, now = new Date()): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ type: punishments.type })
      .from(punishments)
      .where(
        and(
          eq(punishments.userId, userId),
          eq(punishments.enable, true),
          lte(punishments.startTime, now),
          or(isNull(punishments.endTime), gt(punishments.endTime, now)),
        ),
      );
    return rows.map((r) => r.type);
  }
}
