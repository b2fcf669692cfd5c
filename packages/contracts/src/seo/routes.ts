import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZSitemapResult } from '../article/schemas';

/** What crawlers read: robots.txt and the sitemap (an index plus pages of at most 10,000 URLs). */
export const seoRoutes = {
  updateSitemap: defineRoute({
    method: 'PUT',
    path: '/sitemap',
    grpc: 'ConfigAPI/UpdateSitemap',
    auth: 'admin',
    module: 'config',
    summary: '更新站点地图',
    response: ZSitemapResult,
  }),
  robotsTxt: defineRoute({
    method: 'GET',
    path: '/robots.txt',
    root: true,
    kind: 'binary',
    produces: 'text/plain',
    auth: 'public',
    // crawlers always get robots.txt (it says `Disallow: /` while the site is closed or login-only)
    switches: 'exempt',
    summary: 'robots.txt',
    response: z.unknown(),
  }),
  sitemapIndex: defineRoute({
    method: 'GET',
    path: '/sitemap.xml',
    root: true,
    kind: 'binary',
    produces: 'application/xml',
    auth: 'public',
    summary: '站点地图索引',
    response: z.unknown(),
  }),
  sitemapPage: defineRoute({
    method: 'GET',
    path: '/sitemap/:file',
    root: true,
    kind: 'binary',
    produces: 'application/xml',
    auth: 'public',
    summary: '站点地图分页（documents-N.xml、articles-N.xml）',
    params: z.object({ file: z.string().max(64) }),
    response: z.unknown(),
  }),
};
