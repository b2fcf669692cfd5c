import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuthResult, ZUser, ZPermission, ZGroup, api } from '@wenku/contracts';
import { createTestApp, ADMIN, type TestApp } from './helpers';
import { call } from './call';
import { makeUser, uniq } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('register and log in', () => {
  it('registers, awards the register credits through the ledger, and returns {user, token}', async () => {
    const res = await t.req({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: 'reader01', password: 'secret-123', email: 'reader01@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const body = ZAuthResult.parse(res.json());
    expect(body.user.username).toBe('reader01');
    expect(body.user.credit_count).toBe(10);
    expect(JSON.stringify(res.json())).not.toMatch(/argon2|password/);
    const ledger = await t.database.pool.query('SELECT delta, balance_after, reason FROM credit_ledger WHERE user_id = $1', [body.user.id]);
    expect(ledger.rows).toEqual([{ delta: 10, balance_after: 10, reason: 'register' }]);
    const me = await t.req({ method: 'GET', url: '/api/v1/user', token: body.token });
    expect(ZUser.parse(me.json()).email).toBe('reader01@example.com');
  });

  it('refuses a taken username regardless of case, and a taken email', async () => {
    const dup = await t.req({ method: 'POST', url: '/api/v1/user/register', payload: { username: 'READER01', password: 'secret-123' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('用户名已被注册');
    const email = await t.req({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: 'reader02', password: 'secret-123', email: 'Reader01@example.com' },
    });
    expect(email.statusCode).toBe(409);
  });

  it('validates username, password and email with readable messages', async () => {
    const short = await t.req({ method: 'POST', url: '/api/v1/user/register', payload: { username: 'ab', password: 'secret-123' } });
    expect(short.statusCode).toBe(400);
    const pw = await t.req({ method: 'POST', url: '/api/v1/user/register', payload: { username: 'abcdef', password: '123' } });
    expect(pw.json().message).toBe('密码至少8位');
    const mail = await t.req({ method: 'POST', url: '/api/v1/user/register', payload: { username: 'abcdef', password: 'secret-123', email: 'not-an-email' } });
    expect(mail.json().message).toBe('请输入正确的电子邮箱');
  });

  it('logs in by username or email; a wrong password is 401 without saying which part was wrong', async () => {
    const ok = await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'reader01', password: 'secret-123' } });
    expect(ok.statusCode).toBe(200);
    const byMail = await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'reader01@example.com', password: 'secret-123' } });
    expect(byMail.statusCode).toBe(200);
    const bad = await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'reader01', password: 'wrong-pass' } });
    expect(bad.statusCode).toBe(401);
    const nobody = await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'nobody-here', password: 'wrong-pass' } });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().message).toBe(bad.json().message);
  });

  it('logout revokes the token', async () => {
    const token = await t.login('reader01', 'secret-123');
    expect((await t.req({ method: 'GET', url: '/api/v1/user', token })).statusCode).toBe(200);
    expect((await t.req({ method: 'DELETE', url: '/api/v1/user/logout', token })).statusCode).toBe(200);
    const after = await t.req({ method: 'GET', url: '/api/v1/user', token });
    expect(after.statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: '/api/v1/user/permission', token })).statusCode).toBe(401);
  });

  it('a tampered token is refused', async () => {
    const token = await t.login('reader01', 'secret-123');
    // change one character in the middle of the signature: its last character carries bits a decoder may ignore, so
    // editing the end could leave the signature's bytes as they were (and the token valid)
    const sig = token.lastIndexOf('.') + 5;
    const tampered = token.slice(0, sig) + (token[sig] === 'A' ? 'B' : 'A') + token.slice(sig + 1);
    const res = await t.req({ method: 'GET', url: '/api/v1/user/permission', token: tampered });
    expect(res.statusCode).toBe(401);
  });

  it('locks an account for one address after repeated failures with 429 and Retry-After; the owner elsewhere still gets in', async () => {
    // this suite lifts the limits (helpers.createTestApp); put the product's per-account limit back
    await t.app.services.settings.update([{ category: 'security', name: 'login_limit_per_account', value: 5 }]);
    await t.register('locked_user', 'secret-123');
    const from = (ip: string, password: string) =>
      t.req({ method: 'POST', url: '/api/v1/user/login', headers: { 'x-forwarded-for': ip }, payload: { username: 'locked_user', password } });
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
    const token = await t.adminToken();
    const res = await t.req({ method: 'GET', url: '/api/v1/user/permission', token });
    const perms = res.json().permission.map((p: unknown) => ZPermission.parse(p));
    expect(perms.some((p: { path: string; method: string }) => p.method === 'GRPC' && p.path === '/api.v1.ConfigAPI/UpdateConfig')).toBe(true);
    const groups = await t.req({ method: 'GET', url: '/api/v1/user/group', token });
    expect(groups.json().group.map((g: unknown) => ZGroup.parse(g).title)).toContain('超级管理员');
  });

  it('an ordinary user holds no permission and belongs to the default group', async () => {
    const u = await t.register();
    const perms = await t.req({ method: 'GET', url: '/api/v1/user/permission', token: u.token });
    expect(perms.json().permission).toEqual([]);
    const groups = await t.req({ method: 'GET', url: '/api/v1/user/group', token: u.token });
    expect(groups.json().group.map((g: { title: string }) => g.title)).toEqual(['普通用户']);
  });

  it('user list is dual mode: public fields for visitors, everything for admins', async () => {
    const pub = await t.req({ method: 'GET', url: '/api/v1/user/list?size=100' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().user.every((u: { email?: string }) => u.email === undefined)).toBe(true);
    const adm = await t.req({ method: 'GET', url: '/api/v1/user/list?size=100&wd=reader', token: await t.adminToken() });
    expect(adm.json().user[0].email).toBe('reader01@example.com');
    const other = await t.req({ method: 'GET', url: '/api/v1/user?id=1' });
    expect(other.json().username).toBe(ADMIN.username);
    expect(other.json().email).toBeUndefined();
  });

  it('granting a group the list permission lets its members in', async () => {
    const u = await t.register();
    const before = await t.req({ method: 'GET', url: '/api/v1/friendlink/list', token: u.token });
    expect(before.statusCode).toBe(200);
    const denied = await t.req({ method: 'GET', url: '/api/v1/advertisement/list', token: u.token });
    expect(denied.statusCode).toBe(403);
    await t.database.pool.query(
      `INSERT INTO group_permissions (group_id, permission_id) SELECT 2, id FROM permissions WHERE method = 'GRPC' AND path = '/api.v1.AdvertisementAPI/ListAdvertisement'`,
    );
    // permission lookups are cached for 10 s per user: a fresh user sees the grant at once
    const fresh = await t.register();
    const allowed = await t.req({ method: 'GET', url: '/api/v1/advertisement/list', token: fresh.token });
    expect(allowed.statusCode).toBe(200);
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
    const admin = await t.adminToken();
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'security', name: 'login_required', value: true }] } });
    try {
      expect((await t.req({ method: 'GET', url: '/api/v1/category/list' })).statusCode).toBe(401);
      expect((await t.req({ method: 'GET', url: '/api/v1/settings' })).statusCode).toBe(200);
      const u = await t.register();
      expect((await t.req({ method: 'GET', url: '/api/v1/category/list', token: u.token })).statusCode).toBe(200);
    } finally {
      await t.req({
        method: 'PUT',
        url: '/api/v1/config',
        token: admin,
        payload: { config: [{ category: 'security', name: 'login_required', value: false }] },
      });
    }
  });

  it('is_close shuts out anonymous visitors and users without permissions, not admins', async () => {
    const admin = await t.adminToken();
    const u = await t.register();
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'security', name: 'is_close', value: true }] } });
    try {
      const anon = await t.req({ method: 'GET', url: '/api/v1/navigation/list' });
      expect(anon.statusCode).toBe(403);
      expect(anon.json().code).toBe('site_closed');
      expect((await t.req({ method: 'GET', url: '/api/v1/navigation/list', token: u.token })).statusCode).toBe(403);
      expect((await t.req({ method: 'GET', url: '/api/v1/navigation/list', token: admin })).statusCode).toBe(200);
      expect((await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: ADMIN.username, password: ADMIN.password } })).statusCode).toBe(
        200,
      );
    } finally {
      await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'security', name: 'is_close', value: false }] } });
    }
  });

  it('registration asks for the mailed code when email verification is on', async () => {
    const admin = await t.adminToken();
    await t.req({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: { config: [{ category: 'security', name: 'enable_verify_register_email', value: true }] },
    });
    try {
      const noMail = await t.req({ method: 'POST', url: '/api/v1/user/register', payload: { username: 'needs_mail', password: 'secret-123' } });
      expect(noMail.json().message).toBe('请输入电子邮箱');
      const noCode = await t.req({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { username: 'needs_mail', password: 'secret-123', email: 'needs@example.com' },
      });
      expect(noCode.json().message).toBe('请输入邮箱验证码');
      const wrong = await t.req({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { username: 'needs_mail', password: 'secret-123', email: 'needs@example.com', code: '000000' },
      });
      expect(wrong.statusCode).toBe(400);
    } finally {
      await t.req({
        method: 'PUT',
        url: '/api/v1/config',
        token: admin,
        payload: { config: [{ category: 'security', name: 'enable_verify_register_email', value: false }] },
      });
    }
  });

  it('closing registration refuses new accounts', async () => {
    const admin = await t.adminToken();
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'security', name: 'enable_register', value: false }] } });
    try {
      const res = await t.req({ method: 'POST', url: '/api/v1/user/register', payload: { username: 'late_comer', password: 'secret-123' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('网站已关闭注册');
    } finally {
      await t.req({
        method: 'PUT',
        url: '/api/v1/config',
        token: admin,
        payload: { config: [{ category: 'security', name: 'enable_register', value: true }] },
      });
    }
  });
});
