import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ArticleAudit, CategoryType, FOOTER_ARTICLE_IDENTIFIERS, PunishmentType, highlightHtml, type TArticle, type TArticleDetail } from '@wenku/contracts';
import { markdownToText } from '@wenku/ui/markdown';
import type { Db, Exec, Tx } from '../../db/client';
import type { EventBus } from '../../kernel/events';
import type { ContentService } from '../content/content.service';
import type { MarkdownPool } from './markdown.pool';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { parseQuery, segment, tokenize, toTsQuery } from '../../lib/segment';
import { snippetAround } from '../../lib/text';
import type { ConfigService } from '../config/config.service';
import { toUserBrief, toUserCard, type UserService } from '../user/user.service';
import type { PunishmentService } from '../account/punishment.service';
import type { ArticleFilter, ArticleListRow, ArticleRepo, ArticleRow } from './article.repo';
import { CounterBuffer } from '../../lib/counter-buffer';
import type { Logger } from '../../kernel/module';
import { TtlCache, freeze, type Caches } from '../../lib/cache';

export interface ArticleViewer {
  userId?: number;
  /** holds the route's permission (administrator) */
  isAdmin: boolean;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** Keywords when the author gives none: the title's distinct words (jieba), longest first, up to five. */
export function defaultKeywords(title: string): string {
  const words = [...new Set(tokenize(title).filter((w) => w.length >= 2 && !/^\d+$/.test(w)))];
  return words
    .sort((a, b) => b.length - a.length)
    .slice(0, 5)
    .join(',');
}

/** Placeholder content of the footer pages, created once (the administrator edits them). */
const FOOTER_SEED: Record<(typeof FOOTER_ARTICLE_IDENTIFIERS)[number], { title: string; content: string }> = {
  about: {
    title: '关于我们',
    content: '## 关于我们\n\n本站是一个开源的文档分享与文章发布平台，致力于让知识更容易被发现与分享。\n\n> 管理员可在后台「文章管理」中编辑本页内容。',
  },
  agreement: {
    title: '文库协议',
    content:
      '## 文库协议\n\n欢迎使用本站。注册、上传文档或发布文章即表示您同意遵守本协议：\n\n1. 不上传违法、侵权或含有恶意代码的内容；\n2. 尊重他人的著作权与隐私；\n3. 本站有权删除违反协议的内容。',
  },
  contact: { title: '联系我们', content: '## 联系我们\n\n如有合作、建议或版权问题，请通过站内反馈或管理员邮箱与我们联系。' },
  feedback: { title: '意见反馈', content: '## 意见反馈\n\n您的意见是我们改进的动力。请在本页下方留言，我们会尽快回复。' },
  copyright: { title: '免责声明', content: '## 免责声明\n\n本站文档与文章由用户上传或发布，仅供学习交流。若内容侵犯了您的权益，请联系我们，我们将及时处理。' },
};

/** What ArticleService is built from, passed as one object (index.ts). */
export interface ArticleDeps {
  db: Db;
  repo: ArticleRepo;
  users: UserService;
  settings: ConfigService;
  punishments: PunishmentService;
  content: ContentService;
  events: EventBus;
  markdown: MarkdownPool;
  log: Logger;
  caches: Caches;
}

export class ArticleService {
  private readonly db: Db;
  private readonly repo: ArticleRepo;
  private readonly users: UserService;
  private readonly settings: ConfigService;
  private readonly punishments: PunishmentService;
  private readonly content: ContentService;
  private readonly events: EventBus;
  private readonly markdown: MarkdownPool;
  constructor(deps: ArticleDeps) {
    ({
      db: this.db,
      repo: this.repo,
      users: this.users,
      settings: this.settings,
      punishments: this.punishments,
      content: this.content,
      events: this.events,
      markdown: this.markdown,
    } = deps);
    const log = deps.log;
    const caches = deps.caches;
    this.pageCache = caches.cache('article-pages', { ttlMs: 10_000, maxEntries: 5000, staleMs: 20_000 });
    this.listCache = caches.cache('article-lists', { ttlMs: 10_000, maxEntries: 1000, staleMs: 20_000 });
    this.views = new CounterBuffer(
      (ids, counts) => this.repo.addViews(ids, counts),
      (e) => log.warn("could not write the articles' view counts; kept for the next try", { error: e instanceof Error ? e.message : String(e) }),
    );
  }

  /** page views, written every few seconds in one statement (and at shutdown) */
  readonly views: CounterBuffer;

  private async changed(ids: number[]) {
    if (!ids.length) return;
    await TtlCache.clearAll([this.pageCache, this.listCache]);
    await this.events.emit('article.changed', { ids });
  }

  /**
   * What visitors who are not logged in read (the article page, the lists) as whole answers, the same for all of
   * them: dropped in every process on any article change; the time limit bounds the rest (view counts, names).
   */
  readonly pageCache: TtlCache<TArticleDetail>;
  readonly listCache: TtlCache<{ total: number; article: TArticle[] }>;

  /** Favourite or comment counts changed (committed): the cached pages and lists showing them go. */
  async countsChanged() {
    await TtlCache.clearAll([this.pageCache, this.listCache]);
  }

  /** The article page for a visitor who is not logged in (from the shared answer; the view is counted). */
  async publicDetail(by: { id?: number; identifier?: string }, countView: boolean): Promise<TArticleDetail> {
    let built = false;
    const page = await this.pageCache.get(`${by.id ?? ''}/${by.identifier ?? ''}`, async () => {
      built = true; // this request's view is counted (and shown) by the build
      return freeze({ ...(await this.detail(by, { isAdmin: false }, countView)), is_favorite: false });
    });
    if (countView && !built) this.views.add(page.id);
    return page;
  }

  /** users.article_count = the author's published articles, inside the caller's transaction. */
  private async recountAuthors(tx: Tx, userIds: number[]) {
    for (const [userId, n] of await this.repo.publishedCountsOfUsers(tx, [...new Set(userIds)])) await this.users.setCounts(tx, userId, { articleCount: n });
  }

  // ---------------- mapping ----------------
  async decorate(rows: ArticleListRow[], withContent = false): Promise<TArticle[]> {
    const [cats, users] = await Promise.all([this.repo.categoryIdsOf(rows.map((r) => r.id)), this.users.byIds(rows.map((r) => r.userId))]);
    const byUser = new Map(users.map((u) => [u.id, toUserBrief(u)]));
    const hideViews = (await this.settings.get('article')).show_view_count === false;
    return rows.map((r) => ({
      id: r.id,
      identifier: r.identifier,
      user_id: r.userId,
      username: byUser.get(r.userId)?.username,
      user_avatar: byUser.get(r.userId)?.avatar,
      // the author nested as moredoc gives it: public fields only
      user: byUser.get(r.userId),
      title: r.title,
      keywords: r.keywords,
      description: r.description,
      content: withContent ? r.content : undefined,
      status: r.status,
      is_draft: r.isDraft,
      reject_reason: r.rejectReason,
      view_count: hideViews ? 0 : r.viewCount,
      favorite_count: r.favoriteCount,
      comment_count: r.commentCount,
      is_recommend: r.recommendAt !== null,
      recommend_at: iso(r.recommendAt),
      category_id: cats.get(r.id) ?? [],
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      deleted_at: iso(r.deletedAt),
    }));
  }

  private isPublic(a: Pick<ArticleRow, 'status' | 'isDraft' | 'deletedAt'>) {
    return a.status === ArticleAudit.Approved && !a.isDraft && !a.deletedAt;
  }

  /** An article as a viewer may see it: the public sees approved, submitted ones; authors and admins see theirs. */
  async visible(by: { id?: number; identifier?: string }, viewer: ArticleViewer): Promise<ArticleRow> {
    const a = by.id !== undefined || by.identifier ? await this.repo.find(by) : undefined;
    if (!a || a.deletedAt) throw notFound('文章不存在或已被删除');
    const privileged = viewer.isAdmin || (viewer.userId !== undefined && viewer.userId === a.userId);
    if (!privileged && !this.isPublic(a)) throw notFound('文章不存在或已被删除');
    return a;
  }

  // ---------------- rules of writing ----------------
  private async assertCanWrite(userId: number) {
    await this.punishments.assertAllowed(userId, PunishmentType.NoArticle);
    const groups = await this.users.groups(userId);
    if (!groups.some((g) => g.enable_article)) throw forbidden('您所在的用户组不允许发布文章');
    // review is needed only when every group of the user requires it (moredoc's rule)
    return { needsApproval: groups.length > 0 && groups.every((g) => g.enable_article_approval) };
  }

  private async checkCategories(ids: number[]) {
    if (!ids.length) return;
    const rows = await this.content.categoriesByIds(ids);
    if (rows.length !== new Set(ids).size || rows.some((c) => c.type !== CategoryType.Article || !c.enable)) throw badRequest('文章分类不存在或已停用');
  }

  private async newIdentifier(): Promise<string> {
    for (;;) {
      const id = crypto.randomBytes(6).toString('hex');
      // an all-digit identifier would read as an id in /article/{id}
      if (/^\d+$/.test(id)) continue;
      if (!(await this.repo.identifierTaken(id))) return id;
    }
  }

  private async index(tx: Db | Parameters<Parameters<Db['transaction']>[0]>[0], a: Pick<ArticleRow, 'id' | 'title' | 'keywords' | 'description' | 'content'>) {
    await this.repo.setSearchText(tx, a.id, {
      a: segment(a.title),
      b: segment(a.keywords.replace(/[,，;；]/g, ' ')),
      c: segment(a.description),
      d: segment(markdownToText(a.content, 200_000)),
    });
  }

  // ---------------- create / update / delete ----------------
  async create(
    viewer: ArticleViewer & { userId: number },
    body: { identifier?: string; title: string; keywords: string; description: string; content: string; category_id: number[]; is_draft: boolean },
  ): Promise<TArticle> {
    let status: number = ArticleAudit.Approved;
    if (!viewer.isAdmin) {
      const { needsApproval } = await this.assertCanWrite(viewer.userId);
      status = needsApproval ? ArticleAudit.Pending : ArticleAudit.Approved;
    }
    let identifier = viewer.isAdmin && body.identifier ? body.identifier : await this.newIdentifier();
    if (viewer.isAdmin && body.identifier && (await this.repo.identifierTaken(body.identifier))) throw conflict('文章标识已存在');
    identifier = identifier.trim();
    await this.checkCategories(body.category_id);
    if (!body.is_draft && !body.content.trim()) throw badRequest('请输入文章内容');
    const keywords = body.keywords || defaultKeywords(body.title);
    const description = body.description || markdownToText(body.content, 200, { summary: true });
    const row = await this.db.transaction(async (tx) => {
      const r = await this.repo.insert(tx, {
        identifier,
        userId: viewer.userId,
        title: body.title,
        keywords,
        description,
        content: body.content,
        status,
        isDraft: body.is_draft,
      });
      await this.repo.setCategories(tx, r.id, body.category_id);
      await this.index(tx, r);
      await this.recountAuthors(tx, [viewer.userId]);
      return r;
    });
    await this.repo.update(row.id, { contentHtml: await this.markdown.render(row.content, String(row.id)) });
    await this.changed([row.id]);
    return (await this.decorate([row], true))[0];
  }

  async update(
    viewer: ArticleViewer & { userId: number },
    body: {
      id: number;
      identifier?: string;
      title?: string;
      keywords?: string;
      description?: string;
      content?: string;
      category_id?: number[];
      is_draft?: boolean;
      status?: 0 | 1 | 2;
      reject_reason?: string;
    },
  ): Promise<TArticle> {
    const a = await this.repo.find({ id: body.id });
    if (!a || a.deletedAt) throw notFound('文章不存在或已被删除');
    if (!viewer.isAdmin && a.userId !== viewer.userId) throw forbidden('只能修改自己的文章');
    const patch: Partial<ArticleRow> = {};
    for (const k of ['title', 'keywords', 'description', 'content'] as const) if (body[k] !== undefined) patch[k] = body[k];
    if (body.is_draft !== undefined) patch.isDraft = body.is_draft;
    if (body.category_id) await this.checkCategories(body.category_id);
    if (viewer.isAdmin) {
      if (body.identifier !== undefined && body.identifier !== a.identifier) {
        if (await this.repo.identifierTaken(body.identifier, a.id)) throw conflict('文章标识已存在');
        patch.identifier = body.identifier;
      }
      if (body.status !== undefined) {
        patch.status = body.status;
        patch.rejectReason = body.status === ArticleAudit.Rejected ? (body.reject_reason ?? a.rejectReason) : '';
      }
    } else {
      if (body.status !== undefined && body.status !== a.status) throw forbidden('只有管理员可以审核文章');
      // an author's edit goes through review again when the author's groups require review
      const { needsApproval } = await this.assertCanWrite(viewer.userId);
      const changed = Object.keys(patch).some((k) => k !== 'isDraft') || (body.is_draft === false && a.isDraft);
      if (changed) {
        patch.status = needsApproval ? ArticleAudit.Pending : ArticleAudit.Approved;
        patch.rejectReason = '';
      }
    }
    const next = { ...a, ...patch };
    if (!next.isDraft && !next.content.trim()) throw badRequest('请输入文章内容');
    if (body.keywords === '' || (patch.title && !a.keywords && body.keywords === undefined)) patch.keywords = defaultKeywords(next.title);
    if (body.description === '') patch.description = markdownToText(next.content, 200, { summary: true });
    // rendered before the transaction: a long article's formulas take CPU time no transaction should wait for
    if (patch.content !== undefined) patch.contentHtml = await this.markdown.render(next.content, String(a.id));
    const row = await this.db.transaction(async (tx) => {
      const r = Object.keys(patch).length ? await this.repo.update(a.id, patch, tx) : a;
      if (!r) throw notFound('文章不存在');
      if (body.category_id) await this.repo.setCategories(tx, a.id, body.category_id);
      await this.index(tx, r);
      await this.recountAuthors(tx, [a.userId]);
      return r;
    });
    await this.changed([a.id]);
    return (await this.decorate([row], true))[0];
  }

  /** Soft delete into the recycle bin (authors: their own articles). */
  async softDelete(viewer: ArticleViewer, ids: number[]) {
    const rows = await this.repo.byIds(ids);
    if (!rows.length) throw notFound('文章不存在或已被删除');
    if (!viewer.isAdmin && rows.some((r) => r.userId !== viewer.userId)) throw forbidden('只能删除自己的文章');
    await this.db.transaction(async (tx) => {
      await this.repo.updateMany(
        rows.map((r) => r.id),
        { deletedAt: new Date() },
        tx,
      );
      await this.recountAuthors(
        tx,
        rows.map((r) => r.userId),
      );
    });
    await this.changed(rows.map((r) => r.id));
  }

  async restore(ids: number[]) {
    const rows = (await this.repo.byIds(ids, true)).filter((r) => r.deletedAt);
    if (!rows.length) throw notFound('回收站中没有这些文章');
    await this.db.transaction(async (tx) => {
      await this.repo.updateMany(
        rows.map((r) => r.id),
        { deletedAt: null },
        tx,
      );
      await this.recountAuthors(
        tx,
        rows.map((r) => r.userId),
      );
    });
    await this.changed(rows.map((r) => r.id));
  }

  /** Hard delete from the recycle bin, with the article's comments and favourites. */
  async purge(ids: number[] | 'all') {
    const target = ids === 'all' ? await this.repo.deletedIds() : ids;
    const rows = (await this.repo.byIds(target, true)).filter((r) => r.deletedAt);
    if (!rows.length) return 0;
    await this.db.transaction(async (tx) => {
      await this.repo.hardDelete(
        tx,
        rows.map((r) => r.id),
      );
      await this.recountAuthors(
        tx,
        rows.map((r) => r.userId),
      );
    });
    await this.changed(rows.map((r) => r.id));
    await this.events.emit('article.purged', { ids: rows.map((r) => r.id) });
    return rows.length;
  }

  // ---------------- read ----------------
  async detail(by: { id?: number; identifier?: string }, viewer: ArticleViewer, countView: boolean): Promise<Omit<TArticleDetail, 'is_favorite'>> {
    const a = await this.visible(by, viewer);
    if (countView && this.isPublic(a)) this.views.add(a.id);
    a.viewCount += this.views.unwritten(a.id);
    const [[article], cats, [author]] = await Promise.all([
      this.decorate([a], true),
      this.repo.categoryIdsOf([a.id]).then((m) => this.content.categoriesByIds(m.get(a.id) ?? [])),
      this.users.byIds([a.userId]),
    ]);
    return {
      ...article,
      user: author && toUserCard(author),
      content: a.content,
      content_html: await this.html(a),
      category: cats.map((c) => ({ id: c.id, title: c.title, parent_id: c.parentId })),
    };
  }

  /** The stored HTML; an article saved before HTML was stored is rendered once (off the event loop) and kept. */
  private async html(a: ArticleRow): Promise<string> {
    if (a.contentHtml || !a.content.trim()) return a.contentHtml;
    const html = await this.markdown.render(a.content, String(a.id));
    await this.repo.update(a.id, { contentHtml: html });
    return html;
  }

  async close(): Promise<void> {
    await this.views.close();
    await this.markdown.close();
  }

  /** A markdown document as a .docx file (POST /markdown2docx), built off the event loop. */
  toDocx(markdown: string, title?: string): Promise<Buffer> {
    return this.markdown.docx(markdown, title);
  }

  async list(q: Omit<ArticleFilter, 'deleted' | 'publicOnly'>, viewer: ArticleViewer, deleted = false) {
    const own = viewer.userId !== undefined && q.user_id?.length === 1 && q.user_id[0] === viewer.userId;
    const f: ArticleFilter = { ...q, deleted, category_id: await this.content.withDescendants(CategoryType.Article, q.category_id ?? []) };
    if (!viewer.isAdmin) {
      f.deleted = false;
      if (!own) {
        f.publicOnly = true;
        f.status = undefined;
        f.is_draft = undefined;
        f.size = Math.min(f.size, 50);
      }
    }
    const load = async () => {
      const { rows, total } = await this.repo.list(f);
      return { total, article: await this.decorate(rows) };
    };
    if (viewer.userId === undefined && !viewer.isAdmin && !deleted) return this.listCache.get(JSON.stringify(f), async () => freeze(await load()));
    return load();
  }

  async related(by: { id?: number; identifier?: string }, limit?: number) {
    const a = await this.visible(by, { isAdmin: false });
    const n = Math.min(20, Math.max(1, limit ?? (await this.settings.get('article')).related_count));
    const words = [...new Set([...tokenize(a.keywords.replace(/[,，;；]/g, ' ')), ...tokenize(a.title)].filter((w) => w.length >= 2))].slice(0, 12);
    const query = words.length
      ? sql.join(
          words.map((w) => sql`plainto_tsquery('simple', ${w})`),
          sql` || `,
        )
      : undefined;
    const cats = (await this.repo.categoryIdsOf([a.id])).get(a.id) ?? [];
    return { article: await this.decorate(await this.repo.related(a.id, query, cats, n)) };
  }

  /** Full-text search: jieba words (AND), "phrases", -excluded words; ranked by ts_rank with weights A–D. */
  async search(q: { wd: string; page: number; size: number; category_id?: number[]; user_id?: number; created_at?: string[]; sort: string }) {
    const started = performance.now();
    const parsed = parseQuery(q.wd);
    const tsq = toTsQuery(parsed);
    const query = tsq ? sql`to_tsquery('simple', ${tsq})` : undefined;
    const display = await this.settings.get('display');
    const maxPage = Math.max(1, display.max_search_pages);
    const page = Math.min(q.page, maxPage);
    const { rows, total } = await this.repo.search({
      query,
      fallback: tsq ? undefined : q.wd.trim(),
      category_id: await this.content.withDescendants(CategoryType.Article, q.category_id ?? []),
      user_id: q.user_id,
      created_at: q.created_at,
      sort: q.sort,
      page,
      size: q.size,
    });
    const decorated = await this.decorate(rows);
    const words = parsed.highlight.length ? parsed.highlight : [q.wd.trim()];
    const article = decorated.map((a, i) => {
      const text = rows[i].description || markdownToText(rows[i].content ?? '', 2000);
      return {
        ...a,
        highlight_title: highlightHtml(a.title, words),
        highlight_snippet: highlightHtml(snippetAround(text, words, 120), words),
        rank: rows[i].rank,
      };
    });
    return { total, spend: Number(((performance.now() - started) / 1000).toFixed(3)), max_page: Math.min(maxPage, Math.ceil(total / q.size)), article, words };
  }

  // ---------------- administration ----------------
  async setCategory(ids: number[], categoryIds: number[]) {
    await this.checkCategories(categoryIds);
    const rows = await this.repo.byIds(ids);
    await this.db.transaction(async (tx) => {
      for (const r of rows) await this.repo.setCategories(tx, r.id, categoryIds);
    });
    await this.changed(rows.map((r) => r.id));
  }

  async recommend(ids: number[], isRecommend: boolean) {
    const rows = await this.repo.byIds(ids);
    await this.repo.updateMany(
      rows.map((r) => r.id),
      { recommendAt: isRecommend ? new Date() : null },
    );
    await this.changed(rows.map((r) => r.id));
  }

  /** Review: approve or reject (the reason is shown to the author). */
  async check(ids: number[], status: 1 | 2, reason: string) {
    if (status === ArticleAudit.Rejected && !reason.trim()) throw badRequest('请填写拒绝原因');
    const rows = await this.repo.byIds(ids);
    if (!rows.length) throw notFound('文章不存在或已被删除');
    await this.db.transaction(async (tx) => {
      await this.repo.updateMany(
        rows.map((r) => r.id),
        { status, rejectReason: status === ArticleAudit.Rejected ? reason.trim() : '' },
        tx,
      );
      await this.recountAuthors(
        tx,
        rows.map((r) => r.userId),
      );
    });
    await this.changed(rows.map((r) => r.id));
  }

  // ---------------- comments & favourites (type 1 of the shared tables) ----------------
  /** The article a user comments on or favourites: it must be public (or the user's own). */
  async interactionTarget(id: number, userId: number) {
    const a = await this.visible({ id }, { userId, isAdmin: false });
    return { id: a.id, userId: a.userId, title: a.title };
  }

  /** Title and address of favourited articles (deleted ones are left out; the favourite then shows as removed). */
  async favoriteSummaries(ids: number[]) {
    const rows = await this.repo.byIds(ids);
    return rows.map((a) => ({ id: a.id, title: a.title, identifier: a.identifier ?? '' }));
  }

  async commentsEnabled(): Promise<boolean> {
    return (await this.settings.get('article')).enable_comment;
  }

  /** Favourite and comment counts, recounted by the interaction module inside its transaction. */
  setInteractionCounts(tx: Exec, rows: { id: number; favorites: number; comments: number }[]) {
    return this.repo.setCounts(tx, rows);
  }

  // ---------------- seed, sitemap ----------------
  /** The footer pages (about, agreement, contact, feedback, copyright), created once with placeholder text. */
  async seedFooterPages(ownerId: number) {
    const rows = FOOTER_ARTICLE_IDENTIFIERS.map((identifier) => ({
      identifier,
      userId: ownerId,
      title: FOOTER_SEED[identifier].title,
      content: FOOTER_SEED[identifier].content,
      description: markdownToText(FOOTER_SEED[identifier].content, 200),
      keywords: FOOTER_SEED[identifier].title,
      status: ArticleAudit.Approved,
    }));
    const created = await this.repo.seedMissing(rows);
    for (const c of created) {
      const a = await this.repo.find({ id: c.id });
      if (a) await this.index(this.db, a);
    }
    return created.length;
  }

  publicIdentifiers(afterId: number, limit: number) {
    return this.repo.publicIdentifiers(afterId, limit);
  }
}
