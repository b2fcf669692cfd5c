import { defineModule } from '../../kernel/module';
import { SeoService } from './seo.service';
import { SitemapService } from './sitemap.service';
import { seoPages, seoRoutes } from './seo.routes';
import { updateSitemapJob } from './seo.jobs';

declare module '../../kernel/module' {
  interface Services {
    seo: SeoService;
    sitemap: SitemapService;
  }
}

/** What crawlers read: the public pages' HTML with their own head and text, robots.txt and the sitemap. */
export default defineModule({
  name: 'seo',
  create: ({ settings, documents, articles, content, users, conversion, downloads, storage, caches }) => {
    const seo = new SeoService(settings, documents, articles, content, users, conversion, downloads, caches);
    return { seo, sitemap: new SitemapService(documents, articles, settings, storage) };
  },
  routes: seoRoutes,
  pages: seoPages,
  jobs: ({ sitemap, log }) => [
    updateSitemapJob.handle(async () => {
      const r = await sitemap.generate();
      log.info('sitemap updated', { documents: r.documents, articles: r.articles });
      return r;
    }),
  ],
  // what the pages show changed: a document or user taken down must leave the crawlers' HTML at once, everywhere
  events: ({ seo }) => ({
    'document.changed': () => seo.clear(),
    'document.converted': () => seo.clear(),
    'article.changed': () => seo.clear(),
    'article.purged': () => seo.clear(),
    'user.changed': () => seo.clear(),
    'user.deleted': () => seo.clear(),
  }),
});
