import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db, Exec, Tx } from '../../db/client';
import { attachments } from '../../db/schema';
import { anyOf, likePattern } from '../../lib/sql';

export type AttachmentRow = typeof attachments.$inferSelect;

export class AttachmentRepo {
  constructor(private readonly db: Db) {}

  async insert(values: typeof attachments.$inferInsert, tx: Exec = this.db) {
    const [row] = await tx.insert(attachments).values(values).returning();
    return row;
  }
  find(id: number) {
    return this.db.query.attachments.findFirst({ where: eq(attachments.id, id) });
  }
  byIds(ids: number[]) {
    return ids.length ? this.db.select().from(attachments).where(inArray(attachments.id, ids)) : Promise.resolve([]);
  }
  async pathExists(path: string): Promise<boolean> {
    const r = await this.db
      .select({ id: attachments.id })
      .from(attachments)
      .where(and(eq(attachments.path, path), isNull(attachments.deletedAt)))
      .limit(1);
    return r.length > 0;
  }
  /** Any live copy of a hash (for instant upload) and whether the hash is banned. */
  async hashState(hash: string): Promise<{ banned: boolean; copy?: AttachmentRow }> {
    const rows = await this.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.hash, hash), isNull(attachments.deletedAt)))
      .orderBy(asc(attachments.id))
      .limit(50);
    return { banned: rows.some((r) => !r.enable), copy: rows.find((r) => r.enable) };
  }
  async isHashBanned(hash: string): Promise<boolean> {
    const r = await this.db
      .select({ id: attachments.id })
      .from(attachments)
      .where(and(eq(attachments.hash, hash), eq(attachments.enable, false)))
      .limit(1);
    return r.length > 0;
  }
  async link(tx: Tx, id: number, typeId: number) {
    await tx.update(attachments).set({ typeId }).where(eq(attachments.id, id));
  }
  async update(id: number, patch: Partial<typeof attachments.$inferInsert>) {
    const [row] = await this.db.update(attachments).set(patch).where(eq(attachments.id, id)).returning();
    return row;
  }
  /** Banning one copy bans the hash: every attachment row with it. */
  async setHashEnabled(hash: string, enable: boolean) {
    await this.db.update(attachments).set({ enable }).where(eq(attachments.hash, hash));
  }
  async softDelete(ids: number[]) {
    if (ids.length) await this.db.update(attachments).set({ deletedAt: new Date() }).where(inArray(attachments.id, ids));
  }
  async list(q: { page: number; size: number; wd?: string; enable?: boolean[]; user_id?: number[]; type?: number[]; ext?: string }) {
    const conds: SQL[] = [isNull(attachments.deletedAt)];
    // the key the list shows (`hash`) finds its file, as does the content hash of a file the administrator holds
    if (q.wd) conds.push(anyOf(ilike(attachments.name, likePattern(q.wd)), eq(attachments.viewKey, q.wd), eq(attachments.hash, q.wd)));
    if (q.enable?.length) conds.push(inArray(attachments.enable, q.enable));
    if (q.user_id?.length) conds.push(inArray(attachments.userId, q.user_id));
    if (q.type?.length) conds.push(inArray(attachments.type, q.type));
    if (q.ext) conds.push(eq(attachments.ext, q.ext.replace(/^\./, '')));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(attachments)
        .where(where)
        .orderBy(desc(attachments.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(attachments).where(where),
    ]);
    return { rows, total: n };
  }
  /** Of these hashes, those a live attachment still uses. */
  async hashesInUse(hashes: string[]): Promise<Set<string>> {
    if (!hashes.length) return new Set();
    const used = await this.db
      .selectDistinct({ hash: attachments.hash })
      .from(attachments)
      .where(and(inArray(attachments.hash, hashes), isNull(attachments.deletedAt)));
    return new Set(used.map((r) => r.hash));
  }
}
