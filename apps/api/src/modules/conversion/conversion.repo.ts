import { and, asc, count, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { DocumentStatus } from '@wenku/contracts';
import type { Db, Exec, Tx } from '../../db/client';
import { conversions, documentTexts } from '../../db/schema';
import { TaskTable } from '../../kernel/task-table';

/** SQL of conversions (one per file hash) and the per-page text they extract. */
export class ConversionRepo {
  private readonly tasks: TaskTable<typeof conversions, string>;
  constructor(private readonly db: Db) {
    this.tasks = new TaskTable(db, conversions, conversions.hash);
  }

  find(hash: string) {
    return this.db.query.conversions.findFirst({ where: eq(conversions.hash, hash) });
  }
  async ensure(hash: string, ext: string) {
    await this.db.insert(conversions).values({ hash, ext }).onConflictDoNothing();
  }
  async update(hash: string, patch: Partial<typeof conversions.$inferInsert>, tx: Exec = this.db) {
    await tx.update(conversions).set(patch).where(eq(conversions.hash, hash));
  }
  async replaceTexts(tx: Tx, hash: string, texts: { page: number; text: string }[]) {
    await tx.delete(documentTexts).where(eq(documentTexts.hash, hash));
    for (let i = 0; i < texts.length; i += 200) {
      const chunk = texts.slice(i, i + 200).map((t) => ({ hash, page: t.page, text: t.text.replace(/\u0000/g, '') }));
      if (chunk.length) await tx.insert(documentTexts).values(chunk);
    }
  }
  pageTexts(hash: string) {
    return this.db
      .select({ page: documentTexts.page, text: documentTexts.text })
      .from(documentTexts)
      .where(eq(documentTexts.hash, hash))
      .orderBy(asc(documentTexts.page));
  }
  async upsertTexts(tx: Tx, hash: string, texts: { page: number; text: string }[]) {
    for (let i = 0; i < texts.length; i += 200) {
      const chunk = texts.slice(i, i + 200).map((t) => ({ hash, page: t.page, text: t.text.replace(/\u0000/g, '') }));
      if (chunk.length)
        await tx
          .insert(documentTexts)
          .values(chunk)
          .onConflictDoUpdate({ target: [documentTexts.hash, documentTexts.page], set: { text: sql`excluded.text` } });
    }
  }
  async firstText(hash: string, maxChars: number, maxPage = Number.POSITIVE_INFINITY): Promise<string> {
    if (!(maxPage >= 1)) return '';
    const rows = await this.db
      .select({ text: documentTexts.text })
      .from(documentTexts)
      .where(Number.isFinite(maxPage) ? and(eq(documentTexts.hash, hash), lte(documentTexts.page, maxPage)) : eq(documentTexts.hash, hash))
      .orderBy(asc(documentTexts.page))
      .limit(20);
    return rows
      .map((r) => r.text)
      .join('\n')
      .slice(0, maxChars);
  }
  /** Converted files whose stored layers are older than `version`, in hash order after `after`. */
  async layerless(version: number, after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ hash: conversions.hash })
      .from(conversions)
      .where(and(eq(conversions.status, DocumentStatus.Converted), lt(conversions.layers, version), gt(conversions.hash, after)))
      .orderBy(asc(conversions.hash))
      .limit(limit);
    return rows.map((r) => r.hash);
  }
  async layerCounts(version: number): Promise<{ total: number; done: number }> {
    const [row] = await this.db
      .select({ total: count(), done: sql<number>`count(*) filter (where ${conversions.layers} >= ${version})`.mapWith(Number) })
      .from(conversions)
      .where(eq(conversions.status, DocumentStatus.Converted));
    return { total: row?.total ?? 0, done: row?.done ?? 0 };
  }
  /** Conversions stuck in `converting` past a deadline. */
  stuck(before: Date) {
    return this.tasks.stale(DocumentStatus.Converting, before, conversions.startedAt);
  }
  async remove(hashes: string[]) {
    if (!hashes.length) return;
    await this.db.transaction(async (tx) => {
      await tx.delete(documentTexts).where(inArray(documentTexts.hash, hashes));
      await tx.delete(conversions).where(inArray(conversions.hash, hashes));
    });
  }
}
