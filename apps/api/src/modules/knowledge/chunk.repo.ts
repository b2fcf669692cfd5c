import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chunkEmbeddings, documentChunks, embeddingModels } from '../../db/schema';

export type VectorEngine = 'pgvector' | 'exact';
export type ModelRow = typeof embeddingModels.$inferSelect;

/** A SQL string literal (for DDL, which takes no parameters): standard_conforming_strings, quotes doubled. */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The partial HNSW index of one model's vectors: named from a hash of its key (any characters are safe). */
export const hnswIndexName = (model: string) => `chunk_embeddings_hnsw_${crypto.createHash('sha1').update(model).digest('hex').slice(0, 16)}`;

/** A vector as pgvector's text form, or as a PostgreSQL real[] literal. */
export const vectorText = (v: number[], engine: VectorEngine) => (engine === 'pgvector' ? `[${v.join(',')}]` : `{${v.join(',')}}`);

/** SQL of the index's content: chunks, their vectors and the embedding models they were made with; nothing else. */
export class ChunkRepo {
  constructor(private readonly db: Db) {}

  /** `vector` when the migration found pgvector, `real[]` otherwise. */
  async detectEngine(): Promise<VectorEngine> {
    const r = await this.db.execute<{ t: string }>(sql`
      SELECT format_type(a.atttypid, a.atttypmod) AS t FROM pg_attribute a
      WHERE a.attrelid = 'chunk_embeddings'::regclass AND a.attname = 'embedding' AND NOT a.attisdropped`);
    return r.rows[0]?.t === 'vector' ? 'pgvector' : 'exact';
  }

  /** Chunks (and their vectors) of documents that are gone. */
  async removeDocuments(list: number[]) {
    if (!list.length) return;
    await this.db.delete(documentChunks).where(inArray(documentChunks.documentId, list));
  }

  async countChunks(): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(documentChunks);
    return r.n;
  }

  async countVectors(model: string): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(chunkEmbeddings).where(eq(chunkEmbeddings.model, model));
    return r.n;
  }

  /** Chunks with no vector of `model`. */
  async chunksWithout(model: string): Promise<number> {
    const r = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ${documentChunks} c
      WHERE NOT EXISTS (SELECT 1 FROM ${chunkEmbeddings} e WHERE e.chunk_id = c.id AND e.model = ${model})`);
    return r.rows[0]?.n ?? 0;
  }

  async chunkCount(documentId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(documentChunks).where(eq(documentChunks.documentId, documentId));
    return r.n;
  }

  /** A document's chunks replaced (their vectors go with them), each with its jieba `simple` tsvector. */
  async replaceChunks(documentId: number, chunks: { page: number; seq: number; content: string; tokens: number; segmented: string }[]) {
    await this.db.transaction(async (tx) => {
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, documentId));
      for (let i = 0; i < chunks.length; i += 200) {
        const part = chunks.slice(i, i + 200);
        await tx.insert(documentChunks).values(
          part.map((c) => ({
            documentId,
            page: c.page,
            seq: c.seq,
            content: c.content.replace(/\u0000/g, ''),
            tokens: c.tokens,
            tsv: sql`to_tsvector('simple', ${c.segmented})` as unknown as string,
          })),
        );
      }
    });
  }

  /** A document's chunks with no vector of `model`, in order. */
  chunksMissing(documentId: number, model: string): Promise<{ id: number; content: string }[]> {
    return this.db
      .select({ id: documentChunks.id, content: documentChunks.content })
      .from(documentChunks)
      .where(
        and(
          eq(documentChunks.documentId, documentId),
          sql`NOT EXISTS (SELECT 1 FROM ${chunkEmbeddings} e WHERE e.chunk_id = ${documentChunks.id} AND e.model = ${model})`,
        ),
      )
      .orderBy(asc(documentChunks.seq));
  }

  async countEmbedded(documentId: number, model: string): Promise<number> {
    const r = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ${chunkEmbeddings} e JOIN ${documentChunks} c ON c.id = e.chunk_id
      WHERE c.document_id = ${documentId} AND e.model = ${model}`);
    return r.rows[0]?.n ?? 0;
  }

  /** Stores vectors; chunks deleted meanwhile (the document was cut again) are skipped. */
  async insertVectors(model: string, rows: { chunkId: number; vector: number[] }[], engine: VectorEngine) {
    if (!rows.length) return;
    const cast = engine === 'pgvector' ? sql`x.e::vector` : sql`x.e::real[]`;
    await this.db.execute(sql`
      INSERT INTO ${chunkEmbeddings} (chunk_id, model, embedding)
      SELECT x.id, ${model}, ${cast} FROM unnest(${sql.param(rows.map((r) => r.chunkId))}::int[], ${sql.param(rows.map((r) => vectorText(r.vector, engine)))}::text[]) AS x(id, e)
      WHERE EXISTS (SELECT 1 FROM ${documentChunks} c WHERE c.id = x.id)
      ON CONFLICT (model, chunk_id) DO UPDATE SET embedding = excluded.embedding`);
  }

  // ---------------------------------------------------------------- models

  models(): Promise<ModelRow[]> {
    return this.db.select().from(embeddingModels);
  }

  async upsertModel(model: string, name: string, state: 'active' | 'building') {
    await this.db
      .insert(embeddingModels)
      .values({ model, name: name.slice(0, 128), state })
      .onConflictDoUpdate({ target: embeddingModels.model, set: { state, name: name.slice(0, 128), updatedAt: sql`now()` } });
  }

  async setModelState(model: string, state: 'active' | 'building' | 'retired') {
    await this.db
      .update(embeddingModels)
      .set({ state, updatedAt: sql`now()` })
      .where(eq(embeddingModels.model, model));
  }

  /** Promotion in one transaction: the active model retires, the building one answers from now on. */
  async promote(next: string) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(embeddingModels)
        .set({ state: 'retired', updatedAt: sql`now()` })
        .where(eq(embeddingModels.state, 'active'));
      await tx
        .update(embeddingModels)
        .set({ state: 'active', updatedAt: sql`now()` })
        .where(eq(embeddingModels.model, next));
    });
  }

  /** Records the dimension the first vector showed (once); answers the dimension on record. */
  async settleDimension(model: string, dim: number): Promise<number> {
    await this.db
      .update(embeddingModels)
      .set({ dimension: dim })
      .where(and(eq(embeddingModels.model, model), eq(embeddingModels.dimension, 0)));
    const [row] = await this.db.select({ d: embeddingModels.dimension }).from(embeddingModels).where(eq(embeddingModels.model, model));
    return row?.d ?? dim;
  }

  /** pgvector: the model's partial HNSW index over `embedding::vector(dim)` (cosine). */
  async createHnswIndex(model: string, dim: number) {
    const d = Math.floor(dim);
    if (!(d > 0 && d <= 2000)) return; // pgvector's HNSW limit for `vector`; larger models are ranked exactly
    const name = hnswIndexName(model);
    try {
      await this.db.execute(
        sql.raw(
          `CREATE INDEX IF NOT EXISTS ${name} ON chunk_embeddings USING hnsw ((embedding::vector(${d})) vector_cosine_ops) WHERE model = ${literal(model)}`,
        ),
      );
    } catch (e) {
      // two workers creating it at once: the loser finds it made
      const r = await this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = ${name}`);
      if (!r.rows[0]?.n) throw e;
    }
  }

  /** A retired model's vectors (in batches, so a big index never holds one huge transaction) and its index. */
  async dropModel(model: string, engine: VectorEngine) {
    if (engine === 'pgvector') await this.db.execute(sql.raw(`DROP INDEX IF EXISTS ${hnswIndexName(model)}`));
    for (;;) {
      const r = await this.db.execute(sql`
        DELETE FROM ${chunkEmbeddings} WHERE model = ${model} AND chunk_id IN (SELECT chunk_id FROM ${chunkEmbeddings} WHERE model = ${model} LIMIT 5000)`);
      if (!r.rowCount) break;
    }
    await this.db.delete(embeddingModels).where(eq(embeddingModels.model, model));
  }
}
