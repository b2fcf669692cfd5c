import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { smsLogs } from '../../db/schema';

export type SmsLogRow = typeof smsLogs.$inferSelect;

export class SmsRepo {
  constructor(private readonly db: Db) {}

  async insertLog(tx: Db | Tx, values: typeof smsLogs.$inferInsert): Promise<SmsLogRow> {
    const [row] = await tx.insert(smsLogs).values(values).returning();
    return row;
  }

  async finishLog(id: number, status: number, error: string, response: string): Promise<void> {
    await this.db
      .update(smsLogs)
      .set({ status, error: error.slice(0, 1000), response: response.slice(0, 4000) })
      .where(eq(smsLogs.id, id));
  }

  async list(q: { page: number; size: number; mobile?: string; status?: number[]; purpose?: number[] }) {
    const conds: SQL[] = [];
    if (q.mobile) conds.push(eq(smsLogs.mobile, q.mobile));
    if (q.status?.length) conds.push(inArray(smsLogs.status, q.status));
    if (q.purpose?.length) conds.push(inArray(smsLogs.purpose, q.purpose));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(smsLogs)
        .where(where)
        .orderBy(desc(smsLogs.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(smsLogs).where(where),
    ]);
    return { rows, total: n };
  }

  async delete(ids: number[]): Promise<void> {
    await this.db.delete(smsLogs).where(inArray(smsLogs.id, ids));
  }
}
