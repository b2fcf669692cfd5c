/**
 * Issue 11 §4 and §11 (activity): the public user list matched `wd` against email, mobile and real name, so a full
 * mobile number came out digit by digit; other users' activity feeds showed password changes and downloads. Now:
 * without the user-admin permission `wd` matches usernames only and the answer never carries contact or identity
 * details; an administrator holding `GET /user/list` can still search by them; others see only public activity.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus, ROUTE_LIST, TargetType, routeKey, routeUrl, type TChatStreamEvent } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { call, callError } from '../call';
import { proofOf, sha256 } from '../fixtures';
import { makeAdmin, makeDocument, makeDownload, makeUser, uniq, type TestDocument, type TestUser } from '../factories';
import { startFakeLlm, type FakeLlm } from '../fakes/llm-server';
import { setConfig } from '../fakes/util';
import { streamChat } from '../chat-stream';
import { DynamicType } from '../../src/modules/account/account.service';

let t: TestApp;
let victim: TestUser;
let stranger: TestUser;
let userAdmin: TestUser;

const CONTACT = {
  email: 'Secret.Person@example.org',
  mobile: '13912345678',
  realname: '王秘密',
  identity: '110101199003071234',
  address: '北京市朝阳区幸福路 1 号',
};
const PRIVATE_KEYS = ['email', 'mobile', 'realname', 'identity', 'address'] as const;

beforeAll(async () => {
  t = await createTestApp();
  // letters only: no digit or underscore of the name can match a probe by itself
  victim = await makeUser(t, { username: `leakvictim${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}` });
  await t.database.pool.query(`UPDATE users SET email = $2, mobile = $3, realname = $4, identity = $5, address = $6 WHERE id = $1`, [
    victim.id,
    CONTACT.email,
    CONTACT.mobile,
    CONTACT.realname,
    CONTACT.identity,
    CONTACT.address,
  ]);
  stranger = await makeUser(t);
  userAdmin = await makeAdmin(t, { permissions: [api.listUsers] });
});
afterAll(async () => t?.close());

const list = async (wd: string, token?: string) => {
  const res = await t.req({ method: 'GET', url: `/api/v1/user/list?size=100&wd=${encodeURIComponent(wd)}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const ids = (res: { json: () => { user: { id: number }[] } }) => res.json().user.map((u) => u.id);

/** Probes an attacker would send: every digit run of the mobile, pieces of the email, the real name, the ID number. */
const PROBES = [
  '1',
  '139',
  '1391234',
  CONTACT.mobile,
  '5678',
  'secret',
  'Secret.Person',
  'example.org',
  '@example',
  CONTACT.realname,
  '王',
  CONTACT.identity.slice(0, 6),
  '朝阳',
];

describe('GET /user/list for anyone without the user-admin permission', () => {
  for (const who of ['anonymous', 'a user'] as const) {
    it(`${who}: a piece of someone's mobile, email, real name or ID number finds nothing`, async () => {
      const token = who === 'anonymous' ? undefined : stranger.token;
      for (const wd of PROBES) expect(ids(await list(wd, token)), `wd=${wd}`).not.toContain(victim.id);
      // the username still finds them
      expect(ids(await list('leakvictim', token))).toContain(victim.id);
    });

    it(`${who}: the answer carries no email, mobile, real name, ID number or address`, async () => {
      const token = who === 'anonymous' ? undefined : stranger.token;
      for (const res of [await list('leakvictim', token), await list('', token)]) {
        for (const u of res.json().user as Record<string, unknown>[]) {
          for (const k of PRIVATE_KEYS) expect(u[k] === undefined || u[k] === '', `${k} of user ${String(u.id)}`).toBe(true);
        }
        for (const v of Object.values(CONTACT)) expect(res.body).not.toContain(v);
      }
      // nor does the single-user look-up
      const one = await t.req({ method: 'GET', url: `/api/v1/user?id=${victim.id}`, token });
      expect(one.statusCode).toBe(200);
      for (const v of Object.values(CONTACT)) expect(one.body).not.toContain(v);
    });
  }

  it('the wildcard characters of LIKE do not widen a username search', async () => {
    expect(ids(await list('%'))).not.toContain(victim.id);
    expect(ids(await list('_'))).not.toContain(victim.id);
  });
});

describe('an administrator holding GET /user/list', () => {
  it('finds a user by mobile, email or real name and sees those details', async () => {
    for (const wd of [CONTACT.mobile, '1391234', 'secret.person', CONTACT.realname])
      expect(ids(await list(wd, userAdmin.token)), `wd=${wd}`).toContain(victim.id);
    const res = await list(CONTACT.mobile, userAdmin.token);
    const found = (res.json().user as Record<string, unknown>[]).find((u) => u.id === victim.id)!;
    expect(found).toMatchObject({ email: CONTACT.email, mobile: CONTACT.mobile, realname: CONTACT.realname });
  });
});

describe('GET /user/dynamic of another user', () => {
  const PUBLIC = new Set<number>([
    DynamicType.Comment,
    DynamicType.Favorite,
    DynamicType.Upload,
    DynamicType.Register,
    DynamicType.Avatar,
    DynamicType.Share,
    DynamicType.Follow,
  ]);

  beforeAll(async () => {
    for (const [name, type] of Object.entries(DynamicType)) await t.app.services.account.addDynamic(victim.id, type, `activity ${name}`);
    // and a real one: a password change
    const res = await t.req({
      method: 'PUT',
      url: '/api/v1/user/password',
      token: victim.token,
      payload: { old_password: victim.password, new_password: 'Another-Pass-9876' },
    });
    expect(res.statusCode, res.body).toBe(200);
    victim.token = res.json().token ?? (await t.login(victim.username, 'Another-Pass-9876'));
  });

  const feed = async (token?: string) => {
    const res = await t.req({ method: 'GET', url: `/api/v1/user/dynamic?id=${victim.id}&size=100`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().dynamic as { type: number; content: string }[];
  };

  it('anonymous and other users see only public activity (no password changes, downloads, logins, sign-ins)', async () => {
    for (const token of [undefined, stranger.token]) {
      const items = await feed(token);
      expect(items.length).toBeGreaterThan(0);
      for (const d of items) expect(PUBLIC.has(d.type), `type ${d.type}: ${d.content}`).toBe(true);
      expect(items.some((d) => d.type === DynamicType.Password || d.type === DynamicType.Download)).toBe(false);
    }
  });

  it('the user sees their whole feed', async () => {
    const items = await feed(victim.token);
    expect(items.some((d) => d.type === DynamicType.Password)).toBe(true);
    expect(items.some((d) => d.type === DynamicType.Download)).toBe(true);
  });
});

/**
 * Issue 25, finding 14: the titles of hidden documents (disabled, under review, rejected) leaked through the refusal
 * of POST /chat/topic and through the public activity feeds of their uploader and of those who commented on or
 * favourited them, while GET /document said 404; ids are sequential, so they could be enumerated. Now a hidden
 * document answers POST /chat/topic as a missing one does, and a public feed leaves out entries about items its
 * viewer may not see (entries carry the item they are about).
 */
describe('hidden documents stay hidden: chat topics and activity feeds', () => {
  const HIDDEN = [
    ['disabled', DocumentStatus.Disabled],
    ['under review', DocumentStatus.PendingReview],
    ['rejected', DocumentStatus.ReviewRejected],
  ] as const;
  const setStatus = (id: number, status: number) => t.database.pool.query('UPDATE documents SET status = $2 WHERE id = $1', [id, status]);
  const feedOf = async (userId: number, as?: TestUser) =>
    (await call(t, api.listDynamics, { query: { id: userId, size: 100 }, as: as ?? 'anonymous' })).dynamic.map((d) => d.content);

  let uploader: TestUser;
  let fan: TestUser;
  let doc: TestDocument;
  beforeAll(async () => {
    uploader = await makeUser(t);
    fan = await makeUser(t);
    doc = await makeDocument(t, { owner: uploader, title: `机密标题${uniq()}`, converted: true });
    await call(t, api.createComment, { as: fan, body: { document_id: doc.id, type: TargetType.Document, content: '写得好' } });
    await call(t, api.createFavorite, { as: fan, body: { document_id: doc.id, type: TargetType.Document } });
  });

  it('POST /chat/topic: a hidden document answers exactly as a missing one, never with its title', async () => {
    const missing = await callError(t, api.createChatTopic, { as: stranger, body: { category: 2, document_id: [2_000_000_000] } });
    const page = await callError(t, api.getDocument, { as: stranger, query: { id: 2_000_000_000 } });
    expect(missing.status).toBe(404);
    for (const [name, status] of HIDDEN) {
      await setStatus(doc.id, status);
      try {
        const r = await callError(t, api.createChatTopic, { as: stranger, body: { category: 2, document_id: [doc.id] } });
        expect([r.status, r.code, r.message], name).toEqual([missing.status, missing.code, missing.message]);
        expect(r.message).not.toContain(doc.title);
        expect((await callError(t, api.getDocument, { as: stranger, query: { id: doc.id } })).message, name).toBe(page.message);
      } finally {
        await setStatus(doc.id, DocumentStatus.Converted);
      }
    }
    // the same document visible again: a topic is made
    expect((await call(t, api.createChatTopic, { as: stranger, body: { category: 2, document_id: [doc.id] } })).category).toBe(2);
  });

  it('public feeds leave out entries about a hidden or deleted document; its author and the feed’s owner still see them', async () => {
    const mentions = (items: string[]) => items.filter((c) => c.includes(doc.title));
    // visible: the upload in the uploader's feed, the comment and the favourite in the fan's
    expect(mentions(await feedOf(uploader.id))).toHaveLength(1);
    expect(mentions(await feedOf(fan.id))).toHaveLength(2);
    for (const [name, status] of HIDDEN) {
      await setStatus(doc.id, status);
      try {
        for (const viewer of [undefined, stranger]) {
          expect(mentions(await feedOf(uploader.id, viewer)), name).toEqual([]);
          expect(mentions(await feedOf(fan.id, viewer)), name).toEqual([]);
        }
        // the fan's own feed is theirs, and the uploader may see what others did with their own document
        expect(mentions(await feedOf(fan.id, fan))).toHaveLength(2);
        expect(mentions(await feedOf(fan.id, uploader))).toHaveLength(2);
      } finally {
        await setStatus(doc.id, DocumentStatus.Converted);
      }
    }
    // in the recycle bin: gone for everyone but the owners of the feeds
    await t.database.pool.query('UPDATE documents SET deleted_at = now() WHERE id = $1', [doc.id]);
    try {
      expect(mentions(await feedOf(uploader.id, stranger))).toEqual([]);
      expect(mentions(await feedOf(fan.id))).toEqual([]);
    } finally {
      await t.database.pool.query('UPDATE documents SET deleted_at = NULL WHERE id = $1', [doc.id]);
    }
    expect(mentions(await feedOf(fan.id))).toHaveLength(2);
  });

  it('entries written before the migration are matched to their documents by title (drizzle/0019)', async () => {
    const author = await makeUser(t);
    const hidden = await makeDocument(t, { owner: author, title: `旧机密${uniq()}` });
    const kept = await makeDocument(t, { owner: author, title: `旧公开${uniq()}` });
    await setStatus(hidden.id, DocumentStatus.Disabled);
    await setStatus(kept.id, DocumentStatus.Converted);
    const legacy = [`上传了文档《${hidden.title}》`, `上传了文档《${kept.title}》`, `收藏了文档《${hidden.title}》`, `评论了文档《已清除${uniq()}》`];
    // as the rows were before: no item named but in the text
    await t.database.pool.query('UPDATE dynamics SET target_type = NULL, target_id = NULL WHERE user_id = $1', [author.id]);
    for (const [i, content] of legacy.entries())
      await t.database.pool.query('INSERT INTO dynamics (user_id, type, content) VALUES ($1, $2, $3)', [author.id, [3, 3, 2, 1][i], content]);
    const sql = fs.readFileSync(path.join(__dirname, '../../drizzle/0019_dynamics_target.sql'), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint').filter((s) => /^\s*(--.*\n)*\s*UPDATE/.test(s))) await t.database.pool.query(statement);
    const seen = await feedOf(author.id, stranger);
    expect(seen).toContain(`上传了文档《${kept.title}》`);
    for (const gone of [legacy[0], legacy[2], legacy[3]]) expect(seen).not.toContain(gone);
    expect(await feedOf(author.id, author)).toEqual(expect.arrayContaining(legacy));
  });
});

/**
 * Issue 25 finding 5: GET /document/list gave holders of DocumentAPI/ListDocument every file's content hash, and the
 * instant upload (POST /upload/document/check) turned a content hash and the (public) size into an attachment, a
 * document and a free download of the whole paid file. Now no answer carries a content hash — files are named by
 * their view key — and the instant upload makes an attachment only for a caller who shows bytes of the file the
 * server picked at random.
 */
describe('file content hashes', () => {
  let owner: TestUser;
  let priced: TestDocument;
  let big: TestDocument;
  const contentHashes = async () =>
    (await t.database.pool.query<{ hash: string }>('SELECT hash FROM attachments WHERE type IN (2, 8) UNION SELECT hash FROM documents')).rows.map(
      (r) => r.hash,
    );

  beforeAll(async () => {
    owner = await makeUser(t);
    priced = await makeDocument(t, { owner, title: '付费的机密手册', text: ['第一页', '第二页'], price: 50, converted: true });
    // larger than the ranges a challenge asks for: the server picks 3 random ranges of it
    big = await makeDocument(t, {
      owner,
      price: 80,
      file: { name: 'big.txt', content: Buffer.from('付费的大文件，逐字节都要付钱。\n'.repeat(12_000)) },
    });
    const gone = await makeDocument(t, { owner, converted: true });
    await call(t, api.deleteDocument, { query: { id: [gone.id] }, as: owner });
    const off = await makeDocument(t, { owner, converted: true });
    await call(t, api.updateDocument, { body: { id: off.id, status: DocumentStatus.Disabled }, as: 'admin' });
    // a collected (spider) document with its downloaded file
    const su = await t.database.pool.query<{ id: number }>(
      `INSERT INTO spider_urls (url, user_id, created_by) VALUES ('https://example.org/', $1, 1) RETURNING id`,
      [owner.id],
    );
    await t.database.pool.query(
      `INSERT INTO spider_documents (spider_url_id, url, title, ext, size, hash, status) VALUES ($1, 'https://example.org/a.pdf', 'a', 'pdf', 1, $2, 3)`,
      [su.rows[0].id, priced.hash],
    );
  });

  it('appears in no JSON answer an administrator with every list permission (or all permissions) gets', async () => {
    const lister = await makeAdmin(t, { permissions: ROUTE_LIST.filter((r) => r.list) });
    const hashes = await contentHashes();
    expect(hashes).toContain(priced.hash);
    const ids = (await t.database.pool.query<{ id: number }>('SELECT id FROM documents UNION SELECT id FROM attachments')).rows.map((r) => r.id);
    const routes = ROUTE_LIST.filter((r) => r.method === 'GET' && (r.kind ?? 'json') === 'json');
    const seen = new Map<string, number>();
    for (const token of [lister.token, await t.adminToken()]) {
      for (const route of routes) {
        const base = routeUrl(route).replace(/:([A-Za-z_]\w*)/g, '1');
        const byId = route.query && 'shape' in route.query && 'id' in (route.query.shape as object) ? ids.map((id) => `?id=${id}`) : [];
        for (const query of ['', '?size=100', '?wd=付费', `?uuid=${priced.uuid}`, ...byId]) {
          const res = await t.app.inject({ method: 'GET', url: `${base}${query}`, headers: { authorization: `Bearer ${token}` } });
          if (res.statusCode === 200) seen.set(routeKey(route), (seen.get(routeKey(route)) ?? 0) + 1);
          for (const h of hashes) expect(res.body.includes(h), `${routeKey(route)}${query} answers a content hash`).toBe(false);
        }
      }
    }
    // not vacuous: the lists that carried the hash, and the answers naming files, were read
    for (const route of [api.listDocuments, api.listRecycleDocuments, api.listAttachments, api.getAttachment, api.getDocument, api.listSpiderDocuments])
      expect(seen.get(routeKey(route)), routeKey(route)).toBeGreaterThan(0);
    const list = await call(t, api.listDocuments, { query: { size: 100 }, as: lister });
    expect(list.document.map((d) => d.id)).toContain(priced.id);
  });

  it('is no key to the file: a caller who knows it and the size but not the bytes gets no attachment', async () => {
    const thief = await makeUser(t);
    const count = async () => (await t.database.pool.query('SELECT count(*)::int AS n FROM attachments WHERE hash = $1', [big.hash])).rows[0].n as number;
    const before = await count();
    const body = { hash: big.hash, name: 'stolen.txt', size: big.file.length };
    const asked = await call(t, api.checkDocumentHash, { body, as: thief });
    expect(asked).toMatchObject({ exists: true, attachment: null });
    // the server chose the ranges: a few slices of the file, not all of it
    expect(asked.challenge!.ranges).toHaveLength(3);
    expect(asked.challenge!.ranges.reduce((n, r) => n + r.length, 0)).toBeLessThan(big.file.length);
    // a guess is refused (and earns no new challenge to guess again)
    const guess = await call(t, api.checkDocumentHash, {
      body: { ...body, challenge: asked.challenge!.token, proof: sha256(Buffer.from('guess')) },
      as: thief,
    });
    expect(guess).toEqual({ exists: true, attachment: null, challenge: null });
    // a challenge edited to ask for other ranges, or another user's, is no challenge: a fresh one comes back
    const [payload, mac] = asked.challenge!.token.split('.');
    const edited = JSON.parse(Buffer.from(payload, 'base64url').toString());
    edited.r = [[0, 1]];
    const forged = `${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${mac}`;
    const again = await call(t, api.checkDocumentHash, { body: { ...body, challenge: forged, proof: sha256(big.file.subarray(0, 1)) }, as: thief });
    expect(again.attachment).toBeNull();
    expect(again.challenge!.token).not.toBe(asked.challenge!.token);
    const owners = await call(t, api.checkDocumentHash, { body, as: owner });
    const borrowed = await call(t, api.checkDocumentHash, {
      body: { ...body, challenge: owners.challenge!.token, proof: proofOf(big.file, owners.challenge!.ranges) },
      as: thief,
    });
    expect(borrowed.attachment).toBeNull();
    expect(await count()).toBe(before);
    // whoever holds the bytes answers and gets the file at once
    const holder = await makeUser(t);
    const c = await call(t, api.checkDocumentHash, { body, as: holder });
    const made = await call(t, api.checkDocumentHash, {
      body: { ...body, challenge: c.challenge!.token, proof: proofOf(big.file, c.challenge!.ranges) },
      as: holder,
    });
    expect(made.attachment).toMatchObject({ name: 'stolen.txt', size: big.file.length, user_id: holder.id });
    expect(await count()).toBe(before + 1);
  });
});

/**
 * Issue 25 finding 7: AI search (topic category 1) and document Q&A (category 2) quoted pages 14–20 of a priced
 * document whose preview is 12 pages, to a reader who never bought it, as snippets and in the model's prompt — with AI
 * off (the default) even without taking a question from the quota. Now retrieval quotes of a document the asker may
 * not download free only the pages readable online (those of the page images); answers from references only are
 * limited by the chat routes' per-account rate.
 */
describe('AI retrieval on paid documents', () => {
  const KEY = 'sk-leak-0123456789';
  const SECRET = '秘密配方是三勺槐花蜂蜜加一撮海盐';
  let llm: FakeLlm;
  let base: string;
  let paid: TestDocument;
  let reader: TestUser;
  const refsOf = (events: TChatStreamEvent[]) => events.flatMap((e) => (e.type === 'reference' ? e.references : []));
  const ask = async (u: TestUser, category: 1 | 2, content: string) => {
    const topic = await call(t, api.createChatTopic, { body: { category, document_id: category === 2 ? [paid.id] : undefined }, as: u });
    return streamChat(base, u, { topic_id: topic.id, content });
  };

  beforeAll(async () => {
    llm = await startFakeLlm({ apiKey: KEY });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // 20 pages; the converter's default preview is 12: pages 13–20 are for those who download it
    const pages = Array.from({ length: 20 }, (_, i) => `第${i + 1}页 目录条目${i + 1}`);
    pages[2] = '第3页 鲸鱼的心脏每分钟只跳动八次。';
    pages[14] = `第15页 ${SECRET}。`;
    paid = await makeDocument(t, { title: '付费的厨房秘笈', text: pages, price: 30, converted: true });
    expect(paid.doc).toMatchObject({ pages: 20, preview: 12 });
    await t.app.services.indexer.processPending();
    reader = await makeUser(t);
  });
  afterAll(async () => llm?.close());

  it('with AI off (keyword answers), a reader who may not download it free is quoted its preview pages only', async () => {
    for (const category of [1, 2] as const) {
      const secret = await ask(reader, category, '秘密配方是什么？槐花蜂蜜');
      expect(secret.status).toBe(200);
      const refs = refsOf(secret.events);
      expect(
        refs.filter((r) => r.uuid === paid.uuid && r.page > 12),
        `category ${category}`,
      ).toEqual([]);
      expect(JSON.stringify(secret.events)).not.toContain('槐花蜂蜜加');
      // the preview pages still answer
      const open = refsOf((await ask(reader, category, '鲸鱼的心脏每分钟跳动几次')).events);
      expect(open[0], `category ${category}`).toMatchObject({ uuid: paid.uuid, page: 3 });
    }
  });

  it('the owner, a reader who paid for a download and one who bought it through an order are quoted every page', async () => {
    const payer = await makeUser(t, { credits: 100 });
    await makeDownload(t, { document: paid, by: payer });
    const buyer = await makeUser(t);
    await t.database.db.transaction((tx) =>
      t.app.services.downloads.recordPurchase(tx, {
        buyerId: buyer.id,
        documentId: paid.id,
        sellerId: paid.owner.id,
        price: 30,
        title: paid.title,
        orderNo: `T${Date.now()}`,
      }),
    );
    for (const u of [paid.owner, payer, buyer])
      for (const category of [1, 2] as const) {
        const refs = refsOf((await ask(u, category, '秘密配方是什么？槐花蜂蜜')).events);
        expect(refs[0], `category ${category}`).toMatchObject({ uuid: paid.uuid, page: 15 });
      }
  });

  it('with a model, the prompt of a reader who may not download it carries none of its later pages', async () => {
    await setConfig(t, 'llm', { enable: true, provider: 'custom', base_url: llm.url, api_key: KEY, model: 'fake-chat', embedding_model: '' });
    try {
      llm.script({ answer: '资料里没有提到。' });
      const before = llm.requests.length;
      // a question both a preview page and a later page answer: the prompt quotes the preview page only
      const r = await ask(reader, 2, '鲸鱼的心脏和槐花蜂蜜');
      expect(r.status).toBe(200);
      const sent = JSON.stringify(llm.requests.slice(before).map((x) => x.body));
      expect(sent).toContain('《付费的厨房秘笈》第 3 页');
      expect(sent).not.toContain('槐花蜂蜜加');
    } finally {
      await setConfig(t, 'llm', { enable: false, model: '' });
    }
  });

  it('answers from references only (no model) are limited by rate, not by the daily quota', async () => {
    // they cost the site nothing (no vendor is asked): the per-account limit of the chat routes bounds them
    // (chat.test: "the routes' own limit … counts per account"), and a reader's questions to a model stay theirs
    await setConfig(t, 'llm', { daily_quota: 1 });
    try {
      const u = await makeUser(t);
      for (let i = 0; i < 3; i++) expect((await ask(u, 1, '鲸鱼的心脏')).status).toBe(200);
      expect(await call(t, api.getAiQuota, { as: u })).toMatchObject({ used_today: 0, remaining: 1 });
    } finally {
      await setConfig(t, 'llm', { daily_quota: 20 });
    }
  });
});
