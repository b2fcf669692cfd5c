import { CategoryType, ArticleAudit, type TArticle, type TArticleDetail } from '@wenku/contracts';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import { freeze } from '../../lib/cache';
import { tokenize } from '../../lib/segment';
import { toUserBrief, toUserCard } from '../user/user.service';
import { ArticlePart, type ArticleViewer } from './article.model';
import type { ArticleFilter, ArticleListRow, ArticleRow } from './article.repo';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Reading articles: one as a viewer may see it, the article page (the shared answer for visitors who are not logged
 * in), the lists and the recycle bin's list, related articles, the sitemap's identifiers.
 */
export class ArticleViews extends ArticlePart {
  async decorate(rows: ArticleListRow[], withContent = false): Promise<TArticle[]> {
    const [cats, users] = await Promise.all([this.deps.repo.categoryIdsOf(rows.map((r) => r.id)), this.deps.users.byIds(rows.map((r) => r.userId))]);
    const byUser = new Map(users.map((u) => [u.id, toUserBrief(u)]));
    const hideViews = (await this.deps.settings.get('article')).show_view_count === false;
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
    const a = by.id !== undefined || by.identifier ? await this.deps.repo.find(by) : undefined;
    if (!a || a.deletedAt) throw notFound('文章不存在或已被删除');
    const privileged = viewer.isAdmin || (viewer.userId !== undefined && viewer.userId === a.userId);
    if (!privileged && !this.isPublic(a)) throw notFound('文章不存在或已被删除');
    return a;
  }

  /** The article page for a visitor who is not logged in (from the shared answer; the view is counted). */
  async publicDetail(by: { id?: number; identifier?: string }, countView: boolean): Promise<TArticleDetail> {
    let built = false;
    const page = await this.deps.cache.pageCache.get(`${by.id ?? ''}/${by.identifier ?? ''}`, async () => {
      built = true; // this request's view is counted (and shown) by the build
      return freeze({ ...(await this.detail(by, { isAdmin: false }, countView)), is_favorite: false });
    });
    if (countView && !built) this.deps.cache.viewCounts.add(page.id);
    return page;
  }

  async detail(by: { id?: number; identifier?: string }, viewer: ArticleViewer, countView: boolean): Promise<Omit<TArticleDetail, 'is_favorite'>> {
    const a = await this.visible(by, viewer);
    if (countView && this.isPublic(a)) this.deps.cache.viewCounts.add(a.id);
    a.viewCount += this.deps.cache.viewCounts.unwritten(a.id);
    const [[article], cats, [author]] = await Promise.all([
      this.decorate([a], true),
      this.deps.repo.categoryIdsOf([a.id]).then((m) => this.deps.content.categoriesByIds(m.get(a.id) ?? [])),
      this.deps.users.byIds([a.userId]),
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
    const html = await this.deps.markdown.render(a.content, String(a.id));
    await this.deps.repo.update(a.id, { contentHtml: html });
    return html;
  }

  async list(q: Omit<ArticleFilter, 'deleted' | 'publicOnly'>, viewer: ArticleViewer, deleted = false) {
    const own = viewer.userId !== undefined && q.user_id?.length === 1 && q.user_id[0] === viewer.userId;
    const f: ArticleFilter = { ...q, deleted, category_id: await this.deps.content.withDescendants(CategoryType.Article, q.category_id ?? []) };
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
      const { rows, total } = await this.deps.repo.list(f);
      return { total, article: await this.decorate(rows) };
    };
    if (viewer.userId === undefined && !viewer.isAdmin && !deleted) return this.deps.cache.listCache.get(JSON.stringify(f), async () => freeze(await load()));
    return load();
  }

  async related(by: { id?: number; identifier?: string }, limit?: number) {
    const a = await this.visible(by, { isAdmin: false });
    const n = Math.min(20, Math.max(1, limit ?? (await this.deps.settings.get('article')).related_count));
    const words = [...new Set([...tokenize(a.keywords.replace(/[,，;；]/g, ' ')), ...tokenize(a.title)].filter((w) => w.length >= 2))].slice(0, 12);
    const query = words.length
      ? sql.join(
          words.map((w) => sql`plainto_tsquery('simple', ${w})`),
          sql` || `,
        )
      : undefined;
    const cats = (await this.deps.repo.categoryIdsOf([a.id])).get(a.id) ?? [];
    return { article: await this.decorate(await this.deps.repo.related(a.id, query, cats, n)) };
  }

  /** Public articles after an id, in id order (sitemap pages). */
  publicIdentifiers(afterId: number, limit: number) {
    return this.deps.repo.publicIdentifiers(afterId, limit);
  }
}
