import type { FastifyRequest } from 'fastify';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { MAX_IMAGE_BYTES, type ImageKind } from './attachment.service';

const ok = { ok: true };
const uploadLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export function attachmentRoutes({ attachments }: Deps): RouteHandlers {
  const image = (kind: ImageKind) => ({
    ...uploadLimit,
    handler: async ({ req }: { req: FastifyRequest }) => {
      const file = await req.file({ limits: { files: 1, fileSize: MAX_IMAGE_BYTES } });
      if (!file) throw badRequest('请选择要上传的图片');
      const buf = await file.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', '图片不能超过 5 MB');
        throw e;
      });
      return { code: 0, message: 'ok', data: await attachments.receiveImage(kind, req.auth!.userId, req.ip, file.filename, buf) };
    },
  });
  return {
    uploadDocument: {
      rateLimit: { max: 120, timeWindow: '1 minute' },
      handler: async ({ req }) => {
        const userId = req.auth!.userId;
        await attachments.assertCanUpload(userId);
        const max = await attachments.maxUploadBytes();
        const file = await req.file({ limits: { fileSize: max, files: 1 } });
        if (!file) throw badRequest('请选择要上传的文件');
        const data = await attachments.receiveDocument(userId, req.ip, file.filename, file.file, () => file.file.truncated, max);
        return { code: 0, message: 'ok', data };
      },
    },
    checkDocumentHash: async ({ req, body }) => {
      await attachments.assertCanUpload(req.auth!.userId);
      return attachments.checkHash(req.auth!.userId, req.ip, body!);
    },
    uploadAvatar: image('avatar'),
    uploadArticleImage: image('article'),
    uploadConfigImage: image('config'),
    uploadCategoryCover: image('category'),
    uploadBannerImage: image('banner'),
    viewUploadedImage: async ({ params, reply }) => {
      const found = await attachments.openImage(params!['*']);
      if (!found) throw notFound('文件不存在');
      return reply.header('Content-Type', found.mime).header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff').send(found.stream);
    },

    listAttachments: ({ query }) => attachments.list(query!),
    getAttachment: ({ query }) => attachments.get(query!.id),
    updateAttachment: ({ body }) => attachments.update(body!),
    deleteAttachment: async ({ query }) => (await attachments.remove(query!.id), ok),
  };
}
