import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readingProgress, textLayerBackfill } from '../../db/schema';

/** SQL of the reader: reading progress and the text-layer backfill's state. */
export class ReaderRepo {
  constructor(private readonly db: Db) {}

  /** Saves buffered progress: one statement for the batch, the latest page per (reader, document). */
  async saveProgress(rows: { userId: number; documentId: number; page: number; at: Date }[]) {
    if (!rows.length) return;
    await this.db.execute(sql`
      INSERT INTO ${readingProgress} (user_id, document_id, page, updated_at)
      SELECT u, d, p, t FROM unnest(
        ${sql.param(rows.map((r) => r.userId))}::int[],
        ${sql.param(rows.map((r) => r.documentId))}::int[],
        ${sql.param(rows.map((r) => r.page))}::int[],
        ${sql.param(rows.map((r) => r.at.toISOString()))}::timestamptz[]
      ) AS v(u, d, p, t)
      WHERE EXISTS (SELECT 1 FROM users WHERE id = v.u) AND EXISTS (SELECT 1 FROM documents WHERE id = v.d)
      ON CONFLICT (user_id, document_id) DO UPDATE SET page = excluded.page, updated_at = excluded.updated_at
      WHERE ${readingProgress.updatedAt} <= excluded.updated_at`);
  }

  async progress(userId: number, documentId: number) {
    const [row] = await this.db
      .select({ page: readingProgress.page, updatedAt: readingProgress.updatedAt })
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.documentId, documentId)));
    return row;
  }

  async recent(userId: number, page: number, size: number) {
    const where = eq(readingProgress.userId, userId);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select({ documentId: readingProgress.documentId, page: readingProgress.page, updatedAt: readingProgress.updatedAt })
        .from(readingProgress)
        .where(where)
        .orderBy(desc(readingProgress.updatedAt), desc(readingProgress.documentId))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(readingProgress).where(where),
    ]);
    return { rows, total: n };
  }

  // ---------------- text-layer backfill ----------------
  async backfillState() {
    const [row] = await this.db.select().from(textLayerBackfill).where(eq(textLayerBackfill.id, 1));
    return row;
  }
  async setBackfillState(patch: Partial<typeof textLayerBackfill.$inferInsert>) {
    await this.db
      .insert(textLayerBackfill)
      .values({ id: 1, ...patch })
      .onConflictDoUpdate({ target: textLayerBackfill.id, set: patch });
  }
}
