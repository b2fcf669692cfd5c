import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus, type RouteQuery } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';
import { makeCategory, makeDocument, makeDownload, makeUser, type TestUser } from './factories';

let t: TestApp;
let owner: TestUser;
/** downloads everything the tests count (each download from its own address) */
let reader: TestUser;
let catA: number;
let catB: number;
const ids: Record<string, number> = {};

/**
 * A document uploaded by `owner` and really converted (a PDF, or a DOCX through LibreOffice), whose page text is
 * `body`, then brought into the state a test needs through the product's own doors.
 */
async function doc(
  key: string,
  title: string,
  body: string | string[],
  extra: {
    status?: 'disabled' | 'converting';
    price?: number;
    ext?: 'pdf' | 'docx';
    category?: number;
    downloads?: number;
    deleted?: boolean;
    keywords?: string;
  } = {},
) {
  const d = await makeDocument(t, {
    owner,
    title,
    text: body,
    keywords: extra.keywords,
    price: extra.price,
    ext: extra.ext,
    category: extra.category ?? catA,
    converted: true,
  });
  // conversion gives a document without a description its first text; these have none, so that the head vector
  // (title, keywords, description) and the body stay apart as the ranking tests need
  await call(t, api.updateDocument, { body: { id: d.id, description: '' }, as: 'admin' });
  for (let i = 0; i < (extra.downloads ?? 0); i++) await makeDownload(t, { document: d, by: reader });
  if (extra.status === 'disabled') await call(t, api.updateDocument, { body: { id: d.id, status: DocumentStatus.Disabled }, as: 'admin' });
  if (extra.status === 'converting') {
    // a converted file being converted again: the worker marks its documents as converting (no event: index by hand)
    await t.app.services.documents.conversion.markConverting([d.id]);
    await t.app.services.search.index([d.id]);
  }
  if (extra.deleted) await call(t, api.deleteDocument, { query: { id: [d.id] }, as: owner });
  ids[key] = d.id;
  return d.id;
}

type SearchQuery = RouteQuery<typeof api.searchDocuments>;
const search = (query: SearchQuery, as?: TestUser) => call(t, api.searchDocuments, { query, as });
const found = async (wd: string, extra: Omit<SearchQuery, 'wd'> = {}) => (await search({ wd, ...extra })).document.map((d) => d.id);
const setConfig = (category: string, name: string, value: number | boolean | string) =>
  call(t, api.updateConfig, { body: { config: [{ category, name, value }] }, as: 'admin' });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t);
  reader = await makeUser(t);
  // one reader makes every counted download (more than the default ten a day)
  await setConfig('download', 'times_every_day', 1000);
  catA = (await makeCategory(t)).id;
  catB = (await makeCategory(t)).id;
  await doc('modou', '开源项目介绍', '魔豆文库是一个文档分享系统，支持在线预览与下载。', { downloads: 5 });
  await doc('react', 'Frontend handbook', '本手册讲解如何编写 React 组件以及状态管理。Components are the building blocks.', {
    category: catB,
    price: 5,
    ext: 'docx',
  });
  await doc('phrase', '系统设计笔记', '文档与分享是两件事：先写文档，再谈分享。', { downloads: 1 });
  await doc('ads', '营销文档合集', '这里的文档都带有广告内容。');
  await doc('k8s', 'Kubernetes 部署指南', '集群、节点与服务的配置。');
  await doc('trad', '檔案管理規範', '繁體中文的檔案管理。');
  await doc('hidden', '被禁用的文档', '魔豆文库 隐藏内容', { status: 'disabled' });
  await doc('deleted', '已删除的文档', '魔豆文库 删除内容', { deleted: true });
  await doc('pending', '转换中的文档', '魔豆文库 待转换', { status: 'converting' });
  // nine real conversions (one through LibreOffice): more than the default two minutes on a loaded machine
});
afterAll(async () => t?.close());

describe('Chinese full-text search', () => {
  it('finds a word inside an unspaced Chinese sentence in the body only', async () => {
    const r = await search({ wd: '文库' });
    expect(r.document.map((d) => d.id)).toEqual([ids.modou]);
    expect(r.document[0].highlight_snippet).toContain('<em>文库</em>');
    expect(r.words).toEqual(['文库']);
    // a result card names its uploader and categories
    expect(r.document[0].username).toMatch(/\S/);
    expect(r.document[0].category_id).toEqual([catA]);
  });

  it('finds words split by a line break in the extracted text', async () => {
    const id = await doc('wrap', '数学笔记', '反向传播算法通过链式法\n则计算梯度，\n线性 回归是基础。');
    expect(await found('链式法则')).toEqual([id]);
    expect(await found('线性回归')).toEqual([id]);
    const r = await search({ wd: '链式法则' });
    expect(r.document[0].highlight_snippet).toContain('<em>链式法则</em>');
  });

  it('multi-word queries need every word', async () => {
    expect(await found('文档 分享')).toEqual(expect.arrayContaining([ids.modou, ids.phrase]));
    expect(await found('文档 分享')).not.toContain(ids.ads);
    expect(await found('文档分享系统')).toContain(ids.modou);
  });

  it('mixed Chinese and English', async () => {
    expect(await found('React 组件')).toEqual([ids.react]);
    expect(await found('react组件')).toEqual([ids.react]);
  });

  it('English matches regardless of case and plural', async () => {
    expect(await found('COMPONENT')).toEqual([ids.react]);
    expect(await found('building block')).toEqual([ids.react]);
    expect(await found('handbooks')).toEqual([ids.react]);
  });

  it('a quoted phrase needs the words together and in order', async () => {
    const both = await found('文档 分享');
    expect(both).toContain(ids.phrase);
    const phrase = await found('"文档分享"');
    expect(phrase).toContain(ids.modou);
    expect(phrase).not.toContain(ids.phrase);
  });

  it('a minus word excludes documents', async () => {
    expect(await found('文档 -广告')).not.toContain(ids.ads);
    expect(await found('文档')).toContain(ids.ads);
  });

  it('full-width letters and punctuation are normalised', async () => {
    expect(await found('ＲＥＡＣＴ，组件')).toEqual([ids.react]);
    expect(await found('“文档分享”')).toContain(ids.modou);
  });

  it('a typo in a title still finds it', async () => {
    expect(await found('Kubernets')).toEqual([ids.k8s]);
  });

  it('traditional and simplified characters are left as they are', async () => {
    expect(await found('檔案')).toEqual([ids.trad]);
    expect(await found('档案')).toEqual([]);
  });

  it('never shows disabled, deleted or unconverted documents', async () => {
    const r = await found('魔豆文库');
    expect(r).toEqual([ids.modou]);
  });

  it('hostile input is just text', async () => {
    for (const wd of ["'", '\\', '!', '& |', ':*', '<->', "' | '1", '(((', '-']) {
      const res = await callRaw(t, api.searchDocuments, { query: { wd } });
      expect([200, 400], wd).toContain(res.statusCode);
    }
    expect((await callError(t, api.searchDocuments, { query: { wd: '' } })).message).toBe('请输入搜索关键词');
    const xss = await search({ wd: '<script>文库' });
    expect(JSON.stringify(xss)).not.toContain('<script>');
  });
});

describe('filters, sorts, paging, records, index maintenance', () => {
  it('filters by category, file type, price; sorts by downloads', async () => {
    expect(await found('文档', { category_id: [catB] })).toEqual([]);
    expect(await found('React', { category_id: [catB] })).toEqual([ids.react]);
    expect(await found('React', { ext: 'word' })).toEqual([ids.react]);
    expect(await found('React', { ext: 'pdf' })).toEqual([]);
    expect(await found('React', { fee_type: 'free' })).toEqual([]);
    expect(await found('React', { fee_type: 'charge' })).toEqual([ids.react]);
    const byDownloads = await found('文档', { sort: 'downloads' });
    expect(byDownloads[0]).toBe(ids.modou);
  });

  it('filters given as lists of several values', async () => {
    expect(await found('React', { category_id: [catA, catB] })).toEqual([ids.react]);
    expect(await found('魔豆', { category_id: [catA, catB] })).toEqual([ids.modou]);
    expect(await found('React', { language: ['en', 'zh-cn', 'ja'] })).toEqual(await found('React'));
  });

  it("the snippet comes from the first page holding the word, and a result card shows the document's new title at once", async () => {
    const id = await doc('pages', '多页文档', ['第一页讲的是别的事情。', '第二页也没有。', '第三页提到了河马在游泳。', '第四页又提到河马。']);
    let r = await search({ wd: '河马' });
    expect(r.document.map((d) => d.id)).toEqual([id]);
    expect(r.document[0].highlight_snippet).toContain('第三页提到了<em>河马</em>');
    expect(r.document[0].title).toBe('多页文档');
    // the word only in the title: the first page is the snippet
    await call(t, api.updateDocument, { body: { id, title: '多页文档长颈鹿' }, as: 'admin' });
    r = await search({ wd: '长颈鹿' });
    expect(r.document[0].highlight_snippet).toContain('第一页讲的是别的事情');
    r = await search({ wd: '河马' });
    expect(r.document[0].title).toBe('多页文档长颈鹿');
  });

  it('forty different questions at once each get their own answer', async () => {
    const words = ['魔豆', 'React', '集群', '檔案', '营销', '星际旅行不存在', '分享', 'Kubernetes'];
    const alone = new Map<string, number[]>();
    for (const w of words) alone.set(w, await found(w, { size: 20 }));
    // every request its own page size: no two share a cached answer
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => found(words[i % words.length], { size: 11 + i })));
    answers.forEach((ids, i) => expect(ids).toEqual(alone.get(words[i % words.length])));
  });

  it('ranks a title match above a body match', async () => {
    await doc('titlehit', '分享指南', '无关正文');
    const r = await found('分享');
    expect(r[0]).toBe(ids.titlehit);
  });

  it('a title match is ranked first even when the candidate cap is filled by body matches', async () => {
    // the repo's candidate cap is 5 000 per branch; the same query with a cap of 2 and four body-only matches
    // inserted first (a sequential read finds them before the title match) must still put the title match on top
    for (let i = 0; i < 4; i++) await doc(`capbody${i}`, `普通报告 ${i}`, '正文里提到了星舰发射的细节。');
    const title = await doc('captitle', '星舰发射计划', '无关正文');
    const { SearchRepo } = await import('../src/modules/search/search.repo');
    const { preparedRunner } = await import('../src/db/prepared');
    const repo = new SearchRepo(t.database.db, preparedRunner(t.database));
    const r = await repo.search("'星舰'", {}, 'relevance', 3, 0, 2);
    expect(r.rows[0]?.id).toBe(title);
    expect(r.rows[0]?.rank).toBeGreaterThan(0);
    expect(r.rows.slice(1).every((x) => x.rank === 0)).toBe(true);
  });

  it('a title holding one of the words ranks above a document with all of them only in the body', async () => {
    const body = await doc('partbody', '普通笔记', '这里讲火星车和着陆器的故事。', { downloads: 50 });
    const title = await doc('parttitle', '火星车设计手册', '正文写到了着陆器。');
    const r = await found('火星车 着陆器');
    expect(r.slice(0, 2)).toEqual([title, body]);
  });

  it('equal ranks are ordered by downloads, which follow each download without a re-index', async () => {
    const a = await doc('popa', '月球基地报告甲', '正文甲');
    const b = await doc('popb', '月球基地报告乙', '正文乙');
    expect((await found('月球基地')).slice(0, 2)).toEqual([b, a]); // tie: newest first
    for (let i = 0; i < 2; i++) await makeDownload(t, { document: a, by: reader });
    expect((await found('月球基地')).slice(0, 2)).toEqual([a, b]);
    const { rows } = await t.database.pool.query('SELECT popularity FROM document_search WHERE document_id = $1', [a]);
    expect(rows[0].popularity).toBe(2);
  });

  it('the migration back-fills the head vector from the weighted index (title, keywords, description only)', async () => {
    const id = await doc('backfill', '银河列车时刻', '车厢里的乘务员', { keywords: '旅行指南' });
    const {
      rows: [fresh],
    } = await t.database.pool.query('SELECT head::text AS head FROM document_search WHERE document_id = $1', [id]);
    // the statement 0006 runs on existing rows, applied to this row, gives what indexing gives
    const {
      rows: [filled],
    } = await t.database.pool.query(`SELECT ts_filter(tsv, '{a,b,c}')::text AS head FROM document_search WHERE document_id = $1`, [id]);
    expect(filled.head).toBe(fresh.head);
    expect(fresh.head).toContain('银河');
    expect(fresh.head).toContain('旅行');
    expect(fresh.head).not.toContain('乘务员');
  });

  it('caps pages at the configured maximum', async () => {
    await setConfig('display', 'max_search_pages', 2);
    const res = await callError(t, api.searchDocuments, { query: { wd: '文档', page: 3 } });
    expect(res.status).toBe(400);
    expect(res.message).toBe('最多只能查看前 2 页结果');
    await setConfig('display', 'max_search_pages', 100);
  });

  it('writes search records off the request path and lists them for the admin', async () => {
    await search({ wd: '记录测试' });
    await t.app.services.search.flush();
    const list = await call(t, api.listSearchRecords, { query: { wd: '记录' }, as: 'admin' });
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.search_record[0]).toMatchObject({ keywords: '记录测试', type: 0, total: 0 });
    expect(await call(t, api.deleteSearchRecords, { query: { id: [list.search_record[0].id] }, as: 'admin' })).toEqual({ ok: true });
  });

  it('follows edits, disables and deletes without a rebuild', async () => {
    const id = await doc('edit', '旧标题', '正文内容');
    await call(t, api.updateDocument, { body: { id, title: '全新的标题独角兽' }, as: 'admin' });
    expect(await found('独角兽')).toEqual([id]);
    await call(t, api.updateDocument, { body: { id, status: DocumentStatus.Disabled }, as: 'admin' });
    expect(await found('独角兽')).toEqual([]);
    // the file really was converted, so an administrator may enable it again, and it is found again
    await call(t, api.updateDocument, { body: { id, status: DocumentStatus.Converted }, as: 'admin' });
    expect(await found('独角兽')).toEqual([id]);
    await call(t, api.deleteDocument, { query: { id: [id] }, as: owner });
    expect(await found('独角兽')).toEqual([]);
  });

  it('rebuilds the whole index in the background with progress', async () => {
    await t.database.pool.query('DELETE FROM document_search');
    expect(await found('文库')).toEqual([]);
    let status = await call(t, api.renewDocumentIndex, { as: 'admin' });
    for (let i = 0; i < 50 && status.running; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await call(t, api.getDocumentIndexStatus, { as: 'admin' });
    }
    expect(status).toMatchObject({ running: false, error: '' });
    expect(status.done).toBe(status.total);
    expect(await found('文库')).toEqual([ids.modou]);
  });

  it('the user dictionary teaches new words', async () => {
    await doc('dict', '云梯计划', '本文介绍云梯计划的实施。');
    await setConfig('search', 'user_dict', '云梯计划');
    await new Promise((r) => setTimeout(r, 5100));
    await t.app.services.search.index([ids.dict]);
    const r = await search({ wd: '云梯计划' });
    expect(r.words).toEqual(['云梯计划']);
    expect(r.document.map((d) => d.id)).toEqual([ids.dict]);
  });
});
