import type { FastifyRequest } from 'fastify';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { AppError } from '../../lib/errors';
import type { SignDownload } from './download.service';

export function downloadRoutes({ downloads, documents, config }: Deps): RouteHandlers {
  const key = `${config.jwtSecret}:download`;
  const signer =
    (req: FastifyRequest): SignDownload =>
    (payload, seconds) =>
      req.server.jwt.sign({ ...payload, k: 'dl' } as never, { key, expiresIn: seconds } as never);
  return {
    downloadDocument: async ({ req, query, auth }) => ({
      url: await downloads.downloadUrl({ userId: auth?.userId, isAdmin: req.permitted }, query.id, req.ip, signer(req)),
    }),
    downloadReviewDocument: async ({ req, query }) => {
      const d = await documents.views.visible({ id: query.id }, { isAdmin: true });
      return { url: `/download/${signer(req)({ d: d.id, u: 0 }, 300)}` };
    },
    downloadFile: {
      rateLimit: { max: 60, timeWindow: '1 minute' },
      handler: async ({ req, params, reply }) => {
        let payload: { d?: number; k?: string };
        try {
          payload = req.server.jwt.verify<typeof payload>(params.token, { key } as never);
        } catch {
          throw new AppError('forbidden', '下载链接无效或已过期，请回到文档页重新下载');
        }
        if (payload.k !== 'dl' || !payload.d) throw new AppError('forbidden', '下载链接无效');
        const file = await downloads.openDownload(payload.d);
        return reply
          .header('Content-Type', 'application/octet-stream')
          .header('Content-Length', String(file.size))
          .header('Content-Disposition', `attachment; filename="${encodeURIComponent(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
          .header('Cache-Control', 'private, no-store')
          .send(file.stream);
      },
    },
    listMyDownloads: ({ query, auth }) => downloads.myDownloads(auth.userId, query.page, query.size),
  };
}
