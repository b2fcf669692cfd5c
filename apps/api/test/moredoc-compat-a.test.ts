/**
 * moredoc-web against Wenku (issue 17, part A): the settings, document, page-image and article calls as the real
 * moredoc-web client (mnt-ltd/moredoc-web 3e1e8ca) makes them — the exact query strings of its api/*.js — and the
 * fields its pages read (pages/index.vue, components/home/v1.vue, pages/document/_id.vue, components/DocumentCover.vue,
 * pages/upload.vue, pages/article/*, components/ArticleList.vue, components/UserCard.vue).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentStatus, SUPPORTED_DOCUMENT_EXTS, ZArticle, ZArticleDetail, ZDocument, ZDocumentDetail, ZSettings, api } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call } from './call';
import { makeArticle, makeDocument, makeUser, type TestDocument } from './factories';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const get = (url: string, token?: string) => t.req({ method: 'GET', url, token });
const settings = async () => ZSettings.parse((await get('/api/v1/settings')).json());
const saveConfig = (config: { category: string; name: string; value: unknown }[]) =>
  t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config } });
/** Fields a nested user may carry: what anyone sees of an account (no email, mobile, password, identity). */
const PUBLIC_USER_FIELDS = ['id', 'username', 'avatar', 'signature', 'doc_count', 'article_count'];
const PRIVATE_MARKERS = ['email', 'mobile', 'password', 'realname', 'identity', 'address', 'credit_count', 'last_login_ip', 'register_ip'];

function expectPublicUser(user: Record<string, unknown> | undefined, owner: { id: number; username: string }) {
  expect(user).toBeDefined();
  expect(user!.id).toBe(owner.id);
  expect(user!.username).toBe(owner.username);
  expect(typeof user!.avatar).toBe('string');
  for (const k of Object.keys(user!)) expect(PUBLIC_USER_FIELDS).toContain(k);
  for (const k of PRIVATE_MARKERS) expect(user).not.toHaveProperty(k);
}

describe('GET /api/v1/settings as moredoc-web reads it', () => {
  it("display.home_version is 'v1' or 'v2' (pages/index.vue renders the home page only for those), v1 by default, chosen by an admin", async () => {
    expect((await settings()).display.home_version).toBe('v1');
    expect((await saveConfig([{ category: 'display', name: 'home_version', value: 'v2' }])).statusCode).toBe(200);
    expect((await settings()).display.home_version).toBe('v2');
    const bad = await saveConfig([{ category: 'display', name: 'home_version', value: 'v3' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('首页版本');
    expect((await settings()).display.home_version).toBe('v2');
    await saveConfig([{ category: 'display', name: 'home_version', value: 'v1' }]);
  });

  it('system.recommend_words is an array of words (home v1/v2 iterate it); comma text, stored or sent, is read as its words', async () => {
    const words = (await settings()).system.recommend_words;
    expect(Array.isArray(words)).toBe(true);
    expect(words).toEqual(['文档', '资料', '论文', '报告']);

    // our admin sends a list
    expect((await saveConfig([{ category: 'system', name: 'recommend_words', value: ['教案', '试题', '教案', ' '] }])).statusCode).toBe(200);
    expect((await settings()).system.recommend_words).toEqual(['教案', '试题']);
    // a text input (moredoc's admin) sends comma-separated text
    expect((await saveConfig([{ category: 'system', name: 'recommend_words', value: '论文，报告, 课件' }])).statusCode).toBe(200);
    expect((await settings()).system.recommend_words).toEqual(['论文', '报告', '课件']);
    // a value stored before the field became a list (plain comma text in the row) keeps working
    await t.database.pool.query(`UPDATE configs SET value = '合同,简历' WHERE category = 'system' AND name = 'recommend_words'`);
    await t.app.services.settings.clearCache();
    expect((await settings()).system.recommend_words).toEqual(['合同', '简历']);
    // the admin form gets a list to edit
    const list = (await get('/api/v1/config/list?category=system', admin)).json().config as { name: string; value: unknown; input_type: string }[];
    const item = list.find((c) => c.name === 'recommend_words')!;
    expect(item).toMatchObject({ value: '合同,简历', input_type: 'tags' });
    // hostile values are refused with a clear message, nothing written
    const tooLong = await saveConfig([{ category: 'system', name: 'recommend_words', value: ['x'.repeat(65)] }]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('搜索推荐词');
    const notWords = await saveConfig([{ category: 'system', name: 'recommend_words', value: [1, { a: 2 }] }]);
    expect(notWords.statusCode).toBe(400);
    const tooMany = await saveConfig([{ category: 'system', name: 'recommend_words', value: Array.from({ length: 101 }, (_, i) => `词${i}`) }]);
    expect(tooMany.statusCode).toBe(400);
    expect((await settings()).system.recommend_words).toEqual(['合同', '简历']);
  });

  it('security.document_allowed_ext is the real allowed list with dots (pages/upload.vue keeps only files whose extension is in it)', async () => {
    // nothing stored (no restriction): every supported extension, not [] (which lets moredoc-web upload nothing)
    await saveConfig([{ category: 'security', name: 'document_allowed_ext', value: [] }]);
    const all = (await settings()).security.document_allowed_ext;
    expect(all).toEqual(SUPPORTED_DOCUMENT_EXTS.map((e) => `.${e}`));
    for (const ext of ['.pdf', '.docx', '.pptx', '.xlsx', '.txt', '.epub']) expect(all).toContain(ext);
    // a restriction is answered as itself
    await saveConfig([{ category: 'security', name: 'document_allowed_ext', value: ['pdf', 'docx'] }]);
    expect((await settings()).security.document_allowed_ext).toEqual(['.pdf', '.docx']);
    // and enforced as before: an extension outside it is refused by the upload
    const user = await makeUser(t);
    const check = (name: string) =>
      t.req({ method: 'POST', url: '/api/v1/upload/document/check', token: user.token, payload: { hash: 'a'.repeat(64), name, size: 10 } });
    const refused = await check('notes.txt');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await check('notes.pdf')).statusCode).toBe(200);
    await saveConfig([{ category: 'security', name: 'document_allowed_ext', value: [] }]);
  });

  it("GET /config/list carries moredoc's form (components/FormConfig.vue: string values, `value:label` option lines) and takes its strings back", async () => {
    await saveConfig([{ category: 'security', name: 'document_allowed_ext', value: ['pdf', 'docx'] }]);
    const list = (await get('/api/v1/config/list?category=security', admin)).json().config as {
      name: string;
      value: unknown;
      input_type: string;
      options: string;
      option_list: { value: string; label: string }[];
    }[];
    const by = (name: string) => list.find((c) => c.name === name)!;
    // every value a string, as moredoc's admin reads and sends them
    for (const c of list) expect(typeof c.value).toBe('string');
    expect(by('is_close')).toMatchObject({ input_type: 'switch', value: 'false', options: '' });
    expect(by('max_document_size')).toMatchObject({ input_type: 'number', value: '50' });
    const ext = by('document_allowed_ext');
    expect(ext.value).toBe('pdf,docx');
    // the choices: moredoc's lines, and the same as a list for Wenku's admin
    expect(ext.options.split('\n')).toContain('pdf:pdf');
    expect(ext.options.split('\n').map((o) => o.split(':')[0])).toEqual(ext.option_list.map((o) => o.value));
    // moredoc-web sends every value back as a string (FormConfig.vue onSubmit): each is read as its type
    const saved = await saveConfig([
      { category: 'security', name: 'is_close', value: 'false' },
      { category: 'security', name: 'max_document_size', value: '60' },
      { category: 'security', name: 'document_allowed_ext', value: 'pdf,epub' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect((await settings()).security.document_allowed_ext).toEqual(['.pdf', '.epub']);
    const again = (await get('/api/v1/config/list?category=security', admin)).json().config as { name: string; value: unknown }[];
    expect(again.find((c) => c.name === 'max_document_size')!.value).toBe('60');
    expect(again.find((c) => c.name === 'is_close')!.value).toBe('false');
    // a string that is not a number is refused with the field's name, nothing written
    const bad = await saveConfig([{ category: 'security', name: 'max_document_size', value: 'lots' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u4e00-\u9fa5]/);
    await saveConfig([
      { category: 'security', name: 'document_allowed_ext', value: [] },
      { category: 'security', name: 'max_document_size', value: 50 },
    ]);
  });
});

describe('GET /api/v1/document as moredoc-web calls it', () => {
  let doc: TestDocument;
  beforeAll(async () => {
    doc = await makeDocument(t, { text: ['第一页', '第二页'], converted: true });
  });

  it('id=0&uuid=…&with_author=true finds the document by uuid, with attachment.hash and the author as a nested user', async () => {
    const res = await get(`/api/v1/document?id=0&uuid=${doc.uuid}&with_author=true`);
    expect(res.statusCode).toBe(200);
    const d = ZDocumentDetail.parse(res.json());
    expect(d.id).toBe(doc.id);
    expect(d.uuid).toBe(doc.uuid);
    expect(d.user?.username).toBe(doc.owner.username);
    expectPublicUser(res.json().user, doc.owner);
    // attachment.hash: 64 hex characters, not the content hash (which proves possession to the instant upload)
    expect(d.attachment.hash).toMatch(/^[a-f0-9]{64}$/);
    expect(d.attachment.hash).not.toBe(doc.hash);
    expect(res.body).not.toContain(doc.hash);
    // the other spellings moredoc-web uses: with_all_content (the edit form), id alone, uuid alone
    const edit = await get(`/api/v1/document?id=0&uuid=${doc.uuid}&with_author=false&with_all_content=true`);
    expect(edit.statusCode).toBe(200);
    expect(edit.json().attachment.hash).toBe(d.attachment.hash);
    expect((await get(`/api/v1/document?id=${doc.id}&with_author=true`)).json().uuid).toBe(doc.uuid);
    expect((await get(`/api/v1/document?uuid=${doc.uuid}`)).json().id).toBe(doc.id);
  });

  it('bad references are clear 4xx errors, never 5xx', async () => {
    for (const [url, status] of [
      ['/api/v1/document?id=0', 400],
      ['/api/v1/document?id=0&uuid=', 400],
      ['/api/v1/document?id=-1&uuid=abc', 400],
      ['/api/v1/document?id=abc', 400],
      [`/api/v1/document?id=0&uuid=${'f'.repeat(16)}`, 404],
      [`/api/v1/document?id=0&uuid=${encodeURIComponent("' OR 1=1 --")}`, 404],
      [`/api/v1/document?id=0&uuid=${'x'.repeat(65)}`, 400],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message, url).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('GET /document/related answers by id (what the page sends) and by id=0&uuid', async () => {
    const other = await makeDocument(t, { text: '相关', converted: true });
    const byId = await get(`/api/v1/document/related?id=${doc.id}`);
    expect(byId.statusCode).toBe(200);
    const byUuid = await get(`/api/v1/document/related?id=0&uuid=${doc.uuid}`);
    expect(byUuid.statusCode).toBe(200);
    expect(byUuid.json()).toEqual(byId.json());
    expect((await get('/api/v1/document/related?id=0')).statusCode).toBe(400);
    expect(other.id).toBeGreaterThan(0);
  });

  it('a pending-review or disabled document stays hidden by uuid as by id', async () => {
    const hidden = await makeDocument(t, { text: '禁用', converted: true });
    await call(t, api.updateDocument, { body: { id: hidden.id, status: DocumentStatus.Disabled }, as: 'admin' });
    expect((await get(`/api/v1/document?id=0&uuid=${hidden.uuid}&with_author=true`)).statusCode).toBe(404);
    expect((await get(`/api/v1/document/related?id=0&uuid=${hidden.uuid}`)).statusCode).toBe(404);
  });

  it('document lists carry the nested user (components/DocumentCard.vue) with public fields only', async () => {
    const res = await get(`/api/v1/document/list?user_id=${doc.owner.id}&page=1&size=10`);
    expect(res.statusCode).toBe(200);
    const list = res.json().document as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      ZDocument.parse(item);
      expect(item.user).toEqual({ id: doc.owner.id, username: doc.owner.username, avatar: expect.any(String) });
    }
  });
});

describe('page images and covers by attachment.hash (genPrevPage, DocumentCover.vue)', () => {
  it('/view/page/{attachment.hash}/{n}.gzip.svg serves the same page as by uuid, with the same caching rules', async () => {
    const doc = await makeDocument(t, { text: ['第一页', '第二页'], converted: true });
    const d = (await get(`/api/v1/document?id=0&uuid=${doc.uuid}&with_author=true`)).json();
    const hash: string = d.attachment.hash;
    expect(d.enable_gzip).toBe(true);
    for (const n of [1, 2]) {
      const byUuid = await get(`/view/page/${doc.uuid}/${n}.gzip.svg`);
      const byHash = await get(`/view/page/${hash}/${n}.gzip.svg`);
      expect(byHash.statusCode).toBe(200);
      expect(byHash.rawPayload.equals(byUuid.rawPayload)).toBe(true);
      expect(byHash.headers['content-type']).toBe(byUuid.headers['content-type']);
      expect(byHash.headers['content-encoding']).toBe('gzip');
      expect(byHash.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(byHash.headers.etag).toBe(byUuid.headers.etag);
      // the strong tag names the file by its view key, never by the content hash
      expect(String(byHash.headers.etag)).toBe(`"${hash}-${n}-gz"`);
      expect(String(byHash.headers.etag)).not.toContain(doc.hash);
      const again = await t.req({ method: 'GET', url: `/view/page/${hash}/${n}.gzip.svg`, headers: { 'if-none-match': String(byHash.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const plain = await get(`/view/page/${hash}/1.svg`);
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<svg');
    expect(plain.headers['content-security-policy']).toBeDefined();
    // the preview limit holds as by uuid
    expect((await get(`/view/page/${hash}/3.gzip.svg`)).statusCode).toBe(404);
    expect((await get(`/view/page/${hash}/0.gzip.svg`)).statusCode).toBe(404);

    const cover = await get(`/view/cover/${hash}`);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.rawPayload.equals((await get(`/view/cover/${doc.uuid}`)).rawPayload)).toBe(true);
    expect(String(cover.headers.etag)).toBe(`"${hash}-cover"`);
    expect((await t.req({ method: 'GET', url: `/view/cover/${hash}`, headers: { 'if-none-match': `"${hash}-cover"` } })).statusCode).toBe(304);
  });

  it('the content hash, unknown keys and hostile paths are 404', async () => {
    const doc = await makeDocument(t, { text: '内容哈希', converted: true });
    // nor does the uuid URL's tag give the content hash away
    expect(String((await get(`/view/page/${doc.uuid}/1.gzip.svg`)).headers.etag)).not.toContain(doc.hash);
    expect(String((await get(`/view/cover/${doc.uuid}`)).headers.etag)).not.toContain(doc.hash);
    expect((await get(`/view/page/${doc.hash}/1.gzip.svg`)).statusCode).toBe(404);
    expect((await get(`/view/cover/${doc.hash}`)).statusCode).toBe(404);
    expect((await get(`/view/page/${crypto.randomBytes(32).toString('hex')}/1.gzip.svg`)).statusCode).toBe(404);
    expect((await get(`/view/page/${'A'.repeat(64)}/1.gzip.svg`)).statusCode).toBe(404);
    expect((await get(`/view/page/${encodeURIComponent('../../etc/passwd')}/1.svg`)).statusCode).toBe(404);
  });

  it('forty readers at once, by key and by uuid, mixed with unknown keys: the same bytes to each, 404 to the rest', async () => {
    const doc = await makeDocument(t, { text: ['并发第一页', '并发第二页'], converted: true });
    const hash: string = (await get(`/api/v1/document?id=0&uuid=${doc.uuid}`)).json().attachment.hash;
    const expected = (await get(`/view/page/${doc.uuid}/2.gzip.svg`)).rawPayload;
    const urls = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 3 ? `/view/page/${crypto.randomBytes(32).toString('hex')}/2.gzip.svg` : `/view/page/${i % 2 ? hash : doc.uuid}/2.gzip.svg`,
    );
    const answers = await Promise.all(urls.map((url) => get(url)));
    answers.forEach((res, i) => {
      if (i % 4 === 3) expect(res.statusCode, urls[i]).toBe(404);
      else {
        expect(res.statusCode, urls[i]).toBe(200);
        expect(res.rawPayload.equals(expected)).toBe(true);
      }
    });
  });

  it('a hash never exposes the pages of a disabled, pending-review or deleted document', async () => {
    const owner = await makeUser(t);
    const doc = await makeDocument(t, { owner, text: '将被禁用', converted: true });
    const hash: string = (await get(`/api/v1/document?id=0&uuid=${doc.uuid}&with_author=true`)).json().attachment.hash;
    expect((await get(`/view/page/${hash}/1.gzip.svg`)).statusCode).toBe(200);
    // disabled: gone at once by hash as by uuid (the lookup held in memory is dropped)
    await call(t, api.updateDocument, { body: { id: doc.id, status: DocumentStatus.Disabled }, as: 'admin' });
    expect((await get(`/view/page/${doc.uuid}/1.gzip.svg`)).statusCode).toBe(404);
    expect((await get(`/view/page/${hash}/1.gzip.svg`)).statusCode).toBe(404);
    expect((await get(`/view/cover/${hash}`)).statusCode).toBe(404);
    // its owner still reads the document, and learns the key, but the key serves nothing while no public document has the file
    const own = await get(`/api/v1/document?id=0&uuid=${doc.uuid}&with_author=true`, owner.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().attachment.hash).toBe(hash);

    // deleted (recycle bin): the same
    const gone = await makeDocument(t, { text: '将被删除', converted: true });
    const goneHash: string = (await get(`/api/v1/document?id=0&uuid=${gone.uuid}`)).json().attachment.hash;
    expect((await get(`/view/page/${goneHash}/1.gzip.svg`)).statusCode).toBe(200);
    await call(t, api.deleteDocument, { query: { id: [gone.id] }, as: 'admin' });
    expect((await get(`/view/page/${goneHash}/1.gzip.svg`)).statusCode).toBe(404);
  });
});

describe('articles as moredoc-web reads them (ArticleList.vue, pages/article/_id.vue)', () => {
  it('list and detail carry a nested user (username, avatar) with public fields only', async () => {
    const owner = await makeUser(t);
    const a = await makeArticle(t, { owner, status: 'approved' });
    const list = await get('/api/v1/article/list?page=1&size=10&status=1');
    expect(list.statusCode).toBe(200);
    const mine = (list.json().article as Record<string, unknown>[]).find((x) => x.id === a.id);
    expect(mine).toBeDefined();
    ZArticle.parse(mine);
    expect(mine!.user).toEqual({ id: owner.id, username: owner.username, avatar: expect.any(String) });

    const detail = await get(`/api/v1/article?identifier=${a.identifier}`);
    expect(detail.statusCode).toBe(200);
    const d = ZArticleDetail.parse(detail.json());
    expect(d.user?.username).toBe(owner.username);
    expectPublicUser(detail.json().user, owner);
    // the recommended list of the article page
    const rec = await get('/api/v1/article/list?page=1&size=5&is_recommend=true&status=1');
    expect(rec.statusCode).toBe(200);
  });
});
