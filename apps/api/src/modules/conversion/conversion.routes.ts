import { DocumentStatus } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { notFound } from '../../lib/errors';
import { SANDBOX_CSP } from '../../plugins/security-headers';

const UUID = /^[a-f0-9]{8,32}$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header names `etag` (a list, weak forms and `*` included). */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return list.includes(etag) || list.includes('*');
}

export function conversionRoutes({ conversion, documents, knowledge, ocr }: Deps): RouteHandlers {
  return {
    viewPage: async ({ req, params, reply }) => {
      const { uuid, file } = params!;
      const m = /^(\d{1,6})\.(gzip\.svg|svg)$/.exec(file);
      if (!m || !UUID.test(uuid)) throw notFound('页面不存在');
      const page = Number(m[1]);
      const d = await documents.findForView(uuid);
      if (!d || d.status !== DocumentStatus.Converted || page < 1 || page > d.preview) throw notFound('页面不存在');
      // a page is its file's (the hash's) page: the same bytes for ever, so a strong tag and a year's cache
      const gzip = m[2] === 'gzip.svg';
      const etag = `"${d.hash}-${page}${gzip ? '-gz' : ''}"`;
      reply.header('ETag', etag).header('Cache-Control', IMMUTABLE).header('Content-Security-Policy', SANDBOX_CSP);
      if (matches(req.headers['if-none-match'], etag)) return reply.status(304).send();
      const opened = await conversion.openPage(d.hash, page, d.enableGzip, gzip);
      if (!opened) throw notFound('页面不存在');
      reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
      if (opened.encoding) reply.header('Content-Encoding', opened.encoding);
      return reply.send(opened.body);
    },
    viewCover: async ({ req, params, reply }) => {
      const { uuid } = params!;
      const d = UUID.test(uuid) ? await documents.findForView(uuid) : undefined;
      if (!d || d.status !== DocumentStatus.Converted) throw notFound('封面不存在');
      const etag = `"${d.hash}-cover"`;
      if (matches(req.headers['if-none-match'], etag)) return reply.status(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
      const stream = await conversion.openCover(d.hash);
      if (!stream) throw notFound('封面不存在');
      return reply
        .header('Content-Type', 'image/png')
        .header('ETag', etag)
        .header('Cache-Control', IMMUTABLE)
        .header('Content-Security-Policy', SANDBOX_CSP)
        .send(stream);
    },
    // the retrieval engine (pgvector or exact) and the OCR engines are listed with the conversion tools
    getEnvs: async () => ({ envs: [...(await conversion.envs()), ...(await ocr.envs()), ...(await knowledge.envs())] }),
  };
}
