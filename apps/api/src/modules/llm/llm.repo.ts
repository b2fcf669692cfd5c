import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { llmModels } from '../../db/schema';

export type LlmModelRow = typeof llmModels.$inferSelect;

/** SQL of the ai/llm list of models; nothing else. */
export class LlmRepo {
  constructor(private readonly db: Db) {}

  models(kind?: string): Promise<LlmModelRow[]> {
    return this.db
      .select()
      .from(llmModels)
      .where(kind ? eq(llmModels.kind, kind) : undefined)
      .orderBy(asc(llmModels.sort), asc(llmModels.id));
  }

  async model(id: number): Promise<LlmModelRow | undefined> {
    const [row] = await this.db.select().from(llmModels).where(eq(llmModels.id, id));
    return row;
  }

  /** Inserts (no id) or updates a row; a new default of a kind unmarks the kind's other rows in the same transaction. */
  async saveModel(tx: Tx, id: number | undefined, v: Partial<typeof llmModels.$inferInsert>): Promise<LlmModelRow | undefined> {
    if (v.isDefault && v.kind) await tx.update(llmModels).set({ isDefault: false }).where(eq(llmModels.kind, v.kind));
    if (id === undefined)
      return (
        await tx
          .insert(llmModels)
          .values(v as typeof llmModels.$inferInsert)
          .returning()
      )[0];
    return (await tx.update(llmModels).set(v).where(eq(llmModels.id, id)).returning())[0];
  }

  async deleteModels(ids: number[]): Promise<number> {
    return (await this.db.delete(llmModels).where(inArray(llmModels.id, ids)).returning({ id: llmModels.id })).length;
  }
}
