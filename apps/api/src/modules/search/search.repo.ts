import { and, count, desc, eq, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client';
import { documentSearch, documentTexts, documents, searchRecords, searchReindex } from '../../db/schema';
import { likePattern } from '../../lib/sql';
import type { RunPrepared } from '../../db/prepared';

export interface IndexRow {
  documentId: number;
  title: string;
  keywords: string;
  description: string;
  content: string;
  visible: boolean;
  popularity: number;
}
export type Weights = { title: string; keywords: string; description: string; content: string };

const SNIPPET_PAGES = 50;

const W = (w: string) => (['A', 'B', 'C', 'D'].includes(w) ? w : 'D');

export interface SearchFilter {
  categoryIds?: number[];
  exts?: string[];
  fee?: 'free' | 'charge';
  languages?: string[];
  userId?: number;
  from?: Date;
  to?: Date;
}

export class SearchRepo {
  constructor(
    private readonly db: Db,
    /** the search and snippet statements: prepared once per connection on PostgreSQL (db/prepared.ts) */
    private readonly run: RunPrepared,
  ) {}

  /** One more download in the index's copy of the count (ties rank by it), inside the download's transaction. */
  async bumpPopularity(tx: Exec, documentId: number, by: number) {
    await tx
      .update(documentSearch)
      .set({ popularity: sql`greatest(${documentSearch.popularity} + ${by}, 0)` })
      .where(eq(documentSearch.documentId, documentId));
  }

  /** Documents to index, with their body text (joined pages, capped). */
  async loadForIndex(ids: number[], maxContent: number): Promise<IndexRow[]> {
    if (!ids.length) return [];
    const rows = await this.db.execute<{
      id: number;
      title: string;
      keywords: string;
      description: string;
      visible: boolean;
      content: string | null;
      popularity: number;
    }>(sql`
      SELECT d.id, d.title, d.keywords, d.description, (d.status = 2 AND d.deleted_at IS NULL) AS visible, d.download_count AS popularity,
        (SELECT left(string_agg(t.text, ' ' ORDER BY t.page), ${maxContent}) FROM ${documentTexts} t WHERE t.hash = d.hash) AS content
      FROM ${documents} d WHERE d.id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`);
    return rows.rows.map((r) => ({
      documentId: r.id,
      title: r.title,
      keywords: r.keywords,
      description: r.description,
      content: r.content ?? '',
      visible: r.visible,
      popularity: Number(r.popularity) || 0,
    }));
  }

  /** One row per document: `head` (title, keywords, description) and `tsv` (head + body), as the schema explains. */
  async upsertIndex(rows: IndexRow[], w: Weights) {
    for (const r of rows) {
      await this.db.execute(sql`
        INSERT INTO ${documentSearch} (document_id, tsv, head, visible, popularity, updated_at)
        SELECT ${r.documentId}, h.head || setweight(to_tsvector('simple', ${r.content}), ${W(w.content)}::"char"), h.head, ${r.visible}, ${r.popularity}, now()
        FROM (SELECT setweight(to_tsvector('simple', ${r.title}), ${W(w.title)}::"char") || setweight(to_tsvector('simple', ${r.keywords}), ${W(w.keywords)}::"char") ||
          setweight(to_tsvector('simple', ${r.description}), ${W(w.description)}::"char") AS head) h
        ON CONFLICT (document_id) DO UPDATE SET tsv = excluded.tsv, head = excluded.head, visible = excluded.visible,
          popularity = excluded.popularity, updated_at = now()`);
    }
  }

  async deleteIndex(ids: number[]) {
    if (ids.length) await this.db.delete(documentSearch).where(inArray(documentSearch.documentId, ids));
  }

  existingDocumentIds(ids: number[]) {
    return ids.length ? this.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids)) : Promise.resolve([]);
  }

  /** All document ids in pages (reindex). */
  async allDocumentIds(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: documents.id })
      .from(documents)
      .where(sql`${documents.id} > ${afterId}`)
      .orderBy(documents.id)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async countDocuments(): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(documents);
    return r.n;
  }

  /**
   * The public filter plus the asked ones; `docs` says whether they read the documents table (alias d). Lists go in
   * as one array each, so the statement's text depends only on which filters are set (it is a prepared statement).
   */
  private filters(f: SearchFilter): { where: SQL; docs: boolean } {
    const parts: SQL[] = [];
    if (f.categoryIds?.length)
      parts.push(sql`d.id IN (SELECT document_id FROM document_categories WHERE category_id = ANY(${sql.param(f.categoryIds)}::int[]))`);
    if (f.exts?.length) parts.push(sql`d.ext = ANY(${sql.param(f.exts)}::text[])`);
    if (f.fee === 'free') parts.push(sql`d.price = 0`);
    if (f.fee === 'charge') parts.push(sql`d.price > 0`);
    if (f.languages?.length) parts.push(sql`d.language = ANY(${sql.param(f.languages)}::text[])`);
    if (f.userId) parts.push(sql`d.user_id = ${f.userId}`);
    if (f.from) parts.push(sql`d.created_at >= ${f.from}`);
    if (f.to) parts.push(sql`d.created_at <= ${f.to}`);
    return { where: sql.join([sql`s.visible`, ...parts], sql` AND `), docs: parts.length > 0 };
  }

  /**
   * Full-text search in three steps, all in PostgreSQL:
   * 1. candidates: documents whose title/keywords/description match (GIN on `head`) and documents whose any field
   *    matches (GIN on `tsv`), each capped at `candidateCap` — so a word found in every document costs one capped
   *    bitmap scan, and a title match is never lost behind thousands of body matches;
   * 2. rank: ts_rank over `head` only, with the configured field weights, for the words OR-ed (`rankQuery`: a title
   *    with some of the words beats a body-only match, which ranks 0); the small
   *    inline vector keeps this cheap where ranking the full body vector meant de-TOASTing every candidate;
   * 3. order: rank, then downloads (`popularity`), then newest; the other sorts read documents for their column.
   * The tsquery sits in a MATERIALIZED CTE: the planner then keeps the GIN bitmap plan even for a word in every
   * row, instead of a sequential scan that would test (and de-TOAST) each row's vector.
   */
  async search(
    tsquery: string,
    f: SearchFilter,
    sort: string,
    limit: number,
    offset: number,
    candidateCap: number,
    negated = false,
    rankQuery?: string,
    similar?: string,
  ): Promise<{ rows: { id: number; rank: number; hash: string }[]; total: number; similar: boolean }> {
    const { where, docs } = this.filters(f);
    // a head match implies a full match, except for excluded words, which may sit in the body
    const headMatch = negated ? sql`s.head @@ q.q AND s.tsv @@ q.q` : sql`s.head @@ q.q`;
    const from = docs ? sql`${documentSearch} s JOIN ${documents} d ON d.id = s.document_id` : sql`${documentSearch} s`;
    const branch = (match: SQL) => sql`(SELECT s.document_id, ts_rank(s.head, q.r) AS rank, s.popularity FROM ${from}, q
      WHERE ${match} AND ${where} LIMIT ${candidateCap})`;
    const cand = sql`WITH q AS MATERIALIZED (SELECT to_tsquery('simple', ${tsquery}) AS q, to_tsquery('simple', ${rankQuery ?? tsquery}) AS r),
      cand AS (${branch(headMatch)} UNION ALL ${branch(sql`s.tsv @@ q.q`)}),
      g AS (SELECT document_id, max(rank) AS rank, max(popularity) AS popularity FROM cand GROUP BY document_id)`;
    const byDocs = {
      latest: sql`g.document_id DESC`,
      downloads: sql`d.download_count DESC, g.document_id DESC`,
      views: sql`d.view_count DESC, g.document_id DESC`,
      score: sql`d.score DESC, d.score_count DESC, g.document_id DESC`,
      // moredoc's column sorts (largest first)
      pages: sql`d.pages DESC, g.document_id DESC`,
      size: sql`d.size DESC, g.document_id DESC`,
      favorites: sql`d.favorite_count DESC, g.document_id DESC`,
    }[sort];
    // the page's rows come back with their file hash, so the snippet pages can be read while the rows are hydrated;
    // `ord` keeps each branch's order through the UNION ALL
    const hits = byDocs
      ? sql`SELECT g.document_id AS id, g.rank, count(*) OVER () AS total, d.hash, row_number() OVER (ORDER BY ${byDocs}) AS ord, false AS similar
          FROM g JOIN ${documents} d ON d.id = g.document_id ORDER BY ${byDocs} LIMIT ${limit} OFFSET ${offset}`
      : sql`SELECT t.id, t.rank, t.total, d.hash, row_number() OVER (ORDER BY t.rank DESC, t.popularity DESC, t.id DESC) AS ord, false AS similar FROM (
            SELECT g.document_id AS id, g.rank, g.popularity, count(*) OVER () AS total FROM g
            ORDER BY g.rank DESC, g.popularity DESC, g.document_id DESC LIMIT ${limit} OFFSET ${offset}
          ) t JOIN ${documents} d ON d.id = t.id`;
    // nothing matched word for word: titles that look alike (typos, pg_trgm), in the same statement — most questions
    // nobody asked before match nothing, and a second round trip was a third of their time
    const fallback = similar
      ? sql` UNION ALL (SELECT d.id, word_similarity(${similar}, d.title) AS rank, count(*) OVER () AS total, d.hash,
          row_number() OVER (ORDER BY word_similarity(${similar}, d.title) DESC, d.download_count DESC, d.id DESC) AS ord, true AS similar
          FROM ${documents} d JOIN ${documentSearch} s ON s.document_id = d.id
          WHERE NOT EXISTS (SELECT 1 FROM g) AND ${similar} <% d.title AND ${where}
          ORDER BY 5 LIMIT ${limit} OFFSET ${offset})`
      : sql``;
    const rows = await this.run<{ id: number; rank: number; total: number; hash: string; ord: number; similar: boolean }>(
      sql`${cand} SELECT * FROM ((${hits})${fallback}) u ORDER BY u.similar, u.ord`,
    );
    const fell = rows[0]?.similar === true;
    const total = rows[0]?.total ?? (offset > 0 ? await this.countMatches(tsquery, f, candidateCap) : 0);
    return { rows: rows.map((r) => ({ id: r.id, rank: Number(r.rank), hash: r.hash })), total: Number(total), similar: fell };
  }

  private async countMatches(tsquery: string, f: SearchFilter, cap: number): Promise<number> {
    const { where } = this.filters(f);
    const r = await this.db.execute<{
      n: number;
    }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${documentSearch} s JOIN ${documents} d ON d.id = s.document_id
      WHERE s.tsv @@ to_tsquery('simple', ${tsquery}) AND ${where} LIMIT ${cap}) x`);
    return r.rows[0]?.n ?? 0;
  }

  /**
   * For each hash, the first page whose text contains one of the words — allowing line breaks inside a word, as
   * extracted text has them — else its first page (for snippets). Only the first SNIPPET_PAGES pages are scanned,
   * so ten 1 000-page results cost no more than ten short ones.
   */
  async snippetSources(hashes: string[], words: string[], maxPages?: ReadonlyMap<string, number>): Promise<Map<string, string>> {
    const map = new Map<string, string>();
    // a file is scanned up to the pages its readers may be shown (`maxPages`), never past SNIPPET_PAGES
    const scanned = hashes.map((h) => ({ hash: h, max: Math.min(SNIPPET_PAGES, maxPages?.get(h) ?? SNIPPET_PAGES) })).filter((h) => h.max >= 1);
    if (!scanned.length) return map;
    const patterns = words.slice(0, 8).map((w) => [...w].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*'));
    // per document, its pages in order until the first that matches (migration 0018_snippet_page)
    const rows = await this.run<{ hash: string; text: string | null }>(sql`
      SELECT h.hash, wenku_snippet_page(h.hash, ${sql.param(patterns)}::text[], h.max) AS text
      FROM unnest(${sql.param(scanned.map((h) => h.hash))}::text[], ${sql.param(scanned.map((h) => h.max))}::int[]) AS h(hash, max)`);
    for (const r of rows) if (r.text !== null) map.set(r.hash, r.text);
    return map;
  }

  // ---------------- records ----------------
  async insertRecords(rows: (typeof searchRecords.$inferInsert)[]) {
    if (rows.length) await this.db.insert(searchRecords).values(rows);
  }
  async purgeRecords(before: Date) {
    await this.db.delete(searchRecords).where(lt(searchRecords.createdAt, before));
  }
  async listRecords(q: { page: number; size: number; wd?: string; type?: number[]; user_id?: number[]; ip?: string }) {
    const conds: SQL[] = [];
    if (q.wd) conds.push(ilike(searchRecords.keywords, likePattern(q.wd)));
    if (q.type?.length) conds.push(inArray(searchRecords.type, q.type));
    if (q.user_id?.length) conds.push(inArray(searchRecords.userId, q.user_id));
    if (q.ip) conds.push(eq(searchRecords.ip, q.ip));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(searchRecords)
        .where(where)
        .orderBy(desc(searchRecords.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(searchRecords).where(where),
    ]);
    return { rows, total: n };
  }
  async deleteRecords(ids: number[]) {
    await this.db.delete(searchRecords).where(inArray(searchRecords.id, ids));
  }
  async hotWords(since: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ k: searchRecords.keywords, n: count() })
      .from(searchRecords)
      .where(and(sql`${searchRecords.createdAt} >= ${since}`, sql`${searchRecords.total} > 0`))
      .groupBy(searchRecords.keywords)
      .orderBy(desc(count()))
      .limit(limit);
    return rows.map((r) => r.k);
  }

  // ---------------- reindex progress ----------------
  async reindexState() {
    const [row] = await this.db.select().from(searchReindex).where(eq(searchReindex.id, 1));
    return row;
  }
  async setReindexState(patch: Partial<typeof searchReindex.$inferInsert>) {
    await this.db
      .insert(searchReindex)
      .values({ id: 1, ...patch })
      .onConflictDoUpdate({ target: searchReindex.id, set: patch });
  }
}
