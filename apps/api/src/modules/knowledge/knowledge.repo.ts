import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chunkEmbeddings, documentChunks, documents, documentTexts, embeddingModels, embeddingTasks, llmModels } from '../../db/schema';
import { likePattern } from '../../lib/sql';
import { INT4_MAX } from '@wenku/contracts';
import { CANDIDATE_CAP } from '../search/search.service';

export type VectorEngine = 'pgvector' | 'exact';
export type TaskRow = typeof embeddingTasks.$inferSelect;
export type ModelRow = typeof embeddingModels.$inferSelect;

/** what retrieval may return: published (converted), not deleted — the search index's `visible`, word for word */
const VISIBLE = sql`d.status = 2 AND d.deleted_at IS NULL`;

const ids = (list: number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );

/** A SQL string literal (for DDL, which takes no parameters): standard_conforming_strings, quotes doubled. */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The partial HNSW index of one model's vectors: named from a hash of its key (any characters are safe). */
export const hnswIndexName = (model: string) => `chunk_embeddings_hnsw_${crypto.createHash('sha1').update(model).digest('hex').slice(0, 16)}`;

/** A vector as pgvector's text form, or as a PostgreSQL real[] literal. */
const vectorText = (v: number[], engine: VectorEngine) => (engine === 'pgvector' ? `[${v.join(',')}]` : `{${v.join(',')}}`);

/** Which chunks retrieval may return: these documents', and with `pageLimits` only those on pages 1..limit. */
export interface Restriction {
  documentIds: number[];
  pageLimits?: Map<number, number>;
}

export interface PassageRow {
  chunkId: number;
  documentId: number;
  page: number;
  content: string;
  title: string;
  uuid: string;
  score: number;
}

/**
 * SQL of the AI index: chunks, vectors, models and tasks. Like the search index it is a read model: it reads
 * documents, their page text and the configured embedding models directly, and writes only its own tables.
 */
export class KnowledgeRepo {
  constructor(private readonly db: Db) {}

  /** `vector` when the migration found pgvector, `real[]` otherwise. */
  async detectEngine(): Promise<VectorEngine> {
    const r = await this.db.execute<{ t: string }>(sql`
      SELECT format_type(a.atttypid, a.atttypmod) AS t FROM pg_attribute a
      WHERE a.attrelid = 'chunk_embeddings'::regclass AND a.attname = 'embedding' AND NOT a.attisdropped`);
    return r.rows[0]?.t === 'vector' ? 'pgvector' : 'exact';
  }

  // ---------------------------------------------------------------- documents and text

  /** Documents by id with their file hash and status; missing ids are gone (purged). */
  async documents(list: number[]) {
    if (!list.length) return [];
    const r = await this.db.execute<{ id: number; hash: string; status: number; has_task: boolean }>(sql`
      SELECT d.id, d.hash, d.status, (t.document_id IS NOT NULL) AS has_task
      FROM ${documents} d LEFT JOIN ${embeddingTasks} t ON t.document_id = d.id WHERE d.id IN (${ids(list)})`);
    return r.rows;
  }

  async idsByHash(hash: string): Promise<number[]> {
    const rows = await this.db.select({ id: documents.id }).from(documents).where(eq(documents.hash, hash));
    return rows.map((r) => r.id);
  }

  async document(id: number) {
    const [row] = await this.db.select({ id: documents.id, hash: documents.hash, status: documents.status }).from(documents).where(eq(documents.id, id));
    return row;
  }

  pageTexts(hash: string): Promise<{ page: number; text: string }[]> {
    return this.db
      .select({ page: documentTexts.page, text: documentTexts.text })
      .from(documentTexts)
      .where(eq(documentTexts.hash, hash))
      .orderBy(asc(documentTexts.page));
  }

  // ---------------------------------------------------------------- tasks

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
    const [row] = await this.db
      .update(embeddingTasks)
      .set({ status: 1, startedAt, attempts: sql`${embeddingTasks.attempts} + 1`, updatedAt: sql`now()` })
      .where(and(eq(embeddingTasks.documentId, documentId), eq(embeddingTasks.status, 0)))
      .returning();
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
    return this.db
      .select()
      .from(embeddingTasks)
      .where(and(eq(embeddingTasks.status, 1), sql`${embeddingTasks.updatedAt} < ${before}`));
  }

  async setTask(documentId: number, patch: Partial<typeof embeddingTasks.$inferInsert>, onlyStatus?: number) {
    await this.db
      .update(embeddingTasks)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(embeddingTasks.documentId, documentId), onlyStatus === undefined ? undefined : eq(embeddingTasks.status, onlyStatus)));
  }

  /** Retry: these tasks (or every failed one) back to pending; a task being processed is left alone. */
  async retry(list: number[]): Promise<number[]> {
    const rows = await this.db
      .update(embeddingTasks)
      .set({ status: 0, error: '', attempts: 0, updatedAt: sql`now()` })
      .where(list.length ? and(inArray(embeddingTasks.documentId, list), sql`${embeddingTasks.status} <> 1`) : eq(embeddingTasks.status, 3))
      .returning({ id: embeddingTasks.documentId });
    return rows.map((r) => r.id);
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

  /** Chunks, vectors and tasks of documents that are gone. */
  async removeDocuments(list: number[]) {
    if (!list.length) return;
    await this.db.delete(documentChunks).where(inArray(documentChunks.documentId, list));
    await this.db.delete(embeddingTasks).where(inArray(embeddingTasks.documentId, list));
  }

  async listTasks(q: { page: number; size: number; status?: number[]; wd?: string }) {
    const conds: SQL[] = [];
    if (q.status?.length) conds.push(inArray(embeddingTasks.status, q.status));
    if (q.wd) conds.push(ilike(documents.title, likePattern(q.wd)));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select({ task: embeddingTasks, title: documents.title, uuid: documents.uuid, ext: documents.ext })
        .from(embeddingTasks)
        .innerJoin(documents, eq(documents.id, embeddingTasks.documentId))
        .where(where)
        .orderBy(desc(embeddingTasks.updatedAt), desc(embeddingTasks.documentId))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(embeddingTasks).innerJoin(documents, eq(documents.id, embeddingTasks.documentId)).where(where),
    ]);
    return { rows, total: n };
  }

  async taskCounts(): Promise<Record<number, number>> {
    const rows = await this.db.select({ status: embeddingTasks.status, n: count() }).from(embeddingTasks).groupBy(embeddingTasks.status);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  async countChunks(): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(documentChunks);
    return r.n;
  }

  async countVectors(model: string): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(chunkEmbeddings).where(eq(chunkEmbeddings.model, model));
    return r.n;
  }

  /** Whether any task is still waiting or running (a model is promoted only once all are through). */
  async unfinishedTasks(): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(embeddingTasks)
      .where(inArray(embeddingTasks.status, [0, 1]));
    return r.n;
  }

  /** Chunks with no vector of `model`. */
  async chunksWithout(model: string): Promise<number> {
    const r = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ${documentChunks} c
      WHERE NOT EXISTS (SELECT 1 FROM ${chunkEmbeddings} e WHERE e.chunk_id = c.id AND e.model = ${model})`);
    return r.rows[0]?.n ?? 0;
  }

  // ---------------------------------------------------------------- chunks and vectors

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

  /** The configured embedding rows of the ai/llm list (the chat module manages them; this index only reads them). */
  embeddingRows() {
    return this.db.select().from(llmModels).where(eq(llmModels.kind, 'embedding')).orderBy(asc(llmModels.sort), asc(llmModels.id));
  }

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

  // ---------------------------------------------------------------- retrieval

  /**
   * Only these documents' chunks and, with `pageLimits`, only chunks on their pages 1..limit (a document without a
   * limit: none of them). A chunk's page is the page its text is on (its overlap comes from the page before), so no
   * text past the limit is read.
   */
  private restrict(r?: Restriction): SQL {
    if (!r?.documentIds.length) return sql``;
    const only = sql` AND c.document_id IN (${ids(r.documentIds)})`;
    const limits = r.pageLimits;
    if (!limits) return only;
    const cases = r.documentIds.map((id) => sql` WHEN ${id} THEN ${Math.min(INT4_MAX, Math.max(0, Math.floor(limits.get(id) ?? 0)))}`);
    return sql`${only} AND c.page <= (CASE c.document_id${sql.join(cases, sql``)} ELSE 0 END)`;
  }

  /**
   * Full-text candidates: the chunks of visible documents that match `match` (OR-ed jieba words, through the GIN
   * index), ranked by ts_rank against `rank` (every word of the question: the words left out of the match because
   * they are in too many chunks still count in the ranking). The match is capped before ranking so a word in every
   * chunk stays a bounded amount of work, and only the winners' texts are read. The cap is the document search's
   * (`CANDIDATE_CAP`, 2 000): at 100 000 chunks, ranking 5 000 matches was most of the keyword leg's time
   * (docs/benchmarks.md).
   */
  async keyword(match: string, limit: number, restriction?: Restriction, rank: string = match): Promise<PassageRow[]> {
    const r = await this.db.execute<{ id: number; document_id: number; page: number; content: string; title: string; uuid: string; rank: number }>(sql`
      WITH q AS MATERIALIZED (SELECT to_tsquery('simple', ${match}) AS m, to_tsquery('simple', ${rank}) AS r),
      m AS (SELECT c.id, ts_rank(c.tsv, q.r) AS rank
        FROM ${documentChunks} c JOIN ${documents} d ON d.id = c.document_id, q
        WHERE c.tsv @@ q.m AND ${VISIBLE}${this.restrict(restriction)} LIMIT ${CANDIDATE_CAP}),
      top AS (SELECT * FROM m ORDER BY rank DESC, id LIMIT ${limit})
      SELECT c.id, c.document_id, c.page, c.content, d.title, d.uuid, top.rank
      FROM top JOIN ${documentChunks} c ON c.id = top.id JOIN ${documents} d ON d.id = c.document_id
      ORDER BY top.rank DESC, top.id`);
    return r.rows.map((x) => ({
      chunkId: x.id,
      documentId: x.document_id,
      page: x.page,
      content: x.content,
      title: x.title,
      uuid: x.uuid,
      score: Number(x.rank),
    }));
  }

  /** The words found in at least `minChunks` chunks (one pass of ts_stat over the library's tsvectors). */
  async commonWords(minChunks: number): Promise<string[]> {
    const r = await this.db.execute<{ word: string }>(
      sql`SELECT word FROM ts_stat('SELECT tsv FROM document_chunks') WHERE ndoc >= ${minChunks} ORDER BY ndoc DESC LIMIT 50000`,
    );
    return r.rows.map((x) => x.word);
  }

  /** Chunks in the whole library. */
  async chunkTotal(): Promise<number> {
    const r = await this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${documentChunks}`);
    return r.rows[0]?.n ?? 0;
  }

  /** The given chunks (nearest first, as ranked in the process) that belong to visible documents, in that order. */
  async passagesByRank(ranked: { chunkId: number; sim: number }[], limit: number): Promise<PassageRow[]> {
    if (!ranked.length) return [];
    const r = await this.db.execute<{ id: number; document_id: number; page: number; content: string; title: string; uuid: string; ord: number }>(sql`
      SELECT c.id, c.document_id, c.page, c.content, d.title, d.uuid, x.ord
      FROM unnest(${sql.param(ranked.map((x) => x.chunkId))}::int[]) WITH ORDINALITY AS x(id, ord)
      JOIN ${documentChunks} c ON c.id = x.id JOIN ${documents} d ON d.id = c.document_id
      WHERE ${VISIBLE} ORDER BY x.ord LIMIT ${limit}`);
    return r.rows.map((x) => ({
      chunkId: x.id,
      documentId: x.document_id,
      page: x.page,
      content: x.content,
      title: x.title,
      uuid: x.uuid,
      score: ranked[Number(x.ord) - 1].sim,
    }));
  }

  /**
   * Nearest chunks to a (unit) query vector among `model`'s vectors of visible documents.
   * - pgvector, whole library: the model's partial HNSW index (`embedding::vector(dim)`, cosine) with
   *   hnsw.ef_search raised for the transaction; the index returns `ef` neighbours, then visibility filters them.
   * - pgvector with a document filter: exact `<=>` over those documents' chunks (few; no index needed).
   * - real[] (no pgvector): exact cosine in SQL over the candidate set (the model's vectors of visible documents,
   *   or of the given documents) — the dot product of unit vectors via unnest(a, b), next to the data. Measured on
   *   PostgreSQL 15, 20 000 vectors of 256 dimensions, top 50: SQL 462 ms; streamed into Node and ranked there 985 ms
   *   (float4send bytea), 1 662 ms (array_to_string + split), 2 765 ms (pg's real[] parser) — the transfer and parse
   *   of every vector cost more than the arithmetic. Beyond tens of thousands of chunks, install pgvector.
   */
  async nearest(model: string, dim: number, q: number[], limit: number, engine: VectorEngine, restriction?: Restriction): Promise<PassageRow[]> {
    type Row = { id: number; document_id: number; page: number; content: string; title: string; uuid: string; sim: number };
    const map = (rows: Row[]) =>
      rows.map((x) => ({ chunkId: x.id, documentId: x.document_id, page: x.page, content: x.content, title: x.title, uuid: x.uuid, score: Number(x.sim) }));
    const qv = vectorText(q, engine);
    if (engine === 'pgvector') {
      if (restriction?.documentIds.length || !(dim > 0 && dim <= 2000)) {
        const r = await this.db.execute<Row>(sql`
          SELECT c.id, c.document_id, c.page, c.content, d.title, d.uuid, 1 - (e.embedding <=> ${qv}::vector) AS sim
          FROM ${chunkEmbeddings} e JOIN ${documentChunks} c ON c.id = e.chunk_id JOIN ${documents} d ON d.id = c.document_id
          WHERE e.model = ${model} AND ${VISIBLE}${this.restrict(restriction)}
          ORDER BY e.embedding <=> ${qv}::vector LIMIT ${limit}`);
        return map(r.rows);
      }
      const ef = Math.max(100, limit * 2);
      return this.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL hnsw.ef_search = ${ef}`));
        const vd = sql.raw(`vector(${Math.floor(dim)})`);
        const r = await tx.execute<Row>(sql`
          SELECT c.id, c.document_id, c.page, c.content, d.title, d.uuid, 1 - n.dist AS sim
          FROM (SELECT e.chunk_id, e.embedding::${vd} <=> ${qv}::${vd} AS dist FROM ${chunkEmbeddings} e
            WHERE e.model = ${model} ORDER BY e.embedding::${vd} <=> ${qv}::${vd} LIMIT ${ef}) n
          JOIN ${documentChunks} c ON c.id = n.chunk_id JOIN ${documents} d ON d.id = c.document_id
          WHERE ${VISIBLE} ORDER BY n.dist LIMIT ${limit}`);
        return map(r.rows);
      });
    }
    const r = await this.db.execute<Row>(sql`
      SELECT c.id, c.document_id, c.page, c.content, d.title, d.uuid, s.sim
      FROM ${chunkEmbeddings} e JOIN ${documentChunks} c ON c.id = e.chunk_id JOIN ${documents} d ON d.id = c.document_id,
        LATERAL (SELECT sum(a * b) AS sim FROM unnest(e.embedding, ${qv}::real[]) AS t(a, b)) s
      WHERE e.model = ${model} AND ${VISIBLE}${this.restrict(restriction)}
      ORDER BY s.sim DESC NULLS LAST, c.id LIMIT ${limit}`);
    return map(r.rows);
  }
}
