import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';
import { markdownToDocx } from './docx';
import type { ArticleViewer } from './article.service';

export async function articleRoutes(app: FastifyInstance) {
  const { articles, sitemap, search } = app.services;
  const ok = { ok: true };
  const viewer = (req: FastifyRequest): ArticleViewer => ({ userId: req.auth?.userId, isAdmin: req.permitted });
  const writer = (req: FastifyRequest) => ({ userId: req.auth!.userId, isAdmin: req.permitted });

  registerRoute(app, api.createArticle, ({ req, body }) => articles.create(writer(req), body!));
  registerRoute(app, api.updateArticle, ({ req, body }) => articles.update(writer(req), body!));
  registerRoute(app, api.deleteArticle, async ({ req, query }) => (await articles.softDelete(viewer(req), query!.id), ok));
  registerRoute(app, api.getArticle, ({ req, query }) => articles.detail({ id: query!.id, identifier: query!.identifier }, viewer(req), query!.with_view === true));
  registerRoute(app, api.listArticles, ({ req, query }) => articles.list(query!, viewer(req)));
  registerRoute(app, api.setArticlesCategory, async ({ body }) => (await articles.setCategory(body!.article_id, body!.category_id), ok));
  registerRoute(app, api.recommendArticles, async ({ body }) => (await articles.recommend(body!.article_id, body!.is_recommend), ok));
  registerRoute(app, api.checkArticles, async ({ body }) => (await articles.check(body!.article_id, body!.status, body!.reject_reason), ok));
  registerRoute(app, api.listRecycleArticles, ({ req, query }) => articles.list(query!, viewer(req), true));
  registerRoute(app, api.restoreRecycleArticles, async ({ body }) => (await articles.restore(body!.id), ok));
  registerRoute(app, api.deleteRecycleArticles, async ({ query }) => (await articles.purge(query!.id), ok));
  registerRoute(app, api.emptyRecycleArticles, async () => (await articles.purge('all'), ok));
  registerRoute(app, api.relatedArticles, ({ query }) => articles.related({ id: query!.id, identifier: query!.identifier }, query!.limit));
  registerRoute(app, api.searchArticles, async ({ req, query }) => {
    const r = await articles.search(query!);
    // recorded like document searches (type 1), off the request path
    search.recordSearch({
      keywords: query!.wd.slice(0, 100), type: 1, total: r.total, page: query!.page, spendTime: r.spend,
      userId: req.auth?.userId ?? 0, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
    });
    return r;
  });
  registerRoute(app, api.markdownToDocx, async ({ body, reply }) => {
    const buf = await markdownToDocx(body!.markdown, body!.title);
    const name = `${(body!.title || 'document').replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, 80) || 'document'}.docx`;
    reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      .header('Content-Disposition', `attachment; filename="document.docx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('Cache-Control', 'no-store');
    return buf;
  });
  registerRoute(app, api.updateSitemap, () => sitemap.generate());
}
