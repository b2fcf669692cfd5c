import { and, count, eq, inArray, lt, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A table spread with `taskColumns()` (db/schema/_task.ts): at least its status and its last change. */
export type TaskTableShape = PgTable & { status: PgColumn; updatedAt: PgColumn };

/** Which statuses a move takes rows from: these, or every status but these. */
export type StatusSet = readonly number[] | { not: readonly number[] };

const inStatus = (column: PgColumn, set: StatusSet): SQL => ('not' in set ? notInArray(column, [...set.not]) : inArray(column, [...set]));

/** The admin list's status filter: `status IN (…)`, none (every status) when the filter is missing or empty. */
export const statusFilter = (column: PgColumn, status?: readonly number[]): SQL | undefined => (status?.length ? inArray(column, [...status]) : undefined);

/**
 * One page of an admin list and the total under the same filter, read at once: `rows` is the list query (with its
 * joins, filter and order) made `$dynamic()`, `total` its `count()`.
 */
export async function pageOf<S extends PgSelect>(rows: S, total: PromiseLike<{ n: number }[]>, q: { page: number; size: number }) {
  const [list, [{ n }]] = await Promise.all([rows.limit(q.size).offset((q.page - 1) * q.size), total]);
  return { rows: list, total: n };
}

/**
 * The queue SQL every task table repeats, over its `taskColumns()`: keys by status, moves from some statuses to
 * another (a claim when one worker must win, a retry, a watchdog failing the stuck ones), stuck rows, counts per
 * status. `K` is the table's key (a file hash, a document id, a row id); the repos keep their own SQL for the rest.
 */
export class TaskTable<T extends TaskTableShape, K extends string | number> {
  /** the table as a select's source (drizzle's `from` does not take a generic table) */
  private readonly source: PgTable;

  constructor(
    private readonly db: Db,
    private readonly table: T,
    private readonly key: PgColumn,
  ) {
    this.source = table;
  }

  /** Keys of the rows in one of these statuses: of `among` only when given, untouched since `olderThan`, at most `limit`. */
  async keysIn(status: StatusSet, opts: { among?: readonly K[]; olderThan?: Date; limit?: number } = {}): Promise<K[]> {
    if (opts.among && !opts.among.length) return [];
    const query = this.db
      .select({ key: this.key })
      .from(this.source)
      .where(
        and(
          inStatus(this.table.status, status),
          opts.among ? inArray(this.key, [...opts.among]) : undefined,
          opts.olderThan ? lt(this.table.updatedAt, opts.olderThan) : undefined,
        ),
      )
      .$dynamic();
    const rows = await (opts.limit ? query.limit(opts.limit) : query);
    return rows.map((r) => r.key as K);
  }

  /** Takes one task (`from` pending → `to` working, with the patch): only one caller gets the row back. */
  async claim(key: K, patch: PgUpdateSetSource<T> = {}, from: StatusSet = [0], to = 1): Promise<T['$inferSelect'] | undefined> {
    const rows = await this.db
      .update(this.table)
      .set({ ...patch, status: to })
      .where(and(eq(this.key, key), inStatus(this.table.status, from)))
      .returning();
    return (rows as T['$inferSelect'][])[0];
  }

  /**
   * Rows of `keys` ('all': every row) in one of the `from` statuses go to `to` with the patch, in one UPDATE, so of two
   * callers only one moves a row (a claim when `to` is a working state). `olderThan`: only rows untouched since then
   * (a watchdog). Returns the keys that moved.
   */
  async move(keys: readonly K[] | 'all', from: StatusSet, to: number, patch: PgUpdateSetSource<T> = {}, olderThan?: Date): Promise<K[]> {
    if (keys !== 'all' && !keys.length) return [];
    const rows = await this.db
      .update(this.table)
      .set({ ...patch, status: to })
      .where(
        and(
          keys === 'all' ? undefined : inArray(this.key, [...keys]),
          inStatus(this.table.status, from),
          olderThan ? lt(this.table.updatedAt, olderThan) : undefined,
        ),
      )
      .returning({ key: this.key });
    return (rows as { key: unknown }[]).map((r) => r.key as K);
  }

  /** Whole rows in `status` whose `column` (default: the last change) is older than `before`: a worker died or hangs. */
  async stale(status: number, before: Date, column: PgColumn = this.table.updatedAt): Promise<T['$inferSelect'][]> {
    const rows = await this.db
      .select()
      .from(this.source)
      .where(and(inStatus(this.table.status, [status]), lt(column, before)));
    return rows;
  }

  /** How many rows per status (a status without rows is missing). */
  async counts(): Promise<Record<number, number>> {
    const rows = await this.db.select({ status: this.table.status, n: count() }).from(this.source).groupBy(this.table.status);
    return Object.fromEntries(rows.map((r) => [r.status as number, r.n]));
  }

  /** How many rows are in one of these statuses. */
  async countIn(status: StatusSet): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(this.source).where(inStatus(this.table.status, status));
    return r.n;
  }
}
