import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RouteBody } from '@wenku/contracts';
import { createTestApp, ADMIN, type TestApp } from './helpers';
import { call, callError, callRaw, readAnswer, urlOf } from './call';
import { makeUser, uniq } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const registerError = (body: RouteBody<typeof api.register>) => callError(t, api.register, { body });
const loginError = (username: string, password: string) => callError(t, api.login, { body: { username, password } });
/** Sets one security switch. */
const setSecurity = (name: string, value: boolean) => call(t, api.updateConfig, { body: { config: [{ category: 'security', name, value }] }, as: 'admin' });

describe('register and log in', () => {
  it('registers, awards the register credits through the ledger, and returns {user, token}', async () => {
    const res = await callRaw(t, api.register, { body: { username: 'reader01', password: 'secret-123', email: 'reader01@example.com' } });
    expect(res.statusCode).toBe(200);
    // the wire body, before the contract drops unknown fields: no password hash leaks
    expect(res.body).not.toMatch(/argon2|password/);
    const body = readAnswer(api.register, urlOf(api.register), res);
    expect(body.user.username).toBe('reader01');
    expect(body.user.credit_count).toBe(10);
    const ledger = await t.database.pool.query('SELECT delta, balance_after, reason FROM credit_ledger WHERE user_id = $1', [body.user.id]);
    expect(ledger.rows).toEqual([{ delta: 10, balance_after: 10, reason: 'register' }]);
    const me = await call(t, api.getUser, { as: body.token });
    expect(me.email).toBe('reader01@example.com');
  });

  it('refuses a taken username regardless of case, and a taken email', async () => {
    const dup = await registerError({ username: 'READER01', password: 'secret-123' });
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('用户名已被注册');
    const email = await registerError({ username: 'reader02', password: 'secret-123', email: 'Reader01@example.com' });
    expect(email.status).toBe(409);
  });

  it('validates username, password and email with readable messages', async () => {
    const short = await registerError({ username: 'ab', password: 'secret-123' });
    expect(short.status).toBe(400);
    const pw = await registerError({ username: 'abcdef', password: '123' });
    expect(pw.message).toBe('密码至少8位');
    const mail = await registerError({ username: 'abcdef', password: 'secret-123', email: 'not-an-email' });
    expect(mail.message).toBe('请输入正确的电子邮箱');
  });

  it('logs in by username or email; a wrong password is 401 without saying which part was wrong', async () => {
    await call(t, api.login, { body: { username: 'reader01', password: 'secret-123' } });
    await call(t, api.login, { body: { username: 'reader01@example.com', password: 'secret-123' } });
    const bad = await loginError('reader01', 'wrong-pass');
    expect(bad.status).toBe(401);
    const nobody = await loginError('nobody-here', 'wrong-pass');
    expect(nobody.status).toBe(401);
    expect(nobody.message).toBe(bad.message);
  });

  it('logout revokes the token', async () => {
    const token = await t.login('reader01', 'secret-123');
    await call(t, api.getUser, { as: token });
    await call(t, api.logout, { as: token });
    const after = await callError(t, api.getUser, { as: token });
    expect(after.status).toBe(401);
    expect((await callError(t, api.getPermission, { as: token })).status).toBe(401);
  });

  it('a tampered token is refused', async () => {
    const token = await t.login('reader01', 'secret-123');
    // change one character in the middle of the signature: its last character carries bits a decoder may ignore, so
    // editing the end could leave the signature's bytes as they were (and the token valid)
    const sig = token.lastIndexOf('.') + 5;
    const tampered = token.slice(0, sig) + (token[sig] === 'A' ? 'B' : 'A') + token.slice(sig + 1);
    const res = await callError(t, api.getPermission, { as: tampered });
    expect(res.status).toBe(401);
  });

  it('locks an account for one address after repeated failures with 429 and Retry-After; the owner elsewhere still gets in', async () => {
    // this suite lifts the limits (helpers.createTestApp); put the product's per-account limit back
    await t.app.services.settings.update([{ category: 'security', name: 'login_limit_per_account', value: 5 }]);
    await t.register('locked_user', 'secret-123');
    const from = (ip: string, password: string) => callRaw(t, api.login, { headers: { 'x-forwarded-for': ip }, body: { username: 'locked_user', password } });
    let last;
    for (let i = 0; i < 6; i++) last = await from('10.9.9.9', 'nope-nope');
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.9.9.9', 'secret-123')).statusCode).toBe(429);
    expect((await from('10.8.8.8', 'secret-123')).statusCode).toBe(200);
    await t.app.services.settings.update([{ category: 'security', name: 'login_limit_per_account', value: 100_000 }]);
  });
});

describe('permissions and groups', () => {
  it('the first administrator holds every permission entry and sees admin fields', async () => {
    const perms = (await call(t, api.getPermission, { as: 'admin' })).permission;
    expect(perms.some((p) => p.method === 'GRPC' && p.path === '/api.v1.ConfigAPI/UpdateConfig')).toBe(true);
    const groups = (await call(t, api.getGroup, { as: 'admin' })).group;
    expect(groups.map((g) => g.title)).toContain('超级管理员');
  });

  it('an ordinary user holds no permission and belongs to the default group', async () => {
    const u = await t.register();
    expect((await call(t, api.getPermission, { as: u })).permission).toEqual([]);
    const groups = (await call(t, api.getGroup, { as: u })).group;
    expect(groups.map((g) => g.title)).toEqual(['普通用户']);
  });

  it('user list is dual mode: public fields for visitors, everything for admins', async () => {
    const pub = await call(t, api.listUsers, { query: { size: 100 } });
    expect(pub.user.every((u) => u.email === undefined)).toBe(true);
    const adm = await call(t, api.listUsers, { query: { size: 100, wd: 'reader' }, as: 'admin' });
    expect(adm.user[0]?.email).toBe('reader01@example.com');
    const other = await call(t, api.getUser, { query: { id: 1 } });
    expect(other.username).toBe(ADMIN.username);
    expect(other.email).toBeUndefined();
  });

  it('granting a group the list permission lets its members in', async () => {
    const u = await t.register();
    await call(t, api.listFriendlinks, { as: u });
    const denied = await callError(t, api.listAdvertisements, { as: u });
    expect(denied.status).toBe(403);
    await t.database.pool.query(
      `INSERT INTO group_permissions (group_id, permission_id) SELECT 2, id FROM permissions WHERE method = 'GRPC' AND path = '/api.v1.AdvertisementAPI/ListAdvertisement'`,
    );
    // permission lookups are cached for 10 s per user: a fresh user sees the grant at once
    const fresh = await t.register();
    await call(t, api.listAdvertisements, { as: fresh });
    await t.database.pool.query(`DELETE FROM group_permissions WHERE group_id = 2`);
  });
});

describe('group membership has one owner', () => {
  it("a group's member count follows every way in and out: registration, the administrator's edits, deletion", async () => {
    const members = async (id: number) => (await t.app.services.users.allGroups()).find((g) => g.id === id)?.user_count;
    const a = await call(t, api.createGroup, { as: 'admin', body: { title: `组_${uniq()}` } });
    const b = await call(t, api.createGroup, { as: 'admin', body: { title: `组_${uniq()}` } });
    const defaultBefore = await members(2);
    const u = await makeUser(t);
    expect(await members(2)).toBe((defaultBefore ?? 0) + 1); // the default group, on registration
    await call(t, api.setUser, { as: 'admin', body: { id: u.id, group_id: [a.id] } });
    expect([await members(a.id), await members(b.id), await members(2)]).toEqual([1, 0, defaultBefore]);
    await call(t, api.setUser, { as: 'admin', body: { id: u.id, group_id: [b.id] } });
    expect([await members(a.id), await members(b.id)]).toEqual([0, 1]);
    const v = await call(t, api.createUser, {
      as: 'admin',
      body: { username: `u_${uniq()}`, password: 'Secret-123x', email: '', mobile: '', group_id: [b.id] },
    });
    expect(await members(b.id)).toBe(2);
    await call(t, api.deleteUser, { as: 'admin', query: { id: [u.id, v.id], password: ADMIN.password } });
    expect(await members(b.id)).toBe(0);
  });
});

describe('site switches are enforced by the API', () => {
  it('login_required blocks anonymous reads but not login', async () => {
    await setSecurity('login_required', true);
    try {
      expect((await callError(t, api.listCategories)).status).toBe(401);
      await call(t, api.getSettings);
      const u = await t.register();
      await call(t, api.listCategories, { as: u });
    } finally {
      await setSecurity('login_required', false);
    }
  });

  it('is_close shuts out anonymous visitors and users without permissions, not admins', async () => {
    const u = await t.register();
    await setSecurity('is_close', true);
    try {
      const anon = await callError(t, api.listNavigations);
      expect(anon.status).toBe(403);
      expect(anon.code).toBe('site_closed');
      expect((await callError(t, api.listNavigations, { as: u })).status).toBe(403);
      await call(t, api.listNavigations, { as: 'admin' });
      await call(t, api.login, { body: { username: ADMIN.username, password: ADMIN.password } });
    } finally {
      await setSecurity('is_close', false);
    }
  });

  it('registration asks for the mailed code when email verification is on', async () => {
    await setSecurity('enable_verify_register_email', true);
    try {
      const noMail = await registerError({ username: 'needs_mail', password: 'secret-123' });
      expect(noMail.message).toBe('请输入电子邮箱');
      const noCode = await registerError({ username: 'needs_mail', password: 'secret-123', email: 'needs@example.com' });
      expect(noCode.message).toBe('请输入邮箱验证码');
      const wrong = await registerError({ username: 'needs_mail', password: 'secret-123', email: 'needs@example.com', code: '000000' });
      expect(wrong.status).toBe(400);
    } finally {
      await setSecurity('enable_verify_register_email', false);
    }
  });

  it('closing registration refuses new accounts', async () => {
    await setSecurity('enable_register', false);
    try {
      const res = await registerError({ username: 'late_comer', password: 'secret-123' });
      expect(res.status).toBe(403);
      expect(res.message).toBe('网站已关闭注册');
    } finally {
      await setSecurity('enable_register', true);
    }
  });
});
