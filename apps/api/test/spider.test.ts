import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, AttachmentType, DocumentStatus, SpiderDocumentStatus as D, SpiderUrlStatus as U, type TSpiderDocument } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';
import { makeCategory, makeUser, textDocx, textPdf, uniq } from './factories';
import { addressRefusal, SafeFetcher, SpiderFetchError, type ConnectRequest, type Connector, type Resolver } from '../src/modules/spider/spider.fetcher';
import { compilePattern, extractLinks, parseRobots } from '../src/modules/spider/spider.crawl';

/**
 * The collector against a site this file serves on 127.0.0.1, with SPIDER_ALLOW_HOSTS naming only that site.
 * Nothing here ever connects outside loopback: the unsafe targets that are not loopback (private, link-local,
 * metadata, ULA, IPv4-mapped, DNS rebinding) are tested one level down, through an injected resolver and a
 * connector that records every connection and routes the allowed ones to the local site.
 */

const word = `spider${uniq()}`;
const pdf = textPdf([`Collected guide ${word} page one`]);
const deepPdf = textPdf([`Deep list document ${word}`]);
const chainedPdf = textPdf([`Chained redirect document ${word}`]);
const secretPdf = textPdf([`Secret ${word}`]);
const queuedPdf = textPdf([`Queued by the job queue ${word} lighthouse`]);
const txt = Buffer.from(`Plain text notes ${word}\n第二行中文内容\n`, 'utf8');
let docx: Buffer;
const HUGE_TOTAL = 64 * 1024 * 1024;
let hugeSent = 0;
let hugeClosedEarly = false;

let site: http.Server;
let port = 0;
let base = '';
/** connections that reached a decoy listening on 127.0.0.2 or ::1 (must stay 0) */
let decoyHits = 0;
const decoys: net.Server[] = [];
const siteHits: string[] = [];

function serveSite(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', base);
  siteHits.push(url.pathname);
  const send = (type: string, body: Buffer | string) => {
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  };
  switch (url.pathname) {
    case '/robots.txt':
      return send('text/plain', 'User-agent: *\nDisallow: /private/\n');
    case '/':
      return send(
        'text/html; charset=utf-8',
        `<html><body><h1>资料列表</h1>
        <a href="/files/guide.pdf">用户指南</a>
        <a href='files/notes.txt'>Notes &amp; more</a>
        <a href=/files/report.docx>年度报告</a>
        <a href="/private/secret.pdf">secret</a>
        <a href="/list/2.html">下一页</a>
        <a href="/redir/1">跳转文档</a>
        <a href="/files/huge.pdf">huge</a>
        <a href="/bounce.pdf">bounce</a>
        <a href="/loop/0.pdf">loop</a>
        <a href="http://[::1]:${port}/files/v6.pdf">v6</a>
        <a href="javascript:alert(1)">js</a><a href="mailto:a@b.c">mail</a><a href="file:///etc/passwd.txt">file</a>
        </body></html>`,
      );
    case '/list/2.html':
      return send('text/html', `<a href="/files/deep.pdf">深层文档</a><a href="/list/3.html">更深</a>`);
    case '/list/3.html':
      return send('text/html', `<a href="/files/too-deep.pdf">too deep</a>`);
    case '/files/guide.pdf':
      return send('application/pdf', pdf);
    case '/q/':
      return send('text/html', `<a href="/files/queued.pdf">队列文档</a>`);
    case '/files/queued.pdf':
      return send('application/pdf', queuedPdf);
    case '/files/deep.pdf':
      return send('application/pdf', deepPdf);
    case '/files/notes.txt':
      return send('text/plain; charset=utf-8', txt);
    case '/files/report.docx':
      return send('application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx);
    case '/private/secret.pdf':
      return send('application/pdf', secretPdf);
    case '/redir/1':
      res.writeHead(302, { location: '/redir/2' });
      return res.end();
    case '/redir/2':
      res.writeHead(301, { location: '/files/chained' });
      return res.end();
    case '/files/chained':
      return send('application/pdf', chainedPdf);
    case '/bounce.pdf':
      res.writeHead(302, { location: `http://127.0.0.2:${port}/files/guide.pdf` });
      return res.end();
    case '/files/huge.pdf': {
      // streamed without a length: only the running count can stop it
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      chunk.write('%PDF-1.4\n');
      res.on('close', () => {
        if (hugeSent < HUGE_TOTAL) hugeClosedEarly = true;
      });
      const pump = () => {
        while (hugeSent < HUGE_TOTAL) {
          hugeSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    default: {
      const loop = /^\/loop\/(\d+)\.pdf$/.exec(url.pathname);
      if (loop) {
        res.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}.pdf` });
        return res.end();
      }
      if (url.pathname === '/slow') return; // never answers
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
  }
}

async function listenDecoy(host: string) {
  const s = net.createServer((c) => {
    decoyHits++;
    c.destroy();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, host, () => resolve());
    });
    decoys.push(s);
  } catch {
    // no such address on this machine: the refusal is still checked through the collector's errors
  }
}

let t: TestApp;
let categoryId: number;

beforeAll(async () => {
  docx = await textDocx([`Word report ${word}`]);
  site = http.createServer(serveSite);
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
  port = (site.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  await listenDecoy('127.0.0.2');
  await listenDecoy('::1');
  t = await createTestApp({ spiderAllowHosts: [`127.0.0.1:${port}`] });
  t.app.services.spider.limits.hostDelayMs = 20;
  categoryId = (await makeCategory(t)).id;
  await call(t, api.updateConfig, { body: { config: [{ category: 'security', name: 'max_document_size', value: 1 }] }, as: 'admin' });
});

afterAll(async () => {
  await t?.close();
  site?.closeAllConnections();
  await new Promise((r) => site?.close(r));
  for (const d of decoys) await new Promise((r) => d.close(r));
});

const spider = () => t.app.services.spider;
const byUrl = (docs: TSpiderDocument[]) => new Map(docs.map((d) => [new URL(d.url).pathname + (new URL(d.url).hostname === '[::1]' ? '@v6' : ''), d]));

async function listDocs(spiderUrlId: number) {
  return (await call(t, api.listSpiderDocuments, { query: { spider_url_id: spiderUrlId, size: 100 }, as: 'admin' })).spider_document;
}
async function lastUrl() {
  return (await call(t, api.listSpiderUrls, { query: { size: 1 }, as: 'admin' })).spider_url[0]!;
}
/** runs the download jobs the collection queued (the queue is not started in this file) */
async function runDownloads(spiderUrlId: number) {
  for (const d of await listDocs(spiderUrlId)) if (d.status === D.DownloadQueue) await spider().download(d.id);
}

describe('collecting a site', () => {
  let urlId: number;
  let docs: Map<string, TSpiderDocument>;

  it('collects the document links of the list pages, honouring robots.txt, depth and schemes', async () => {
    const uploader = await makeUser(t);
    const r = await call(t, api.createSpiderUrls, {
      body: { url: [`${base}/`], category_id: [categoryId], user_id: uploader.id, price: 0, language: 'zh-cn', depth: 1 },
      as: 'admin',
    });
    expect(r.count).toBe(1);
    const row = await lastUrl();
    expect(row).toMatchObject({ status: U.Pending, username: uploader.username, depth: 1 });
    urlId = row.id;
    await spider().collect(urlId);
    const done = await lastUrl();
    expect(done.status, done.error).toBe(U.Done);
    expect(done.error).toContain('robots.txt 不允许采集');
    docs = byUrl(await listDocs(urlId));
    // documents by extension, by content type after a redirect chain (/redir/1 → /redir/2 → /files/chained), one level deep
    for (const p of [
      '/files/guide.pdf',
      '/files/notes.txt',
      '/files/report.docx',
      '/files/deep.pdf',
      '/redir/1',
      '/files/huge.pdf',
      '/bounce.pdf',
      '/loop/0.pdf',
    ])
      expect(docs.has(p), p).toBe(true);
    expect(docs.get('/redir/1')!.ext).toBe('pdf');
    expect(docs.get('/files/guide.pdf')!.title).toBe('用户指南');
    expect(docs.get('/files/notes.txt')!.title).toBe('Notes & more');
    expect(docs.has('/files/v6.pdf@v6')).toBe(true);
    expect(docs.has('/private/secret.pdf')).toBe(false);
    expect(docs.has('/files/too-deep.pdf')).toBe(false);
    expect([...docs.keys()].some((k) => k.includes('passwd'))).toBe(false);
    expect(siteHits).not.toContain('/private/secret.pdf');
    expect(siteHits).not.toContain('/list/3.html');
    for (const d of docs.values()) expect(d.status).toBe(D.DownloadQueue);
  });

  it('downloads through the upload path: type 8 attachments, hashes, sizes; unsafe and oversized targets refused with their reason', async () => {
    await runDownloads(urlId);
    docs = byUrl(await listDocs(urlId));
    for (const p of ['/files/guide.pdf', '/files/notes.txt', '/files/report.docx', '/files/deep.pdf', '/redir/1']) {
      const d = docs.get(p)!;
      expect(d.status, `${p}: ${d.error}`).toBe(D.Downloaded);
      expect(d.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(d.size).toBeGreaterThan(0);
    }
    expect(docs.get('/files/guide.pdf')!.size).toBe(pdf.length);
    const att = await t.database.pool.query('SELECT type FROM attachments WHERE id = $1', [docs.get('/files/guide.pdf')!.attachment_id]);
    expect(att.rows[0].type).toBe(AttachmentType.SpiderDocument);

    const huge = docs.get('/files/huge.pdf')!;
    expect(huge.status).toBe(D.DownloadFailed);
    expect(huge.error).toContain('文件超过大小限制');
    await new Promise((r) => setTimeout(r, 200));
    expect(hugeClosedEarly).toBe(true);
    expect(hugeSent).toBeLessThan(HUGE_TOTAL);

    const bounce = docs.get('/bounce.pdf')!;
    expect(bounce.status).toBe(D.DownloadFailed);
    expect(bounce.error).toContain('本机回环地址 127.0.0.2');
    expect(bounce.error).toContain('SPIDER_ALLOW_HOSTS');

    const v6 = docs.get('/files/v6.pdf@v6')!;
    expect(v6.status).toBe(D.DownloadFailed);
    expect(v6.error).toContain('本机回环地址 ::1');

    const loop = docs.get('/loop/0.pdf')!;
    expect(loop.status).toBe(D.DownloadFailed);
    expect(loop.error).toContain('重定向次数过多');
    expect(siteHits.filter((h) => h.startsWith('/loop/')).length).toBe(6);
    expect(decoyHits).toBe(0);
  });

  it('publishes: documents converted and searchable like any upload', async () => {
    const ids = ['/files/guide.pdf', '/files/notes.txt', '/redir/1', '/files/report.docx'].map((p) => docs.get(p)!.id);
    const other = await makeCategory(t);
    // not downloaded yet → not publishable
    const refused = await callError(t, api.publishSpiderDocuments, { body: { id: [docs.get('/bounce.pdf')!.id] }, as: 'admin' });
    expect(refused.status).toBe(400);
    const r = await call(t, api.publishSpiderDocuments, { body: { id: [...ids, docs.get('/bounce.pdf')!.id], category_id: [other.id] }, as: 'admin' });
    expect(r.count).toBe(4);
    for (const id of ids) await spider().publish(id, [other.id]);
    docs = byUrl(await listDocs(urlId));
    for (const p of ['/files/guide.pdf', '/files/notes.txt', '/redir/1']) {
      const d = docs.get(p)!;
      expect(d.status, d.error).toBe(D.Published);
      expect(d.document_uuid).toMatch(/^[0-9a-f]{16}$/);
      // the list shows the file's view key; the conversion runs on its content hash
      const { rows } = await t.database.pool.query<{ hash: string }>('SELECT hash FROM attachments WHERE id = $1', [d.attachment_id]);
      const conv = await t.app.services.conversion.convert(rows[0].hash);
      expect(conv.status, conv.error).toBe(DocumentStatus.Converted);
    }
    const guide = await call(t, api.getDocument, { query: { id: docs.get('/files/guide.pdf')!.document_id! } });
    expect(guide).toMatchObject({ title: '用户指南', status: DocumentStatus.Converted });
    expect(guide.category_id).toEqual([other.id]);
    const hits = await call(t, api.searchDocuments, { query: { wd: word } });
    const titles = hits.document.map((h) => h.title);
    expect(titles).toEqual(expect.arrayContaining(['用户指南', 'Notes & more', '跳转文档']));
  });

  it('dedupes by hash and retries failures', async () => {
    // the same site collected again: every file is a copy of one already collected
    await call(t, api.createSpiderUrls, { body: { url: [`${base}/files/guide.pdf`], category_id: [categoryId] }, as: 'admin' });
    const again = await lastUrl();
    await spider().collect(again.id);
    await runDownloads(again.id);
    const [copy] = await listDocs(again.id);
    expect(copy!.status).toBe(D.DownloadFailed);
    expect(copy!.error).toContain('内容相同');

    const failed = docs.get('/files/huge.pdf')!;
    expect((await call(t, api.retrySpiderDocuments, { body: { id: [failed.id] }, as: 'admin' })).count).toBe(1);
    expect(byUrl(await listDocs(urlId)).get('/files/huge.pdf')!.status).toBe(D.DownloadQueue);
    expect((await call(t, api.retrySpiderUrls, { body: { id: [urlId] }, as: 'admin' })).count).toBe(1);
    expect((await lastUrlById(urlId)).status).toBe(U.Pending);
  });

  it('a pattern, a copy refused by hash, start URLs that fail with their reason', async () => {
    await call(t, api.createSpiderUrls, {
      body: { url: [`${base}/list/2.html`], category_id: [categoryId], depth: 0, auto_publish: true, pattern: 'deep*.pdf' },
      as: 'admin',
    });
    const row = await lastUrl();
    expect(row.auto_publish).toBe(true);
    await spider().collect(row.id);
    // deep.pdf was collected above already: the copy is refused by hash; ban check below with a fresh file
    const [d] = await listDocs(row.id);
    expect(new URL(d!.url).pathname).toBe('/files/deep.pdf');
    await spider().download(d!.id);
    const [copy] = await listDocs(row.id);
    expect(copy!.status).toBe(D.DownloadFailed);
    expect(copy!.error).toContain('内容相同');

    await call(t, api.createSpiderUrls, { body: { url: [`${base}/nowhere`, `${base}/private/x.html`], category_id: [categoryId] }, as: 'admin' });
    const rows = (await call(t, api.listSpiderUrls, { query: { size: 2 }, as: 'admin' })).spider_url;
    for (const r of rows) await spider().collect(r.id);
    const after = new Map((await call(t, api.listSpiderUrls, { query: { size: 2 }, as: 'admin' })).spider_url.map((r) => [new URL(r.url).pathname, r]));
    expect(after.get('/nowhere')).toMatchObject({ status: U.Failed });
    expect(after.get('/nowhere')!.error).toContain('HTTP 404');
    expect(after.get('/private/x.html')).toMatchObject({ status: U.Failed });
    expect(after.get('/private/x.html')!.error).toContain('robots.txt');
  });

  it('auto publish publishes a fresh download; a banned hash is refused', async () => {
    const fresh = textPdf([`Fresh auto ${word}`]);
    const banned = textPdf([`Banned ${word}`]);
    const extra = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(req.url === '/banned.pdf' ? banned : fresh);
    });
    await new Promise<void>((r) => extra.listen(0, '127.0.0.1', () => r()));
    const extraPort = (extra.address() as AddressInfo).port;
    try {
      // another port of the same address is NOT allowed: the allow list names host:port
      await call(t, api.createSpiderUrls, { body: { url: [`http://127.0.0.1:${extraPort}/a.pdf`], category_id: [categoryId] }, as: 'admin' });
      await spider().collect((await lastUrl()).id);
      const refusedRow = await lastUrl();
      expect(refusedRow.status).toBe(U.Failed);
      expect(refusedRow.error).toContain('本机回环地址 127.0.0.1');
      expect(await listDocs(refusedRow.id)).toEqual([]);

      spider().fetcher = new SafeFetcher({ allowHosts: [`127.0.0.1:${port}`, `127.0.0.1:${extraPort}`] });
      // a banned hash: an attachment with these bytes was disabled by an admin
      const u = await makeUser(t);
      const { Readable } = await import('node:stream');
      const att = await t.app.services.attachments.receiveDocument(u.id, '', 'b.pdf', Readable.from([banned]), () => false, 10 << 20);
      await t.database.pool.query('UPDATE attachments SET enable = false WHERE id = $1', [att.id]);
      await call(t, api.createSpiderUrls, {
        body: { url: [`http://127.0.0.1:${extraPort}/fresh.pdf`, `http://127.0.0.1:${extraPort}/banned.pdf`], category_id: [categoryId], auto_publish: true },
        as: 'admin',
      });
      const rows = (await call(t, api.listSpiderUrls, { query: { size: 2 }, as: 'admin' })).spider_url;
      for (const r of rows) {
        await spider().collect(r.id);
        for (const d of await listDocs(r.id)) {
          await spider().download(d.id);
          await spider().publish(d.id);
        }
      }
      const all = (await Promise.all(rows.map((r) => listDocs(r.id)))).flat();
      const freshDoc = all.find((d) => d.url.endsWith('/fresh.pdf'))!;
      expect(freshDoc.status, freshDoc.error).toBe(D.Published);
      const bannedDoc = all.find((d) => d.url.endsWith('/banned.pdf'))!;
      expect(bannedDoc.status).toBe(D.DownloadFailed);
      expect(bannedDoc.error).toContain('该文件已被禁止上传');
    } finally {
      spider().fetcher = new SafeFetcher({ allowHosts: [`127.0.0.1:${port}`] });
      await new Promise((r) => extra.close(r));
    }
  });

  it('deletes start URLs and documents', async () => {
    const row = await lastUrl();
    const docsOf = await listDocs(row.id);
    expect((await call(t, api.deleteSpiderDocuments, { query: { id: [docsOf[0]!.id] }, as: 'admin' })).count).toBe(1);
    expect((await call(t, api.deleteSpiderUrls, { query: { id: [row.id] }, as: 'admin' })).count).toBe(1);
    expect(await listDocs(row.id)).toEqual([]);
  });
});

describe('through the job queue', () => {
  it('POST /spider/url with auto publish: collected, downloaded, published and converted by the workers', async () => {
    const { startQueue } = await import('../src/kernel/jobs');
    const { startWorkers } = await import('../src/kernel/boot');
    const { MODULES } = await import('../src/modules');
    const boss = await startQueue(t.database.connection, { supervise: true });
    try {
      t.app.services.queue.attach(boss);
      await startWorkers(t.app.services, MODULES);
      await call(t, api.createSpiderUrls, { body: { url: [`${base}/q/`], category_id: [categoryId], depth: 0, auto_publish: true }, as: 'admin' });
      const row = (await call(t, api.listSpiderUrls, { query: { wd: '/q/' }, as: 'admin' })).spider_url[0]!;
      let doc: TSpiderDocument | undefined;
      let status = -1;
      for (let i = 0; i < 120 && status !== DocumentStatus.Converted; i++) {
        await new Promise((r) => setTimeout(r, 500));
        [doc] = await listDocs(row.id);
        if (doc?.status === D.DownloadFailed || doc?.status === D.PublishFailed) throw new Error(doc.error);
        if (doc?.document_id) status = (await call(t, api.getDocument, { query: { id: doc.document_id } })).status;
      }
      expect((await lastUrlById(row.id)).status).toBe(U.Done);
      expect(doc).toMatchObject({ status: D.Published, title: '队列文档' });
      expect(status).toBe(DocumentStatus.Converted);
      const hits = await call(t, api.searchDocuments, { query: { wd: 'lighthouse' } });
      expect(hits.document.map((h) => h.title)).toContain('队列文档');
    } finally {
      t.app.services.queue.boss = undefined;
      await boss.stop({ graceful: false, wait: true });
    }
  });
});

async function lastUrlById(id: number) {
  const all = (await call(t, api.listSpiderUrls, { query: { size: 100 }, as: 'admin' })).spider_url;
  return all.find((r) => r.id === id)!;
}

describe('who may call, hostile input', () => {
  it('admin only: anonymous 401, a plain user 403', async () => {
    const u = await makeUser(t);
    expect((await callRaw(t, api.listSpiderUrls, { as: 'anonymous' })).statusCode).toBe(401);
    expect((await callRaw(t, api.listSpiderUrls, { as: u })).statusCode).toBe(403);
    expect((await callRaw(t, api.listSpiderDocuments, { as: u })).statusCode).toBe(403);
    const body = { url: [`${base}/`], category_id: [categoryId] };
    expect((await callRaw(t, api.createSpiderUrls, { body, as: 'anonymous' })).statusCode).toBe(401);
    expect((await callRaw(t, api.createSpiderUrls, { body, as: u })).statusCode).toBe(403);
    expect((await callRaw(t, api.publishSpiderDocuments, { body: { id: [1] }, as: u })).statusCode).toBe(403);
    expect((await callRaw(t, api.deleteSpiderDocuments, { query: { id: [1] }, as: u })).statusCode).toBe(403);
  });

  it('refuses non-http URLs, floods, bad ids and broken patterns with a 4xx in Chinese', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const f = await callError(t, api.createSpiderUrls, { body: body as never, as: 'admin' });
      expect(f.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(f.message).toMatch(/[\u4e00-\u9fff]/);
      return f.message;
    };
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.pdf',
      'gopher://127.0.0.1:6379/_',
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://user:pw@example.com/',
      'not a url',
      '',
    ])
      await bad({ url: [url], category_id: [categoryId] });
    expect(await bad({ url: Array.from({ length: 10_000 }, (_, i) => `http://example.com/${i}`), category_id: [categoryId] })).toContain('一次最多');
    await bad({ url: [`http://example.com/${'a'.repeat(3000)}`], category_id: [categoryId] });
    await bad({ url: [base], category_id: [] });
    expect(await bad({ url: [base], category_id: [999999] })).toContain('分类不存在');
    expect(await bad({ url: [base], category_id: [categoryId], user_id: 999999 })).toContain('用户不存在');
    expect(await bad({ url: [base], category_id: [categoryId], pattern: '/(unclosed/' })).toContain('正则');
    await bad({ url: [base], category_id: [categoryId], depth: 99 });
    await bad({ url: [base], category_id: [categoryId], price: -1 });
    await bad({ url: [base], category_id: ['x'] });
    for (const id of [['abc'], [-1], [0], [1e12], []]) {
      expect((await callRaw(t, api.retrySpiderUrls, { body: { id } as never, as: 'admin' })).statusCode).toBe(400);
      expect((await callRaw(t, api.publishSpiderDocuments, { body: { id } as never, as: 'admin' })).statusCode).toBe(400);
    }
    expect((await t.req({ method: 'DELETE', url: '/api/v1/spider/document?id=abc', token: await t.adminToken() })).statusCode).toBe(400);
    expect((await t.req({ method: 'DELETE', url: '/api/v1/spider/url', token: await t.adminToken() })).statusCode).toBe(400);
    expect((await t.req({ method: 'GET', url: '/api/v1/spider/document/list?status=99', token: await t.adminToken() })).statusCode).toBe(400);
    // ids that do not exist are nothing to do, not an error of the server
    expect((await call(t, api.retrySpiderUrls, { body: { id: [2_000_000_000] }, as: 'admin' })).count).toBe(0);
    expect((await call(t, api.deleteSpiderDocuments, { query: { id: [2_000_000_000] }, as: 'admin' })).count).toBe(0);
  });
});

// ---------------------------------------------------------------- one level down: the fetcher's filter

/**
 * A resolver that answers from a table (in order, per name: a rebinding name answers differently each time) and a
 * connector that records every connection; it routes allowed (public) addresses to the local site and fails the
 * test if the filter ever hands it an address it should have refused. Nothing leaves loopback.
 */
function harness(answers: Record<string, string[][]>, opts: { allowHosts?: string[] } = {}) {
  const calls = new Map<string, number>();
  const resolved: string[] = [];
  const connects: ConnectRequest[] = [];
  const leaks: string[] = [];
  const resolver: Resolver = async (name) => {
    const list = answers[name];
    if (!list) throw new Error(`no such name ${name}`);
    const n = calls.get(name) ?? 0;
    calls.set(name, n + 1);
    const a = list[Math.min(n, list.length - 1)]!;
    resolved.push(`${name}=${a.join(',')}`);
    return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const connector: Connector = (req) => {
    connects.push(req);
    const allowed = opts.allowHosts?.some((h) => h === req.hostname || h === `${req.hostname}:${req.port}`);
    if (addressRefusal(req.address) && !allowed) {
      leaks.push(req.address);
      return Promise.reject(new Error(`the filter let ${req.address} through`));
    }
    // every "public" address is the local test site: no packet leaves the machine
    return new Promise((resolve, reject) => {
      const s = net.connect({ host: '127.0.0.1', port }, () => resolve(s));
      s.once('error', reject);
    });
  };
  const fetcher = new SafeFetcher({ resolver, connector, allowHosts: opts.allowHosts, headersTimeoutMs: 500, connectTimeoutMs: 500 });
  return { fetcher, connects, leaks, resolved };
}

async function refusal(p: Promise<unknown>): Promise<SpiderFetchError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(SpiderFetchError);
    return err as SpiderFetchError;
  }
  throw new Error('the fetch was expected to be refused');
}

describe('the fetcher refuses unsafe targets (injected resolver and connector)', () => {
  let h: ReturnType<typeof harness>;
  afterEach(() => {
    expect(h.leaks, 'the filter let an unsafe address through').toEqual([]);
  });

  it('names resolving to private, link-local, metadata, ULA, mapped, multicast and unspecified addresses', async () => {
    const bad = {
      'ten.test': '10.0.0.5',
      'onenineteen.test': '192.168.1.1',
      'seventeen.test': '172.16.3.4',
      'metadata.test': '169.254.169.254',
      'cgnat.test': '100.100.100.200',
      'loop.test': '127.0.0.1',
      'zero.test': '0.0.0.0',
      'multicast.test': '224.0.0.251',
      'broadcast.test': '255.255.255.255',
      'ula.test': 'fd00::1',
      'ec2v6.test': 'fd00:ec2::254',
      'linklocal6.test': 'fe80::1',
      'loop6.test': '::1',
      'unspecified6.test': '::',
      'mapped.test': '::ffff:10.0.0.1',
      'mappedmeta.test': '::ffff:169.254.169.254',
      'mapped-loop.test': '::ffff:127.0.0.1',
      'multicast6.test': 'ff02::1',
      'nat64.test': '64:ff9b::a00:1',
      'sixto4.test': '2002:a00:1::1',
      'compat.test': '::7f00:1',
      'teredo.test': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'mixed.test': '93.184.216.34',
    };
    h = harness({ ...Object.fromEntries(Object.entries(bad).map(([k, v]) => [k, [[v]]])), 'mixed.test': [['93.184.216.34', '10.1.2.3']] });
    for (const name of Object.keys(bad)) {
      const err = await refusal(h.fetcher.fetch(`http://${name}:${port}/files/guide.pdf`, 1 << 20));
      expect(err.reason, name).toBe('blocked_address');
      expect(err.message).toContain('出于安全考虑');
    }
    expect(h.connects).toEqual([]);
  });

  it('IP literals in every spelling', async () => {
    h = harness({});
    for (const url of [
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::]/',
      'http://0.0.0.0/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://192.168.0.1:8080/',
      'http://[::1]:80/',
      'http://[::7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
    ]) {
      const err = await refusal(h.fetcher.fetch(url, 1 << 20));
      expect(err.reason, url).toBe('blocked_address');
    }
    expect(h.connects).toEqual([]);
  });

  it('schemes other than http(s) and credentials in the URL', async () => {
    h = harness({});
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.pdf',
      'gopher://localhost:70/',
      'data:text/plain,hi',
      'javascript:alert(1)',
      'ws://example.com/',
    ]) {
      expect((await refusal(h.fetcher.fetch(url, 1 << 20))).reason, url).toBe('scheme');
    }
    expect((await refusal(h.fetcher.fetch('http://a:b@public.test/', 1 << 20))).reason).toBe('credentials');
  });

  it('DNS rebinding: public at the first look, private at the next: each hop is resolved, checked and connected by address', async () => {
    // public.test answers a public address first, then a private one; the site redirects back to public.test
    h = harness({ 'rebind.test': [['93.184.216.34'], ['10.0.0.7']] });
    const err = await refusal(h.fetcher.fetch(`http://rebind.test:${port}/redir/1`, 1 << 20));
    expect(err.reason).toBe('blocked_address');
    expect(err.message).toContain('内网地址 10.0.0.7');
    // exactly one connection, to the address that was checked (the site answered the first hop)
    expect(h.connects.map((c) => c.address)).toEqual(['93.184.216.34']);
    expect(h.resolved).toEqual(['rebind.test=93.184.216.34', 'rebind.test=10.0.0.7']);
  });

  it('redirects to private or metadata addresses are refused; at most 5 redirects; the allow list exempts only its host:port', async () => {
    h = harness({ 'public.test': [['93.184.216.34']] });
    // /bounce.pdf redirects to 127.0.0.2 (loopback, not allowed here)
    const err = await refusal(h.fetcher.fetch(`http://public.test:${port}/bounce.pdf`, 1 << 20));
    expect(err.reason).toBe('blocked_address');
    expect(err.message).toContain('127.0.0.2');
    expect(h.connects).toHaveLength(1);
    expect((await refusal(h.fetcher.fetch(`http://public.test:${port}/loop/0.pdf`, 1 << 20))).reason).toBe('too_many_redirects');
    // a 5-redirect chain is fine: /loop/0 … but /redir/1 (2 hops) answers
    const ok = await h.fetcher.fetchBuffer(`http://public.test:${port}/redir/1`, 1 << 20);
    expect(ok.body.equals(chainedPdf)).toBe(true);
    expect(ok.url).toBe(`http://public.test:${port}/files/chained`);
  });

  it('size cap (declared and streamed) and time-outs', async () => {
    h = harness({ 'public.test': [['93.184.216.34']] });
    expect((await refusal(h.fetcher.fetchBuffer(`http://public.test:${port}/files/guide.pdf`, 100))).reason).toBe('too_large');
    expect((await refusal(h.fetcher.fetchBuffer(`http://public.test:${port}/files/huge.pdf`, 256 * 1024))).reason).toBe('too_large');
    const slow = await refusal(h.fetcher.fetch(`http://public.test:${port}/slow`, 1 << 20));
    expect(slow.reason).toBe('timeout');
    expect(slow.message).toContain('超时');
    expect((await refusal(h.fetcher.fetch(`http://public.test:${port}/missing`, 1 << 20))).message).toContain('HTTP 404');
  });

  it('SPIDER_ALLOW_HOSTS: host or host:port, nothing more', async () => {
    h = harness({ 'intranet.test': [['10.0.0.9']], 'other.test': [['10.0.0.9']] }, { allowHosts: ['intranet.test', `127.0.0.1:${port}`] });
    const ok = await h.fetcher.fetchBuffer(`http://intranet.test:${port}/files/guide.pdf`, 1 << 20);
    expect(ok.body.equals(pdf)).toBe(true);
    expect((await refusal(h.fetcher.fetch(`http://other.test:${port}/`, 1 << 20))).reason).toBe('blocked_address');
    expect((await refusal(h.fetcher.fetch(`http://127.0.0.1:${port + 1}/`, 1 << 20))).reason).toBe('blocked_address');
    expect(h.connects.map((c) => c.hostname)).toEqual(['intranet.test']);
  });
});

describe('crawl rules', () => {
  it('robots.txt, links and patterns', () => {
    const robots = parseRobots('User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisallow: /*.zip$\n');
    const u = (p: string) => new URL(`http://x.test${p}`);
    expect(robots(u('/docs/a.pdf'))).toBe(true);
    expect(robots(u('/private/a.pdf'))).toBe(false);
    expect(robots(u('/private/ok.pdf'))).toBe(true);
    expect(robots(u('/a.zip'))).toBe(false);
    expect(parseRobots('User-agent: WenkuSpider\nDisallow: /\nUser-agent: *\nAllow: /')(u('/a'))).toBe(false);
    const links = extractLinks(
      '<base href="/sub/"><a href="a.pdf">A</a><A HREF=\'//cdn.test/b.pdf\'>B <b>x</b></A><a href="#top">t</a><a href="vbscript:x">v</a>',
      'http://x.test/index.html',
    );
    expect(links.map((l) => l.url.toString())).toEqual(['http://x.test/sub/a.pdf', 'http://cdn.test/b.pdf', 'http://x.test/sub/']);
    expect(links[1]!.text).toBe('B x');
    expect(compilePattern('*.pdf')!(u('/a/b.PDF'))).toBe(true);
    expect(compilePattern('*.pdf')!(u('/a/b.doc'))).toBe(false);
    expect(compilePattern('http://x.test/docs/**')!(u('/docs/a/b.pdf'))).toBe(true);
    expect(compilePattern('http://x.test/docs/*')!(u('/docs/a/b.pdf'))).toBe(false);
    expect(compilePattern('/report-\\d+\\.docx$/')!(u('/report-12.docx'))).toBe(true);
    expect(compilePattern('')).toBeUndefined();
    expect(() => compilePattern('/(/')).toThrow(/正则/);
  });
});
