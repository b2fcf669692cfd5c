import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { api, ArticleAudit, FOOTER_ARTICLE_IDENTIFIERS, type RouteBody, type RouteQuery } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, type As } from './call';
import { makeArticle, makeCategory, makeComment, makeUser } from './factories';

let t: TestApp;
let categoryId: number;
let otherCategoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = (await makeCategory(t, { type: 1 })).id;
  otherCategoryId = (await makeCategory(t, { type: 1 })).id;
});
afterAll(async () => t?.close());

const MD =
  '# 勾股定理\n\n直角三角形满足 $a^2+b^2=c^2$。\n\n$$\n\\int_0^1 x\\,dx = \\frac12\n$$\n\n详见[维基百科][wiki]。\n\n[wiki]: https://zh.wikipedia.org/wiki/勾股定理\n';

type CreateBody = RouteBody<typeof api.createArticle>;
/** The create route itself, with a valid article unless told otherwise. */
const postBody = (body: Partial<CreateBody>): CreateBody => ({ title: '勾股定理的证明', content: MD, category_id: [categoryId], ...body });
const post = (as: As, body: Partial<CreateBody> = {}) => call(t, api.createArticle, { body: postBody(body), as });
const postError = (as: As, body: Partial<CreateBody> = {}) => callError(t, api.createArticle, { body: postBody(body), as });
const get = (query: RouteQuery<typeof api.getArticle>, as?: As) => call(t, api.getArticle, { query, as });
const getError = (query: RouteQuery<typeof api.getArticle>, as?: As) => callError(t, api.getArticle, { query, as });
const list = (query: RouteQuery<typeof api.listArticles>, as?: As) => call(t, api.listArticles, { query, as });
const setGroup = (patch: Omit<RouteBody<typeof api.updateGroup>, 'id'>) => call(t, api.updateGroup, { body: { id: 2, ...patch }, as: 'admin' });
const setConfig = (category: string, name: string, value: number | boolean | string) =>
  call(t, api.updateConfig, { body: { config: [{ category, name, value }] }, as: 'admin' });

describe('articles: create, read, update', () => {
  it('publishes a markdown article with math and reference links; the HTML is rendered on output', async () => {
    const u = await makeUser(t);
    const a = await post(u);
    expect(a.status).toBe(ArticleAudit.Approved);
    expect(a.is_draft).toBe(false);
    expect(a.identifier).toMatch(/^[a-f0-9]{12}$/);
    // keywords default to the title's words (jieba), description to the text
    expect(a.keywords).toContain('勾股定理');
    expect(a.description).toContain('直角三角形');
    const byId = await get({ id: a.id, with_view: true });
    expect(byId.content).toBe(MD);
    expect(byId.content_html).toContain('class="katex"');
    expect(byId.content_html).toContain('katex-display');
    expect(byId.content_html).toContain('href="https://zh.wikipedia.org/wiki/');
    expect(byId.content_html).toContain('rel="nofollow noopener noreferrer ugc"');
    expect(byId.view_count).toBe(1);
    expect(byId.username).toBe(u.username);
    expect(byId.category.map((c) => c.id)).toEqual([categoryId]);
    const byIdentifier = await get({ identifier: a.identifier });
    expect(byIdentifier.id).toBe(a.id);
    expect(byIdentifier.view_count).toBe(1);
    expect((await call(t, api.getUser, { as: u })).article_count).toBe(1);

    const upd = await call(t, api.updateArticle, { body: { id: a.id, title: '勾股定理的三种证明', category_id: [otherCategoryId] }, as: u });
    expect(upd.title).toBe('勾股定理的三种证明');
    expect(upd.category_id).toEqual([otherCategoryId]);
    const other = await makeUser(t);
    expect((await callError(t, api.updateArticle, { body: { id: a.id, title: 'x' }, as: other })).status).toBe(403);
    expect((await callError(t, api.updateArticle, { body: { id: a.id, status: 0 }, as: u })).status).toBe(403);
    expect((await callError(t, api.deleteArticle, { query: { id: [a.id] }, as: other })).status).toBe(403);
  });

  it('validates input with clear messages and ignores identifiers from non-admins', async () => {
    const u = await makeUser(t);
    expect((await postError(u, { title: '' })).message).toBe('请输入文章标题');
    expect((await postError(u, { content: '   ' })).message).toBe('请输入文章内容');
    expect((await postError(u, { category_id: [999999] })).message).toBe('文章分类不存在或已停用');
    const docCat = (await makeCategory(t, { type: 0 })).id;
    expect((await postError(u, { category_id: [docCat] })).status).toBe(400);
    const own = await post(u, { identifier: 'my-own-slug' });
    expect(own.identifier).not.toBe('my-own-slug');
    expect((await postError('anonymous')).status).toBe(401);
  });

  it('drafts are seen by their author only, until submitted', async () => {
    const u = await makeUser(t);
    const d = await makeArticle(t, { owner: u, draft: true, content: '', category: categoryId });
    expect(d.is_draft).toBe(true);
    expect((await getError({ id: d.id })).status).toBe(404);
    expect((await get({ id: d.id }, u)).id).toBe(d.id);
    const mine = await list({ user_id: u.id, is_draft: true }, u);
    expect(mine.article.map((a) => a.id)).toEqual([d.id]);
    expect((await list({ user_id: u.id })).total).toBe(0);
    // submitting an empty draft is refused
    expect((await callError(t, api.updateArticle, { body: { id: d.id, is_draft: false }, as: u })).status).toBe(400);
    await call(t, api.updateArticle, { body: { id: d.id, is_draft: false, content: '正文内容' }, as: u });
    expect((await get({ id: d.id })).id).toBe(d.id);
  });
});

describe('rights and audit', () => {
  it('groups without enable_article and users punished with "no article" cannot post', async () => {
    const u = await makeUser(t);
    await setGroup({ enable_article: false });
    try {
      const r = await postError(u);
      expect(r.status).toBe(403);
      expect(r.message).toBe('您所在的用户组不允许发布文章');
    } finally {
      await setGroup({ enable_article: true });
    }
    await call(t, api.createPunishment, { body: { user_id: [u.id], type: [6], reason: '违规' }, as: 'admin' });
    expect((await postError(u)).status).toBe(403);
    // administrators are not bound by group flags
    expect((await post('admin')).user_id).toBe(1);
  });

  it('pending → rejected with a reason shown to the author → edited → pending → approved and public', async () => {
    await setGroup({ enable_article_approval: true });
    const u = await makeUser(t);
    let a;
    try {
      a = await post(u, { title: '待审核的文章' });
    } finally {
      await setGroup({ enable_article_approval: false });
    }
    expect(a.status).toBe(ArticleAudit.Pending);
    expect((await getError({ id: a.id })).status).toBe(404);
    expect((await get({ id: a.id }, u)).id).toBe(a.id);
    const pendingList = await list({ status: [0] }, 'admin');
    expect(pendingList.article.some((x) => x.id === a.id)).toBe(true);
    // the public list ignores status filters
    expect((await list({ status: [0] })).article.some((x) => x.id === a.id)).toBe(false);

    expect((await callError(t, api.checkArticles, { body: { article_id: [a.id], status: 2 }, as: 'admin' })).message).toBe('请填写拒绝原因');
    await call(t, api.checkArticles, { body: { article_id: [a.id], status: 2, reject_reason: '缺少参考文献' }, as: 'admin' });
    const seen = await get({ id: a.id }, u);
    expect(seen.status).toBe(ArticleAudit.Rejected);
    expect(seen.reject_reason).toBe('缺少参考文献');
    expect((await callError(t, api.checkArticles, { body: { article_id: [a.id], status: 1 }, as: u })).status).toBe(403);

    await setGroup({ enable_article_approval: true });
    try {
      const edited = await call(t, api.updateArticle, { body: { id: a.id, content: `${MD}\n参考文献：[1]` }, as: u });
      expect(edited.status).toBe(ArticleAudit.Pending);
      expect(edited.reject_reason).toBe('');
    } finally {
      await setGroup({ enable_article_approval: false });
    }
    await call(t, api.checkArticles, { body: { article_id: [a.id], status: 1 }, as: 'admin' });
    const pub = await get({ id: a.id });
    expect(pub.status).toBe(ArticleAudit.Approved);
    expect((await list({ user_id: u.id })).article.map((x) => x.id)).toEqual([a.id]);
  });
});

describe('administration', () => {
  it('recommends, sets categories, filters and sorts lists', async () => {
    const u = await makeUser(t);
    const a = await makeArticle(t, { owner: u, title: '推荐文章甲', category: categoryId });
    const b = await makeArticle(t, { owner: u, title: '推荐文章乙', category: categoryId });
    await call(t, api.recommendArticles, { body: { article_id: [a.id], is_recommend: true }, as: 'admin' });
    const rec = await list({ is_recommend: [true], user_id: u.id });
    expect(rec.article.map((x) => x.id)).toEqual([a.id]);
    expect(rec.article[0].is_recommend).toBe(true);
    await call(t, api.setArticlesCategory, { body: { article_id: [a.id, b.id], category_id: [otherCategoryId] }, as: 'admin' });
    const inCat = await list({ category_id: [otherCategoryId], user_id: u.id });
    expect(inCat.article.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    await get({ id: b.id, with_view: true });
    await get({ id: b.id, with_view: true });
    const byViews = await list({ sort: 'views', user_id: u.id });
    expect(byViews.article[0].id).toBe(b.id);
    expect(byViews.article[0].content).toBeUndefined();
    const wd = await list({ wd: '推荐文章乙' });
    expect(wd.article.map((x) => x.id)).toEqual([b.id]);
    expect((await callError(t, api.recommendArticles, { body: { article_id: [a.id], is_recommend: true }, as: u })).status).toBe(403);
  });

  it('recycle bin: delete, list, restore, delete for good, empty', async () => {
    const u = await makeUser(t);
    const a = await makeArticle(t, { owner: u, title: '回收站文章一', category: categoryId });
    const b = await makeArticle(t, { owner: u, title: '回收站文章二', category: categoryId });
    expect(await call(t, api.deleteArticle, { query: { id: [a.id, b.id] }, as: u })).toEqual({ ok: true });
    expect((await getError({ id: a.id })).status).toBe(404);
    expect((await call(t, api.getUser, { as: u })).article_count).toBe(0);
    const bin = await call(t, api.listRecycleArticles, { as: 'admin' });
    expect(bin.article.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(bin.article.every((x) => x.deleted_at)).toBe(true);
    expect((await callError(t, api.listRecycleArticles, { as: u })).status).toBe(403);
    await call(t, api.restoreRecycleArticles, { body: { id: [a.id] }, as: 'admin' });
    expect((await get({ id: a.id })).id).toBe(a.id);
    expect((await call(t, api.getUser, { as: u })).article_count).toBe(1);
    // comments and favourites go with a hard-deleted article
    await makeComment(t, { target: a, type: 1, author: u, content: '好文' });
    await call(t, api.deleteArticle, { query: { id: [a.id] }, as: 'admin' });
    expect(await call(t, api.deleteRecycleArticles, { query: { id: [a.id] }, as: 'admin' })).toEqual({ ok: true });
    const left = await t.database.pool.query('SELECT count(*)::int AS n FROM comments WHERE type = 1 AND document_id = $1', [a.id]);
    expect(left.rows[0].n).toBe(0);
    expect(await call(t, api.emptyRecycleArticles, { as: 'admin' })).toEqual({ ok: true });
    expect((await call(t, api.listRecycleArticles, { as: 'admin' })).total).toBe(0);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM articles WHERE id = ANY($1)', [[a.id, b.id]])).rows[0].n).toBe(0);
  });

  it('footer pages exist with fixed identifiers; admins may choose identifiers', async () => {
    for (const id of FOOTER_ARTICLE_IDENTIFIERS) {
      const r = await get({ identifier: id });
      expect(r.content_html.length, id).toBeGreaterThan(10);
    }
    const help = await post('admin', { identifier: 'help', title: '帮助中心' });
    expect(help.identifier).toBe('help');
    expect((await postError('admin', { identifier: 'help' })).status).toBe(409);
    expect((await postError('admin', { identifier: '12345' })).message).toBe('文章标识不能是纯数字');
    expect((await postError('admin', { identifier: 'a b' })).status).toBe(400);
    expect((await get({ identifier: 'help' })).title).toBe('帮助中心');
  });
});

describe('comments, favourites, related, search, export', () => {
  it('comments and favourites of type 1 count on the article; comments can be switched off', async () => {
    const author = await makeUser(t);
    const reader = await makeUser(t);
    const a = await makeArticle(t, { owner: author, title: '可以评论的文章', category: categoryId });
    const c = await call(t, api.createComment, { body: { document_id: a.id, type: 1, content: '写得很清楚' }, as: reader });
    const comments = await call(t, api.listComments, { query: { document_id: a.id, type: [1] } });
    expect(comments.comment.map((x) => x.content)).toEqual(['写得很清楚']);
    const f = await call(t, api.createFavorite, { body: { document_id: a.id, type: 1 }, as: reader });
    const d = await get({ id: a.id }, reader);
    expect(d.comment_count).toBe(1);
    expect(d.favorite_count).toBe(1);
    expect(d.is_favorite).toBe(true);
    // the reader's favourites list of articles (type 1) names the article; documents (type 0) stay separate
    const mine = await call(t, api.listFavorites, { query: { type: 1 }, as: reader });
    expect(mine.total).toBe(1);
    expect(mine.favorite[0]).toMatchObject({ document_id: a.id, type: 1, article: { id: a.id, title: '可以评论的文章', identifier: a.identifier } });
    expect((await call(t, api.listFavorites, { query: { type: 0 }, as: reader })).total).toBe(0);
    await call(t, api.deleteFavorite, { query: { id: [f.id] }, as: reader });
    expect((await get({ id: a.id })).favorite_count).toBe(0);
    expect(await call(t, api.deleteComment, { query: { id: [c.id] }, as: reader })).toEqual({ ok: true });
    expect((await get({ id: a.id })).comment_count).toBe(0);
    // a pending article cannot be commented on by others
    await call(t, api.checkArticles, { body: { article_id: [a.id], status: 2, reject_reason: 'x' }, as: 'admin' });
    expect((await callError(t, api.createComment, { body: { document_id: a.id, type: 1, content: '再评论' }, as: reader })).status).toBe(404);
    await call(t, api.checkArticles, { body: { article_id: [a.id], status: 1 }, as: 'admin' });
    await setConfig('article', 'enable_comment', false);
    try {
      const off = await callError(t, api.createComment, { body: { document_id: a.id, type: 1, content: '关闭后' }, as: reader });
      expect(off.status).toBe(403);
    } finally {
      await setConfig('article', 'enable_comment', true);
    }
  });

  it('searches with Chinese segmentation, ranks title matches first and highlights with <em>', async () => {
    const u = await makeUser(t);
    const x = await makeArticle(t, { owner: u, title: '量子计算入门指南', content: '本文介绍量子比特与叠加态。', keywords: '量子,计算', category: categoryId });
    const y = await makeArticle(t, { owner: u, title: '经典算法笔记', content: '文中顺带提到量子计算的前景。', category: categoryId });
    await makeArticle(t, { owner: u, title: '无关的文章', content: '天气很好。', category: categoryId });
    const search = (wd: string) => call(t, api.searchArticles, { query: { wd } });
    const r = await search('量子计算');
    expect(r.article.map((a) => a.id)).toEqual([x.id, y.id]);
    expect(r.article[0].highlight_title).toContain('<em>量子</em>');
    expect(r.words).toEqual(expect.arrayContaining(['量子']));
    const sub = await search('叠加态');
    expect(sub.article.map((a) => a.id)).toEqual([x.id]);
    const none = await search('量子 -经典');
    expect(none.article.map((a) => a.id)).toEqual([x.id]);
    const xss = await search('<script>');
    expect(JSON.stringify(xss)).not.toContain('<script>');
    expect((await callError(t, api.searchArticles, { query: { wd: '' } })).status).toBe(400);
    // article searches are kept as search records of type 1
    await t.app.services.search.flush();
    const records = await call(t, api.listSearchRecords, { query: { wd: '叠加态', type: [1] }, as: 'admin' });
    expect(records.search_record[0]).toMatchObject({ keywords: '叠加态', type: 1, total: 1 });
    const related = await call(t, api.relatedArticles, { query: { id: y.id } });
    expect(related.article.map((a) => a.id)).toContain(x.id);
    expect(related.article.map((a) => a.id)).not.toContain(y.id);
  });

  it('exports markdown as a valid .docx', async () => {
    const writer = await makeUser(t);
    expect((await callError(t, api.markdownToDocx, { body: { markdown: '# 匿名' } })).status).toBe(401);
    const res = await call(t, api.markdownToDocx, {
      as: writer,
      body: { markdown: '# 导出标题\n\n正文**加粗**与公式 $x^2$。\n\n| 列一 | 列二 |\n|---|---|\n| 甲 | 乙 |\n\n- 列表项\n', title: '导出测试' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain('document.docx');
    const buf = res.rawPayload;
    expect(buf.subarray(0, 4).toString('hex')).toBe('504b0304');
    const files = unzipSync(new Uint8Array(buf));
    const xml = strFromU8(files['word/document.xml']);
    for (const s of ['导出标题', '加粗', 'x^2', '列一', '乙', '列表项', '导出测试']) expect(xml, s).toContain(s);
    expect((await callError(t, api.markdownToDocx, { as: writer, body: { markdown: '' } })).message).toBe('没有可导出的内容');
  });
});
