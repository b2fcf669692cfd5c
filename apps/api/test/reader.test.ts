/**
 * The reader (issue 27): page text layers served with the page images' rules, find in a document over the readable
 * pages, the reader's info (limits, copy right) and reading progress.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError } from './call';
import { makeDocument, makeUser, type TestDocument, type TestUser } from './factories';
import { viewKeyOf } from '../src/modules/document/document.mapper';

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
/** four pages, two of them readable (the preview) */
let doc: TestDocument;

const PAGES = [
  'Debian Reference Manual\n第一章 系统安装',
  '安装程序会询问网络设置\nThe installer asks for\nthe network settings',
  'ＡＰＴ 软件包管理\n全角字母ＡＰＴ和 apt 相同',
  '第四页的秘密内容 SecretWord',
];

const setConfig = (category: string, name: string, value: number | boolean | string) =>
  call(t, api.updateConfig, { body: { config: [{ category, name, value }] }, as: 'admin' });
const setStatus = (id: number, status: number) => t.database.pool.query('UPDATE documents SET status = $2 WHERE id = $1', [id, status]);
const squash = (s: string) => s.replace(/\s+/g, '');
const layer = (ref: string, page: number, headers: Record<string, string> = {}) => t.req({ method: 'GET', url: `/view/text/${ref}/${page}.json`, headers });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t);
  reader = await makeUser(t);
  await setConfig('converter', 'max_preview', 2);
  doc = await makeDocument(t, { owner, text: PAGES, converted: true });
});
afterAll(async () => t?.close());

describe('GET /view/text/{uuid}/{page}.json', () => {
  it('serves a readable page’s words where they are drawn, gzipped, cached by version, 304 on a match', async () => {
    const info = await call(t, api.getReaderInfo, { query: { uuid: doc.uuid } });
    expect(info).toMatchObject({ readable: 2, has_text: true, can_copy: true });
    expect(info.text_key).not.toBe('');

    const res = await layer(doc.uuid, 2, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toContain('application/json');
    const body = JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8'));
    expect(body.page).toBe(2);
    expect(body.width).toBeGreaterThan(0);
    expect(squash(body.spans.map((s: { text: string }) => s.text).join(''))).toBe(squash(PAGES[1]!));
    for (const s of body.spans) {
      expect(s.x).toBeGreaterThanOrEqual(0);
      expect(s.y + s.h).toBeLessThanOrEqual(body.height + 1);
    }
    // the line order is kept: the Chinese line is above the English ones
    const zh = body.spans.find((s: { text: string }) => s.text.includes('网络'));
    const en = body.spans.find((s: { text: string }) => s.text.includes('installer'));
    expect(zh.y).toBeLessThan(en.y);

    // without gzip: plain JSON; with the current version in the URL: cached for good
    const plain = await t.req({ method: 'GET', url: `/view/text/${doc.uuid}/2.json?v=${info.text_key}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().page).toBe(2);
    expect(plain.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).not.toContain('immutable');
    const again = await layer(doc.uuid, 2, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('by the file’s view key too; never past the readable pages, nor for a hidden or unconverted document', async () => {
    expect((await layer(viewKeyOf(doc.hash), 1)).statusCode).toBe(200);
    expect((await layer(doc.uuid, 3)).statusCode).toBe(404);
    expect((await layer(viewKeyOf(doc.hash), 3)).statusCode).toBe(404);
    expect((await layer(doc.uuid, 0)).statusCode).toBe(404);
    const pending = await makeDocument(t, { owner, text: ['not converted yet'] });
    expect((await layer(pending.uuid, 1)).statusCode).toBe(404);
    for (const status of [DocumentStatus.Disabled, DocumentStatus.PendingReview]) {
      await setStatus(doc.id, status);
      try {
        expect((await layer(doc.uuid, 1)).statusCode, `status ${status}`).toBe(404);
      } finally {
        await setStatus(doc.id, DocumentStatus.Converted);
      }
    }
  });

  it('a priced document: the same preview for those who have not bought it, nothing further', async () => {
    const priced = await makeDocument(t, { owner, text: PAGES, price: 30, converted: true });
    expect((await layer(priced.uuid, 2)).statusCode).toBe(200);
    expect((await layer(priced.uuid, 3)).statusCode).toBe(404);
    const hits = await call(t, api.findInDocument, { query: { uuid: priced.uuid, wd: 'SecretWord' }, as: reader });
    expect(hits.total).toBe(0);
  });
});

describe('GET /document/find', () => {
  const find = (wd: string, as?: TestUser) => call(t, api.findInDocument, { query: { uuid: doc.uuid, wd }, as });

  it('finds Chinese, with its page, count, snippet and boxes on the page', async () => {
    const r = await find('网络设置');
    expect(r.total).toBe(1);
    expect(r.readable).toBe(2);
    expect(r.pages).toHaveLength(1);
    expect(r.pages[0]).toMatchObject({ page: 2, count: 1 });
    expect(r.pages[0]!.snippet).toContain('网络设置');
    expect(r.pages[0]!.rects.length).toBeGreaterThan(0);
    for (const b of r.pages[0]!.rects) expect(b.w).toBeGreaterThan(0);
  });

  it('Latin text in any case, across a line break, and spaces between words ignored', async () => {
    expect((await find('DEBIAN reference')).pages.map((p) => p.page)).toEqual([1]);
    // "asks for" ends a line, "the network" starts the next: one hit with a box on each line
    const across = await find('asks for the network');
    expect(across.total).toBe(1);
    expect(across.pages[0]!.rects).toHaveLength(2);
    expect(across.pages[0]!.rects[0]!.y).toBeLessThan(across.pages[0]!.rects[1]!.y);
  });

  it('full-width and half-width forms alike (within the readable pages only)', async () => {
    // "ＡＰＴ" and "apt" are on page 3, past the preview: not found, the readable range said
    const r = await find('apt');
    expect(r).toMatchObject({ total: 0, readable: 2, pages: [] });
    const open = await makeDocument(t, { owner, text: PAGES.slice(2) });
    await setConfig('converter', 'max_preview', 0);
    try {
      await t.app.services.conversion.convert(open.hash);
    } finally {
      await setConfig('converter', 'max_preview', 2);
    }
    const all = await call(t, api.findInDocument, { query: { uuid: open.uuid, wd: 'Apt' } });
    expect(all.total).toBe(3);
    expect(all.pages.map((p) => [p.page, p.count])).toEqual([[1, 3]]);
    const wide = await call(t, api.findInDocument, { query: { uuid: open.uuid, wd: 'ａｐｔ软件' } });
    expect(wide.total).toBe(1);
    // what is past the preview is never found, never in a snippet
    expect((await find('SecretWord')).total).toBe(0);
    expect((await find('秘密')).total).toBe(0);
  });

  it('refuses an empty query and a hidden document in plain words', async () => {
    const empty = await callError(t, api.findInDocument, { query: { uuid: doc.uuid, wd: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.message).toMatch(/查找/);
    await setStatus(doc.id, DocumentStatus.Disabled);
    try {
      expect((await callError(t, api.findInDocument, { query: { uuid: doc.uuid, wd: 'Debian' } })).status).toBe(404);
    } finally {
      await setStatus(doc.id, DocumentStatus.Converted);
    }
  });
});

describe('copy right (display.copy_text)', () => {
  const canCopy = async (as?: TestUser, d: TestDocument = doc) => (await call(t, api.getReaderInfo, { query: { uuid: d.uuid }, as })).can_copy;

  it('everyone, logged-in users, or those who may download the document free', async () => {
    expect(await canCopy()).toBe(true);
    await setConfig('display', 'copy_text', 'user');
    try {
      expect(await canCopy()).toBe(false);
      expect(await canCopy(reader)).toBe(true);
      await setConfig('display', 'copy_text', 'download');
      const priced = await makeDocument(t, { owner, text: ['付费文档'], price: 20, converted: true });
      expect(await canCopy(reader, priced)).toBe(false);
      expect(await canCopy(owner, priced)).toBe(true);
      // a free document: whoever is logged in may download it
      expect(await canCopy(reader)).toBe(true);
      await setConfig('display', 'copy_text', 'vip');
      expect(await canCopy(reader)).toBe(false);
    } finally {
      await setConfig('display', 'copy_text', 'all');
    }
  });
});

describe('reading progress', () => {
  it('a logged-in reader’s page is kept (buffered), shown in the reader info and listed in 最近阅读', async () => {
    const u = await makeUser(t);
    expect(await call(t, api.getReadingProgress, { query: { uuid: doc.uuid }, as: u })).toMatchObject({ page: 0 });
    await call(t, api.saveReadingProgress, { body: { uuid: doc.uuid, page: 3 }, as: u });
    expect((await call(t, api.getReadingProgress, { query: { uuid: doc.uuid }, as: u })).page).toBe(3);
    // past the last page: the last page
    await call(t, api.saveReadingProgress, { body: { uuid: doc.uuid, page: 99 }, as: u });
    expect((await call(t, api.getReaderInfo, { query: { uuid: doc.uuid }, as: u })).progress).toBe(4);
    await t.app.services.readingProgress.buffer.flush();
    const stored = await t.database.pool.query('SELECT page FROM reading_progress WHERE user_id = $1', [u.id]);
    expect(stored.rows).toEqual([{ page: 4 }]);
    const list = await call(t, api.listReading, { query: {}, as: u });
    expect(list.total).toBe(1);
    expect(list.document[0]).toMatchObject({ uuid: doc.uuid, page: 4, title: doc.title });
    // another reader has none; anonymous readers are asked to log in
    expect((await call(t, api.getReaderInfo, { query: { uuid: doc.uuid }, as: reader })).progress).toBe(0);
    expect((await callError(t, api.saveReadingProgress, { body: { uuid: doc.uuid, page: 1 } })).status).toBe(401);
  });

  it('refuses a bad page in plain words', async () => {
    const r = await callError(t, api.saveReadingProgress, { body: { uuid: doc.uuid, page: 0 }, as: reader });
    expect(r.status).toBe(400);
    expect(r.message).toBe('页码不正确');
  });
});

/**
 * Issue 27 item 7 (left by the security work): the text of a priced document's pages past its preview reached
 * readers who may not download it free through GET /document's `content` and the search snippets. Now both stop at
 * the readable pages for them; whoever downloads the document free still gets its text.
 */
describe('nothing past the readable pages: document content and search snippets', () => {
  let priced: TestDocument;
  let free: TestDocument;
  const HIDDEN = `Zanzibarquill${Date.now().toString(36)}`;
  beforeAll(async () => {
    const text = ['Opening page of the manual', 'Second page, still in the preview', `Third page names ${HIDDEN} and more`, 'Last page'];
    priced = await makeDocument(t, { owner, text, price: 40, converted: true });
    free = await makeDocument(t, { owner, text: text.map((p) => p.replace(HIDDEN, `${HIDDEN}free`)), converted: true });
    await t.app.services.search.flush();
  });

  it('GET /document: content of the readable pages only, unless the reader downloads it free', async () => {
    const content = async (d: TestDocument, as?: TestUser) => (await call(t, api.getDocument, { query: { uuid: d.uuid }, as })).content ?? '';
    for (const as of [undefined, reader]) {
      const c = await content(priced, as);
      expect(c).toContain('Second page');
      expect(c).not.toContain(HIDDEN);
    }
    expect(await content(priced, owner)).toContain(HIDDEN);
    expect(await content(free)).toContain(`${HIDDEN}free`);
  });

  it('search: a priced document found by a word past its preview never quotes that page', async () => {
    const hit = async (wd: string, id: number) => (await call(t, api.searchDocuments, { query: { wd } })).document.find((d) => d.id === id);
    const p = await hit(HIDDEN, priced.id);
    expect(p).toBeDefined();
    expect(p!.highlight_snippet).not.toContain(HIDDEN);
    expect(p!.highlight_snippet).toContain('Opening page');
    const f = await hit(`${HIDDEN}free`, free.id);
    expect(f!.highlight_snippet).toContain(HIDDEN);
  });
});
