import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUser, ZSignResult, ZVipInfo, ZPunishment, ZGroup, signInSuccessMessage } from '@wenku/contracts';
import { createTestApp, ADMIN, type TestApp } from './helpers';
import { hashAnswer } from '../src/modules/account/captcha.service';
import { dayNumber } from '../src/lib/time';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const setConfig = (category: string, name: string, value: unknown) =>
  t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category, name, value }] } });

describe('profile', () => {
  it('updates the profile with the spec messages; email and mobile lock once set', async () => {
    const u = await t.register();
    const empty = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: u.token, payload: { username: '' } });
    expect(empty.json().message).toBe('请输入您的登录用户名');
    const badMail = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: u.token, payload: { email: 'nope' } });
    expect(badMail.json().message).toBe('请输入正确的电子邮箱');
    const ok = await t.req({
      method: 'PUT',
      url: '/api/v1/user/profile',
      token: u.token,
      payload: { realname: '张三', signature: '爱读书', email: `${u.username}@example.com`, address: '北京' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ZUser.parse(ok.json())).toMatchObject({ realname: '张三', signature: '爱读书', address: '北京' });
    const relock = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: u.token, payload: { email: 'other@example.com' } });
    expect(relock.statusCode).toBe(400);
    expect(relock.json().message).toBe('邮箱已设置，不能修改');
    const other = await t.register();
    const foreign = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: other.token, payload: { id: u.id, realname: 'x' } });
    expect(foreign.statusCode).toBe(403);
    const byAdmin = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: admin, payload: { id: u.id, email: 'fixed@example.com' } });
    expect(byAdmin.json().email).toBe('fixed@example.com');
  });
});

describe('password', () => {
  it('changes the password, voids other tokens and hands back a working one', async () => {
    const u = await t.register(undefined, 'first-pass');
    const other = await t.login(u.username, 'first-pass');
    const wrongOld = await t.req({
      method: 'PUT',
      url: '/api/v1/user/password',
      token: u.token,
      payload: { old_password: 'nope-nope', new_password: 'second-pass' },
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().message).toBe('原密码不正确');
    const res = await t.req({
      method: 'PUT',
      url: '/api/v1/user/password',
      token: u.token,
      payload: { old_password: 'first-pass', new_password: 'second-pass' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect((await t.req({ method: 'GET', url: '/api/v1/user', token: other })).statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: '/api/v1/user', token: u.token })).statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: '/api/v1/user', token: fresh })).statusCode).toBe(200);
    await expect(t.login(u.username, 'first-pass')).rejects.toThrow();
    expect(await t.login(u.username, 'second-pass')).toBeTruthy();
  });
});

describe('daily sign-in', () => {
  it('awards once per day with the spec message, and says so afterwards', async () => {
    const u = await t.register();
    expect((await t.req({ method: 'GET', url: '/api/v1/user/sign', token: u.token })).json()).toEqual({ sign: null });
    const res = await t.req({ method: 'PUT', url: '/api/v1/user/sign', token: u.token });
    expect(res.statusCode).toBe(200);
    const sign = ZSignResult.parse(res.json());
    expect(sign.award).toBe(1);
    expect(sign.credit_count).toBe(11);
    expect(sign.sign_at).toBe(dayNumber(new Date(), 'Asia/Shanghai'));
    const again = await t.req({ method: 'PUT', url: '/api/v1/user/sign', token: u.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('今日已签到');
    expect((await t.req({ method: 'GET', url: '/api/v1/user/sign', token: u.token })).json().sign.id).toBe(sign.id);
    const feed = (await t.req({ method: 'GET', url: '/api/v1/user/dynamic', token: u.token })).json();
    expect(feed.dynamic[0].content).toBe(signInSuccessMessage(1, '积分'));
    const log = (await t.req({ method: 'GET', url: '/api/v1/user/credit/log', token: u.token })).json();
    expect(log.log.map((l: { reason: string }) => l.reason)).toEqual(['sign_in', 'register']);
  });

  it('100 parallel sign-ins award exactly once', async () => {
    const u = await t.register();
    const results = await Promise.all(Array.from({ length: 100 }, () => t.req({ method: 'PUT', url: '/api/v1/user/sign', token: u.token })));
    expect(results.filter((r) => r.statusCode === 200).length).toBe(1);
    expect(results.filter((r) => r.statusCode === 409).length).toBe(99);
    const bal = (await t.database.pool.query('SELECT credit_count FROM users WHERE id = $1', [u.id])).rows[0].credit_count;
    const sum = (await t.database.pool.query('SELECT sum(delta)::int AS s FROM credit_ledger WHERE user_id = $1', [u.id])).rows[0].s;
    expect(bal).toBe(11);
    expect(sum).toBe(bal);
  });

  it('computes the calendar day in the site time zone', () => {
    const at = new Date('2026-01-01T17:30:00Z'); // 01:30 on Jan 2 in Shanghai
    expect(dayNumber(at, 'Asia/Shanghai')).toBe(20260102);
    expect(dayNumber(at, 'UTC')).toBe(20260101);
  });
});

describe('captcha', () => {
  it('is required when switched on, single use, and checked', async () => {
    const off = (await t.req({ method: 'GET', url: '/api/v1/user/captcha?type=login' })).json();
    expect(off.enable).toBe(false);
    await setConfig('security', 'enable_captcha_login', true);
    try {
      const c = (await t.req({ method: 'GET', url: '/api/v1/user/captcha?type=login' })).json();
      expect(c.enable).toBe(true);
      expect(c.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(c.captcha.split(',')[1], 'base64').toString()).not.toMatch(/<text/);
      const missing = await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: ADMIN.username, password: ADMIN.password } });
      expect(missing.json().message).toBe('请输入验证码');
      const wrong = await t.req({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: ADMIN.username, password: ADMIN.password, captcha_id: c.id, captcha: 'zzzz' },
      });
      expect(wrong.json().message).toBe('验证码错误或已过期');
      // a captcha we know the answer to
      const id = crypto.randomUUID();
      await t.database.pool.query(`INSERT INTO captchas (id, answer_hash, type, expires_at) VALUES ($1, $2, 'login', now() + interval '5 minutes')`, [
        id,
        hashAnswer(id, '4821'),
      ]);
      const right = await t.req({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: ADMIN.username, password: ADMIN.password, captcha_id: id, captcha: '4821' },
      });
      expect(right.statusCode).toBe(200);
      const reused = await t.req({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: ADMIN.username, password: ADMIN.password, captcha_id: id, captcha: '4821' },
      });
      expect(reused.statusCode).toBe(400);
    } finally {
      await setConfig('security', 'enable_captcha_login', false);
    }
  });
});

describe('punishments', () => {
  it('a disabled account cannot log in; no-upload blocks uploads until cancelled', async () => {
    const u = await t.register(undefined, 'secret-123');
    expect((await t.req({ method: 'GET', url: '/api/v1/user/caniuploaddocument', token: u.token })).statusCode).toBe(200);
    const created = await t.req({ method: 'POST', url: '/api/v1/punishment', token: admin, payload: { user_id: [u.id], type: [3], reason: '上传违规内容' } });
    expect(created.statusCode).toBe(200);
    const blocked = await t.req({ method: 'GET', url: '/api/v1/user/caniuploaddocument', token: u.token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('您已被禁止上传文档');
    const list = (await t.req({ method: 'GET', url: `/api/v1/punishment/list?user_id=${u.id}`, token: admin })).json();
    const p = ZPunishment.parse(list.punishment[0]);
    expect(p.username).toBe(u.username);
    await t.req({ method: 'PUT', url: '/api/v1/punishment/cancel', token: admin, payload: { id: [p.id] } });
    expect((await t.req({ method: 'GET', url: '/api/v1/user/caniuploaddocument', token: u.token })).statusCode).toBe(200);

    await t.req({
      method: 'POST',
      url: '/api/v1/punishment',
      token: admin,
      payload: { user_id: [u.id], type: [1], end_time: new Date(Date.now() + 86400_000).toISOString() },
    });
    const login = await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: u.username, password: 'secret-123' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('您的账号已被禁用');
    const expired = await t.req({ method: 'POST', url: '/api/v1/punishment', token: admin, payload: { user_id: [1], type: [2] } });
    expect(expired.statusCode).toBe(400);
  });
});

describe('VIP', () => {
  it('the admin grants and extends VIP; the user sees it and gets no ads', async () => {
    const u = await t.register();
    const info = ZVipInfo.parse((await t.req({ method: 'GET', url: '/api/v1/user/vip', token: u.token })).json());
    expect(info.is_vip).toBe(false);
    expect(info.cards.map((c) => c.days)).toEqual([365, 92, 31]);
    const granted = await t.req({ method: 'PUT', url: '/api/v1/vip/grant', token: admin, payload: { user_id: u.id, card: 2 } });
    expect(granted.statusCode).toBe(200);
    const first = new Date(granted.json().vip_expire_at).getTime();
    expect(first - Date.now()).toBeGreaterThan(30 * 86400_000);
    const extended = (await t.req({ method: 'PUT', url: '/api/v1/vip/grant', token: admin, payload: { user_id: u.id, days: 10 } })).json();
    expect(new Date(extended.vip_expire_at).getTime() - first).toBe(10 * 86400_000);
    expect((await t.req({ method: 'GET', url: '/api/v1/user', token: u.token })).json().is_vip).toBe(true);
    await t.req({ method: 'POST', url: '/api/v1/advertisement', token: admin, payload: { position: 'global_top', title: 'ad', content: 'x' } });
    expect((await t.req({ method: 'GET', url: '/api/v1/advertisement/position?group=global', token: u.token })).json().advertisement).toEqual([]);
    expect((await t.req({ method: 'GET', url: '/api/v1/advertisement/position?group=global' })).json().advertisement.length).toBe(1);
    const list = (await t.req({ method: 'GET', url: '/api/v1/vip/list', token: admin })).json();
    expect(list.user.map((x: { id: number }) => x.id)).toContain(u.id);
    const revoked = (await t.req({ method: 'PUT', url: '/api/v1/vip/grant', token: admin, payload: { user_id: u.id, expire_at: null } })).json();
    expect(revoked.is_vip).toBe(false);
    const bad = await t.req({ method: 'PUT', url: '/api/v1/vip/grant', token: admin, payload: { user_id: u.id } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('AI quota', () => {
  it('reads the site default and stores per-user overrides', async () => {
    const u = await t.register();
    const q = (await t.req({ method: 'GET', url: '/api/v1/user/ai/quota', token: u.token })).json();
    expect(q).toMatchObject({ user_id: u.id, daily_limit: 20, used_today: 0, extra: 0 });
    const set = (await t.req({ method: 'POST', url: '/api/v1/user/ai/quota', token: admin, payload: { user_id: u.id, daily_limit: 5, extra: 100 } })).json();
    expect(set).toMatchObject({ daily_limit: 5, extra: 100 });
    expect((await t.req({ method: 'POST', url: '/api/v1/user/ai/quota', token: u.token, payload: { user_id: u.id, daily_limit: 999 } })).statusCode).toBe(403);
  });
});

describe('admin: users, groups, permissions', () => {
  it('creates, edits and deletes users; deletion needs the admin password; user 1 stays', async () => {
    const created = await t.req({
      method: 'POST',
      url: '/api/v1/user',
      token: admin,
      payload: { username: 'made_by_admin', password: 'secret-123', group_id: [2] },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    const set = await t.req({ method: 'PUT', url: '/api/v1/user', token: admin, payload: { id, email: 'made@example.com', group_id: [1, 2] } });
    expect(set.json().group_id.sort()).toEqual([1, 2]);
    expect((await t.req({ method: 'DELETE', url: `/api/v1/user?id=${id}&password=wrong`, token: admin })).json().message).toBe('密码不正确，无法删除');
    expect((await t.req({ method: 'DELETE', url: `/api/v1/user?id=1&password=${ADMIN.password}`, token: admin })).statusCode).toBe(403);
    const del = await t.req({ method: 'DELETE', url: `/api/v1/user?id=${id}&password=${ADMIN.password}`, token: admin });
    expect(del.statusCode).toBe(200);
    expect((await t.req({ method: 'GET', url: `/api/v1/user?id=${id}`, token: admin })).statusCode).toBe(404);
  });

  it('a new group granted a module list permission opens those admin routes to its members', async () => {
    const g = ZGroup.parse((await t.req({ method: 'POST', url: '/api/v1/group', token: admin, payload: { title: '编辑', enable_upload: true } })).json());
    expect((await t.req({ method: 'POST', url: '/api/v1/group', token: admin, payload: { title: '编辑' } })).statusCode).toBe(409);
    const perms = (await t.req({ method: 'GET', url: '/api/v1/permission/list', token: admin })).json().permission as {
      id: number;
      method: string;
      path: string;
    }[];
    // moredoc's model: the friendlink operations are the FriendlinkAPI service's GRPC entries
    const wanted = perms.filter((p) => p.method === 'GRPC' && p.path.startsWith('/api.v1.FriendlinkAPI/')).map((p) => p.id);
    expect(wanted.length).toBe(5);
    expect((await t.req({ method: 'PUT', url: '/api/v1/group/permission', token: admin, payload: { group_id: g.id, permission_id: wanted } })).statusCode).toBe(
      200,
    );
    expect((await t.req({ method: 'GET', url: `/api/v1/group/permission?id=${g.id}`, token: admin })).json().permission_id.sort()).toEqual(wanted.sort());
    const u = await t.register();
    expect(
      (await t.req({ method: 'POST', url: '/api/v1/friendlink', token: u.token, payload: { title: 'x', link: 'https://x.example.com' } })).statusCode,
    ).toBe(403);
    await t.req({ method: 'PUT', url: '/api/v1/user', token: admin, payload: { id: u.id, group_id: [2, g.id] } });
    const fresh = await t.login(u.username, 'secret-123');
    expect((await t.req({ method: 'POST', url: '/api/v1/friendlink', token: fresh, payload: { title: 'x', link: 'https://x.example.com' } })).statusCode).toBe(
      200,
    );
    const myPerms = (await t.req({ method: 'GET', url: '/api/v1/user/permission', token: fresh })).json().permission;
    expect(myPerms.length).toBe(wanted.length);
    expect((await t.req({ method: 'DELETE', url: `/api/v1/group?id=${g.id}`, token: admin })).statusCode).toBe(400);
    expect((await t.req({ method: 'DELETE', url: '/api/v1/group?id=1', token: admin })).statusCode).toBe(403);
    const renamed = await t.req({ method: 'PUT', url: '/api/v1/permission', token: admin, payload: { id: wanted[0], title: '新标题' } });
    expect(renamed.json().title).toBe('新标题');
  });
});
