/**
 * Issue 11 §4 and §11 (activity): the public user list matched `wd` against email, mobile and real name, so a full
 * mobile number came out digit by digit; other users' activity feeds showed password changes and downloads. Now:
 * without the user-admin permission `wd` matches usernames only and the answer never carries contact or identity
 * details; an administrator holding `GET /user/list` can still search by them; others see only public activity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin, makeUser, type TestUser } from '../factories';
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
