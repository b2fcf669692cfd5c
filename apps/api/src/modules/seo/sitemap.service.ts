import type { ConfigService } from '../config/config.service';
import type { Storage } from '../../lib/storage/types';
import type { ArticleService } from '../article/article.service';
import type { DocumentService } from '../document/document.service';
import { escapeHtml } from '@wenku/contracts';

/** URLs per sitemap file (the sitemaps.org limit is 50,000; moredoc uses 10,000). */
export const SITEMAP_PAGE_SIZE = 10_000;
const PREFIX = 'sitemap';
export const SITEMAP_FILE = /^(documents|articles)-([1-9]\d{0,5})\.xml$/;

/** The public origin of the site (config system.domain), without a trailing slash. */
export function siteOrigin(domain: unknown): string {
  const d = String(domain ?? '')
    .trim()
    .replace(/\/+$/, '');
  return /^https?:\/\/[^\s/]+/i.test(d) ? d : 'http://localhost:8080';
}

function urlset(urls: { loc: string; lastmod: Date }[]): string {
  const body = urls
    .map((u) => `<url><loc>${escapeHtml(u.loc)}</loc><lastmod>${u.lastmod.toISOString()}</lastmod><changefreq>daily</changefreq><priority>1.0</priority></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * sitemap.xml (an index) plus pages of up to 10,000 URLs: documents-N.xml (`/document/<uuid>`) and articles-N.xml
 * (`/article/<identifier>`). Files live in the storage (shared by every API process); a queue job rebuilds them daily.
 */
export class SitemapService {
  private running?: Promise<{ ok: boolean; documents: number; articles: number; files: string[]; updated_at: string }>;

  constructor(
    private readonly documents: DocumentService,
    private readonly articles: ArticleService,
    private readonly settings: ConfigService,
    private readonly storage: Storage,
  ) {}

  /** Rebuilds every file; concurrent calls share one run. */
  generate() {
    this.running ??= this.build().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async build() {
    const origin = siteOrigin((await this.settings.get('system')).domain);
    const now = new Date();
    const files: { name: string; lastmod: Date }[] = [];
    const write = async (kind: 'documents' | 'articles', fetch: (after: number) => Promise<{ id: number; loc: string; lastmod: Date }[]>) => {
      let after = 0;
      let n = 0;
      let total = 0;
      for (;;) {
        const rows = await fetch(after);
        if (!rows.length) break;
        n++;
        total += rows.length;
        const name = `${kind}-${n}.xml`;
        await this.storage.put(`${PREFIX}/${name}`, Buffer.from(urlset(rows)), { contentType: 'application/xml' });
        files.push({ name, lastmod: rows.reduce((m, r) => (r.lastmod > m ? r.lastmod : m), rows[0].lastmod) });
        after = rows[rows.length - 1].id;
        if (rows.length < SITEMAP_PAGE_SIZE) break;
      }
      // pages left over from a bigger site
      for (let k = n + 1; await this.storage.exists(`${PREFIX}/${kind}-${k}.xml`); k++) await this.storage.delete(`${PREFIX}/${kind}-${k}.xml`);
      return total;
    };
    const documents = await write('documents', async (after) =>
      (await this.documents.views.publicAfter(after, SITEMAP_PAGE_SIZE)).map((d) => ({ id: d.id, loc: `${origin}/document/${d.uuid}`, lastmod: d.updatedAt })),
    );
    const articles = await write('articles', async (after) =>
      (await this.articles.views.publicIdentifiers(after, SITEMAP_PAGE_SIZE)).map((a) => ({
        id: a.id,
        loc: `${origin}/article/${encodeURIComponent(a.identifier)}`,
        lastmod: a.updatedAt,
      })),
    );
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((f) => `<sitemap><loc>${escapeHtml(`${origin}/sitemap/${f.name}`)}</loc><lastmod>${f.lastmod.toISOString()}</lastmod></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
    await this.storage.put(`${PREFIX}/sitemap.xml`, Buffer.from(index), { contentType: 'application/xml' });
    return { ok: true, documents, articles, files: files.map((f) => f.name), updated_at: now.toISOString() };
  }

  /** A sitemap file; the index is built on first request when it does not exist yet. */
  async open(name: string) {
    if (name !== 'sitemap.xml' && !SITEMAP_FILE.test(name)) return undefined;
    const key = `${PREFIX}/${name}`;
    if (name === 'sitemap.xml' && !(await this.storage.exists(key))) await this.generate();
    return this.storage.get(key);
  }
}
