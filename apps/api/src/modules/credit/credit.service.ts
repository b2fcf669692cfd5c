import { and, count, desc, eq, gte, like, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { creditLedger, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { prefixPattern } from '../../lib/sql';

export interface CreditChange {
  userId: number;
  delta: number;
  reason: string;
  refType?: string;
  refId?: string | number;
  remark?: string;
}

/**
 * The only way credits move: inside a transaction, the user row is locked, the balance checked, a ledger row
 * appended and the balance updated. The ledger therefore always sums to users.credit_count.
 */
export class CreditService {
  constructor(private readonly db: Db) {}

  /**
   * `clamp`: a penalty takes at most what the user has (deletion penalties), instead of failing.
   */
  async change(tx: Tx, c: CreditChange, insufficientMessage = '积分不足', clamp = false): Promise<number> {
    const [row] = await tx.select({ credit: users.creditCount }).from(users).where(eq(users.id, c.userId)).for('update');
    if (!row) throw new AppError('not_found', '用户不存在');
    if (clamp && row.credit + c.delta < 0) c = { ...c, delta: -row.credit };
    if (c.delta === 0) return row.credit;
    const balance = row.credit + c.delta;
    if (balance < 0) throw new AppError('insufficient_credits', insufficientMessage);
    await tx.insert(creditLedger).values({
      userId: c.userId,
      delta: c.delta,
      balanceAfter: balance,
      reason: c.reason,
      refType: c.refType ?? '',
      refId: c.refId === undefined ? '' : String(c.refId),
      remark: c.remark ?? '',
    });
    await tx
      .update(users)
      .set({ creditCount: sql`${users.creditCount} + ${c.delta}` })
      .where(eq(users.id, c.userId));
    return balance;
  }

  /**
   * Locks a user's row for the rest of `tx`: serialises a user's own money and credit operations, and their
   * actions limited by time (the comment interval).
   */
  async lock(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  /**
   * Ledger rows of one reason, optionally for one beneficiary, one reference (`refId`) or references starting with
   * `refIdPrefix`, since a moment: award limits count what was paid, not rows that can be deleted and made again.
   */
  async countEntries(
    q: { reason: string; userId?: number; refType?: string; refId?: string; refIdPrefix?: string; since?: Date },
    tx: Db | Tx = this.db,
  ): Promise<number> {
    const conds: SQL[] = [eq(creditLedger.reason, q.reason)];
    if (q.userId !== undefined) conds.push(eq(creditLedger.userId, q.userId));
    if (q.refType !== undefined) conds.push(eq(creditLedger.refType, q.refType));
    if (q.refId !== undefined) conds.push(eq(creditLedger.refId, q.refId));
    if (q.refIdPrefix !== undefined) conds.push(like(creditLedger.refId, prefixPattern(q.refIdPrefix)));
    if (q.since) conds.push(gte(creditLedger.createdAt, q.since));
    const [r] = await tx
      .select({ n: count() })
      .from(creditLedger)
      .where(and(...conds));
    return r.n;
  }

  /** A user's ledger rows, newest first, one page of them, and how many there are. */
  async entries(userId: number, page: number, size: number) {
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

  /** Runs `change` in its own transaction. */
  async apply(c: CreditChange, insufficientMessage?: string): Promise<number> {
    return this.db.transaction((tx) => this.change(tx, c, insufficientMessage));
  }
}
