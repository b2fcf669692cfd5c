import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, ArticleAudit, DocumentStatus, ROUTE_LIST, type RouteDef } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw, readAnswer, readFailure, urlOf } from './call';
import { makeAdmin, makeArticle, makeCategory, makeComment, makeDocument, makeDownload, makeFavorite, makeUser } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A fake inject response, enough for readAnswer/readFailure. */
const res = (statusCode: number, body: string) => ({ statusCode, body, headers: {}, json: () => JSON.parse(body) }) as never;

describe('call', () => {
  it('builds URLs from the contract: path parameters encoded, arrays repeated, undefined dropped', () => {
    expect(urlOf(api.viewPage, { params: { uuid: 'a b/c', file: '1.svg' } })).toBe('/view/page/a%20b%2Fc/1.svg');
    expect(urlOf(api.deleteDocument, { query: { id: [1, 2] } })).toBe('/api/v1/document?id=1&id=2');
    expect(urlOf(api.searchDocuments, { query: { wd: '文库', ext: undefined } })).toBe(`/api/v1/document/search?wd=${encodeURIComponent('文库')}`);
    expect(() => urlOf(api.viewCover, {})).toThrow(/missing path parameter :uuid/);
  });

  it('parses a 2xx answer with the route schema and fails on an answer that breaks it', () => {
    const route = { method: 'GET', path: '/x', auth: 'public', summary: '', response: z.object({ n: z.number() }) } as RouteDef;
    expect(readAnswer(route, '/api/v1/x', res(200, '{"n":1,"extra":true}'))).toEqual({ n: 1 });
    expect(() => readAnswer(route, '/api/v1/x', res(200, '{"n":"1"}'))).toThrow(/breaks its contract — n:/);
    expect(() => readAnswer(route, '/api/v1/x', res(200, 'not json'))).toThrow(/not JSON/);
    expect(() => readAnswer(route, '/api/v1/x', res(404, '{"code":"not_found","message":"没有"}'))).toThrow(/answered 404/);
    expect(readFailure(route, '/api/v1/x', res(404, '{"code":"not_found","message":"没有"}'))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: '没有',
    });
    expect(() => readFailure(route, '/api/v1/x', res(200, '{"n":1}'))).toThrow(/expected to fail/);
    expect(() => readFailure(route, '/api/v1/x', res(500, '{"error":"x"}'))).toThrow(/not \{code, message\}/);
  });

  it('returns binary answers raw; binary routes (and only they) answer z.unknown() or z.custom(), which the Answer type relies on', async () => {
    for (const r of ROUTE_LIST)
      expect(r.kind === 'binary', `${r.method} ${r.path}`).toBe(r.response instanceof z.ZodUnknown || r.response instanceof z.ZodCustom);
    const robots = await call(t, api.robotsTxt);
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap');
  });

  it('sends as a user, a token, the administrator or nobody', async () => {
    const u = await makeUser(t);
    expect((await call(t, api.getUser, { as: u })).username).toBe(u.username);
    expect((await call(t, api.getUser, { as: u.token })).id).toBe(u.id);
    expect((await call(t, api.getUser, { as: 'admin' })).id).toBe(1);
    expect((await callError(t, api.listReports, { as: u })).status).toBe(403);
    expect((await callError(t, api.listReports, { as: 'anonymous' })).status).toBe(401);
    expect((await callRaw(t, api.listReports, { as: 'admin' })).statusCode).toBe(200);
  });
});

describe('factories', () => {
  it('makeUser: default groups, registration award, then exact credits, VIP and groups', async () => {
    const plain = await makeUser(t);
    const me = await call(t, api.getUser, { as: plain });
    expect(me.credit_count).toBe(10);
    expect(me.is_vip).toBe(false);
    const login = await call(t, api.login, { body: { username: plain.username, password: plain.password } });
    expect(login.user.id).toBe(plain.id);

    const rich = await makeUser(t, { credits: 3, vip: 7 });
    const r = await call(t, api.getUser, { as: rich });
    expect(r.credit_count).toBe(3);
    expect(r.is_vip).toBe(true);
    const ledger = await t.database.pool.query('SELECT sum(delta)::int AS s FROM credit_ledger WHERE user_id = $1', [rich.id]);
    expect(ledger.rows[0].s).toBe(3);

    const grouped = await makeUser(t, { groups: [2] });
    expect((await t.app.services.users.groups(grouped.id)).map((g) => g.id)).toEqual([2]);
  });

  it('makeAdmin: holds exactly the given permissions (by route name, route or key)', async () => {
    const a = await makeAdmin(t, { permissions: ['listReports', api.listAttachments, 'GET /api/v1/searchrecord/list'] });
    expect((await call(t, api.listReports, { as: a })).total).toBeGreaterThanOrEqual(0);
    expect((await callRaw(t, api.listAttachments, { as: a })).statusCode).toBe(200);
    expect((await callRaw(t, api.listSearchRecords, { as: a })).statusCode).toBe(200);
    expect((await callError(t, api.listRecycleDocuments, { as: a })).status).toBe(403);
    await expect(makeAdmin(t, { permissions: ['login'] })).rejects.toThrow(/no permission entry GRPC \/api\.v1\.UserAPI\/Login/);
  });

  it('makeCategory: a child of a parent, of a type', async () => {
    const parent = await makeCategory(t, { type: 1 });
    const child = await makeCategory(t, { type: 1, parent });
    expect(child).toMatchObject({ parent_id: parent.id, type: 1, enable: true });
    const listed = await call(t, api.listCategories, { query: { parent_id: [parent.id] } });
    expect(listed.category.map((c) => c.id)).toEqual([child.id]);
  });

  it('makeDocument: unconverted by default; converted: true really converts, with the text given', async () => {
    const pending = await makeDocument(t);
    expect(pending.doc.status).toBe(DocumentStatus.Pending);
    const owner = await makeUser(t);
    const d = await makeDocument(t, { owner, converted: true, title: '中文标题', text: ['第一页 Hello 世界', 'Page two\n第二行'], price: 2 });
    expect(d.doc).toMatchObject({ status: DocumentStatus.Converted, pages: 2, price: 2, user_id: owner.id });
    const texts = await t.database.pool.query('SELECT text FROM document_texts WHERE hash = $1 ORDER BY page', [d.hash]);
    expect(texts.rows.map((r) => r.text)).toEqual(['第一页 Hello 世界', 'Page two\n第二行']);
    const page = await call(t, api.viewPage, { params: { uuid: d.uuid, file: '2.svg' } });
    expect(page.body).toContain('<svg');
    // equal texts still make different files
    const again = await makeDocument(t, { text: ['第一页 Hello 世界', 'Page two\n第二行'] });
    expect(again.hash).not.toBe(d.hash);
    await expect(makeDocument(t, { converted: true, file: { name: 'bad.pdf', content: Buffer.from(`%PDF-1.4\n${'garbage '.repeat(50)}`) } })).rejects.toThrow(
      /did not convert/,
    );
  });

  it('makeDownload, makeFavorite, makeComment: counted on the document and its owner', async () => {
    const d = await makeDocument(t, { converted: true });
    await makeDownload(t, { document: d });
    await makeFavorite(t, { target: d });
    const c = await makeComment(t, { target: d, content: '工厂评论' });
    const detail = await call(t, api.getDocument, { query: { id: d.id } });
    expect(detail).toMatchObject({ download_count: 1, favorite_count: 1, comment_count: 1 });
    expect(c).toMatchObject({ content: '工厂评论', document_id: d.id, user_id: c.author.id });
  });

  it('makeArticle: approved by default; pending, rejected and drafts on request', async () => {
    const a = await makeArticle(t, { title: '工厂文章' });
    expect(a.status).toBe(ArticleAudit.Approved);
    expect((await call(t, api.getArticle, { query: { id: a.id } })).title).toBe('工厂文章');
    const p = await makeArticle(t, { status: 'pending' });
    expect(p.status).toBe(ArticleAudit.Pending);
    expect((await callError(t, api.getArticle, { query: { id: p.id } })).status).toBe(404);
    const r = await makeArticle(t, { status: 'rejected', rejectReason: '不合适' });
    expect(r).toMatchObject({ status: ArticleAudit.Rejected, reject_reason: '不合适' });
    const draft = await makeArticle(t, { draft: true });
    expect(draft).toMatchObject({ is_draft: true, content: '' });
    await makeFavorite(t, { target: a, type: 1 });
    await makeComment(t, { target: a, type: 1 });
    expect(await call(t, api.getArticle, { query: { id: a.id } })).toMatchObject({ favorite_count: 1, comment_count: 1 });
  });
});
