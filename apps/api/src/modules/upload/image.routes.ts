import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { API_PREFIX, UPLOAD_IMAGE_PATHS, IMAGE_EXTS, AttachmentType } from '@wenku/contracts';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { toAttachment } from '../document/transfer.service';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', ico: 'image/x-icon' };

/** The image type from its first bytes (SVG is deliberately not accepted: it can carry script). */
export function sniffImage(b: Buffer): string | undefined {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (b.length >= 2 && b.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  if (b.length >= 4 && b.readUInt32BE(0) === 0x00000100) return 'ico';
  return undefined;
}

const TYPES: Record<keyof typeof UPLOAD_IMAGE_PATHS, { type: number; auth: 'user' | 'admin'; module?: string; title: string }> = {
  avatar: { type: AttachmentType.Avatar, auth: 'user', title: '上传头像' },
  config: { type: AttachmentType.Config, auth: 'admin', module: 'config', title: '上传配置图片' },
  category: { type: AttachmentType.CategoryCover, auth: 'admin', module: 'category', title: '上传分类封面' },
  banner: { type: AttachmentType.Banner, auth: 'admin', module: 'banner', title: '上传横幅图片' },
  article: { type: AttachmentType.Article, auth: 'user', title: '上传文章图片' },
};

/** Image uploads (avatars, logos, covers, banners, article images) and their public URLs under /uploads/. */
export async function imageRoutes(app: FastifyInstance) {
  const { storage, documentRepo, account } = app.services;
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { files: 1, fields: 5, fileSize: MAX_IMAGE_BYTES } });
    for (const [kind, path] of Object.entries(UPLOAD_IMAGE_PATHS) as [keyof typeof UPLOAD_IMAGE_PATHS, string][]) {
      const t = TYPES[kind];
      scoped.post(`${API_PREFIX}${path}`, {
        preHandler: [scoped.authorize({ method: 'POST', path, auth: t.auth, module: t.module, summary: t.title, response: undefined as never })],
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { summary: `${t.title}（multipart，字段 file）`, tags: ['upload'] },
      }, async (req) => {
        if (!req.isMultipart()) throw new AppError('unsupported_media_type', '请使用 multipart/form-data 上传文件');
        const file = await req.file();
        if (!file) throw badRequest('请选择要上传的图片');
        const buf = await file.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', '图片不能超过 5 MB');
          throw e;
        });
        if (!buf.length) throw badRequest('文件为空');
        const ext = sniffImage(buf);
        const named = file.filename.split('.').pop()?.toLowerCase() ?? '';
        if (!ext || !(IMAGE_EXTS as readonly string[]).includes(named)) throw new AppError('unsupported_media_type', '只支持 JPG、PNG、GIF、WEBP、BMP、ICO 图片');
        const hash = crypto.createHash('sha256').update(buf).digest('hex');
        const key = `images/${hash.slice(0, 2)}/${hash}.${ext}`;
        if (!(await storage.exists(key))) await storage.put(key, buf, { contentType: MIME[ext] });
        const userId = req.auth!.userId;
        const row = await documentRepo.insertAttachment({ hash, userId, type: t.type, typeId: kind === 'avatar' ? userId : 0, path: key, name: file.filename.slice(0, 255), size: buf.length, ext, mime: MIME[ext], ip: req.ip });
        const url = `/uploads/${key}`;
        if (kind === 'avatar') await account.setAvatar(userId, url);
        return { code: 0, message: 'ok', data: { ...toAttachment(row), url } };
      });
    }
  });

  app.get('/uploads/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const m = /^images\/[a-f0-9]{2}\/([a-f0-9]{64})\.(\w+)$/.exec(key);
    if (!m || !MIME[m[2]]) throw notFound('文件不存在');
    const stream = await storage.get(key);
    if (!stream) throw notFound('文件不存在');
    return reply.header('Content-Type', MIME[m[2]]).header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff').send(stream);
  });
}
