import type { FastifyRequest } from 'fastify';
import type { Deps, RouteHandlers } from '../../kernel/module';
import type { AuthState } from '../../plugins/auth';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors';
import { MAX_IMAGE_BYTES, type ImageKind } from './attachment.service';
import { SANDBOX_CSP } from '../../plugins/security-headers';
import { toAttachment } from './attachment.mapper';

const ok = { ok: true };
const uploadLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export function attachmentRoutes({ attachments, settings }: Deps): RouteHandlers {
  /** Every `/uploads/…` address the public settings name (the same answer GET /settings gives, cached). */
  const publicImages = async () => {
    const out = new Set<string>();
    const walk = (v: unknown) => {
      if (typeof v === 'string' && v.startsWith('/uploads/')) out.add(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(await settings.publicSettings());
    return out;
  };
  const image = (kind: ImageKind) => ({
    ...uploadLimit,
    handler: async ({ req, auth }: { req: FastifyRequest; auth: AuthState }) => {
      const file = await req.file({ limits: { files: 1, fileSize: MAX_IMAGE_BYTES } });
      if (!file) throw badRequest('请选择要上传的图片');
      const buf = await file.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', '图片不能超过 5 MB');
        throw e;
      });
      return { code: 0, message: 'ok', data: await attachments.receiveImage(kind, auth.userId, req.ip, file.filename, buf) };
    },
  });
  return {
    uploadDocument: {
      rateLimit: { max: 120, timeWindow: '1 minute' },
      handler: async ({ req, auth }) => {
        const userId = auth.userId;
        await attachments.assertCanUpload(userId);
        const max = await attachments.maxUploadBytes();
        const file = await req.file({ limits: { fileSize: max, files: 1 } });
        if (!file) throw badRequest('请选择要上传的文件');
        const row = await attachments.receiveDocument(userId, req.ip, file.filename, file.file, () => file.file.truncated, max);
        return { code: 0, message: 'ok', data: toAttachment(row) };
      },
    },
    checkDocumentHash: {
      ...uploadLimit,
      handler: async ({ req, body, auth }) => {
        await attachments.assertCanUpload(auth.userId);
        const r = await attachments.checkHash(auth.userId, req.ip, body);
        return { ...r, attachment: r.attachment && toAttachment(r.attachment) };
      },
    },
    uploadAvatar: image('avatar'),
    uploadArticleImage: image('article'),
    uploadConfigImage: image('config'),
    uploadCategoryCover: image('category'),
    uploadBannerImage: image('banner'),
    viewUploadedImage: async ({ req, params, reply, auth }) => {
      const key = params['*'];
      // under login_required / is_close only the site's own public images (logo, backgrounds, QR codes) stay visible
      const security = await settings.get('security');
      if (security.login_required || security.is_close) {
        const allowed = auth && (!security.is_close || (await req.server.permissionKeys(auth.userId)).size > 0);
        if (!allowed && !(await publicImages()).has(`/uploads/${key}`))
          throw security.is_close ? new AppError('site_closed', security.close_statement || '网站已关闭') : unauthorized('请先登录');
      }
      const found = await attachments.openImage(key);
      if (!found) throw notFound('文件不存在');
      return reply
        .header('Content-Type', found.mime)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', SANDBOX_CSP)
        .send(found.stream);
    },

    listAttachments: ({ query }) => attachments.list(query),
    getAttachment: ({ query }) => attachments.get(query.id),
    updateAttachment: ({ body }) => attachments.update(body),
    deleteAttachment: async ({ query }) => (await attachments.remove(query.id), ok),
  };
}
