import { TargetType } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import type { AuthState } from '../../plugins/auth';
import type { ArticleViewer } from './article.service';

const ok = { ok: true };
const viewer = (auth: AuthState | null, permitted: boolean): ArticleViewer => ({ userId: auth?.userId, isAdmin: permitted });
const writer = (auth: AuthState, permitted: boolean) => ({ userId: auth.userId, isAdmin: permitted });

export function articleRoutes({ articles, interactions, search }: Deps): RouteHandlers {
  return {
    createArticle: ({ req, body, auth }) => articles.writing.create(writer(auth, req.permitted), body),
    updateArticle: ({ req, body, auth }) => articles.writing.update(writer(auth, req.permitted), body),
    deleteArticle: async ({ req, query, auth }) => (await articles.writing.softDelete(viewer(auth, req.permitted), query.id), ok),
    getArticle: async ({ req, query, auth }) => {
      if (!auth) return articles.views.publicDetail({ id: query.id, identifier: query.identifier }, query.with_view === true);
      const a = await articles.views.detail({ id: query.id, identifier: query.identifier }, viewer(auth, req.permitted), query.with_view === true);
      const { is_favorite } = await interactions.viewerState(TargetType.Article, a.id, auth.userId);
      return { ...a, is_favorite };
    },
    listArticles: ({ req, query, auth }) => articles.views.list(query, viewer(auth, req.permitted)),
    setArticlesCategory: async ({ body }) => (await articles.admin.setCategory(body.article_id, body.category_id), ok),
    recommendArticles: async ({ body }) => (await articles.admin.recommend(body.article_id, body.is_recommend), ok),
    checkArticles: async ({ body }) => (await articles.admin.check(body.article_id, body.status, body.reject_reason), ok),
    listRecycleArticles: ({ req, query, auth }) => articles.views.list(query, viewer(auth, req.permitted), true),
    restoreRecycleArticles: async ({ body }) => (await articles.admin.restore(body.id), ok),
    deleteRecycleArticles: async ({ query }) => (await articles.admin.purge(query.id), ok),
    emptyRecycleArticles: async () => (await articles.admin.purge('all'), ok),
    relatedArticles: ({ query }) => articles.views.related({ id: query.id, identifier: query.identifier }, query.limit),
    searchArticles: async ({ req, query, auth }) => {
      const r = await articles.search.search(query);
      // recorded like document searches (type 1), off the request path
      search.recordSearch({
        keywords: query.wd.slice(0, 100),
        type: 1,
        total: r.total,
        page: query.page,
        spendTime: r.spend,
        userId: auth?.userId ?? 0,
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
      });
      return r;
    },
    markdownToDocx: {
      rateLimit: { max: 10, timeWindow: '1 minute' },
      handler: async ({ body, reply }) => {
        const buf = await articles.writing.toDocx(body.markdown, body.title);
        const name = `${
          (body.title || 'document')
            .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
            .trim()
            .slice(0, 80) || 'document'
        }.docx`;
        return reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
          .header('Content-Disposition', `attachment; filename="document.docx"; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header('Cache-Control', 'no-store')
          .send(buf);
      },
    },
  };
}
