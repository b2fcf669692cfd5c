import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PgTable, PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { likePattern } from '../lib/sql';

type TableWithId = PgTable & { id: PgColumn; sort?: PgColumn };

/** Plain CRUD for the simple tables (category, navigation, friend link, advertisement, banner). */
export class CrudRepo<T extends TableWithId> {
  constructor(
    private readonly db: Db,
    readonly table: T,
  ) {}

  async findById(id: number): Promise<T['$inferSelect'] | undefined> {
    // widened by annotation: drizzle's \`from\` cannot check a generic table
    const table: PgTable = this.table;
    const rows = await this.db.select().from(table).where(eq(this.table.id, id)).limit(1);
    return rows[0];
  }

  async insert(values: T['$inferInsert']): Promise<T['$inferSelect']> {
    const rows = await this.db.insert(this.table).values(values).returning();
    return (rows as T['$inferSelect'][])[0];
  }

  async update(id: number, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect'] | undefined> {
    const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (!Object.keys(defined).length) return this.findById(id);
    const rows = await this.db
      .update(this.table)
      .set(defined as never)
      .where(eq(this.table.id, id))
      .returning();
    return (rows as T['$inferSelect'][])[0];
  }

  async delete(ids: number[]): Promise<number> {
    const rows = await this.db.delete(this.table).where(inArray(this.table.id, ids)).returning({ id: this.table.id });
    return rows.length;
  }

  async list(opts: { where?: SQL[]; page?: number; size?: number; wdColumn?: PgColumn; wd?: string; order?: 'sort' | 'id' }) {
    const conds = [...(opts.where ?? [])];
    if (opts.wd && opts.wdColumn) conds.push(ilike(opts.wdColumn, likePattern(opts.wd)));
    const where = conds.length ? and(...conds) : undefined;
    const order = this.table.sort ? [desc(this.table.sort), asc(this.table.id)] : [desc(this.table.id)];
    const table: PgTable = this.table;
    let q = this.db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .$dynamic();
    if (opts.size) q = q.limit(opts.size).offset(((opts.page ?? 1) - 1) * opts.size);
    const [rows, [{ n }]] = await Promise.all([
      q,
      this.db
        .select({ n: count() })
        .from(this.table as PgTable)
        .where(where),
    ]);
    return { rows: rows as T['$inferSelect'][], total: n };
  }
}
