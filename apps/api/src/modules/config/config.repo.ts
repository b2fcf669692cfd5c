import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configs, languages } from '../../db/schema';

export class ConfigRepo {
  constructor(private readonly db: Db) {}

  findAll(categories?: string[]) {
    const q = this.db.select().from(configs);
    return categories?.length ? q.where(inArray(configs.category, categories)) : q;
  }

  async insertMissing(rows: { category: string; name: string; value: string }[]): Promise<void> {
    if (rows.length) await this.db.insert(configs).values(rows).onConflictDoNothing();
  }

  async upsert(rows: { category: string; name: string; value: string }[]): Promise<void> {
    if (!rows.length) return;
    await this.db
      .insert(configs)
      .values(rows)
      .onConflictDoUpdate({ target: [configs.category, configs.name], set: { value: sql`excluded.value`, updatedAt: new Date() } });
  }

  /** The rows of a category that has no typed section (e.g. `release`, written by the system module). */
  async rawSection(category: string): Promise<Record<string, string>> {
    const rows = await this.db.select().from(configs).where(eq(configs.category, category));
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }

  enabledLanguages() {
    return this.db
      .select()
      .from(languages)
      .where(sql`${languages.enable}`)
      .orderBy(languages.sort, languages.id);
  }

  async insertLanguages(rows: { language: string; code: string; sort: number }[]): Promise<void> {
    if (rows.length) await this.db.insert(languages).values(rows).onConflictDoNothing();
  }

  allLanguages() {
    return this.db.select().from(languages).orderBy(asc(languages.sort), asc(languages.id));
  }

  async insertLanguage(v: typeof languages.$inferInsert) {
    const [row] = await this.db.insert(languages).values(v).returning();
    return row;
  }

  async updateLanguage(id: number, patch: Partial<typeof languages.$inferInsert>) {
    const [row] = await this.db.update(languages).set(patch).where(eq(languages.id, id)).returning();
    return row;
  }

  async setLanguagesEnabled(ids: number[], enable: boolean) {
    await this.db.update(languages).set({ enable }).where(inArray(languages.id, ids));
  }

  async deleteLanguages(ids: number[]) {
    await this.db.delete(languages).where(inArray(languages.id, ids));
  }
}
