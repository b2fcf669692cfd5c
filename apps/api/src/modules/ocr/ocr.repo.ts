import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, ocrTasks } from '../../db/schema';
import { likePattern } from '../../lib/sql';

export type OcrTaskRow = typeof ocrTasks.$inferSelect;

/** SQL of OCR tasks (one per file hash); reads documents to list and to find a file's source. */
export class OcrRepo {
  constructor(private readonly db: Db) {}

  find(hash: string) {
    return this.db.query.ocrTasks.findFirst({ where: eq(ocrTasks.hash, hash) });
  }

  /** A task back to pending (created if new), progress and error cleared. */
  async reset(hash: string) {
    await this.db
      .insert(ocrTasks)
      .values({ hash })
      .onConflictDoUpdate({ target: ocrTasks.hash, set: { status: 0, error: '', pagesDone: 0, pagesTotal: 0, startedAt: null, finishedAt: null } });
  }

  /** Takes a pending task (status 0 → 1): only one worker gets it. */
  async claim(hash: string): Promise<OcrTaskRow | undefined> {
    const [row] = await this.db
      .update(ocrTasks)
      .set({ status: 1, startedAt: new Date(), error: '', pagesDone: 0, pagesTotal: 0, attempts: sql`${ocrTasks.attempts} + 1` })
      .where(and(eq(ocrTasks.hash, hash), eq(ocrTasks.status, 0)))
      .returning();
    return row;
  }

  async update(hash: string, patch: Partial<typeof ocrTasks.$inferInsert>) {
    await this.db.update(ocrTasks).set(patch).where(eq(ocrTasks.hash, hash));
  }

  /** A live document of this file (the first uploaded), to read the file from (its attachment), its type and its uploader. */
  async sourceOf(hash: string) {
    const [row] = await this.db
      .select({ id: documents.id, attachmentId: documents.attachmentId, ext: documents.ext, status: documents.status, userId: documents.userId })
      .from(documents)
      .where(and(eq(documents.hash, hash), isNull(documents.deletedAt)))
      .orderBy(asc(documents.id))
      .limit(1);
    return row;
  }

  /** Live documents by id (the admin's picks). */
  documents(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .select({ id: documents.id, hash: documents.hash, ext: documents.ext, status: documents.status, title: documents.title })
      .from(documents)
      .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
  }

  hashesWithStatus(status: number, hashes?: string[]) {
    const conds: SQL[] = [eq(ocrTasks.status, status)];
    if (hashes) conds.push(inArray(ocrTasks.hash, hashes.length ? hashes : ['']));
    return this.db
      .select({ hash: ocrTasks.hash })
      .from(ocrTasks)
      .where(and(...conds))
      .then((rows) => rows.map((r) => r.hash));
  }

  /** Tasks recognising with no progress since `before` (their worker died or hangs). */
  stale(before: Date) {
    return this.db
      .select()
      .from(ocrTasks)
      .where(and(eq(ocrTasks.status, 1), lt(ocrTasks.updatedAt, before)));
  }

  /** Pending tasks not touched since `before` (their job may be lost). */
  pendingSince(before: Date) {
    return this.db
      .select({ hash: ocrTasks.hash })
      .from(ocrTasks)
      .where(and(eq(ocrTasks.status, 0), lt(ocrTasks.updatedAt, before)))
      .limit(500)
      .then((rows) => rows.map((r) => r.hash));
  }

  /** Documents of the formats OCR reads, with their file's task (none yet: null), newest first. */
  async list(q: { page: number; size: number; status?: number[]; wd?: string; exts: string[] }) {
    const conds: SQL[] = [isNull(documents.deletedAt), inArray(documents.ext, q.exts)];
    if (q.status?.length) conds.push(inArray(ocrTasks.status, q.status));
    if (q.wd) conds.push(ilike(documents.title, likePattern(q.wd)));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select({ id: documents.id, title: documents.title, uuid: documents.uuid, ext: documents.ext, task: ocrTasks })
        .from(documents)
        .leftJoin(ocrTasks, eq(ocrTasks.hash, documents.hash))
        .where(where)
        .orderBy(desc(sql`coalesce(${ocrTasks.updatedAt}, ${documents.createdAt})`), desc(documents.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(documents).leftJoin(ocrTasks, eq(ocrTasks.hash, documents.hash)).where(where),
    ]);
    return { rows, total: n };
  }
}
