import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUploadResult } from '@wenku/contracts';
import { ADMIN, createTestApp, type TestApp } from './helpers';
import { makePdf, multipart, sha256 } from './fixtures';

/** The built SPA's index.html, as Vite writes it. */
const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>文库</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let admin: string;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ serveStatic: true, webDist, adminDist: path.join(webDist, 'no-admin') });
  admin = await t.adminToken();
  await t.req({
    method: 'PUT',
    url: '/api/v1/config',
    token: admin,
    payload: {
      config: [
        { category: 'system', name: 'domain', value: 'https://wenku.example.com' },
        { category: 'ssr', name: 'cache_minutes', value: 0 },
      ],
    },
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => t.req({ method: 'GET', url, headers: { 'user-agent': 'curl/8 (no JavaScript)' } });

/** JSON-LD blocks of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

async function convertedDocument(title: string, text: string | string[], description: string, price = 0) {
  const u = await t.register();
  const cat = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0' })).json().category[0].id;
  const pdf = makePdf(Array.isArray(text) ? text : [text]);
  const mp = multipart('seo.pdf', pdf);
  const up = ZUploadResult.parse(
    (await t.req({ method: 'POST', url: '/api/v1/upload/document', token: u.token, payload: mp.payload, headers: mp.headers })).json(),
  ).data;
  const res = await t.req({
    method: 'POST',
    url: '/api/v1/document',
    token: u.token,
    payload: { category_id: [cat], document: [{ attachment_id: up.id, title, description, keywords: 'seo,crawler', price }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const doc = res.json().document[0] as { id: number; uuid: string };
  await t.app.services.conversion.convert(sha256(pdf));
  return doc;
}

describe('pages a crawler reads without JavaScript', () => {
  it('an article page carries its title, description, body text, canonical URL, OpenGraph and JSON-LD', async () => {
    const u = await t.register();
    const a = (
      await t.req({
        method: 'POST',
        url: '/api/v1/article',
        token: u.token,
        payload: {
          identifier: 'ignored',
          title: '爬虫可读的文章',
          description: '这是一段文章摘要',
          keywords: '爬虫,SEO',
          content: '## 小节标题\n\n正文第一段：搜索引擎应当读到这句话。\n\n公式 $E=mc^2$ 与[参考][r]。\n\n[r]: https://example.com/ref',
        },
      })
    ).json();
    const res = await page(`/article/${a.identifier}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>爬虫可读的文章 - 文库</title>');
    expect(html).toContain('<meta name="description" content="这是一段文章摘要" />');
    expect(html).toContain('<meta name="keywords" content="爬虫,SEO" />');
    expect(html).toContain(`<link rel="canonical" href="https://wenku.example.com/article/${a.identifier}" />`);
    expect(html).toContain('<meta property="og:title" content="爬虫可读的文章" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('正文第一段：搜索引擎应当读到这句话。');
    expect(html).toContain('<h2>小节标题</h2>');
    expect(html).toContain('class="katex"');
    expect(html).toContain('href="https://example.com/ref"');
    // the text sits inside #root, before the app's script runs
    expect(html.indexOf('<div id="root"><div id="ssr-content">')).toBeGreaterThan(0);
    const ld = jsonLd(html);
    expect(ld[0]).toMatchObject({ '@type': 'Article', headline: '爬虫可读的文章', description: '这是一段文章摘要', author: { name: u.username } });
    // by id as well; the view is not counted for crawler renders
    expect((await page(`/article/${a.id}`)).body).toContain('正文第一段');
    expect((await t.req({ method: 'GET', url: `/api/v1/article?id=${a.id}` })).json().view_count).toBe(0);
  });

  it('a document page carries its title, description and extracted text', async () => {
    const d = await convertedDocument('爬虫测试文档', 'Crawler visible body text of the PDF', '文档摘要：给搜索引擎看的描述');
    const res = await page(`/document/${d.uuid}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>爬虫测试文档 - 文库</title>');
    expect(html).toContain('<meta name="description" content="文档摘要：给搜索引擎看的描述" />');
    expect(html).toContain('Crawler visible body text of the PDF');
    expect(html).toContain(`<link rel="canonical" href="https://wenku.example.com/document/${d.uuid}" />`);
    expect(html).toContain('<meta property="og:image" content="https://wenku.example.com/view/cover/');
    expect(jsonLd(html)[0]).toMatchObject({ '@type': 'DigitalDocument', name: '爬虫测试文档' });
  });

  it('a priced document’s page shows the text of its preview pages only (issue 27: nothing past them leaks)', async () => {
    const put = (name: string, value: number) =>
      t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'converter', name, value }] } });
    await put('max_preview', 1);
    let d: { id: number; uuid: string };
    try {
      d = await convertedDocument('付费爬虫文档', ['Preview page words', 'Hiddenquokka words past the preview'], '', 25);
    } finally {
      await put('max_preview', 0);
    }
    const html = (await page(`/document/${d.uuid}`)).body;
    expect(html).toContain('Preview page words');
    expect(html).not.toContain('Hiddenquokka');
  });

  it('home, category, article list, search and user pages have their own head and text; unknown ones are 404', async () => {
    const home = (await page('/')).body;
    expect(home).toContain('<title>文库 - 文档分享平台</title>');
    expect(home).toContain('<link rel="canonical" href="https://wenku.example.com/" />');
    expect(jsonLd(home)[0]).toMatchObject({ '@type': 'WebSite' });
    expect(home).toContain('爬虫可读的文章');
    const cats = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0' })).json().category;
    const cat = await page(`/category/${cats[0].id}`);
    expect(cat.body).toContain(`<title>${cats[0].title} - 文库</title>`);
    expect(cat.body).toContain('爬虫测试文档');
    expect((await page('/article')).body).toContain('<title>文章资讯 - 文库</title>');
    const search = (await page(`/search?wd=${encodeURIComponent('爬虫')}&type=1`)).body;
    expect(search).toContain('爬虫可读的文章');
    expect(search).toContain('<meta name="robots" content="noindex,follow" />');
    const user = (await page('/user/1')).body;
    expect(user).toContain('<title>admin的个人主页 - 文库</title>');
    expect(user).toContain('关于我们');
    const missing = await page('/article/no-such-article');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('404 This page could not be found');
    expect((await page('/document/ffffffffffffffff')).statusCode).toBe(404);
    expect((await page('/user/999999')).statusCode).toBe(404);
  });

  /**
   * Issue 25 finding 6: built pages were kept for ssr.cache_minutes and cleared only when articles changed, so a
   * disabled document's title and text stayed readable to crawlers after the API answered 404. Now the cache is
   * cleared on every change of documents and users (and shared between processes: delivery.test.ts).
   */
  it('with the page cache on, a document or user taken down leaves the crawler pages at once', async () => {
    const setSsr = (value: number) =>
      t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'ssr', name: 'cache_minutes', value }] } });
    await setSsr(10);
    try {
      const d = await convertedDocument('即将下架的文档', 'Text that must vanish with the document', '下架前的摘要');
      const doc = `/document/${d.uuid}`;
      expect((await page(doc)).body).toContain('Text that must vanish');
      expect((await page('/')).body).toContain('即将下架的文档');
      // disabled by an administrator: gone from its page and from the lists at once
      expect((await t.req({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id: d.id, status: 4 } })).statusCode).toBe(200);
      const gone = await page(doc);
      expect(gone.statusCode).toBe(404);
      expect(gone.body).not.toContain('即将下架的文档');
      expect(gone.body).not.toContain('Text that must vanish');
      expect((await page('/')).body).not.toContain('即将下架的文档');

      // a user renamed, disabled, deleted
      const u = await t.register();
      const profile = `/user/${u.id}`;
      expect((await page(profile)).body).toContain(`${u.username}的个人主页`);
      const renamed = `${u.username}x`;
      expect((await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: u.token, payload: { username: renamed } })).statusCode).toBe(200);
      expect((await page(profile)).body).toContain(`${renamed}的个人主页`);
      // changed under the cache (no event): a disabled account clears it
      await t.database.pool.query('UPDATE users SET signature = $2 WHERE id = $1', [u.id, '处罚前改过的签名']);
      expect((await page(profile)).body).not.toContain('处罚前改过的签名');
      const punish = await t.req({
        method: 'POST',
        url: '/api/v1/punishment',
        token: admin,
        payload: { user_id: [u.id], type: [1], enable: true, reason: '违规' },
      });
      expect(punish.statusCode, punish.body).toBe(200);
      expect((await page(profile)).body).toContain('处罚前改过的签名');
      const del = await t.req({ method: 'DELETE', url: `/api/v1/user?id=${u.id}&password=${encodeURIComponent(ADMIN.password)}`, token: admin });
      expect(del.statusCode, del.body).toBe(200);
      expect((await page(profile)).statusCode).toBe(404);
    } finally {
      await setSsr(0);
    }
  });

  it('injects the analytics snippet once, marked for the app; a closed site shows no content', async () => {
    await t.req({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: { config: [{ category: 'system', name: 'analytics', value: '<script>var _hmt = _hmt || [];</script>' }] },
    });
    const res = await page('/article/about');
    const html = res.body;
    // the snippet runs under the page's policy: it carries this response's nonce
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}" data-wenku-analytics>var _hmt = _hmt || [];</script>`);
    expect(html).not.toContain('__WENKU_NONCE__');
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'security', name: 'login_required', value: true }] } });
    try {
      const closed = await page('/article/about');
      expect(closed.statusCode).toBe(200);
      expect(closed.body).not.toContain('ssr-content');
      expect(closed.body).not.toContain('本站是一个开源的文档分享');
      expect((await t.req({ method: 'GET', url: '/robots.txt' })).body).toContain('Disallow: /\n');
    } finally {
      await t.req({
        method: 'PUT',
        url: '/api/v1/config',
        token: admin,
        payload: {
          config: [
            { category: 'security', name: 'login_required', value: false },
            { category: 'system', name: 'analytics', value: '' },
          ],
        },
      });
    }
  });
});

describe('sitemap and robots.txt', () => {
  it('robots.txt points at the sitemap', async () => {
    const r = await t.req({ method: 'GET', url: '/robots.txt' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.body).toContain('Sitemap: https://wenku.example.com/sitemap.xml');
    expect(r.body).toContain('Disallow: /admin/');
  });

  it('an index plus pages of at most 10,000 URLs for documents and articles, rebuilt on PUT /sitemap', async () => {
    const {
      rows: [u],
    } = await t.database.pool.query(`SELECT id FROM users WHERE username = 'admin'`);
    await t.database.pool.query(
      `INSERT INTO documents (uuid, title, user_id, hash, ext, status) SELECT substr(md5('bulk' || g), 1, 16), 'bulk ' || g, $1, 'bulk', 'pdf', 2 FROM generate_series(1, 10005) g`,
      [u.id],
    );
    const pending = await t.req({ method: 'PUT', url: '/api/v1/article/check', token: admin, payload: { article_id: [1], status: 2, reject_reason: '测试' } });
    expect(pending.statusCode).toBe(200);
    const user = await t.register();
    expect((await t.req({ method: 'PUT', url: '/api/v1/sitemap', token: user.token })).statusCode).toBe(403);
    const gen = await t.req({ method: 'PUT', url: '/api/v1/sitemap', token: admin });
    expect(gen.statusCode, gen.body).toBe(200);
    const info = gen.json();
    expect(info.documents).toBeGreaterThanOrEqual(10006);
    expect(info.files).toEqual(['documents-1.xml', 'documents-2.xml', 'articles-1.xml']);
    const index = await t.req({ method: 'GET', url: '/sitemap.xml' });
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex');
    expect(index.body).toContain('<loc>https://wenku.example.com/sitemap/documents-2.xml</loc>');
    const p1 = (await t.req({ method: 'GET', url: '/sitemap/documents-1.xml' })).body;
    expect(p1.match(/<url>/g)).toHaveLength(10000);
    expect(p1).toMatch(/<loc>https:\/\/wenku\.example\.com\/document\/[a-f0-9]{16}<\/loc>/);
    const p2 = (await t.req({ method: 'GET', url: '/sitemap/documents-2.xml' })).body;
    expect(p2.match(/<url>/g)!.length).toBe(info.documents - 10000);
    const arts = (await t.req({ method: 'GET', url: '/sitemap/articles-1.xml' })).body;
    expect(arts).toContain('<loc>https://wenku.example.com/article/agreement</loc>');
    // the rejected one (about, id 1) is left out
    expect(arts).not.toContain('/article/about<');
    await t.database.pool.query(`DELETE FROM documents WHERE hash = 'bulk'`);
    const again = (await t.req({ method: 'PUT', url: '/api/v1/sitemap', token: admin })).json();
    expect(again.files).toEqual(['documents-1.xml', 'articles-1.xml']);
    expect((await t.req({ method: 'GET', url: '/sitemap/documents-2.xml' })).statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: '/sitemap/..%2Fjwt-secret' })).statusCode).toBe(404);
    await t.req({ method: 'PUT', url: '/api/v1/article/check', token: admin, payload: { article_id: [1], status: 1 } });
  });
});

describe('serving a rebuilt site without a restart', () => {
  it('finds assets a new build adds and serves the new index.html; unknown paths still fall back to the app', async () => {
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'assets', 'index-new.js'), 'console.log("new build")');
    const asset = await t.req({ method: 'GET', url: '/assets/index-new.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('new build');
    expect(asset.headers['cache-control']).toContain('immutable');
    // a new index.html (a rebuild) is picked up within half a second
    const before = (await t.req({ method: 'GET', url: '/me/favorite' })).body;
    expect(before).toContain('/assets/index-abc.js');
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX.replace('/assets/index-abc.js', '/assets/index-new.js'));
    await new Promise((r) => setTimeout(r, 600));
    const after = await t.req({ method: 'GET', url: '/me/favorite' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('/assets/index-new.js');
    // missing files and API paths keep their answers
    expect((await t.req({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(200); // the app shell, as before
    const api = await t.req({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toContain('接口不存在');
    expect((await t.req({ method: 'GET', url: '/../../etc/passwd' })).body).not.toContain('root:');
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  });
});
