import type { FastifyRequest } from 'fastify';
import { TargetType } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import type { ArticleViewer } from './article.service';

const ok = { ok: true };
const viewer = (req: FastifyRequest): ArticleViewer => ({ userId: req.auth?.userId, isAdmin: req.permitted });
const writer = (req: FastifyRequest) => ({ userId: req.auth!.userId, isAdmin: req.permitted });

export function articleRoutes({ articles, interactions, search }: Deps): RouteHandlers {
  return {
    createArticle: ({ req, body }) => articles.create(writer(req), body!),
    updateArticle: ({ req, body }) => articles.update(writer(req), body!),
    deleteArticle: async ({ req, query }) => (await articles.softDelete(viewer(req), query!.id), ok),
    getArticle: async ({ req, query }) => {
      if (!req.auth) return articles.publicDetail({ id: query!.id, identifier: query!.identifier }, query!.with_view === true);
      const a = await articles.detail({ id: query!.id, identifier: query!.identifier }, viewer(req), query!.with_view === true);
      const { is_favorite } = await interactions.viewerState(TargetType.Article, a.id, req.auth?.userId);
      return { ...a, is_favorite };
    },
    listArticles: ({ req, query }) => articles.list(query!, viewer(req)),
    setArticlesCategory: async ({ body }) => (await articles.setCategory(body!.article_id, body!.category_id), ok),
    recommendArticles: async ({ body }) => (await articles.recommend(body!.article_id, body!.is_recommend), ok),
    checkArticles: async ({ body }) => (await articles.check(body!.article_id, body!.status, body!.reject_reason), ok),
    listRecycleArticles: ({ req, query }) => articles.list(query!, viewer(req), true),
    restoreRecycleArticles: async ({ body }) => (await articles.restore(body!.id), ok),
    deleteRecycleArticles: async ({ query }) => (await articles.purge(query!.id), ok),
    emptyRecycleArticles: async () => (await articles.purge('all'), ok),
    relatedArticles: ({ query }) => articles.related({ id: query!.id, identifier: query!.identifier }, query!.limit),
    searchArticles: async ({ req, query }) => {
      const r = await articles.search(query!);
      // recorded like document searches (type 1), off the request path
      search.recordSearch({
        keywords: query!.wd.slice(0, 100),
        type: 1,
        total: r.total,
        page: query!.page,
        spendTime: r.spend,
        userId: req.auth?.userId ?? 0,
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
      });
      return r;
    },
    markdownToDocx: {
      rateLimit: { max: 10, timeWindow: '1 minute' },
      handler: async ({ body, reply }) => {
        const buf = await articles.toDocx(body!.markdown, body!.title);
        const name = `${
          (body!.title || 'document')
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
