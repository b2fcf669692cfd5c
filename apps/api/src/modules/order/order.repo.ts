import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { Db, Exec, Tx } from '../../db/client';
import { orderEvents, orderItems, orders, users, wechatpayCertificates } from '../../db/schema';
import { anyOf, likePattern } from '../../lib/sql';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export interface OrderFilter {
  wd?: string;
  status?: number[];
  orderType?: number[];
  paymentType?: number[];
  userId?: number[];
  from?: Date;
  to?: Date;
  paidAfterClose?: boolean;
}

/** SQL of orders, their lines and their event log; nothing else. */
export class OrderRepo {
  constructor(private readonly db: Db) {}

  async insert(tx: Tx, order: typeof orders.$inferInsert, items: Omit<typeof orderItems.$inferInsert, 'orderId'>[]): Promise<OrderRow> {
    const [row] = await tx.insert(orders).values(order).returning();
    if (items.length) await tx.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row.id })));
    return row;
  }

  async addEvent(exec: Exec, e: typeof orderEvents.$inferInsert): Promise<void> {
    await exec.insert(orderEvents).values(e);
  }

  /**
   * The order of that number; `withDeleted`: also one an administrator deleted (soft), which a vendor's payment
   * still reaches — every other reader treats a deleted order as gone.
   */
  async byNo(orderNo: string, exec: Exec = this.db, withDeleted = false): Promise<OrderRow | undefined> {
    const [row] = await exec
      .select()
      .from(orders)
      .where(and(eq(orders.orderNo, orderNo), withDeleted ? undefined : isNull(orders.deletedAt)))
      .limit(1);
    return row;
  }

  /** The order's row, locked for the rest of `tx`: every change of an order's state goes through this lock. */
  async lockByNo(tx: Tx, orderNo: string, withDeleted = false): Promise<OrderRow | undefined> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderNo, orderNo), withDeleted ? undefined : isNull(orders.deletedAt)))
      .for('update');
    return row;
  }

  async update(tx: Exec, id: number, patch: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
    const [row] = await tx.update(orders).set(patch).where(eq(orders.id, id)).returning();
    return row;
  }

  async itemsOf(orderIds: number[], exec: Exec = this.db): Promise<Map<number, OrderItemRow[]>> {
    const map = new Map<number, OrderItemRow[]>();
    if (!orderIds.length) return map;
    const rows = await exec.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
    for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
    return map;
  }

  async usernameOf(userId: number): Promise<string | undefined> {
    const [r] = await this.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    return r?.username;
  }

  eventsOf(orderId: number): Promise<OrderEventRow[]> {
    return this.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  }

  async countPending(tx: Exec, userId: number): Promise<number> {
    const [r] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 1), isNull(orders.deletedAt)));
    return r.n;
  }

  private where(f: OrderFilter): SQL | undefined {
    const conds: SQL[] = [isNull(orders.deletedAt)];
    if (f.wd) {
      const p = likePattern(f.wd);
      conds.push(anyOf(ilike(orders.orderNo, p), ilike(orders.title, p), ilike(users.username, p)));
    }
    if (f.status?.length) conds.push(inArray(orders.status, f.status));
    if (f.orderType?.length) conds.push(inArray(orders.orderType, f.orderType));
    if (f.paymentType?.length) conds.push(inArray(orders.paymentType, f.paymentType));
    if (f.userId?.length) conds.push(inArray(orders.userId, f.userId));
    if (f.from) conds.push(gte(orders.createdAt, f.from));
    if (f.to) conds.push(lte(orders.createdAt, f.to));
    if (f.paidAfterClose !== undefined) conds.push(eq(orders.paidAfterClose, f.paidAfterClose));
    return and(...conds);
  }

  /** One page of orders (newest first) with the buyer's name, the size of the filtered set and its sums. */
  async list(f: OrderFilter, page: number, size: number) {
    const where = this.where(f);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({ order: orders, username: users.username })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(desc(orders.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db
        .select({
          count: count(),
          amount: sql<string>`coalesce(sum(${orders.amount}), 0)`,
          paidCount: sql<string>`count(*) filter (where ${orders.status} = 2)`,
          paidAmount: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.status} = 2), 0)`,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where),
    ]);
    return {
      rows,
      totals: { count: totals.count, amount: Number(totals.amount), paid_count: Number(totals.paidCount), paid_amount: Number(totals.paidAmount) },
    };
  }

  /** Soft-deletes closed orders among `ids`; returns how many. */
  async softDeleteClosed(tx: Tx, ids: number[]): Promise<OrderRow[]> {
    return tx
      .update(orders)
      .set({ deletedAt: new Date() })
      .where(and(inArray(orders.id, ids), eq(orders.status, 3), isNull(orders.deletedAt)))
      .returning();
  }

  /** Order numbers of pending orders whose time is up. */
  async expiredPending(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ no: orders.orderNo })
      .from(orders)
      .where(and(eq(orders.status, 1), lt(orders.expireAt, now), isNull(orders.deletedAt)))
      .orderBy(orders.expireAt)
      .limit(limit);
    return rows.map((r) => r.no);
  }

  /** Paid orders per calendar day (in `timeZone`) since `since`: money taken in, whatever was bought. */
  async paidPerDay(since: Date, timeZone: string): Promise<{ date: string; amount: number; count: number }[]> {
    const day = sql<string>`to_char((${orders.paidAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ date: day, amount: sum(orders.amount), count: count() })
      .from(orders)
      .where(and(eq(orders.status, 2), gte(orders.paidAt, since), sql`${orders.paymentType} <> 6`))
      // by position: the time zone is a bound parameter, and PostgreSQL does not see two bindings as one expression
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return rows.map((r) => ({ date: r.date, amount: Number(r.amount ?? 0), count: r.count }));
  }

  certificates() {
    return this.db.select().from(wechatpayCertificates).orderBy(desc(wechatpayCertificates.expireAt));
  }

  async saveCertificates(certs: { serial_no: string; pem: string; effective_time: string; expire_time: string }[]): Promise<void> {
    const date = (s: string) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s) : null);
    for (const c of certs) {
      const v = { serialNo: c.serial_no, pem: c.pem, effectiveAt: date(c.effective_time), expireAt: date(c.expire_time) };
      await this.db.insert(wechatpayCertificates).values(v).onConflictDoUpdate({ target: wechatpayCertificates.serialNo, set: v });
    }
  }
}
