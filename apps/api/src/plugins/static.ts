import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built site at / and the admin at /admin/, with single-page-app fallbacks. */
export default fp(async function staticPlugin(app: FastifyInstance) {
  const { webDist, adminDist } = app.config;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const hasAdmin = fs.existsSync(path.join(adminDist, 'index.html'));
  if (!hasWeb) app.log.warn(`web build not found at ${webDist}: run the build first`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false, decorateReply: true, cacheControl: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache') });
  }
  if (hasAdmin) {
    await app.register(fastifyStatic, { root: adminDist, prefix: '/admin/', wildcard: false, index: false, decorateReply: !hasWeb, cacheControl: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache') });
  }
  const webIndex = hasWeb ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : undefined;
  const adminIndex = hasAdmin ? fs.readFileSync(path.join(adminDist, 'index.html'), 'utf8') : undefined;
  app.decorate('spaIndex', (url: string): string | undefined => (url === '/admin' || url.startsWith('/admin/') ? adminIndex : webIndex));
}, { name: 'static' });

declare module 'fastify' {
  interface FastifyInstance {
    spaIndex?: (url: string) => string | undefined;
  }
}
