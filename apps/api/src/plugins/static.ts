import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { markScripts } from './security-headers';

/**
 * The built index.html, read again when the file changes (checked at most every 500 ms), so a rebuild of the site
 * shows without restarting the server. Assets are served with a wildcard route for the same reason: files a new
 * build adds are found too (a missing file falls through to the not-found handler, i.e. the SPA fallback).
 */
function indexFile(file: string): () => string | undefined {
  let html: string | undefined;
  let mtime = -1;
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (now - checkedAt < 500 && html !== undefined) return html;
    checkedAt = now;
    try {
      const st = fs.statSync(file);
      if (st.mtimeMs !== mtime) {
        html = markScripts(fs.readFileSync(file, 'utf8'));
        mtime = st.mtimeMs;
      }
    } catch {
      /* a rebuild is replacing it: keep serving the last one */
    }
    return html;
  };
}

/** Hashed assets are immutable, anything else is checked again; the answer depends on Accept-Encoding. */
function setHeaders(res: { setHeader(name: string, value: string): unknown }, file: string) {
  res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
}

/** Serves the built site at / and the admin at /admin/, with single-page-app fallbacks. */
export default fp(
  async function staticPlugin(app: FastifyInstance) {
    const { webDist, adminDist } = app.config;
    const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
    const hasAdmin = fs.existsSync(path.join(adminDist, 'index.html'));
    if (!hasWeb) app.log.warn(`web build not found at ${webDist}: run the build first`);
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: true,
        index: false,
        decorateReply: true,
        cacheControl: false,
        // the build leaves file.br and file.gz beside each asset: sent by the client's Accept-Encoding
        preCompressed: true,
        setHeaders,
      });
    }
    if (hasAdmin) {
      await app.register(fastifyStatic, {
        root: adminDist,
        prefix: '/admin/',
        wildcard: true,
        index: false,
        decorateReply: !hasWeb,
        cacheControl: false,
        // the build leaves file.br and file.gz beside each asset: sent by the client's Accept-Encoding
        preCompressed: true,
        setHeaders,
      });
    }
    const webIndex = hasWeb ? indexFile(path.join(webDist, 'index.html')) : () => undefined;
    const adminIndex = hasAdmin ? indexFile(path.join(adminDist, 'index.html')) : () => undefined;
    app.decorate('spaIndex', (url: string): string | undefined => (url === '/admin' || url.startsWith('/admin/') ? adminIndex() : webIndex()));
  },
  { name: 'static' },
);

declare module 'fastify' {
  interface FastifyInstance {
    spaIndex?: (url: string) => string | undefined;
  }
}
