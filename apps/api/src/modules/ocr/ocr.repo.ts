import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { OcrStatus } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { documents, ocrTasks } from '../../db/schema';
import { TaskTable, pageOf, statusFilter } from '../../kernel/task-table';
import { likePattern } from '../../lib/sql';

export type OcrTaskRow = typeof ocrTasks.$inferSelect;

/** SQL of OCR tasks (one per file hash); reads documents to list and to find a file's source. */
export class OcrRepo {
  private readonly tasks: TaskTable<typeof ocrTasks, string>;
  constructor(private readonly db: Db) {
    this.tasks = new TaskTable(db, ocrTasks, ocrTasks.hash);
  }

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
  claim(hash: string): Promise<OcrTaskRow | undefined> {
    return this.tasks.claim(hash, { startedAt: new Date(), error: '', pagesDone: 0, pagesTotal: 0, attempts: sql`${ocrTasks.attempts} + 1` });
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

  /** Hashes of the tasks in this status (of `hashes` only, when given). */
  hashesWithStatus(status: number, hashes?: string[]) {
    return this.tasks.keysIn([status], { among: hashes });
  }

  /** Tasks recognising with no progress since `before` (their worker died or hangs). */
  stale(before: Date) {
    return this.tasks.stale(OcrStatus.Recognising, before);
  }

  /** Pending tasks not touched since `before` (their job may be lost). */
  pendingSince(before: Date) {
    return this.tasks.keysIn([OcrStatus.Pending], { olderThan: before, limit: 500 });
  }

  /** Documents of the formats OCR reads, with their file's task (none yet: null), newest first. */
  list(q: { page: number; size: number; status?: number[]; wd?: string; exts: string[] }) {
    const where = and(
      isNull(documents.deletedAt),
      inArray(documents.ext, q.exts),
      statusFilter(ocrTasks.status, q.status),
      q.wd ? ilike(documents.title, likePattern(q.wd)) : undefined,
    );
    return pageOf(
      this.db
        .select({ id: documents.id, title: documents.title, uuid: documents.uuid, ext: documents.ext, task: ocrTasks })
        .from(documents)
        .leftJoin(ocrTasks, eq(ocrTasks.hash, documents.hash))
        .where(where)
        .orderBy(desc(sql`coalesce(${ocrTasks.updatedAt}, ${documents.createdAt})`), desc(documents.id))
        .$dynamic(),
      this.db.select({ n: count() }).from(documents).leftJoin(ocrTasks, eq(ocrTasks.hash, documents.hash)).where(where),
      q,
    );
  }
}
