import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { ArticleAudit, FOOTER_ARTICLE_IDENTIFIERS, ZArticle, ZArticleDetail, ZArticleList, ZSearchArticlesResult } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let categoryId: number;
let otherCategoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const cats = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=1' })).json().category;
  categoryId = cats[0].id;
  otherCategoryId = cats[1].id;
});
afterAll(async () => t?.close());

const MD = '# 勾股定理\n\n直角三角形满足 $a^2+b^2=c^2$。\n\n$$\n\\int_0^1 x\\,dx = \\frac12\n$$\n\n详见[维基百科][wiki]。\n\n[wiki]: https://zh.wikipedia.org/wiki/勾股定理\n';

async function post(token: string, body: Record<string, unknown>) {
  return t.req({ method: 'POST', url: '/api/v1/article', token, payload: { title: '勾股定理的证明', content: MD, category_id: [categoryId], ...body } });
}
const get = (q: string, token?: string) => t.req({ method: 'GET', url: `/api/v1/article?${q}`, token });
const setGroup = (patch: Record<string, unknown>) => t.req({ method: 'PUT', url: '/api/v1/group', token: admin, payload: { id: 2, ...patch } });

describe('articles: create, read, update', () => {
  it('publishes a markdown article with math and reference links; the HTML is rendered on output', async () => {
    const u = await t.register();
    const res = await post(u.token, {});
    expect(res.statusCode, res.body).toBe(200);
    const a = ZArticle.parse(res.json());
    expect(a.status).toBe(ArticleAudit.Approved);
    expect(a.is_draft).toBe(false);
    expect(a.identifier).toMatch(/^[a-f0-9]{12}$/);
    // keywords default to the title's words (jieba), description to the text
    expect(a.keywords).toContain('勾股定理');
    expect(a.description).toContain('直角三角形');
    const byId = ZArticleDetail.parse((await get(`id=${a.id}&with_view=true`)).json());
    expect(byId.content).toBe(MD);
    expect(byId.content_html).toContain('class="katex"');
    expect(byId.content_html).toContain('katex-display');
    expect(byId.content_html).toContain('href="https://zh.wikipedia.org/wiki/');
    expect(byId.content_html).toContain('rel="nofollow noopener noreferrer ugc"');
    expect(byId.view_count).toBe(1);
    expect(byId.username).toBe(u.username);
    expect(byId.category.map((c) => c.id)).toEqual([categoryId]);
    const byIdentifier = ZArticleDetail.parse((await get(`identifier=${a.identifier}`)).json());
    expect(byIdentifier.id).toBe(a.id);
    expect(byIdentifier.view_count).toBe(1);
    const me = (await t.req({ method: 'GET', url: '/api/v1/user', token: u.token })).json();
    expect(me.article_count).toBe(1);

    const upd = await t.req({ method: 'PUT', url: '/api/v1/article', token: u.token, payload: { id: a.id, title: '勾股定理的三种证明', category_id: [otherCategoryId] } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().title).toBe('勾股定理的三种证明');
    expect(upd.json().category_id).toEqual([otherCategoryId]);
    const other = await t.register();
    expect((await t.req({ method: 'PUT', url: '/api/v1/article', token: other.token, payload: { id: a.id, title: 'x' } })).statusCode).toBe(403);
    expect((await t.req({ method: 'PUT', url: '/api/v1/article', token: u.token, payload: { id: a.id, status: 0 } })).statusCode).toBe(403);
    expect((await t.req({ method: 'DELETE', url: `/api/v1/article?id=${a.id}`, token: other.token })).statusCode).toBe(403);
  });

  it('validates input with clear messages and ignores identifiers from non-admins', async () => {
    const u = await t.register();
    expect((await post(u.token, { title: '' })).json().message).toBe('请输入文章标题');
    expect((await post(u.token, { content: '   ' })).json().message).toBe('请输入文章内容');
    expect((await post(u.token, { category_id: [999999] })).json().message).toBe('文章分类不存在或已停用');
    const docCat = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0' })).json().category[0].id;
    expect((await post(u.token, { category_id: [docCat] })).statusCode).toBe(400);
    const own = await post(u.token, { identifier: 'my-own-slug' });
    expect(own.json().identifier).not.toBe('my-own-slug');
    expect((await post('', {})).statusCode).toBe(401);
  });

  it('drafts are seen by their author only, until submitted', async () => {
    const u = await t.register();
    const d = (await post(u.token, { is_draft: true, content: '' })).json();
    expect(d.is_draft).toBe(true);
    expect((await get(`id=${d.id}`)).statusCode).toBe(404);
    expect((await get(`id=${d.id}`, u.token)).statusCode).toBe(200);
    const mine = ZArticleList.parse((await t.req({ method: 'GET', url: `/api/v1/article/list?user_id=${u.id}&is_draft=true`, token: u.token })).json());
    expect(mine.article.map((a) => a.id)).toEqual([d.id]);
    const pub = (await t.req({ method: 'GET', url: `/api/v1/article/list?user_id=${u.id}` })).json();
    expect(pub.total).toBe(0);
    // submitting an empty draft is refused
    expect((await t.req({ method: 'PUT', url: '/api/v1/article', token: u.token, payload: { id: d.id, is_draft: false } })).statusCode).toBe(400);
    const sub = await t.req({ method: 'PUT', url: '/api/v1/article', token: u.token, payload: { id: d.id, is_draft: false, content: '正文内容' } });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await get(`id=${d.id}`)).statusCode).toBe(200);
  });
});

describe('rights and audit', () => {
  it('groups without enable_article and users punished with "no article" cannot post', async () => {
    const u = await t.register();
    await setGroup({ enable_article: false });
    try {
      const r = await post(u.token, {});
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe('您所在的用户组不允许发布文章');
    } finally {
      await setGroup({ enable_article: true });
    }
    const p = await t.req({ method: 'POST', url: '/api/v1/punishment', token: admin, payload: { user_id: [u.id], type: [6], reason: '违规' } });
    expect(p.statusCode, p.body).toBe(200);
    expect((await post(u.token, {})).statusCode).toBe(403);
    // administrators are not bound by group flags
    expect((await post(admin, {})).statusCode).toBe(200);
  });

  it('pending → rejected with a reason shown to the author → edited → pending → approved and public', async () => {
    await setGroup({ enable_article_approval: true });
    const u = await t.register();
    let a;
    try {
      a = ZArticle.parse((await post(u.token, { title: '待审核的文章' })).json());
    } finally {
      await setGroup({ enable_article_approval: false });
    }
    expect(a.status).toBe(ArticleAudit.Pending);
    expect((await get(`id=${a.id}`)).statusCode).toBe(404);
    expect((await get(`id=${a.id}`, u.token)).statusCode).toBe(200);
    const pendingList = ZArticleList.parse((await t.req({ method: 'GET', url: '/api/v1/article/list?status=0', token: admin })).json());
    expect(pendingList.article.some((x) => x.id === a.id)).toBe(true);
    // the public list ignores status filters
    expect((await t.req({ method: 'GET', url: '/api/v1/article/list?status=0' })).json().article.some((x: { id: number }) => x.id === a.id)).toBe(false);

    expect((await t.req({ method: 'PUT', url: '/api/v1/article/check', token: admin, payload: { article_id: [a.id], status: 2 } })).json().message).toBe('请填写拒绝原因');
    const rej = await t.req({ method: 'PUT', url: '/api/v1/article/check', token: admin, payload: { article_id: [a.id], status: 2, reject_reason: '缺少参考文献' } });
    expect(rej.statusCode, rej.body).toBe(200);
    const seen = (await get(`id=${a.id}`, u.token)).json();
    expect(seen.status).toBe(ArticleAudit.Rejected);
    expect(seen.reject_reason).toBe('缺少参考文献');
    expect((await t.req({ method: 'PUT', url: '/api/v1/article/check', token: u.token, payload: { article_id: [a.id], status: 1 } })).statusCode).toBe(403);

    await setGroup({ enable_article_approval: true });
    try {
      const edited = await t.req({ method: 'PUT', url: '/api/v1/article', token: u.token, payload: { id: a.id, content: `${MD}\n参考文献：[1]` } });
      expect(edited.json().status).toBe(ArticleAudit.Pending);
      expect(edited.json().reject_reason).toBe('');
    } finally {
      await setGroup({ enable_article_approval: false });
    }
    await t.req({ method: 'PUT', url: '/api/v1/article/check', token: admin, payload: { article_id: [a.id], status: 1 } });
    const pub = ZArticleDetail.parse((await get(`id=${a.id}`)).json());
    expect(pub.status).toBe(ArticleAudit.Approved);
    const list = ZArticleList.parse((await t.req({ method: 'GET', url: `/api/v1/article/list?user_id=${u.id}` })).json());
    expect(list.article.map((x) => x.id)).toEqual([a.id]);
  });
});

describe('administration', () => {
  it('recommends, sets categories, filters and sorts lists', async () => {
    const u = await t.register();
    const a = (await post(u.token, { title: '推荐文章甲' })).json();
    const b = (await post(u.token, { title: '推荐文章乙' })).json();
    await t.req({ method: 'PUT', url: '/api/v1/article/recommend', token: admin, payload: { article_id: [a.id], is_recommend: true } });
    const rec = ZArticleList.parse((await t.req({ method: 'GET', url: `/api/v1/article/list?is_recommend=true&user_id=${u.id}` })).json());
    expect(rec.article.map((x) => x.id)).toEqual([a.id]);
    expect(rec.article[0].is_recommend).toBe(true);
    await t.req({ method: 'PUT', url: '/api/v1/article/category', token: admin, payload: { article_id: [a.id, b.id], category_id: [otherCategoryId] } });
    const inCat = ZArticleList.parse((await t.req({ method: 'GET', url: `/api/v1/article/list?category_id=${otherCategoryId}&user_id=${u.id}` })).json());
    expect(inCat.article.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    await get(`id=${b.id}&with_view=true`);
    await get(`id=${b.id}&with_view=true`);
    const byViews = ZArticleList.parse((await t.req({ method: 'GET', url: `/api/v1/article/list?sort=views&user_id=${u.id}` })).json());
    expect(byViews.article[0].id).toBe(b.id);
    expect(byViews.article[0].content).toBeUndefined();
    const wd = ZArticleList.parse((await t.req({ method: 'GET', url: `/api/v1/article/list?wd=${encodeURIComponent('推荐文章乙')}` })).json());
    expect(wd.article.map((x) => x.id)).toEqual([b.id]);
    expect((await t.req({ method: 'PUT', url: '/api/v1/article/recommend', token: u.token, payload: { article_id: [a.id], is_recommend: true } })).statusCode).toBe(403);
  });

  it('recycle bin: delete, list, restore, delete for good, empty', async () => {
    const u = await t.register();
    const a = (await post(u.token, { title: '回收站文章一' })).json();
    const b = (await post(u.token, { title: '回收站文章二' })).json();
    expect((await t.req({ method: 'DELETE', url: `/api/v1/article?id=${a.id}&id=${b.id}`, token: u.token })).statusCode).toBe(200);
    expect((await get(`id=${a.id}`)).statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: '/api/v1/user', token: u.token })).json().article_count).toBe(0);
    const bin = ZArticleList.parse((await t.req({ method: 'GET', url: '/api/v1/article/recycle/list', token: admin })).json());
    expect(bin.article.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(bin.article.every((x) => x.deleted_at)).toBe(true);
    expect((await t.req({ method: 'GET', url: '/api/v1/article/recycle/list', token: u.token })).statusCode).toBe(403);
    await t.req({ method: 'POST', url: '/api/v1/article/recycle/restore', token: admin, payload: { id: [a.id] } });
    expect((await get(`id=${a.id}`)).statusCode).toBe(200);
    expect((await t.req({ method: 'GET', url: '/api/v1/user', token: u.token })).json().article_count).toBe(1);
    // comments and favourites go with a hard-deleted article
    const c = await t.req({ method: 'POST', url: '/api/v1/comment', token: u.token, payload: { document_id: a.id, type: 1, content: '好文' } });
    expect(c.statusCode, c.body).toBe(200);
    await t.req({ method: 'DELETE', url: `/api/v1/article?id=${a.id}`, token: admin });
    expect((await t.req({ method: 'DELETE', url: `/api/v1/article/recycle?id=${a.id}`, token: admin })).statusCode).toBe(200);
    const left = await t.database.pool.query('SELECT count(*)::int AS n FROM comments WHERE type = 1 AND document_id = $1', [a.id]);
    expect(left.rows[0].n).toBe(0);
    expect((await t.req({ method: 'DELETE', url: '/api/v1/article/recycle/empty', token: admin })).statusCode).toBe(200);
    const after = (await t.req({ method: 'GET', url: '/api/v1/article/recycle/list', token: admin })).json();
    expect(after.total).toBe(0);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM articles WHERE id = ANY($1)', [[a.id, b.id]])).rows[0].n).toBe(0);
  });

  it('footer pages exist with fixed identifiers; admins may choose identifiers', async () => {
    for (const id of FOOTER_ARTICLE_IDENTIFIERS) {
      const r = await get(`identifier=${id}`);
      expect(r.statusCode, id).toBe(200);
      expect(r.json().content_html.length).toBeGreaterThan(10);
    }
    const help = await post(admin, { identifier: 'help', title: '帮助中心' });
    expect(help.json().identifier).toBe('help');
    expect((await post(admin, { identifier: 'help' })).statusCode).toBe(409);
    expect((await post(admin, { identifier: '12345' })).json().message).toBe('文章标识不能是纯数字');
    expect((await post(admin, { identifier: 'a b' })).statusCode).toBe(400);
    expect((await get('identifier=help')).json().title).toBe('帮助中心');
  });
});

describe('comments, favourites, related, search, export', () => {
  it('comments and favourites of type 1 count on the article; comments can be switched off', async () => {
    const author = await t.register();
    const reader = await t.register();
    const a = (await post(author.token, { title: '可以评论的文章' })).json();
    const c = await t.req({ method: 'POST', url: '/api/v1/comment', token: reader.token, payload: { document_id: a.id, type: 1, content: '写得很清楚' } });
    expect(c.statusCode, c.body).toBe(200);
    const list = (await t.req({ method: 'GET', url: `/api/v1/comment/list?document_id=${a.id}&type=1` })).json();
    expect(list.comment.map((x: { content: string }) => x.content)).toEqual(['写得很清楚']);
    const f = await t.req({ method: 'POST', url: '/api/v1/favorite', token: reader.token, payload: { document_id: a.id, type: 1 } });
    expect(f.statusCode, f.body).toBe(200);
    const d = ZArticleDetail.parse((await get(`id=${a.id}`, reader.token)).json());
    expect(d.comment_count).toBe(1);
    expect(d.favorite_count).toBe(1);
    expect(d.is_favorite).toBe(true);
    // the reader's favourites list of articles (type 1) names the article; documents (type 0) stay separate
    const mine = (await t.req({ method: 'GET', url: '/api/v1/favorite/list?type=1', token: reader.token })).json();
    expect(mine.total).toBe(1);
    expect(mine.favorite[0]).toMatchObject({ document_id: a.id, type: 1, article: { id: a.id, title: '可以评论的文章', identifier: a.identifier } });
    expect((await t.req({ method: 'GET', url: '/api/v1/favorite/list?type=0', token: reader.token })).json().total).toBe(0);
    await t.req({ method: 'DELETE', url: `/api/v1/favorite?id=${f.json().id}`, token: reader.token });
    expect((await get(`id=${a.id}`)).json().favorite_count).toBe(0);
    const del = await t.req({ method: 'DELETE', url: `/api/v1/comment?id=${c.json().id}`, token: reader.token });
    expect(del.statusCode).toBe(200);
    expect((await get(`id=${a.id}`)).json().comment_count).toBe(0);
    // a pending article cannot be commented on by others
    await t.req({ method: 'PUT', url: '/api/v1/article/check', token: admin, payload: { article_id: [a.id], status: 2, reject_reason: 'x' } });
    expect((await t.req({ method: 'POST', url: '/api/v1/comment', token: reader.token, payload: { document_id: a.id, type: 1, content: '再评论' } })).statusCode).toBe(404);
    await t.req({ method: 'PUT', url: '/api/v1/article/check', token: admin, payload: { article_id: [a.id], status: 1 } });
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'article', name: 'enable_comment', value: false }] } });
    try {
      const off = await t.req({ method: 'POST', url: '/api/v1/comment', token: reader.token, payload: { document_id: a.id, type: 1, content: '关闭后' } });
      expect(off.statusCode).toBe(403);
    } finally {
      await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'article', name: 'enable_comment', value: true }] } });
    }
  });

  it('searches with Chinese segmentation, ranks title matches first and highlights with <em>', async () => {
    const u = await t.register();
    const x = (await post(u.token, { title: '量子计算入门指南', content: '本文介绍量子比特与叠加态。', keywords: '量子,计算' })).json();
    const y = (await post(u.token, { title: '经典算法笔记', content: '文中顺带提到量子计算的前景。' })).json();
    await post(u.token, { title: '无关的文章', content: '天气很好。' });
    const r = ZSearchArticlesResult.parse((await t.req({ method: 'GET', url: `/api/v1/article/search?wd=${encodeURIComponent('量子计算')}` })).json());
    expect(r.article.map((a) => a.id)).toEqual([x.id, y.id]);
    expect(r.article[0].highlight_title).toContain('<em>量子</em>');
    expect(r.words).toEqual(expect.arrayContaining(['量子']));
    const sub = ZSearchArticlesResult.parse((await t.req({ method: 'GET', url: `/api/v1/article/search?wd=${encodeURIComponent('叠加态')}` })).json());
    expect(sub.article.map((a) => a.id)).toEqual([x.id]);
    const none = (await t.req({ method: 'GET', url: `/api/v1/article/search?wd=${encodeURIComponent('量子 -经典')}` })).json();
    expect(none.article.map((a: { id: number }) => a.id)).toEqual([x.id]);
    const xss = (await t.req({ method: 'GET', url: `/api/v1/article/search?wd=${encodeURIComponent('<script>')}` })).json();
    expect(JSON.stringify(xss)).not.toContain('<script>');
    expect((await t.req({ method: 'GET', url: '/api/v1/article/search?wd=' })).statusCode).toBe(400);
    // article searches are kept as search records of type 1
    await t.app.services.search.flush();
    const records = (await t.req({ method: 'GET', url: `/api/v1/searchrecord/list?wd=${encodeURIComponent('叠加态')}&type=1`, token: admin })).json();
    expect(records.search_record[0]).toMatchObject({ keywords: '叠加态', type: 1, total: 1 });
    const related = (await t.req({ method: 'GET', url: `/api/v1/article/related?id=${y.id}` })).json();
    expect(related.article.map((a: { id: number }) => a.id)).toContain(x.id);
    expect(related.article.map((a: { id: number }) => a.id)).not.toContain(y.id);
  });

  it('exports markdown as a valid .docx', async () => {
    const res = await t.req({ method: 'POST', url: '/api/v1/markdown2docx', payload: { markdown: '# 导出标题\n\n正文**加粗**与公式 $x^2$。\n\n| 列一 | 列二 |\n|---|---|\n| 甲 | 乙 |\n\n- 列表项\n', title: '导出测试' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain('document.docx');
    const buf = res.rawPayload;
    expect(buf.subarray(0, 4).toString('hex')).toBe('504b0304');
    const files = unzipSync(new Uint8Array(buf));
    const xml = strFromU8(files['word/document.xml']);
    for (const s of ['导出标题', '加粗', 'x^2', '列一', '乙', '列表项', '导出测试']) expect(xml, s).toContain(s);
    expect((await t.req({ method: 'POST', url: '/api/v1/markdown2docx', payload: { markdown: '' } })).json().message).toBe('没有可导出的内容');
  });
});
