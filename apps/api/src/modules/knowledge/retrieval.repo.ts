import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chunkEmbeddings, documentChunks, documents } from '../../db/schema';
import { INT4_MAX } from '@wenku/contracts';
import { CANDIDATE_CAP } from '../search/search.service';
import { vectorText, type VectorEngine } from './chunk.repo';

/** what retrieval may return: published (converted), not deleted — the search index's `visible`, word for word */
const VISIBLE = sql`d.status = 2 AND d.deleted_at IS NULL`;

const ids = (list: number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );

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

/** A chunk row as the candidate queries select it (with the document's title and uuid). */
type ChunkHit = {
  id: number;
  document_id: number;
  page: number;
  content: string;
  title: string;
  uuid: string;
};

const passage = (x: ChunkHit, score: number): PassageRow => ({
  chunkId: x.id,
  documentId: x.document_id,
  page: x.page,
  content: x.content,
  title: x.title,
  uuid: x.uuid,
  score,
});

/**
 * SQL of retrieval: keyword and vector candidates over the chunks. Like the search index it is a read model: it
 * joins `documents` for their visibility and title (a join, not a call, is what keeps the candidates ranked in SQL),
 * and writes nothing.
 */
export class RetrievalRepo {
  constructor(private readonly db: Db) {}

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
    const r = await this.db.execute<ChunkHit & { rank: number }>(sql`
      WITH q AS MATERIALIZED (SELECT to_tsquery('simple', ${match}) AS m, to_tsquery('simple', ${rank}) AS r),
      m AS (SELECT c.id, ts_rank(c.tsv, q.r) AS rank
        FROM ${documentChunks} c JOIN ${documents} d ON d.id = c.document_id, q
        WHERE c.tsv @@ q.m AND ${VISIBLE}${this.restrict(restriction)} LIMIT ${CANDIDATE_CAP}),
      top AS (SELECT * FROM m ORDER BY rank DESC, id LIMIT ${limit})
      SELECT c.id, c.document_id, c.page, c.content, d.title, d.uuid, top.rank
      FROM top JOIN ${documentChunks} c ON c.id = top.id JOIN ${documents} d ON d.id = c.document_id
      ORDER BY top.rank DESC, top.id`);
    return r.rows.map((x) => passage(x, Number(x.rank)));
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
    const r = await this.db.execute<ChunkHit & { ord: number }>(sql`
      SELECT c.id, c.document_id, c.page, c.content, d.title, d.uuid, x.ord
      FROM unnest(${sql.param(ranked.map((x) => x.chunkId))}::int[]) WITH ORDINALITY AS x(id, ord)
      JOIN ${documentChunks} c ON c.id = x.id JOIN ${documents} d ON d.id = c.document_id
      WHERE ${VISIBLE} ORDER BY x.ord LIMIT ${limit}`);
    return r.rows.map((x) => passage(x, ranked[Number(x.ord) - 1].sim));
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
    type Row = ChunkHit & { sim: number };
    const map = (rows: Row[]) => rows.map((x) => passage(x, Number(x.sim)));
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
