import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client';
import { chatMessages, chatTopicDocuments, chatTopics, users } from '../../db/schema';
import { anyOf, likePattern } from '../../lib/sql';

export type ChatTopicRow = typeof chatTopics.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** SQL of chat topics, their messages and their documents; nothing else. */
export class ChatRepo {
  constructor(private readonly db: Db) {}

  async insertTopic(exec: Exec, v: typeof chatTopics.$inferInsert): Promise<ChatTopicRow> {
    const [row] = await exec.insert(chatTopics).values(v).returning();
    return row;
  }
  async topic(by: { id?: number; uuid?: string }, exec: Exec = this.db): Promise<ChatTopicRow | undefined> {
    const where = by.id !== undefined ? eq(chatTopics.id, by.id) : eq(chatTopics.uuid, by.uuid ?? '');
    const [row] = await exec.select().from(chatTopics).where(where).limit(1);
    return row;
  }
  async updateTopic(exec: Exec, id: number, patch: Partial<typeof chatTopics.$inferInsert>): Promise<ChatTopicRow> {
    const [row] = await exec.update(chatTopics).set(patch).where(eq(chatTopics.id, id)).returning();
    return row;
  }
  /** Adds to a topic's counters after an answer. */
  async addUsage(exec: Exec, id: number, u: { model: string; prompt: number; completion: number; status: number }) {
    await exec
      .update(chatTopics)
      .set({
        model: u.model,
        promptTokens: sql`${chatTopics.promptTokens} + ${u.prompt}`,
        completionTokens: sql`${chatTopics.completionTokens} + ${u.completion}`,
        lastStatus: u.status,
        updatedAt: new Date(),
      })
      .where(eq(chatTopics.id, id));
  }
  async deleteTopics(ids: number[], ownerId?: number): Promise<number> {
    const conds: SQL[] = [inArray(chatTopics.id, ids)];
    if (ownerId !== undefined) conds.push(eq(chatTopics.userId, ownerId));
    const rows = await this.db
      .delete(chatTopics)
      .where(and(...conds))
      .returning({ id: chatTopics.id });
    return rows.length;
  }
  async deleteTopicsOfUsers(userIds: number[]): Promise<void> {
    if (userIds.length) await this.db.delete(chatTopics).where(inArray(chatTopics.userId, userIds));
  }

  /** Topics, newest activity first; with the owner's name (the administrators' list reads `users`, read only). */
  async listTopics(f: { userId?: number[]; category?: number[]; wd?: string; withUsername?: boolean }, page: number, size: number) {
    const conds: SQL[] = [];
    if (f.userId?.length) conds.push(inArray(chatTopics.userId, f.userId));
    if (f.category?.length) conds.push(inArray(chatTopics.category, f.category));
    if (f.wd)
      conds.push(
        f.withUsername
          ? anyOf(ilike(chatTopics.title, likePattern(f.wd)), ilike(users.username, likePattern(f.wd)))
          : ilike(chatTopics.title, likePattern(f.wd)),
      );
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select({ topic: chatTopics, username: users.username })
        .from(chatTopics)
        .leftJoin(users, eq(users.id, chatTopics.userId))
        .where(where)
        .orderBy(desc(chatTopics.updatedAt), desc(chatTopics.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(chatTopics).leftJoin(users, eq(users.id, chatTopics.userId)).where(where),
    ]);
    return { rows, total: n };
  }

  async insertMessage(exec: Exec, v: typeof chatMessages.$inferInsert): Promise<ChatMessageRow> {
    const [row] = await exec.insert(chatMessages).values(v).returning();
    return row;
  }
  async message(id: number, exec: Exec = this.db): Promise<ChatMessageRow | undefined> {
    const [row] = await exec.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
    return row;
  }
  async updateMessage(exec: Exec, id: number, patch: Partial<typeof chatMessages.$inferInsert>): Promise<ChatMessageRow> {
    const [row] = await exec.update(chatMessages).set(patch).where(eq(chatMessages.id, id)).returning();
    return row;
  }
  async cancelRequested(id: number): Promise<boolean> {
    const [row] = await this.db.select({ c: chatMessages.cancelRequested }).from(chatMessages).where(eq(chatMessages.id, id));
    return row?.c === true;
  }
  async messages(topicId: number, page: number, size: number) {
    const where = eq(chatMessages.topicId, topicId);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(chatMessages)
        .where(where)
        .orderBy(asc(chatMessages.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(chatMessages).where(where),
    ]);
    return { rows, total: n };
  }
  /** The last `n` finished, successful messages of a topic (the history window), oldest first. */
  async history(topicId: number, n: number): Promise<ChatMessageRow[]> {
    if (n <= 0) return [];
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.topicId, topicId), eq(chatMessages.status, 2)))
      .orderBy(desc(chatMessages.id))
      .limit(n);
    return rows.reverse();
  }
  /** Answers left generating by a stopped process. */
  async failUnfinished(error: string): Promise<number> {
    const rows = await this.db
      .update(chatMessages)
      .set({ status: 3, error, finishedAt: new Date() })
      .where(inArray(chatMessages.status, [0, 1]))
      .returning({ id: chatMessages.id });
    return rows.length;
  }

  // ---------------------------------------------------------------- document Q&A
  async bindDocuments(exec: Exec, topicId: number, documentIds: number[]): Promise<void> {
    if (documentIds.length)
      await exec
        .insert(chatTopicDocuments)
        .values(documentIds.map((documentId) => ({ topicId, documentId })))
        .onConflictDoNothing();
  }
  /** The documents a topic is bound to, in the order they were bound. */
  async topicDocumentIds(topicId: number, exec: Exec = this.db): Promise<number[]> {
    const rows = await exec
      .select({ id: chatTopicDocuments.documentId })
      .from(chatTopicDocuments)
      .where(eq(chatTopicDocuments.topicId, topicId))
      .orderBy(asc(chatTopicDocuments.createdAt), asc(chatTopicDocuments.documentId));
    return rows.map((r) => r.id);
  }
  async unbindDocument(exec: Exec, topicId: number, documentId: number): Promise<boolean> {
    const rows = await exec
      .delete(chatTopicDocuments)
      .where(and(eq(chatTopicDocuments.topicId, topicId), eq(chatTopicDocuments.documentId, documentId)))
      .returning({ id: chatTopicDocuments.documentId });
    return rows.length > 0;
  }
}
