import { DocumentStatus } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { notFound } from '../../lib/errors';
import { SANDBOX_CSP } from '../../plugins/security-headers';

const UUID = /^[a-f0-9]{8,32}$/;

export function conversionRoutes({ conversion, documents, knowledge, ocr }: Deps): RouteHandlers {
  return {
    viewPage: async ({ params, reply }) => {
      const { uuid, file } = params!;
      const m = /^(\d{1,6})\.(gzip\.svg|svg)$/.exec(file);
      if (!m || !UUID.test(uuid)) throw notFound('页面不存在');
      const page = Number(m[1]);
      const d = await documents.findForView(uuid);
      if (!d || d.status !== DocumentStatus.Converted || page < 1 || page > d.preview) throw notFound('页面不存在');
      const opened = await conversion.openPage(d.hash, page, d.enableGzip, m[2] === 'gzip.svg');
      if (!opened) throw notFound('页面不存在');
      reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', SANDBOX_CSP);
      if (opened.encoding) reply.header('Content-Encoding', opened.encoding);
      return reply.send(opened.stream);
    },
    viewCover: async ({ params, reply }) => {
      const { uuid } = params!;
      const d = UUID.test(uuid) ? await documents.findForView(uuid) : undefined;
      const stream = d && d.status === DocumentStatus.Converted ? await conversion.openCover(d.hash) : undefined;
      if (!stream) throw notFound('封面不存在');
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', SANDBOX_CSP)
        .send(stream);
    },
    // the retrieval engine (pgvector or exact) and the OCR engines are listed with the conversion tools
    getEnvs: async () => ({ envs: [...(await conversion.envs()), ...(await ocr.envs()), ...(await knowledge.envs())] }),
  };
}
