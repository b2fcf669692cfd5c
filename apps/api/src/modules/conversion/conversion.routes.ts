import type { FastifyReply } from 'fastify';
import { DocumentStatus } from '@wenku/contracts';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { notFound } from '../../lib/errors';
import { IMMUTABLE, etagMatches } from '../../lib/http-cache';
import { SANDBOX_CSP } from '../../plugins/security-headers';
import { readablePages, VIEW_KEY } from '../document/document.mapper';

const UUID = /^[a-f0-9]{8,32}$/;

/**
 * A 302 to the store. `private`: the URL carries a signature that expires, so shared caches (a CDN) should not
 * hand it out; the browser keeps it `maxAge` seconds, well inside the URL's life.
 */
function redirect(reply: FastifyReply, to: string, maxAge: number) {
  return reply.header('Cache-Control', `private, max-age=${maxAge}`).redirect(to, 302);
}

export function conversionRoutes({ conversion, documents, knowledgeAdmin, ocr }: Deps): RouteHandlers {
  /**
   * The document behind a page or cover URL: by its uuid (ours), or by its file's view key (moredoc's
   * `attachment.hash`), which finds only a converted, not deleted document — what anyone may read by uuid.
   */
  const forView = (ref: string) =>
    VIEW_KEY.test(ref) ? documents.views.findForViewByKey(ref) : UUID.test(ref) ? documents.views.findForView(ref) : Promise.resolve(undefined);
  return {
    viewPage: async ({ req, params, reply }) => {
      const { uuid, file } = params;
      const m = /^(\d{1,6})\.(gzip\.svg|svg)$/.exec(file);
      if (!m) throw notFound('页面不存在');
      const page = Number(m[1]);
      const d = await forView(uuid);
      if (!d || page < 1 || page > readablePages(d)) throw notFound('页面不存在');
      // a page is its file's page: the same bytes for ever, so a strong tag and a year's cache. The tag names the
      // file by its view key: the content hash would hand out what proves possession to the instant upload.
      const gzip = m[2] === 'gzip.svg';
      const etag = `"${d.viewKey}-${page}${gzip ? '-gz' : ''}"`;
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
      // S3_REDIRECT: the store sends the bytes; the redirect itself is cached briefly (its URL expires)
      const to = await conversion.pageRedirect(d.hash, page, d.enableGzip, gzip);
      if (to && conversion.redirects) return redirect(reply, to, conversion.redirects.redirectMaxAge);
      reply.header('ETag', etag).header('Cache-Control', IMMUTABLE).header('Content-Security-Policy', SANDBOX_CSP);
      const opened = await conversion.openPage(d.hash, page, d.enableGzip, gzip);
      if (!opened) throw notFound('页面不存在');
      reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
      if (opened.encoding) reply.header('Content-Encoding', opened.encoding);
      return reply.send(opened.body);
    },
    viewCover: async ({ req, params, reply }) => {
      const { uuid } = params;
      const d = await forView(uuid);
      if (!d || d.status !== DocumentStatus.Converted) throw notFound('封面不存在');
      const etag = `"${d.viewKey}-cover"`;
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
      const to = await conversion.coverRedirect(d.hash);
      if (to && conversion.redirects) return redirect(reply, to, conversion.redirects.redirectMaxAge);
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
    getEnvs: async () => ({ envs: [...(await conversion.envs()), ...(await ocr.envs()), ...(await knowledgeAdmin.envs())] }),
  };
}
