import { gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { notFound } from '../../lib/errors';
import { IMMUTABLE, acceptsGzip, etagMatches } from '../../lib/http-cache';
import { SANDBOX_CSP } from '../../plugins/security-headers';
import type { Viewer } from '../document/document.service';
import { readablePages, VIEW_KEY } from '../document/document.mapper';

const UUID = /^[a-f0-9]{8,32}$/;
/** a layer asked without its version (`v`), or with an old one: kept briefly, then revalidated by its ETag */
const REVALIDATE = 'public, max-age=300';

const viewer = (req: FastifyRequest): Viewer => ({ userId: req.auth?.userId, isAdmin: false });

export function readerRoutes({ reader, readingProgress, textLayerBackfill, conversion, documents }: Deps): RouteHandlers {
  /** The document behind a page URL: by uuid, or by its file's view key (as the page images). */
  const forView = (ref: string) =>
    VIEW_KEY.test(ref) ? documents.views.findForViewByKey(ref) : UUID.test(ref) ? documents.views.findForView(ref) : Promise.resolve(undefined);
  return {
    /**
     * A page's text layer, with the page image's rules: only pages 1..readablePages (converted, preview), by uuid
     * or view key; a strong ETag naming the file and the layers' version, a year's cache when the URL carries that
     * version, 304 to a matching If-None-Match; gzipped as stored when the client takes it.
     */
    viewText: async ({ req, params, query, reply }) => {
      const m = /^(\d{1,6})\.json$/.exec(params.file);
      if (!m) throw notFound('页面不存在');
      const page = Number(m[1]);
      const d = await forView(params.uuid);
      if (!d || page < 1 || page > readablePages(d)) throw notFound('页面不存在');
      const state = await conversion.layerState(d.hash);
      // no layers yet (a document converted before them, waiting for the backfill): nothing to keep
      if (!state.has) return reply.status(404).header('Cache-Control', 'no-store').send({ code: 'not_found', message: '该页的文字层尚未生成' });
      const etag = `"${d.viewKey}-${page}-t${state.stamp}"`;
      const cache = query?.v === state.stamp ? IMMUTABLE : REVALIDATE;
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).header('ETag', etag).header('Cache-Control', cache).send();
      const body = await conversion.openLayer(d.hash, page);
      if (!body) return reply.status(404).header('Cache-Control', 'no-store').send({ code: 'not_found', message: '该页的文字层尚未生成' });
      reply
        .header('ETag', etag)
        .header('Cache-Control', cache)
        .header('Vary', 'Accept-Encoding')
        .header('Content-Security-Policy', SANDBOX_CSP)
        .header('Content-Type', 'application/json; charset=utf-8');
      if (acceptsGzip(req.headers['accept-encoding'])) return reply.header('Content-Encoding', 'gzip').send(body);
      return reply.send(gunzipSync(body));
    },
    findInDocument: ({ req, query }) => reader.find(query.uuid, query.wd, viewer(req)),
    getReaderInfo: ({ req, query }) => {
      const v = viewer(req);
      return reader.info(query.uuid, v, async (d) => (v.userId === undefined ? 0 : (await readingProgress.pageOf(v.userId, d)).page));
    },
    getReadingProgress: ({ auth, query }) => readingProgress.get(auth.userId, query.uuid),
    saveReadingProgress: async ({ auth, body }) => (await readingProgress.save(auth.userId, body.uuid, body.page), { ok: true }),
    listReading: ({ auth, query }) => readingProgress.recent(auth.userId, query.page, query.size),
    renewTextLayers: () => textLayerBackfill.start(),
    getTextLayerStatus: () => textLayerBackfill.status(),
  };
}
