import { CategoryType, escapeHtml, matchPublicPage, type TArticle, type TDocument } from '@wenku/contracts';
import { htmlToText } from '@wenku/ui/markdown';
import crypto from 'node:crypto';
import { AppError } from '../../lib/errors';
import type { Caches, TtlCache } from '../../lib/cache';
import type { ConfigService } from '../config/config.service';
import type { DocumentService } from '../document/document.service';
import type { ContentService } from '../content/content.service';
import type { UserService } from '../user/user.service';
import type { ArticleService } from '../article/article.service';
import type { DownloadService } from '../download/download.service';
import type { ConversionService } from '../conversion/conversion.service';
import { siteOrigin } from './sitemap.service';
import { markScripts } from '../../plugins/security-headers';

/** What one public page says about itself in the initial HTML. */
export interface SeoPage {
  status: number;
  title: string;
  description: string;
  keywords: string;
  /** path (and query) of the canonical URL, below the site origin */
  path: string;
  ogType: 'website' | 'article' | 'profile';
  image?: string;
  jsonLd: Record<string, unknown>[];
  /** the page's main text as safe HTML */
  body: string;
  noindex?: boolean;
}

export const esc = escapeHtml;
/** JSON inside <script>: nothing in it can close the element or start markup. */
const jsonForScript = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const date = (iso: string) => iso.slice(0, 10);

const notFoundPage = (path: string): SeoPage => ({
  status: 404,
  title: '404 This page could not be found',
  description: '',
  keywords: '',
  path,
  ogType: 'website',
  jsonLd: [],
  body: '<h1>404 This page could not be found</h1>',
  noindex: true,
});

function isNotFound(e: unknown) {
  return e instanceof AppError && (e.status === 404 || e.status === 400);
}

/**
 * Crawler-readable pages: each public route is answered with the SPA's index.html carrying the page's own <title>,
 * description, keywords, canonical URL, OpenGraph tags, JSON-LD and its main text (inside #root, which the app replaces
 * when it mounts). The text comes from the same services and the same markdown renderer as the app.
 */
export class SeoService {
  /** `ssr.cache_minutes`, as last read */
  private ttlMs = 0;
  /**
   * Built pages by the index.html they were built from and their URL, for `ssr.cache_minutes`; only pages that
   * exist are kept. Cleared on every change of what the pages
   * show (documents, articles, users): a document taken down is gone from the crawlers' HTML at once, everywhere.
   */
  readonly cache: TtlCache<{ status: number; html: string }>;
  private index?: { html: string; key: string };

  constructor(
    private readonly settings: ConfigService,
    private readonly documents: DocumentService,
    private readonly articles: ArticleService,
    private readonly content: ContentService,
    private readonly users: UserService,
    private readonly conversion: ConversionService,
    private readonly downloads: DownloadService,
    caches: Caches,
  ) {
    this.cache = caches.cache('seo-pages', { ttlMs: () => this.ttlMs, maxEntries: 2000, keep: (p) => p.status === 200 && this.ttlMs > 0 });
  }

  /** Forgets every built page, here and in the other API processes. */
  clear(): Promise<void> {
    return this.cache.clear();
  }

  /** A short name of the SPA's index.html: a page built from an older one (the site was rebuilt) is not answered. */
  private indexKey(html: string): string {
    if (this.index?.html !== html) this.index = { html, key: crypto.createHash('sha1').update(html).digest('hex') };
    return this.index.key;
  }

  private async site() {
    const s = await this.settings.get('system');
    return {
      origin: siteOrigin(s.domain),
      sitename: s.sitename || '文库',
      title: String(s.title || s.sitename || '文库'),
      description: s.description,
      keywords: s.keywords,
      logo: s.logo,
      analytics: s.analytics,
    };
  }

  /** The HTML of `url` (path + query) built from the SPA index; cached for config ssr.cache_minutes. */
  async render(indexHtml: string, url: string): Promise<{ status: number; html: string }> {
    const security = await this.settings.get('security');
    const site = await this.site();
    // a closed or members-only site shows nothing to anonymous visitors, crawlers included
    if (security.is_close || security.login_required) return { status: 200, html: this.inject(indexHtml, site, undefined) };
    const ssr = await this.settings.get('ssr');
    this.ttlMs = Math.max(0, Number(ssr.cache_minutes ?? 10)) * 60_000;
    const build = async () => {
      const page = await this.page(url, site);
      return { status: page.status, html: this.inject(indexHtml, site, page, ssr.enable) };
    };
    if (!this.ttlMs) return build();
    // a page built from an older index.html (the site was rebuilt since) would point at assets that are gone
    return this.cache.get(`${this.indexKey(indexHtml)} ${url}`, build);
  }

  private inject(index: string, site: Awaited<ReturnType<SeoService['site']>>, page: SeoPage | undefined, withBody = true): string {
    const title = page ? (page.path === '/' ? site.title : `${page.title} - ${site.sitename}`) : site.title;
    const description = clip((page?.description || site.description).replace(/\s+/g, ' ').trim(), 300);
    const keywords = page?.keywords || site.keywords;
    const head: string[] = [`<meta name="description" content="${esc(description)}" />`, `<meta name="keywords" content="${esc(keywords)}" />`];
    if (page) {
      const canonical = `${site.origin}${page.path}`;
      head.push(
        `<link rel="canonical" href="${esc(canonical)}" />`,
        `<meta property="og:site_name" content="${esc(site.sitename)}" />`,
        `<meta property="og:title" content="${esc(page.path === '/' ? site.title : page.title)}" />`,
        `<meta property="og:description" content="${esc(description)}" />`,
        `<meta property="og:type" content="${page.ogType}" />`,
        `<meta property="og:url" content="${esc(canonical)}" />`,
        `<meta property="og:locale" content="zh_CN" />`,
      );
      const image = page.image || site.logo;
      if (image)
        head.push(
          `<meta property="og:image" content="${esc(/^https?:\/\//.test(image) ? image : `${site.origin}${image.startsWith('/') ? '' : '/'}${image}`)}" />`,
        );
      if (page.noindex) head.push('<meta name="robots" content="noindex,follow" />');
      for (const ld of page.jsonLd) head.push(`<script type="application/ld+json">${jsonForScript(ld)}</script>`);
      head.push(
        '<style>#ssr-content{max-width:1100px;margin:0 auto;padding:24px 16px;font:16px/1.8 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329}#ssr-content a{color:#1677ff;text-decoration:none}#ssr-content nav a{margin-right:12px}#ssr-content img{max-width:100%}#ssr-content .katex-mathml{display:none}</style>',
      );
    }
    const analytics = site.analytics.trim();
    if (analytics) {
      // marked so the app does not inject it a second time (app/analytics.ts looks for the mark)
      const code = /<[a-z!/]/i.test(analytics) ? analytics : `<script>${analytics}</script>`;
      head.push(markScripts(code.replace(/<(script|noscript|meta|link|img)\b/gi, '<$1 data-wenku-analytics')));
    }
    let html = index;
    html = /<title>[\s\S]*?<\/title>/i.test(html)
      ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${esc(title)}</title>`)
      : html.replace('</head>', () => `<title>${esc(title)}</title></head>`);
    html = html.replace(/<meta\s+name="(description|keywords)"[^>]*>\s*/gi, '');
    html = html.replace('</head>', () => `${head.join('\n    ')}\n  </head>`);
    if (page && withBody) {
      const nav = `<nav><a href="/">首页</a><a href="/category">文库资料</a><a href="/article">文章资讯</a><a href="/sitemap.xml">站点地图</a></nav>`;
      html = html.replace(
        /<div id="root"><\/div>/,
        () => `<div id="root"><div id="ssr-content">${nav}${page.body}<footer><p>© ${esc(site.sitename)}</p></footer></div></div>`,
      );
    }
    return html;
  }

  // ---------------- pages ----------------
  private async page(url: string, site: Awaited<ReturnType<SeoService['site']>>): Promise<SeoPage> {
    const u = new URL(url, 'http://x');
    // the public pages' table (contracts PUBLIC_PAGES) is the router: the site's router serves the same paths
    const hit = matchPublicPage(u.pathname);
    const id = hit?.params.id ?? '';
    try {
      switch (hit?.page) {
        case 'home':
          return await this.home(site);
        case 'categories':
          return await this.category(undefined);
        case 'category':
          return await this.category(Number(id));
        case 'document':
          return await this.document(id, site);
        case 'articles':
          return await this.articleList(Number(u.searchParams.get('category_id')) || undefined);
        case 'article':
          return await this.article(id, site);
        case 'search':
          return await this.search(u.searchParams.get('wd') ?? '', u.searchParams.get('type') === '1');
        case 'user':
        case 'userDocuments':
        case 'userArticles':
          if (/^\d+$/.test(id)) return await this.user(Number(id), site);
          break;
        case undefined:
          break;
      }
      return notFoundPage(u.pathname);
    } catch (e) {
      if (isNotFound(e)) return notFoundPage(u.pathname);
      throw e;
    }
  }

  private docLinks(docs: TDocument[]) {
    return docs.length
      ? `<ul>${docs.map((d) => `<li><a href="/document/${esc(d.uuid)}">${esc(d.title)}</a>${d.description ? ` — ${esc(clip(d.description, 120))}` : ''}</li>`).join('')}</ul>`
      : '<p>暂无文档</p>';
  }

  private articleLinks(list: TArticle[]) {
    return list.length
      ? `<ul>${list.map((a) => `<li><a href="/article/${esc(encodeURIComponent(a.identifier))}">${esc(a.title)}</a>${a.description ? ` — ${esc(clip(a.description, 120))}` : ''}</li>`).join('')}</ul>`
      : '<p>暂无文章</p>';
  }

  private async home(site: Awaited<ReturnType<SeoService['site']>>): Promise<SeoPage> {
    const [docs, arts, cats] = await Promise.all([
      this.documents.views.list({ page: 1, size: 20 }, { isAdmin: false }),
      this.articles.views.list({ page: 1, size: 10 }, { isAdmin: false }),
      this.content.listCategories({ page: 1, size: 10000 }, false),
    ]);
    const top = cats.category.filter((c) => c.parent_id === 0 && c.type === CategoryType.Document);
    return {
      status: 200,
      title: site.title,
      description: site.description,
      keywords: site.keywords,
      path: '/',
      ogType: 'website',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: site.sitename,
          url: `${site.origin}/`,
          description: site.description,
          potentialAction: {
            '@type': 'SearchAction',
            target: `${site.origin}/search?wd={search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        },
      ],
      body: `<h1>${esc(site.title)}</h1><p>${esc(site.description)}</p><h2>文档分类</h2><ul>${top.map((c) => `<li><a href="/category/${c.id}">${esc(c.title)}</a></li>`).join('')}</ul><h2>最新文档</h2>${this.docLinks(docs.document)}<h2>最新文章</h2>${this.articleLinks(arts.article)}`,
    };
  }

  private async category(id?: number): Promise<SeoPage> {
    const cats = (await this.content.listCategories({ page: 1, size: 10000 }, false)).category;
    if (id === undefined) {
      const top = cats.filter((c) => c.type === CategoryType.Document && c.parent_id === 0);
      return {
        status: 200,
        title: '文库资料',
        description: top.map((c) => c.title).join('、'),
        keywords: top.map((c) => c.title).join(','),
        path: '/category',
        ogType: 'website',
        jsonLd: [],
        body: `<h1>文库资料</h1>${top
          .map(
            (c) =>
              `<h2><a href="/category/${c.id}">${esc(c.title)}</a></h2><p>${esc(c.description ?? '')}</p><ul>${cats
                .filter((x) => x.parent_id === c.id)
                .map((x) => `<li><a href="/category/${x.id}">${esc(x.title)}</a></li>`)
                .join('')}</ul>`,
          )
          .join('')}`,
      };
    }
    const c = cats.find((x) => x.id === id && x.type === CategoryType.Document);
    if (!c) return notFoundPage(`/category/${id}`);
    const ids = [c.id, ...cats.filter((x) => x.parent_id === c.id).map((x) => x.id)];
    const docs = await this.documents.views.list({ page: 1, size: 30, category_id: ids }, { isAdmin: false });
    return {
      status: 200,
      title: c.title,
      description: c.description || `${c.title}相关文档`,
      keywords: c.title,
      path: `/category/${c.id}`,
      ogType: 'website',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'CollectionPage', name: c.title, description: c.description }],
      body: `<h1>${esc(c.title)}</h1><p>${esc(c.description ?? '')}</p>${this.docLinks(docs.document)}`,
    };
  }

  private async document(uuid: string, site: Awaited<ReturnType<SeoService['site']>>): Promise<SeoPage> {
    if (!/^[a-f0-9]{8,32}$/.test(uuid)) return notFoundPage(`/document/${uuid}`);
    const row = await this.documents.views.visible({ uuid }, { isAdmin: false });
    // a crawler is an anonymous reader: the text stops at the pages anyone may read, unless the document is free
    const pages = (await this.downloads.textPagesOf([row])).get(row.id) ?? 0;
    const [detail, content] = await Promise.all([
      this.documents.views.detail(row, { isAdmin: false }, false),
      this.conversion.firstText(row.hash, 2000, pages),
    ]);
    const d = { ...detail, content };
    const description = d.description || clip(d.content ?? '', 200);
    const related = await this.documents.views.related({ id: d.id }).catch(() => ({ document: [] as TDocument[] }));
    return {
      status: 200,
      title: d.title,
      description,
      keywords: d.keywords,
      path: `/document/${d.uuid}`,
      ogType: 'article',
      image: d.cover ? `${site.origin}${d.cover}` : undefined,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'DigitalDocument',
          name: d.title,
          headline: d.title,
          description,
          keywords: d.keywords,
          url: `${site.origin}/document/${d.uuid}`,
          author: { '@type': 'Person', name: d.username ?? '' },
          datePublished: d.created_at,
          dateModified: d.updated_at,
          ...(d.cover ? { image: `${site.origin}${d.cover}` } : {}),
          fileFormat: d.ext,
          numberOfPages: d.pages,
        },
      ],
      body: `<article><h1>${esc(d.title)}</h1><p>${esc(d.username ?? '')} · ${date(d.created_at)} · ${d.pages} 页 · ${d.view_count} 次浏览</p>${d.description ? `<p>${esc(d.description)}</p>` : ''}<div>${esc(d.content ?? '')}</div></article>${d.category.length ? `<p>分类：${d.category.map((c) => `<a href="/category/${c.id}">${esc(c.title)}</a>`).join(' ')}</p>` : ''}<h2>相关文档</h2>${this.docLinks(related.document)}`,
    };
  }

  private async articleList(categoryId?: number): Promise<SeoPage> {
    const cats = (await this.content.listCategories({ page: 1, size: 10000, type: [CategoryType.Article] }, false)).category;
    const current = categoryId ? cats.find((c) => c.id === categoryId) : undefined;
    if (categoryId && !current) return notFoundPage(`/article?category_id=${categoryId}`);
    const list = await this.articles.views.list({ page: 1, size: 30, category_id: current ? [current.id] : undefined }, { isAdmin: false });
    const title = current ? `${current.title} - 文章资讯` : '文章资讯';
    return {
      status: 200,
      title,
      description: current?.description || '最新文章与资讯',
      keywords: cats.map((c) => c.title).join(','),
      path: current ? `/article?category_id=${current.id}` : '/article',
      ogType: 'website',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'CollectionPage', name: title }],
      body: `<h1>${esc(title)}</h1><nav>${cats.map((c) => `<a href="/article?category_id=${c.id}">${esc(c.title)}</a>`).join('')}</nav>${this.articleLinks(list.article)}`,
    };
  }

  private async article(idOrIdentifier: string, site: Awaited<ReturnType<SeoService['site']>>): Promise<SeoPage> {
    const by = /^\d+$/.test(idOrIdentifier) ? { id: Number(idOrIdentifier) } : { identifier: idOrIdentifier };
    const a = await this.articles.views.detail(by, { isAdmin: false }, false);
    const related = await this.articles.views.related({ id: a.id }).catch(() => ({ article: [] as TArticle[] }));
    const description = a.description || clip(htmlToText(a.content_html), 200);
    const url = `${site.origin}/article/${encodeURIComponent(a.identifier)}`;
    return {
      status: 200,
      title: a.title,
      description,
      keywords: a.keywords,
      path: `/article/${encodeURIComponent(a.identifier)}`,
      ogType: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: clip(a.title, 110),
          description,
          keywords: a.keywords,
          url,
          mainEntityOfPage: url,
          author: { '@type': 'Person', name: a.username ?? '', url: `${site.origin}/user/${a.user_id}` },
          datePublished: a.created_at,
          dateModified: a.updated_at,
          publisher: { '@type': 'Organization', name: site.sitename },
        },
      ],
      body: `<article><h1>${esc(a.title)}</h1><p>作者 <a href="/user/${a.user_id}">${esc(a.username ?? '')}</a> · ${date(a.created_at)} · ${a.view_count} 次浏览</p>${a.description ? `<p><strong>${esc(a.description)}</strong></p>` : ''}<div class="wk-markdown">${a.content_html}</div></article>${a.category.length ? `<p>分类：${a.category.map((c) => `<a href="/article?category_id=${c.id}">${esc(c.title)}</a>`).join(' ')}</p>` : ''}<h2>相关文章</h2>${this.articleLinks(related.article)}`,
    };
  }

  private async search(wd: string, articles: boolean): Promise<SeoPage> {
    const q = wd.trim().slice(0, 100);
    const path = `/search?wd=${encodeURIComponent(q)}${articles ? '&type=1' : ''}`;
    if (!q)
      return {
        status: 200,
        title: '搜索',
        description: '搜索文档与文章',
        keywords: '',
        path: '/search',
        ogType: 'website',
        jsonLd: [],
        body: '<h1>搜索</h1>',
        noindex: true,
      };
    const body = articles
      ? this.articleLinks((await this.articles.search.search({ wd: q, page: 1, size: 20, sort: 'relevance' })).article)
      : this.docLinks((await this.documents.views.list({ page: 1, size: 20, wd: q }, { isAdmin: false })).document);
    return {
      status: 200,
      title: `${q} - 搜索`,
      description: `“${q}”的搜索结果`,
      keywords: q,
      path,
      ogType: 'website',
      noindex: true,
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'SearchResultsPage', name: `${q} - 搜索` }],
      body: `<h1>“${esc(q)}”的搜索结果</h1>${body}`,
    };
  }

  private async user(id: number, site: Awaited<ReturnType<SeoService['site']>>): Promise<SeoPage> {
    const u = await this.users.get(id);
    const [docs, arts] = await Promise.all([
      this.documents.views.list({ page: 1, size: 20, user_id: [id] }, { isAdmin: false }),
      this.articles.views.list({ page: 1, size: 20, user_id: [id] }, { isAdmin: false }),
    ]);
    return {
      status: 200,
      title: `${u.username}的个人主页`,
      description: u.signature || `${u.username}分享的文档与文章`,
      keywords: u.username,
      path: `/user/${id}`,
      ogType: 'profile',
      image: u.avatar || undefined,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ProfilePage',
          mainEntity: { '@type': 'Person', name: u.username, description: u.signature, url: `${site.origin}/user/${id}` },
        },
      ],
      body: `<h1>${esc(u.username)}</h1><p>${esc(u.signature)}</p><h2>文档</h2>${this.docLinks(docs.document)}<h2>文章</h2>${this.articleLinks(arts.article)}`,
    };
  }
}
