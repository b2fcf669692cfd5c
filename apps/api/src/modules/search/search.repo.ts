import { and, count, desc, eq, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentSearch, documentTexts, documents, searchRecords, searchReindex, users } from '../../db/schema';

export interface IndexRow { documentId: number; title: string; keywords: string; description: string; content: string; visible: boolean }
export type Weights = { title: string; keywords: string; description: string; content: string };

const W = (w: string) => (['A', 'B', 'C', 'D'].includes(w) ? w : 'D');

export interface SearchFilter {
  categoryIds?: number[]; exts?: string[]; fee?: 'free' | 'charge'; languages?: string[]; userId?: number; from?: Date; to?: Date;
}

export class SearchRepo {
  constructor(private readonly db: Db) {}

  /** Documents to index, with their body text (joined pages, capped). */
  async loadForIndex(ids: number[], maxContent: number): Promise<IndexRow[]> {
    if (!ids.length) return [];
    const rows = await this.db.execute<{ id: number; title: string; keywords: string; description: string; visible: boolean; content: string | null }>(sql`
      SELECT d.id, d.title, d.keywords, d.description, (d.status = 2 AND d.deleted_at IS NULL) AS visible,
        (SELECT left(string_agg(t.text, ' ' ORDER BY t.page), ${maxContent}) FROM ${documentTexts} t WHERE t.hash = d.hash) AS content
      FROM ${documents} d WHERE d.id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    return rows.rows.map((r) => ({ documentId: r.id, title: r.title, keywords: r.keywords, description: r.description, content: r.content ?? '', visible: r.visible }));
  }

  async upsertIndex(rows: { documentId: number; title: string; keywords: string; description: string; content: string; visible: boolean }[], w: Weights) {
    for (const r of rows) {
      await this.db.execute(sql`
        INSERT INTO ${documentSearch} (document_id, tsv, visible, updated_at) VALUES (${r.documentId},
          setweight(to_tsvector('simple', ${r.title}), ${W(w.title)}::"char") || setweight(to_tsvector('simple', ${r.keywords}), ${W(w.keywords)}::"char") ||
          setweight(to_tsvector('simple', ${r.description}), ${W(w.description)}::"char") || setweight(to_tsvector('simple', ${r.content}), ${W(w.content)}::"char"),
          ${r.visible}, now())
        ON CONFLICT (document_id) DO UPDATE SET tsv = excluded.tsv, visible = excluded.visible, updated_at = now()`);
    }
  }

  async deleteIndex(ids: number[]) {
    if (ids.length) await this.db.delete(documentSearch).where(inArray(documentSearch.documentId, ids));
  }

  existingDocumentIds(ids: number[]) {
    return ids.length ? this.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids)) : Promise.resolve([]);
  }

  idsByHash(hash: string) {
    return this.db.select({ id: documents.id }).from(documents).where(eq(documents.hash, hash));
  }

  /** All document ids in pages (reindex). */
  async allDocumentIds(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db.select({ id: documents.id }).from(documents).where(sql`${documents.id} > ${afterId}`).orderBy(documents.id).limit(limit);
    return rows.map((r) => r.id);
  }

  async countDocuments(): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(documents);
    return r.n;
  }

  private filters(f: SearchFilter): SQL {
    const parts: SQL[] = [sql`s.visible`];
    if (f.categoryIds?.length) parts.push(sql`d.id IN (SELECT document_id FROM document_categories WHERE category_id IN (${sql.join(f.categoryIds.map((i) => sql`${i}`), sql`, `)}))`);
    if (f.exts?.length) parts.push(sql`d.ext IN (${sql.join(f.exts.map((e) => sql`${e}`), sql`, `)})`);
    if (f.fee === 'free') parts.push(sql`d.price = 0`);
    if (f.fee === 'charge') parts.push(sql`d.price > 0`);
    if (f.languages?.length) parts.push(sql`d.language IN (${sql.join(f.languages.map((e) => sql`${e}`), sql`, `)})`);
    if (f.userId) parts.push(sql`d.user_id = ${f.userId}`);
    if (f.from) parts.push(sql`d.created_at >= ${f.from}`);
    if (f.to) parts.push(sql`d.created_at <= ${f.to}`);
    return sql.join(parts, sql` AND `);
  }

  /**
   * Full-text search: GIN-matched candidates (capped, so very common words stay fast), ranked by field weights
   * (ts_rank_cd) then popularity and recency.
   */
  async search(tsquery: string, f: SearchFilter, sort: string, limit: number, offset: number, candidateCap: number) {
    const order = {
      relevance: sql`rank DESC, d.download_count DESC, d.id DESC`,
      latest: sql`d.id DESC`,
      downloads: sql`d.download_count DESC, d.id DESC`,
      views: sql`d.view_count DESC, d.id DESC`,
      score: sql`d.score DESC, d.score_count DESC, d.id DESC`,
    }[sort] ?? sql`rank DESC, d.id DESC`;
    const where = this.filters(f);
    const res = await this.db.execute<{ id: number; rank: number; total: number }>(sql`
      WITH q AS (SELECT to_tsquery('simple', ${tsquery}) AS q),
      cand AS (
        SELECT s.document_id, s.tsv FROM ${documentSearch} s JOIN ${documents} d ON d.id = s.document_id, q
        WHERE s.tsv @@ q.q AND ${where}
        LIMIT ${candidateCap}
      )
      SELECT d.id, ts_rank_cd(cand.tsv, q.q, 1) AS rank, count(*) OVER () AS total
      FROM cand JOIN ${documents} d ON d.id = cand.document_id, q
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`);
    const total = res.rows[0]?.total ?? (offset > 0 ? await this.countMatches(tsquery, f, candidateCap) : 0);
    return { rows: res.rows.map((r) => ({ id: r.id, rank: Number(r.rank) })), total: Number(total) };
  }

  private async countMatches(tsquery: string, f: SearchFilter, cap: number): Promise<number> {
    const r = await this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${documentSearch} s JOIN ${documents} d ON d.id = s.document_id
      WHERE s.tsv @@ to_tsquery('simple', ${tsquery}) AND ${this.filters(f)} LIMIT ${cap}) x`);
    return r.rows[0]?.n ?? 0;
  }

  /** Typo-tolerant title match (pg_trgm) for when full text finds nothing. */
  async similarTitles(wd: string, f: SearchFilter, limit: number, offset: number) {
    const res = await this.db.execute<{ id: number; rank: number; total: number }>(sql`
      SELECT d.id, word_similarity(${wd}, d.title) AS rank, count(*) OVER () AS total
      FROM ${documents} d JOIN ${documentSearch} s ON s.document_id = d.id
      WHERE ${wd} <% d.title AND ${this.filters(f)}
      ORDER BY rank DESC, d.download_count DESC, d.id DESC LIMIT ${limit} OFFSET ${offset}`);
    return { rows: res.rows.map((r) => ({ id: r.id, rank: Number(r.rank) })), total: Number(res.rows[0]?.total ?? 0) };
  }

  /**
   * For each hash, the first page whose text contains one of the words — allowing line breaks inside a word, as
   * extracted text has them — else its first page (for snippets).
   */
  async snippetSources(hashes: string[], words: string[]): Promise<Map<string, string>> {
    const map = new Map<string, string>();
    if (!hashes.length) return map;
    const patterns = words.slice(0, 8).map((w) => [...w].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*'));
    const cond = patterns.length ? sql`(${sql.join(patterns.map((p) => sql`t.text ~* ${p}`), sql` OR `)})` : sql`false`;
    const res = await this.db.execute<{ hash: string; text: string }>(sql`
      SELECT DISTINCT ON (t.hash) t.hash, t.text FROM ${documentTexts} t
      WHERE t.hash IN (${sql.join(hashes.map((h) => sql`${h}`), sql`, `)})
      ORDER BY t.hash, ${cond} DESC, t.page`);
    for (const r of res.rows) map.set(r.hash, r.text);
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
    if (q.wd) conds.push(ilike(searchRecords.keywords, `%${q.wd.replace(/[%_\\]/g, '\\$&')}%`));
    if (q.type?.length) conds.push(inArray(searchRecords.type, q.type));
    if (q.user_id?.length) conds.push(inArray(searchRecords.userId, q.user_id));
    if (q.ip) conds.push(eq(searchRecords.ip, q.ip));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.db.select({ r: searchRecords, username: users.username }).from(searchRecords).leftJoin(users, eq(users.id, searchRecords.userId)).where(where).orderBy(desc(searchRecords.id)).limit(q.size).offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(searchRecords).where(where),
    ]);
    return { rows, total: n };
  }
  async deleteRecords(ids: number[]) {
    await this.db.delete(searchRecords).where(inArray(searchRecords.id, ids));
  }
  async hotWords(since: Date, limit: number): Promise<string[]> {
    const rows = await this.db.select({ k: searchRecords.keywords, n: count() }).from(searchRecords)
      .where(and(sql`${searchRecords.createdAt} >= ${since}`, sql`${searchRecords.total} > 0`)).groupBy(searchRecords.keywords).orderBy(desc(count())).limit(limit);
    return rows.map((r) => r.k);
  }

  // ---------------- reindex progress ----------------
  async reindexState() {
    const [row] = await this.db.select().from(searchReindex).where(eq(searchReindex.id, 1));
    return row;
  }
  async setReindexState(patch: Partial<typeof searchReindex.$inferInsert>) {
    await this.db.insert(searchReindex).values({ id: 1, ...patch }).onConflictDoUpdate({ target: searchReindex.id, set: patch });
  }
}
