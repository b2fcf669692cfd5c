import { PUBLIC_PAGES } from '@wenku/contracts';
import type { FastifyReply, FastifyRequest, FastifyInstance } from 'fastify';
import type { Deps, RouteHandlers } from '../../kernel/module';
import { notFound } from '../../lib/errors';
import { siteOrigin } from './sitemap.service';
import { sendPage } from '../../plugins/security-headers';

export function seoRoutes({ sitemap, settings }: Deps): RouteHandlers {
  const sendSitemap = async (name: string, reply: FastifyReply) => {
    const stream = await sitemap.open(name);
    if (!stream) throw notFound('站点地图不存在');
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(stream);
  };
  return {
    updateSitemap: () => sitemap.generate(),
    robotsTxt: async ({ reply }) => {
      const [system, security] = await Promise.all([settings.get('system'), settings.get('security')]);
      const closed = security.is_close || security.login_required;
      const lines = [
        'User-agent: *',
        closed ? 'Disallow: /' : 'Allow: /',
        'Disallow: /admin/',
        'Disallow: /api/',
        'Disallow: /me',
        'Disallow: /download/',
        'Disallow: /post',
        'Disallow: /upload',
        '',
        `Sitemap: ${siteOrigin(system.domain)}/sitemap.xml`,
        '',
      ];
      return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
    },
    sitemapIndex: ({ reply }) => sendSitemap('sitemap.xml', reply),
    sitemapPage: ({ params, reply }) => sendSitemap(params.file, reply),
  };
}

/** The crawler-readable HTML of the public pages (only when the built site is served). */
export async function seoPages(app: FastifyInstance, { seo, config, settings }: Deps) {
  if (!config.serveStatic) return;
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0];
    const index = app.spaIndex?.(url);
    if (!index) return reply.status(404).type('text/plain; charset=utf-8').send('404 This page could not be found');
    const out = await seo.render(index, req.url);
    return sendPage(reply, out.html, { admin: false, extra: (await settings.get('security')).csp_allow, status: out.status });
  };
  // the site's public pages (contracts PUBLIC_PAGES, the same table as the site's router)
  for (const path of Object.values(PUBLIC_PAGES)) app.get(path, page);
}
