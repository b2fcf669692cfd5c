import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx, Exec } from '../../db/client';
import { articleCategories, articles } from '../../db/schema';
import { allOf, anyOf, likePattern } from '../../lib/sql';

export type ArticleRow = typeof articles.$inferSelect;

/** The columns lists need: everything but the markdown source (and the search vector). */
const LIST_COLUMNS = {
  id: articles.id,
  identifier: articles.identifier,
  userId: articles.userId,
  title: articles.title,
  keywords: articles.keywords,
  description: articles.description,
  status: articles.status,
  isDraft: articles.isDraft,
  rejectReason: articles.rejectReason,
  viewCount: articles.viewCount,
  favoriteCount: articles.favoriteCount,
  commentCount: articles.commentCount,
  recommendAt: articles.recommendAt,
  deletedAt: articles.deletedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};
export type ArticleListRow = Omit<ArticleRow, 'content' | 'contentHtml' | 'searchText'> & { content?: string };

export interface ArticleFilter {
  page: number;
  size: number;
  wd?: string;
  category_id?: number[];
  is_recommend?: boolean[];
  status?: number[];
  user_id?: number[];
  created_at?: string[];
  is_draft?: boolean;
  sort?: string;
  /** true: the recycle bin; false/undefined: live articles */
  deleted?: boolean;
  /** only what the public may see: approved, submitted, not deleted */
  publicOnly?: boolean;
  excludeIds?: number[];
}

/** SQL of articles and their category links; nothing else. */
export class ArticleRepo {
  constructor(private readonly db: Db) {}

  publicCondition(): SQL {
    return allOf(eq(articles.status, 1), eq(articles.isDraft, false), isNull(articles.deletedAt));
  }

  async insert(tx: Exec, values: typeof articles.$inferInsert): Promise<ArticleRow> {
    const [row] = await tx.insert(articles).values(values).returning();
    return row;
  }

  async update(id: number, patch: Partial<typeof articles.$inferInsert>, tx: Exec = this.db): Promise<ArticleRow | undefined> {
    const [row] = await tx.update(articles).set(patch).where(eq(articles.id, id)).returning();
    return row;
  }

  async updateMany(ids: number[], patch: Partial<typeof articles.$inferInsert>, tx: Exec = this.db) {
    if (!ids.length) return [];
    return tx.update(articles).set(patch).where(inArray(articles.id, ids)).returning({ id: articles.id, userId: articles.userId });
  }

  async find(by: { id?: number; identifier?: string }): Promise<ArticleRow | undefined> {
    const where = by.id !== undefined ? eq(articles.id, by.id) : eq(articles.identifier, by.identifier ?? '');
    const [row] = await this.db.select().from(articles).where(where).limit(1);
    return row;
  }

  async byIds(ids: number[], withDeleted = false): Promise<ArticleListRow[]> {
    if (!ids.length) return [];
    const conds = [inArray(articles.id, ids)];
    if (!withDeleted) conds.push(isNull(articles.deletedAt));
    return this.db
      .select(LIST_COLUMNS)
      .from(articles)
      .where(and(...conds));
  }

  async identifierTaken(identifier: string, exceptId = 0): Promise<boolean> {
    const [row] = await this.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.identifier, identifier), sql`${articles.id} <> ${exceptId}`))
      .limit(1);
    return !!row;
  }

  async setCategories(tx: Exec, articleId: number, categoryIds: number[]) {
    await tx.delete(articleCategories).where(eq(articleCategories.articleId, articleId));
    if (categoryIds.length) await tx.insert(articleCategories).values([...new Set(categoryIds)].map((categoryId) => ({ articleId, categoryId })));
  }

  async categoryIdsOf(ids: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (!ids.length) return out;
    const rows = await this.db.select().from(articleCategories).where(inArray(articleCategories.articleId, ids)).orderBy(asc(articleCategories.categoryId));
    for (const r of rows) out.set(r.articleId, [...(out.get(r.articleId) ?? []), r.categoryId]);
    return out;
  }

  private conditions(f: ArticleFilter): SQL[] {
    const conds: SQL[] = [];
    conds.push(f.deleted ? isNotNull(articles.deletedAt) : isNull(articles.deletedAt));
    if (f.publicOnly) conds.push(eq(articles.status, 1), eq(articles.isDraft, false));
    if (f.status?.length) conds.push(inArray(articles.status, f.status));
    if (f.user_id?.length) conds.push(inArray(articles.userId, f.user_id));
    if (f.is_draft !== undefined) conds.push(eq(articles.isDraft, f.is_draft));
    if (f.is_recommend?.length === 1) conds.push(f.is_recommend[0] ? isNotNull(articles.recommendAt) : isNull(articles.recommendAt));
    if (f.wd)
      conds.push(anyOf(ilike(articles.title, likePattern(f.wd)), ilike(articles.keywords, likePattern(f.wd)), ilike(articles.identifier, likePattern(f.wd))));
    if (f.category_id?.length) {
      conds.push(
        sql`EXISTS (SELECT 1 FROM ${articleCategories} ac WHERE ac.article_id = ${articles.id} AND ac.category_id IN (${sql.join(
          f.category_id.map((c) => sql`${c}`),
          sql`, `,
        )}))`,
      );
    }
    const [from, to] = f.created_at ?? [];
    if (from && !Number.isNaN(Date.parse(from))) conds.push(gte(articles.createdAt, new Date(from)));
    if (to && !Number.isNaN(Date.parse(to))) conds.push(lte(articles.createdAt, new Date(to)));
    if (f.excludeIds?.length)
      conds.push(
        sql`${articles.id} NOT IN (${sql.join(
          f.excludeIds.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
    return conds;
  }

  private order(sort?: string) {
    switch (sort) {
      case 'views':
        return [desc(articles.viewCount), desc(articles.id)];
      case 'popular':
        return [desc(sql`${articles.viewCount} + 5 * ${articles.favoriteCount} + 3 * ${articles.commentCount}`), desc(articles.id)];
      case 'comments':
        return [desc(articles.commentCount), desc(articles.id)];
      case 'recommend':
        return [sql`${articles.recommendAt} DESC NULLS LAST`, desc(articles.id)];
      case 'deleted':
        return [desc(articles.deletedAt), desc(articles.id)];
      default:
        return [desc(articles.id)];
    }
  }

  async list(f: ArticleFilter): Promise<{ rows: ArticleListRow[]; total: number }> {
    const where = and(...this.conditions(f));
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select(LIST_COLUMNS)
        .from(articles)
        .where(where)
        .orderBy(...this.order(f.deleted ? 'deleted' : f.sort))
        .limit(f.size)
        .offset((f.page - 1) * f.size),
      this.db.select({ n: count() }).from(articles).where(where),
    ]);
    return { rows, total: n };
  }

  /** Adds buffered views (CounterBuffer) in one statement; the articles' updated_at stays as it is. */
  async addViews(ids: number[], counts: number[]) {
    await this.db.execute(
      sql`UPDATE articles AS a SET view_count = a.view_count + v.n FROM unnest(${sql.param(ids)}::int[], ${sql.param(counts)}::int[]) AS v(id, n) WHERE a.id = v.id`,
    );
  }

  /** Stores the weighted search vector: the words come segmented by jieba, the database only splits on spaces. */
  async setSearchText(tx: Exec, id: number, parts: { a: string; b: string; c: string; d: string }) {
    await tx.execute(sql`UPDATE articles SET search_text =
      setweight(to_tsvector('simple', ${parts.a}), 'A') || setweight(to_tsvector('simple', ${parts.b}), 'B') ||
      setweight(to_tsvector('simple', ${parts.c}), 'C') || setweight(to_tsvector('simple', ${parts.d}), 'D')
      WHERE id = ${id}`);
  }

  /** Full-text search over public articles: `query` is a tsquery expression, `fallback` a title substring. */
  async search(q: {
    query?: SQL;
    fallback?: string;
    category_id?: number[];
    user_id?: number;
    created_at?: string[];
    sort: string;
    page: number;
    size: number;
  }) {
    const conds = this.conditions({
      page: q.page,
      size: q.size,
      publicOnly: true,
      category_id: q.category_id,
      user_id: q.user_id ? [q.user_id] : undefined,
      created_at: q.created_at,
    });
    const match: SQL[] = [];
    if (q.query) match.push(sql`${articles.searchText} @@ (${q.query})`);
    if (q.fallback) match.push(ilike(articles.title, likePattern(q.fallback)));
    if (!match.length) return { rows: [] as (ArticleListRow & { rank: number })[], total: 0 };
    conds.push(anyOf(...match));
    const where = and(...conds);
    const rank = q.query ? sql<number>`ts_rank(${articles.searchText}, ${q.query})` : sql<number>`0`;
    // without a query there is no rank to order by (a constant would read as a column position)
    const order =
      q.sort === 'latest' || !q.query
        ? [desc(articles.id)]
        : q.sort === 'views'
          ? [desc(articles.viewCount), desc(articles.id)]
          : [desc(rank), desc(articles.id)];
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select({ ...LIST_COLUMNS, content: articles.content, rank })
        .from(articles)
        .where(where)
        .orderBy(...order)
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db.select({ n: count() }).from(articles).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r, rank: Number(r.rank) })), total: n };
  }

  /** Public articles sharing words (any of `query`) or categories with an article, best match first. */
  async related(id: number, query: SQL | undefined, categoryIds: number[], limit: number): Promise<ArticleListRow[]> {
    const conds = this.conditions({ page: 1, size: limit, publicOnly: true, excludeIds: [id] });
    const match: SQL[] = [];
    if (query) match.push(sql`${articles.searchText} @@ (${query})`);
    if (categoryIds.length)
      match.push(
        sql`EXISTS (SELECT 1 FROM ${articleCategories} ac WHERE ac.article_id = ${articles.id} AND ac.category_id IN (${sql.join(
          categoryIds.map((c) => sql`${c}`),
          sql`, `,
        )}))`,
      );
    if (!match.length) return [];
    conds.push(anyOf(...match));
    const rank = query ? sql`ts_rank(${articles.searchText}, ${query})` : sql`0`;
    return this.db
      .select(LIST_COLUMNS)
      .from(articles)
      .where(and(...conds))
      .orderBy(desc(rank), desc(articles.id))
      .limit(limit);
  }

  async setCounts(tx: Exec, rows: { id: number; favorites: number; comments: number }[]) {
    for (const r of rows) await tx.update(articles).set({ favoriteCount: r.favorites, commentCount: r.comments }).where(eq(articles.id, r.id));
  }

  /** Published articles per author. */
  async publishedCountsOfUsers(tx: Exec, userIds: number[]): Promise<Map<number, number>> {
    const out = new Map(userIds.map((id) => [id, 0]));
    if (!userIds.length) return out;
    const rows = await tx
      .select({ userId: articles.userId, n: count() })
      .from(articles)
      .where(and(inArray(articles.userId, userIds), eq(articles.status, 1), eq(articles.isDraft, false), isNull(articles.deletedAt)))
      .groupBy(articles.userId);
    for (const r of rows) out.set(r.userId, r.n);
    return out;
  }

  async deletedIds(): Promise<number[]> {
    return (await this.db.select({ id: articles.id }).from(articles).where(isNotNull(articles.deletedAt))).map((r) => r.id);
  }

  async hardDelete(tx: Tx, ids: number[]) {
    if (!ids.length) return;
    await tx.delete(articles).where(inArray(articles.id, ids));
  }

  /** Identifiers of public articles after an id, in id order (sitemap pages). */
  async publicIdentifiers(afterId: number, limit: number) {
    return this.db
      .select({ id: articles.id, identifier: articles.identifier, updatedAt: articles.updatedAt })
      .from(articles)
      .where(and(this.publicCondition(), sql`${articles.id} > ${afterId}`))
      .orderBy(asc(articles.id))
      .limit(limit);
  }

  async countPublic(): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(articles).where(this.publicCondition());
    return n;
  }

  async seedMissing(rows: (typeof articles.$inferInsert)[]) {
    if (!rows.length) return [];
    return this.db.insert(articles).values(rows).onConflictDoNothing({ target: articles.identifier }).returning({ id: articles.id });
  }
}
