/**
 * Page delivery and caches (issue 16): page images and covers carry a strong ETag and a year's immutable cache and
 * answer 304 to a matching If-None-Match without touching storage; the uuid → document lookup behind them is held in
 * memory and dropped when the document changes; and caches are dropped in every API process at once when one of
 * them writes (PostgreSQL LISTEN/NOTIFY; on the embedded default there is one process and the bus stays local).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus } from '@wenku/contracts';
import { buildApp } from '../src/app';
import { ByteCache } from '../src/lib/byte-cache';
import { openDatabase } from '../src/db/client';
import { ADMIN, createTestApp, type TestApp } from './helpers';
import { call } from './call';
import { makeDocument, makeUser } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('page images and covers', () => {
  it('carry a strong ETag and an immutable year, and answer 304 to If-None-Match without reading storage', async () => {
    const doc = await makeDocument(t, { text: ['first page', 'second page'], converted: true });
    const detail = await call(t, api.getDocument, { query: { id: doc.id } });
    const url = detail.page_urls[0];
    const first = await t.req({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}-1-gz"$/);
    expect(first.headers['content-encoding']).toBe('gzip');

    const plain = await t.req({ method: 'GET', url: url.replace('.gzip.svg', '.svg') });
    expect(plain.headers.etag).not.toBe(etag);
    expect(plain.headers['content-encoding']).toBeUndefined();

    // storage is not read for a 304: take it away and the browser's copy is still confirmed
    const storage = t.app.services.storage;
    const get = storage.get.bind(storage);
    let reads = 0;
    storage.get = async (key: string) => (reads++, get(key));
    try {
      for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await t.req({ method: 'GET', url, headers: { 'if-none-match': inm } });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      expect(reads).toBe(0);
      // a browser without the page gets it from memory: the first read above kept it
      const stale = await t.req({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(reads).toBe(0);
      // converted again: the pages held in memory go, and the next reader reads the new file
      await call(t, api.reconvertDocuments, { body: { id: [doc.id] }, as: 'admin' });
      await t.app.services.conversion.convert(doc.hash);
      const readsBefore = reads;
      const fresh = await t.req({ method: 'GET', url });
      expect(fresh.statusCode).toBe(200);
      expect(reads).toBe(readsBefore + 1);
      expect(zlib.gunzipSync(fresh.rawPayload).toString()).toContain('<svg');
    } finally {
      storage.get = get;
    }

    const cover = await t.req({ method: 'GET', url: `/view/cover/${doc.uuid}` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers.etag).toMatch(/-cover"$/);
    expect(cover.headers['cache-control']).toContain('immutable');
    const cover304 = await t.req({ method: 'GET', url: `/view/cover/${doc.uuid}`, headers: { 'if-none-match': String(cover.headers.etag) } });
    expect(cover304.statusCode).toBe(304);
  });

  it('a deleted document stops serving its pages at once (the lookup held in memory is dropped)', async () => {
    const doc = await makeDocument(t, { converted: true });
    const url = `/view/page/${doc.uuid}/1.gzip.svg`;
    expect((await t.req({ method: 'GET', url })).statusCode).toBe(200);
    await call(t, api.deleteDocument, { query: { id: [doc.id] }, as: 'admin' });
    expect((await t.req({ method: 'GET', url })).statusCode).toBe(404);
    // and a 304 is not a way around it
    expect((await t.req({ method: 'GET', url, headers: { 'if-none-match': '*' } })).statusCode).toBe(404);
  });
});

describe('the home page documents', () => {
  it('are answered from memory and dropped when a document is added, edited or deleted', async () => {
    const first = await call(t, api.homeDocuments, { query: { limit: 12 } });
    // from memory: the database is not asked again
    const repo = (t.app.services.documents.views as unknown as { repo: { list: (...a: unknown[]) => unknown } }).repo;
    const list = repo.list.bind(repo);
    let reads = 0;
    repo.list = (...a: unknown[]) => (reads++, list(...a));
    try {
      expect(await call(t, api.homeDocuments, { query: { limit: 12 } })).toEqual(first);
      expect(reads).toBe(0);
    } finally {
      repo.list = list;
    }
    const doc = await makeDocument(t, { converted: true, title: `首页缓存 ${Date.now()}` });
    const after = await call(t, api.homeDocuments, { query: { limit: 12 } });
    expect(after.latest.map((d) => d.id)).toContain(doc.id);
    await call(t, api.updateDocument, { body: { id: doc.id, title: '首页缓存 改名' }, as: 'admin' });
    expect((await call(t, api.homeDocuments, { query: { limit: 12 } })).latest.find((d) => d.id === doc.id)?.title).toBe('首页缓存 改名');
    await call(t, api.deleteDocument, { query: { id: [doc.id] }, as: 'admin' });
    expect((await call(t, api.homeDocuments, { query: { limit: 12 } })).latest.map((d) => d.id)).not.toContain(doc.id);
  });
});

describe('the memory for page images', () => {
  it('keeps the most recently used within its budget and never a file above the item limit', () => {
    const c = new ByteCache(100, 40);
    const b = (n: number) => Buffer.alloc(n);
    c.set('pages/a/1', b(40));
    c.set('pages/a/2', b(40));
    expect(c.get('pages/a/1')?.length).toBe(40); // now the most recent
    c.set('pages/b/1', b(40)); // over budget: the least recently used (a/2) goes
    expect(c.get('pages/a/2')).toBeUndefined();
    expect(c.get('pages/a/1')).toBeDefined();
    expect(c.size).toEqual({ items: 2, bytes: 80 });
    c.set('pages/b/2', b(41));
    expect(c.get('pages/b/2')).toBeUndefined();
    c.set('pages/a/1', b(10)); // replacing counts the new size only
    expect(c.size).toEqual({ items: 2, bytes: 50 });
    c.clear('pages/a/');
    expect(c.size).toEqual({ items: 1, bytes: 40 });
    c.clear();
    expect(c.size).toEqual({ items: 0, bytes: 0 });
  });
});

describe('the built site', () => {
  it('sends the brotli or gzip copy of an asset by Accept-Encoding, immutable; index.html is never cached', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-dist-'));
    const js = `console.log(${JSON.stringify('文库'.repeat(2000))});`;
    for (const d of ['web', 'admin']) {
      fs.mkdirSync(path.join(dist, d, 'assets'), { recursive: true });
      fs.writeFileSync(
        path.join(dist, d, 'index.html'),
        '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>',
      );
      fs.writeFileSync(path.join(dist, d, 'assets', 'app-1a2b.js'), js);
      fs.writeFileSync(path.join(dist, d, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(js));
      fs.writeFileSync(path.join(dist, d, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(js));
    }
    const s = await createTestApp({ serveStatic: true, webDist: path.join(dist, 'web'), adminDist: path.join(dist, 'admin') });
    try {
      for (const base of ['', '/admin']) {
        const asset = `${base}/assets/app-1a2b.js`;
        const br = await s.req({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
        expect(br.statusCode).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
        expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
        expect(br.rawPayload.length).toBeLessThan(js.length / 5);
        const gz = await s.req({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
        const identity = await s.req({ method: 'GET', url: asset, headers: { 'accept-encoding': 'identity' } });
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(identity.body).toBe(js);
      }
      const page = await s.req({ method: 'GET', url: '/search?wd=x', headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toMatch(/no-cache|no-store/);
    } finally {
      await s.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

const url = process.env.DATABASE_URL ? undefined : 'pglite';
if (url === 'pglite') {
  describe('cache invalidation on the embedded default', () => {
    it('is local: one process, no listener, and a write still clears the cache at once', async () => {
      const before = (await call(t, api.getSettings, {})).system.sitename;
      await call(t, api.updateConfig, { body: { config: [{ category: 'system', name: 'sitename', value: '嵌入式站点' }] }, as: 'admin' });
      expect((await call(t, api.getSettings, {})).system.sitename).toBe('嵌入式站点');
      expect(t.app.services.caches.received).toBe(0);
      await call(t, api.updateConfig, { body: { config: [{ category: 'system', name: 'sitename', value: before }] }, as: 'admin' });
    });
  });
} else {
  describe('cache invalidation across two API processes on one PostgreSQL', () => {
    it('a settings edit, a banner and a deleted document through one API are seen through the other at once', async () => {
      // a second API on the same database, as a second process would be (its own pool, its own listener)
      const second = await openDatabase({
        databaseUrl: String((t.database.connection as { connectionString?: string }).connectionString),
        dataDir: t.config.dataDir,
      });
      const other = await buildApp(t.config, { database: second, skipSetup: true });
      await other.ready();
      try {
        const read = async () => (await other.inject({ method: 'GET', url: '/api/v1/settings' })).json().system.sitename as string;
        const first = await read();
        // cached in the second process now; the edit goes through the first
        expect(await read()).toBe(first);
        const heard = other.services.caches.received;
        await call(t, api.updateConfig, { body: { config: [{ category: 'system', name: 'sitename', value: '另一个进程也看见' }] }, as: 'admin' });
        // within 2 s, under the settings cache's own 3 s limit: only the notification can have cleared it
        await eventually(async () => (await read()) === '另一个进程也看见');
        expect(other.services.caches.received).toBeGreaterThan(heard);

        const doc = await makeDocument(t, { converted: true });
        const page = `/view/page/${doc.uuid}/1.svg`;
        expect((await other.inject({ method: 'GET', url: page })).statusCode).toBe(200);
        await call(t, api.deleteDocument, { query: { id: [doc.id] }, as: 'admin' });
        // the uuid → document map holds an entry for a minute: only the notification can clear it within 2 s
        await eventually(async () => (await other.inject({ method: 'GET', url: page })).statusCode === 404);
      } finally {
        await other.close();
        await second.close();
      }
    });

    it('a document or user taken down through one API leaves the crawler pages of the other at once (issue 25)', async () => {
      const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-seo-'));
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>文库</title></head><body><div id="root"></div></body></html>');
      const second = await openDatabase({
        databaseUrl: String((t.database.connection as { connectionString?: string }).connectionString),
        dataDir: t.config.dataDir,
      });
      // the second process serves the site (and its crawler pages); the writes go through the first
      const other = await buildApp(
        { ...t.config, serveStatic: true, webDist: dist, adminDist: path.join(dist, 'no-admin') },
        { database: second, skipSetup: true },
      );
      await other.ready();
      await call(t, api.updateConfig, { body: { config: [{ category: 'ssr', name: 'cache_minutes', value: 60 }] }, as: 'admin' });
      try {
        const crawl = (url: string) => other.inject({ method: 'GET', url, headers: { 'user-agent': 'Baiduspider' } });
        const doc = await makeDocument(t, { title: '两个进程都要下架的文档', text: ['只该在下架前被爬到的正文'], converted: true });
        expect((await crawl(`/document/${doc.uuid}`)).body).toContain('只该在下架前被爬到的正文');
        await call(t, api.updateDocument, { body: { id: doc.id, status: DocumentStatus.Disabled }, as: 'admin' });
        // held for an hour: only the notification can clear it within 2 s
        await eventually(async () => {
          const res = await crawl(`/document/${doc.uuid}`);
          return res.statusCode === 404 && !res.body.includes('只该在下架前被爬到的正文');
        });

        const u = await makeUser(t);
        expect((await crawl(`/user/${u.id}`)).body).toContain(`${u.username}的个人主页`);
        await t.database.pool.query('UPDATE users SET signature = $2 WHERE id = $1', [u.id, '处罚前改过的签名']);
        await call(t, api.createPunishment, { body: { user_id: [u.id], type: [1], enable: true, reason: '违规' }, as: 'admin' });
        await eventually(async () => (await crawl(`/user/${u.id}`)).body.includes('处罚前改过的签名'));
        await call(t, api.deleteUser, { query: { id: [u.id], password: ADMIN.password }, as: 'admin' });
        await eventually(async () => (await crawl(`/user/${u.id}`)).statusCode === 404);
      } finally {
        await call(t, api.updateConfig, { body: { config: [{ category: 'ssr', name: 'cache_minutes', value: 10 }] }, as: 'admin' });
        await other.close();
        await second.close();
        fs.rmSync(dist, { recursive: true, force: true });
      }
    });
  });
}

/**
 * Waits up to 2 s for the other process to show the write. The NOTIFY is sent before the write's answer, but its
 * delivery is asynchronous, and notifications of earlier writes (the factory's) may still be on their way: counting
 * notifications would not say which one arrived, so the test waits for the effect itself.
 */
async function eventually(ok: () => Promise<boolean>) {
  const deadline = Date.now() + 2000;
  while (!(await ok()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(await ok()).toBe(true);
}
