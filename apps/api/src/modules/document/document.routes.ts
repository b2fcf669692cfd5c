import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { api, API_PREFIX, UPLOAD_DOCUMENT_PATH, DocumentStatus } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors';
import type { Viewer } from './document.service';

export async function documentRoutes(app: FastifyInstance) {
  const { documents, interactions, transfer, conversion, languages } = app.services;
  const ok = { ok: true };
  const viewer = (req: FastifyRequest): Viewer => ({ userId: req.auth?.userId, isAdmin: req.permitted });
  const downloadSecret = `${app.config.jwtSecret}:download`;

  // ---------------- upload (multipart, streamed) ----------------
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { files: 1, fields: 10, fileSize: 10 * 1024 * 1024 * 1024 } });
    // a dummy contract-less route: the multipart body is not JSON; auth is checked by hand
    scoped.post(`${API_PREFIX}${UPLOAD_DOCUMENT_PATH}`, {
      preHandler: [scoped.authorize({ method: 'POST', path: UPLOAD_DOCUMENT_PATH, auth: 'user', summary: '上传文档文件', response: undefined as never })],
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { summary: '上传文档文件（multipart，字段 file）', tags: ['document'], hide: false },
    }, async (req) => {
      const userId = req.auth!.userId;
      await transfer.assertCanUpload(userId);
      if (!req.isMultipart()) throw new AppError('unsupported_media_type', '请使用 multipart/form-data 上传文件');
      const max = await transfer.maxUploadBytes();
      const file = await req.file({ limits: { fileSize: max, files: 1 } });
      if (!file) throw badRequest('请选择要上传的文件');
      const attachment = await transfer.receive(userId, req.ip, file.filename, file.file, () => file.file.truncated, max);
      return { code: 0, message: 'ok', data: attachment };
    });
  });

  registerRoute(app, api.checkDocumentHash, async ({ req, body }) => {
    await transfer.assertCanUpload(req.auth!.userId);
    return transfer.checkHash(req.auth!.userId, req.ip, body!);
  });

  // ---------------- documents ----------------
  registerRoute(app, api.createDocuments, async ({ req, body }) => ({ document: await documents.create(req.auth!.userId, body!) }));
  registerRoute(app, api.updateDocument, ({ req, body }) => documents.update(viewer(req), body!));
  registerRoute(app, api.deleteDocument, async ({ req, query }) => (await documents.softDelete(viewer(req), query!.id), ok));
  registerRoute(app, api.getDocument, ({ req, query }) => documents.detail({ id: query!.id, uuid: query!.uuid }, viewer(req), query!.with_author !== false));
  registerRoute(app, api.listDocuments, ({ req, query }) => documents.list(query! as never, viewer(req)));
  registerRoute(app, api.homeDocuments, ({ query }) => documents.home(query!.limit));
  registerRoute(app, api.relatedDocuments, ({ query }) => documents.related(query!.id));
  registerRoute(app, api.setDocumentRecommend, async ({ body }) => (await documents.setRecommend(body!.id, body!.type), ok));
  registerRoute(app, api.checkDocument, async ({ body }) => (await documents.check(body!.id, body!.status, body!.reason), ok));
  registerRoute(app, api.reconvertDocuments, async ({ body }) => ({ ok: true, count: await documents.requestConversion(body!.id, true) }));
  registerRoute(app, api.setDocumentsCategory, async ({ body }) => (await documents.setCategory(body!.document_id, body!.category_id), ok));
  registerRoute(app, api.setDocumentsLanguage, async ({ body }) => (await documents.setLanguage(body!.document_id, body!.language), ok));
  registerRoute(app, api.listRecycleDocuments, ({ req, query }) => documents.list({ ...query!, deleted: true } as never, viewer(req)));
  registerRoute(app, api.restoreRecycleDocuments, async ({ body }) => (await documents.restore(body!.id), ok));
  registerRoute(app, api.deleteRecycleDocuments, async ({ query }) => (await transfer.removeFiles(await documents.purge(query!.id)), ok));
  registerRoute(app, api.emptyRecycleDocuments, async () => (await transfer.removeFiles(await documents.purge('all')), ok));

  // ---------------- downloads ----------------
  const sign = (payload: object, seconds: number) => app.jwt.sign({ ...payload, k: 'dl' } as never, { key: downloadSecret, expiresIn: seconds } as never);
  registerRoute(app, api.downloadDocument, async ({ req, query }) => ({ url: await transfer.downloadUrl(viewer(req), query!.id, req.ip, sign) }));
  registerRoute(app, api.downloadReviewDocument, async ({ query }) => {
    const d = await documents.visible({ id: query!.id }, { isAdmin: true });
    return { url: `/download/${sign({ d: d.id, u: 0 }, 300)}` };
  });
  app.get('/download/:token', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    let payload: { d?: number; k?: string };
    try {
      payload = app.jwt.verify(token, { key: downloadSecret } as never) as typeof payload;
    } catch {
      throw new AppError('forbidden', '下载链接无效或已过期，请回到文档页重新下载');
    }
    if (payload.k !== 'dl' || !payload.d) throw new AppError('forbidden', '下载链接无效');
    const file = await transfer.openDownload(payload.d);
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('Cache-Control', 'private, no-store')
      .send(file.stream);
  });

  // ---------------- page images ----------------
  app.get('/view/page/:uuid/:file', async (req, reply) => {
    const { uuid, file } = req.params as { uuid: string; file: string };
    const m = /^(\d{1,6})\.(gzip\.svg|svg)$/.exec(file);
    if (!m || !/^[a-f0-9]{8,32}$/.test(uuid)) throw notFound('页面不存在');
    const page = Number(m[1]);
    const d = await documents.findForView(uuid);
    if (!d || d.status !== DocumentStatus.Converted || page < 1 || page > d.preview) throw notFound('页面不存在');
    const opened = await conversion.openPage(d.hash, page, d.enableGzip, m[2] === 'gzip.svg');
    if (!opened) throw notFound('页面不存在');
    reply.header('Content-Type', 'image/svg+xml; charset=utf-8').header('Cache-Control', 'public, max-age=86400').header('X-Content-Type-Options', 'nosniff');
    if (opened.encoding) reply.header('Content-Encoding', opened.encoding);
    return reply.send(opened.stream);
  });
  app.get('/view/cover/:uuid', async (req, reply) => {
    const { uuid } = req.params as { uuid: string };
    const d = /^[a-f0-9]{8,32}$/.test(uuid) ? await documents.findForView(uuid) : undefined;
    const stream = d && d.status === DocumentStatus.Converted ? await conversion.openCover(d.hash) : undefined;
    if (!stream) throw notFound('封面不存在');
    return reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=86400').send(stream);
  });

  // ---------------- scores, favourites, comments, reports ----------------
  registerRoute(app, api.setDocumentScore, async ({ req, body }) => (await interactions.score(req.auth!.userId, body!.document_id, body!.score), ok));
  registerRoute(app, api.getDocumentScore, async ({ req, query }) => ({ score: await documents.myScore(query!.document_id, req.auth!.userId) }));
  registerRoute(app, api.createFavorite, ({ req, body }) => interactions.favorite(req.auth!.userId, body!.document_id, body!.type, req.ip));
  registerRoute(app, api.deleteFavorite, async ({ req, query }) => (await interactions.unfavorite(req.auth!.userId, query!.id), ok));
  registerRoute(app, api.getFavorite, ({ req, query }) => interactions.getFavorite(req.auth!.userId, query!.document_id, query!.type));
  registerRoute(app, api.listFavorites, ({ req, query }) => {
    const userId = query!.user_id ?? req.auth?.userId;
    if (!userId) throw unauthorized();
    return interactions.listFavorites(userId, query!.type, query!.page, query!.size);
  });
  registerRoute(app, api.createComment, ({ req, body }) => interactions.comment(req.auth!.userId, body!, req.ip));
  registerRoute(app, api.deleteComment, async ({ req, query }) => (await interactions.deleteComments(viewer(req), query!.id), ok));
  registerRoute(app, api.listComments, ({ req, query }) => interactions.listComments(query!, viewer(req)));
  registerRoute(app, api.checkComment, async ({ body }) => (await interactions.checkComments(body!.id, body!.status), ok));
  registerRoute(app, api.createReport, async ({ req, body }) => (await interactions.report(req.auth!.userId, body!), ok));
  registerRoute(app, api.updateReport, ({ body }) => interactions.updateReport(body!.id, body!.status, body!.remark));
  registerRoute(app, api.deleteReport, async ({ query }) => (await interactions.deleteReports(query!.id), ok));
  registerRoute(app, api.listReports, ({ query }) => interactions.listReports(query!));
  registerRoute(app, api.listMyDownloads, ({ req, query }) => interactions.myDownloads(req.auth!.userId, query!.page, query!.size));

  // ---------------- attachments, languages, envs ----------------
  registerRoute(app, api.listAttachments, ({ query }) => documents.listAttachments(query!));
  registerRoute(app, api.getAttachment, ({ query }) => documents.getAttachment(query!.id));
  registerRoute(app, api.updateAttachment, ({ body }) => documents.updateAttachment(body!));
  registerRoute(app, api.deleteAttachment, async ({ query }) => (await documents.deleteAttachments(query!.id), ok));
  registerRoute(app, api.listLanguages, ({ req, query }) => languages.list(req.permitted && query?.enable !== 'true'));
  registerRoute(app, api.createLanguage, ({ body }) => languages.create(body!));
  registerRoute(app, api.updateLanguage, ({ body }) => languages.update(body!));
  registerRoute(app, api.setLanguageStatus, async ({ body }) => (await languages.setStatus(body!.id, body!.enable), ok));
  registerRoute(app, api.deleteLanguage, async ({ query }) => (await languages.remove(query!.id), ok));
  registerRoute(app, api.getEnvs, async () => ({ envs: await documents.envs() }));
}
