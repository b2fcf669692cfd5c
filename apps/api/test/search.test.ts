import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSearchDocumentsResult } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let userId: number;
let catA: number;
let catB: number;
const ids: Record<string, number> = {};

/** A converted document with body text, created directly and indexed through the real index path. */
async function doc(key: string, title: string, body: string, extra: { status?: number; price?: number; ext?: string; category?: number; downloads?: number; deleted?: boolean; keywords?: string } = {}) {
  const hash = crypto.createHash('sha256').update(key + Math.random()).digest('hex');
  const { rows } = await t.database.pool.query(
    `INSERT INTO documents (uuid, title, keywords, description, user_id, hash, ext, status, price, pages, preview, download_count, deleted_at)
     VALUES ($1, $2, $3, '', $4, $5, $6, $7, $8, 1, 1, $9, $10) RETURNING id`,
    [crypto.randomBytes(8).toString('hex'), title, extra.keywords ?? '', userId, hash, extra.ext ?? 'pdf', extra.status ?? 2, extra.price ?? 0, extra.downloads ?? 0, extra.deleted ? new Date() : null]);
  const id = rows[0].id as number;
  await t.database.pool.query('INSERT INTO document_texts (hash, page, text) VALUES ($1, 1, $2)', [hash, body]);
  await t.database.pool.query('INSERT INTO document_categories (document_id, category_id) VALUES ($1, $2)', [id, extra.category ?? catA]);
  await t.app.services.search.index([id]);
  ids[key] = id;
  return id;
}

async function search(qs: string, token?: string) {
  const res = await t.req({ method: 'GET', url: `/api/v1/document/search?${qs}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return ZSearchDocumentsResult.parse(res.json());
}
const found = async (wd: string, extra = '') => (await search(`wd=${encodeURIComponent(wd)}${extra}`)).document.map((d) => d.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  userId = (await t.register()).id;
  const cats = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0&parent_id=0' })).json().category;
  catA = cats[0].id;
  catB = cats[1].id;
  await doc('modou', '开源项目介绍', '魔豆文库是一个文档分享系统，支持在线预览与下载。', { downloads: 5 });
  await doc('react', 'Frontend handbook', '本手册讲解如何编写 React 组件以及状态管理。Components are the building blocks.', { category: catB, price: 5, ext: 'docx' });
  await doc('phrase', '系统设计笔记', '文档与分享是两件事：先写文档，再谈分享。', { downloads: 1 });
  await doc('ads', '营销文档合集', '这里的文档都带有广告内容。');
  await doc('k8s', 'Kubernetes 部署指南', '集群、节点与服务的配置。');
  await doc('trad', '檔案管理規範', '繁體中文的檔案管理。');
  await doc('hidden', '被禁用的文档', '魔豆文库 隐藏内容', { status: 4 });
  await doc('deleted', '已删除的文档', '魔豆文库 删除内容', { deleted: true });
  await doc('pending', '转换中的文档', '魔豆文库 待转换', { status: 1 });
});
afterAll(async () => t?.close());

describe('Chinese full-text search', () => {
  it('finds a word inside an unspaced Chinese sentence in the body only', async () => {
    const r = await search('wd=%E6%96%87%E5%BA%93'); // 文库
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
    const r = await search(`wd=${encodeURIComponent('链式法则')}`);
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
      const res = await t.req({ method: 'GET', url: `/api/v1/document/search?wd=${encodeURIComponent(wd)}` });
      expect([200, 400], wd).toContain(res.statusCode);
    }
    expect((await t.req({ method: 'GET', url: '/api/v1/document/search?wd=' })).json().message).toBe('请输入搜索关键词');
    const xss = await search(`wd=${encodeURIComponent('<script>文库')}`);
    expect(JSON.stringify(xss)).not.toContain('<script>');
  });
});

describe('filters, sorts, paging, records, index maintenance', () => {
  it('filters by category, file type, price; sorts by downloads', async () => {
    expect(await found('文档', `&category_id=${catB}`)).toEqual([]);
    expect(await found('React', `&category_id=${catB}`)).toEqual([ids.react]);
    expect(await found('React', '&ext=word')).toEqual([ids.react]);
    expect(await found('React', '&ext=pdf')).toEqual([]);
    expect(await found('React', '&fee_type=free')).toEqual([]);
    expect(await found('React', '&fee_type=charge')).toEqual([ids.react]);
    const byDownloads = await found('文档', '&sort=downloads');
    expect(byDownloads[0]).toBe(ids.modou);
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
    const repo = new SearchRepo(t.database.db);
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
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++) {
        await t.app.services.documents.countDownload(tx, a);
        await t.app.services.search.bumpPopularity(tx, a);
      }
    });
    expect((await found('月球基地')).slice(0, 2)).toEqual([a, b]);
    const { rows } = await t.database.pool.query('SELECT popularity FROM document_search WHERE document_id = $1', [a]);
    expect(rows[0].popularity).toBe(2);
  });

  it('the migration back-fills the head vector from the weighted index (title, keywords, description only)', async () => {
    const id = await doc('backfill', '银河列车时刻', '车厢里的乘务员', { keywords: '旅行指南' });
    const { rows: [fresh] } = await t.database.pool.query('SELECT head::text AS head FROM document_search WHERE document_id = $1', [id]);
    // the statement 0006 runs on existing rows, applied to this row, gives what indexing gives
    const { rows: [filled] } = await t.database.pool.query(`SELECT ts_filter(tsv, '{a,b,c}')::text AS head FROM document_search WHERE document_id = $1`, [id]);
    expect(filled.head).toBe(fresh.head);
    expect(fresh.head).toContain('银河');
    expect(fresh.head).toContain('旅行');
    expect(fresh.head).not.toContain('乘务员');
  });

  it('caps pages at the configured maximum', async () => {
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'display', name: 'max_search_pages', value: 2 }] } });
    const res = await t.req({ method: 'GET', url: '/api/v1/document/search?wd=%E6%96%87%E6%A1%A3&page=3' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('最多只能查看前 2 页结果');
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'display', name: 'max_search_pages', value: 100 }] } });
  });

  it('writes search records off the request path and lists them for the admin', async () => {
    await search('wd=%E8%AE%B0%E5%BD%95%E6%B5%8B%E8%AF%95'); // 记录测试
    await t.app.services.search.flush();
    const list = (await t.req({ method: 'GET', url: '/api/v1/searchrecord/list?wd=%E8%AE%B0%E5%BD%95', token: admin })).json();
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.search_record[0]).toMatchObject({ keywords: '记录测试', type: 0, total: 0 });
    const del = await t.req({ method: 'DELETE', url: `/api/v1/searchrecord?id=${list.search_record[0].id}`, token: admin });
    expect(del.statusCode).toBe(200);
  });

  it('follows edits, disables and deletes without a rebuild', async () => {
    const id = await doc('edit', '旧标题', '正文内容');
    await t.req({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id, title: '全新的标题独角兽' } });
    expect(await found('独角兽')).toEqual([id]);
    await t.req({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id, status: 4 } });
    expect(await found('独角兽')).toEqual([]);
    await t.req({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id, status: 2 } }).catch(() => undefined);
  });

  it('rebuilds the whole index in the background with progress', async () => {
    await t.database.pool.query('DELETE FROM document_search');
    expect(await found('文库')).toEqual([]);
    const started = await t.req({ method: 'PUT', url: '/api/v1/renew/document/index', token: admin });
    expect(started.statusCode).toBe(200);
    let status = started.json();
    for (let i = 0; i < 50 && status.running; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await t.req({ method: 'GET', url: '/api/v1/renew/document/index', token: admin })).json();
    }
    expect(status).toMatchObject({ running: false, error: '' });
    expect(status.done).toBe(status.total);
    expect(await found('文库')).toEqual([ids.modou]);
  });

  it('the user dictionary teaches new words', async () => {
    await doc('dict', '云梯计划', '本文介绍云梯计划的实施。');
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'search', name: 'user_dict', value: '云梯计划' }] } });
    await new Promise((r) => setTimeout(r, 5100));
    await t.app.services.search.index([ids.dict]);
    const r = await search(`wd=${encodeURIComponent('云梯计划')}`);
    expect(r.words).toEqual(['云梯计划']);
    expect(r.document.map((d) => d.id)).toEqual([ids.dict]);
  });
});
