/**
 * Issue 11 §4 and §11 (activity): the public user list matched `wd` against email, mobile and real name, so a full
 * mobile number came out digit by digit; other users' activity feeds showed password changes and downloads. Now:
 * without the user-admin permission `wd` matches usernames only and the answer never carries contact or identity
 * details; an administrator holding `GET /user/list` can still search by them; others see only public activity.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentStatus, TargetType, api } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { call, callError } from '../call';
import { makeAdmin, makeDocument, makeUser, uniq, type TestDocument, type TestUser } from '../factories';
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
  }, 120_000);

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
