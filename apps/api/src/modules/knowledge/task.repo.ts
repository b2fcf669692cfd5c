import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { TaskStatus } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { documents, embeddingTasks } from '../../db/schema';
import { TaskTable, pageOf, statusFilter } from '../../kernel/task-table';
import { likePattern } from '../../lib/sql';

export type TaskRow = typeof embeddingTasks.$inferSelect;

/**
 * SQL of the indexing tasks (`embedding_tasks`, one per document): claimed by one worker, watched, retried. It
 * reads `documents` only where a join is the point (tasks for converted documents, the admin list by title).
 */
export class TaskRepo {
  private readonly tasks: TaskTable<typeof embeddingTasks, number>;
  constructor(private readonly db: Db) {
    this.tasks = new TaskTable(db, embeddingTasks, embeddingTasks.documentId);
  }

  /** Of these documents, those that have a task. */
  async withTasks(list: number[]): Promise<Set<number>> {
    if (!list.length) return new Set();
    const rows = await this.db.select({ id: embeddingTasks.documentId }).from(embeddingTasks).where(inArray(embeddingTasks.documentId, list));
    return new Set(rows.map((r) => r.id));
  }

  async remove(list: number[]) {
    if (!list.length) return;
    await this.db.delete(embeddingTasks).where(inArray(embeddingTasks.documentId, list));
  }

  /** These documents' tasks back to pending (created if missing), attempts reset; a `force` rebuild re-cuts them. */
  async markPending(list: number[], force = false): Promise<void> {
    if (!list.length) return;
    await this.db.execute(sql`
      INSERT INTO ${embeddingTasks} (document_id, status, error, attempts, updated_at)
      SELECT x, 0, '', 0, now() FROM unnest(${sql.param(list)}::int[]) AS x
      ON CONFLICT (document_id) DO UPDATE SET status = 0, error = '', attempts = 0, updated_at = now()
        ${force ? sql`, text_hash = ''` : sql``}`);
  }

  /** Every document with converted text and no task gets one (pending): the index catches up after an upgrade. */
  async createMissingTasks(): Promise<number> {
    const r = await this.db.execute(sql`
      INSERT INTO ${embeddingTasks} (document_id, status)
      SELECT d.id, 0 FROM ${documents} d WHERE d.status = 2 AND NOT EXISTS (SELECT 1 FROM ${embeddingTasks} t WHERE t.document_id = d.id)
      ON CONFLICT (document_id) DO NOTHING`);
    return r.rowCount ?? 0;
  }

  /** Pending ids, oldest first, after `afterId` (a page of the dispatcher's walk). */
  async pendingIds(afterId: number, limit: number, olderThan?: Date): Promise<number[]> {
    const rows = await this.db
      .select({ id: embeddingTasks.documentId })
      .from(embeddingTasks)
      .where(
        and(
          eq(embeddingTasks.status, 0),
          sql`${embeddingTasks.documentId} > ${afterId}`,
          olderThan ? sql`${embeddingTasks.updatedAt} < ${olderThan}` : undefined,
        ),
      )
      .orderBy(asc(embeddingTasks.documentId))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Takes a pending task (one worker wins): processing, one more attempt. */
  async claim(documentId: number): Promise<(TaskRow & { startedAt: Date }) | undefined> {
    // the claim's time comes from here, in milliseconds, so `updateClaimed` can match it exactly (now() has µs)
    const startedAt = new Date();
    const row = await this.tasks.claim(documentId, { startedAt, attempts: sql`${embeddingTasks.attempts} + 1`, updatedAt: sql`now()` });
    return row && { ...row, startedAt };
  }

  /**
   * Updates a task this worker holds: only while it is still processing from this claim, so a task reset by a
   * change (or failed by the watchdog) meanwhile is left to whoever holds it now.
   */
  async updateClaimed(documentId: number, startedAt: Date, patch: Partial<typeof embeddingTasks.$inferInsert>): Promise<boolean> {
    const r = await this.db
      .update(embeddingTasks)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(embeddingTasks.documentId, documentId), eq(embeddingTasks.status, 1), eq(embeddingTasks.startedAt, startedAt)))
      .returning({ id: embeddingTasks.documentId });
    return r.length > 0;
  }

  /** Tasks in processing with no progress since `before`. */
  stuck(before: Date): Promise<TaskRow[]> {
    return this.tasks.stale(TaskStatus.Processing, before);
  }

  async setTask(documentId: number, patch: Partial<typeof embeddingTasks.$inferInsert>, onlyStatus?: number) {
    await this.db
      .update(embeddingTasks)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(embeddingTasks.documentId, documentId), onlyStatus === undefined ? undefined : eq(embeddingTasks.status, onlyStatus)));
  }

  /** Retry: these tasks (or every failed one) back to pending; a task being processed is left alone. */
  retry(list: number[]): Promise<number[]> {
    const patch = { error: '', attempts: 0, updatedAt: sql`now()` };
    return list.length
      ? this.tasks.move(list, { not: [TaskStatus.Processing] }, TaskStatus.Pending, patch)
      : this.tasks.move('all', [TaskStatus.Failed], TaskStatus.Pending, patch);
  }

  /** Rebuild: every task pending and to be cut again. */
  async resetAll(): Promise<number> {
    await this.createMissingTasks();
    const r = await this.db.execute(sql`UPDATE ${embeddingTasks} SET status = 0, error = '', attempts = 0, text_hash = '', updated_at = now()`);
    return r.rowCount ?? 0;
  }

  /** After a model change: every task not already waiting is queued again (its chunks stay; only vectors are added). */
  async requeueAll(): Promise<void> {
    await this.db.execute(sql`UPDATE ${embeddingTasks} SET status = 0, error = '', attempts = 0, updated_at = now() WHERE status IN (2, 3)`);
  }

  listTasks(q: { page: number; size: number; status?: number[]; wd?: string }) {
    const where = and(statusFilter(embeddingTasks.status, q.status), q.wd ? ilike(documents.title, likePattern(q.wd)) : undefined);
    return pageOf(
      this.db
        .select({ task: embeddingTasks, title: documents.title, uuid: documents.uuid, ext: documents.ext })
        .from(embeddingTasks)
        .innerJoin(documents, eq(documents.id, embeddingTasks.documentId))
        .where(where)
        .orderBy(desc(embeddingTasks.updatedAt), desc(embeddingTasks.documentId))
        .$dynamic(),
      this.db.select({ n: count() }).from(embeddingTasks).innerJoin(documents, eq(documents.id, embeddingTasks.documentId)).where(where),
      q,
    );
  }

  taskCounts(): Promise<Record<number, number>> {
    return this.tasks.counts();
  }

  /** Whether any task is still waiting or running (a model is promoted only once all are through). */
  unfinishedTasks(): Promise<number> {
    return this.tasks.countIn([TaskStatus.Pending, TaskStatus.Processing]);
  }
}
