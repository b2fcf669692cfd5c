import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, PunishmentType, VipCard, signInSuccessMessage } from '@wenku/contracts';
import { createTestApp, ADMIN, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';
import { hashAnswer } from '../src/modules/account/captcha.service';
import { dayNumber } from '../src/lib/time';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setConfig = (category: string, name: string, value: string | number | boolean) =>
  call(t, api.updateConfig, { body: { config: [{ category, name, value }] }, as: 'admin' });

/** The time of a user's VIP expiry, in milliseconds. */
const expiryOf = (user: { vip_expire_at?: string | null }) => new Date(user.vip_expire_at ?? NaN).getTime();

describe('profile', () => {
  it('updates the profile with the spec messages; email and mobile lock once set', async () => {
    const u = await t.register();
    const empty = await callError(t, api.updateProfile, { body: { username: '' }, as: u });
    expect(empty.message).toBe('请输入您的登录用户名');
    const badMail = await callError(t, api.updateProfile, { body: { email: 'nope' }, as: u });
    expect(badMail.message).toBe('请输入正确的电子邮箱');
    const ok = await call(t, api.updateProfile, {
      body: { realname: '张三', signature: '爱读书', email: `${u.username}@example.com`, address: '北京' },
      as: u,
    });
    expect(ok).toMatchObject({ realname: '张三', signature: '爱读书', address: '北京' });
    const relock = await callError(t, api.updateProfile, { body: { email: 'other@example.com' }, as: u });
    expect(relock.status).toBe(400);
    expect(relock.message).toBe('邮箱已设置，不能修改');
    const other = await t.register();
    const foreign = await callError(t, api.updateProfile, { body: { id: u.id, realname: 'x' }, as: other });
    expect(foreign.status).toBe(403);
    const byAdmin = await call(t, api.updateProfile, { body: { id: u.id, email: 'fixed@example.com' }, as: 'admin' });
    expect(byAdmin.email).toBe('fixed@example.com');
  });
});

describe('password', () => {
  it('changes the password, voids other tokens and hands back a working one', async () => {
    const u = await t.register(undefined, 'first-pass');
    const other = await t.login(u.username, 'first-pass');
    const wrongOld = await callError(t, api.updatePassword, { body: { old_password: 'nope-nope', new_password: 'second-pass' }, as: u });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.message).toBe('原密码不正确');
    const res = await call(t, api.updatePassword, { body: { old_password: 'first-pass', new_password: 'second-pass' }, as: u });
    const fresh = res.token;
    expect((await callError(t, api.getUser, { as: other })).status).toBe(401);
    expect((await callError(t, api.getUser, { as: u })).status).toBe(401);
    expect((await call(t, api.getUser, { as: fresh })).id).toBe(u.id);
    await expect(t.login(u.username, 'first-pass')).rejects.toThrow();
    expect(await t.login(u.username, 'second-pass')).toBeTruthy();
  });
});

describe('daily sign-in', () => {
  it('awards once per day with the spec message, and says so afterwards', async () => {
    const u = await t.register();
    expect(await call(t, api.getTodaySign, { as: u })).toEqual({ sign: null });
    const sign = await call(t, api.signToday, { as: u });
    expect(sign.award).toBe(1);
    expect(sign.credit_count).toBe(11);
    expect(sign.sign_at).toBe(dayNumber(new Date(), 'Asia/Shanghai'));
    const again = await callError(t, api.signToday, { as: u });
    expect(again.status).toBe(409);
    expect(again.message).toBe('今日已签到');
    expect((await call(t, api.getTodaySign, { as: u })).sign?.id).toBe(sign.id);
    const feed = await call(t, api.listDynamics, { as: u });
    expect(feed.dynamic[0]?.content).toBe(signInSuccessMessage(1, '积分'));
    const log = await call(t, api.listCreditLogs, { as: u });
    expect(log.log.map((l) => l.reason)).toEqual(['sign_in', 'register']);
  });

  it('100 parallel sign-ins award exactly once', async () => {
    const u = await t.register();
    const results = await Promise.all(Array.from({ length: 100 }, () => callRaw(t, api.signToday, { as: u })));
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
    const loginCaptcha = () => call(t, api.getCaptcha, { query: { type: 'login' } });
    const login = (body: { captcha_id?: string; captcha?: string }) =>
      callRaw(t, api.login, { body: { username: ADMIN.username, password: ADMIN.password, ...body } });
    const loginError = (body: { captcha_id?: string; captcha?: string }) =>
      callError(t, api.login, { body: { username: ADMIN.username, password: ADMIN.password, ...body } });
    expect((await loginCaptcha()).enable).toBe(false);
    await setConfig('security', 'enable_captcha_login', true);
    try {
      const c = await loginCaptcha();
      expect(c.enable).toBe(true);
      expect(c.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(c.captcha.split(',')[1] ?? '', 'base64').toString()).not.toMatch(/<text/);
      expect((await loginError({})).message).toBe('请输入验证码');
      expect((await loginError({ captcha_id: c.id, captcha: 'zzzz' })).message).toBe('验证码错误或已过期');
      // a captcha we know the answer to
      const id = crypto.randomUUID();
      await t.database.pool.query(`INSERT INTO captchas (id, answer_hash, type, expires_at) VALUES ($1, $2, 'login', now() + interval '5 minutes')`, [
        id,
        hashAnswer(id, '4821'),
      ]);
      expect((await login({ captcha_id: id, captcha: '4821' })).statusCode).toBe(200);
      expect((await loginError({ captcha_id: id, captcha: '4821' })).status).toBe(400);
    } finally {
      await setConfig('security', 'enable_captcha_login', false);
    }
  });
});

describe('punishments', () => {
  it('a disabled account cannot log in; no-upload blocks uploads until cancelled', async () => {
    const u = await t.register(undefined, 'secret-123');
    await call(t, api.canUploadDocument, { as: u });
    await call(t, api.createPunishment, { body: { user_id: [u.id], type: [PunishmentType.NoUpload], reason: '上传违规内容' }, as: 'admin' });
    const blocked = await callError(t, api.canUploadDocument, { as: u });
    expect(blocked.status).toBe(403);
    expect(blocked.message).toBe('您已被禁止上传文档');
    const list = await call(t, api.listPunishments, { query: { user_id: [u.id] }, as: 'admin' });
    const p = list.punishment[0]!;
    expect(p.username).toBe(u.username);
    await call(t, api.cancelPunishment, { body: { id: [p.id] }, as: 'admin' });
    await call(t, api.canUploadDocument, { as: u });

    await call(t, api.createPunishment, {
      body: { user_id: [u.id], type: [PunishmentType.DisableAccount], end_time: new Date(Date.now() + 86400_000).toISOString() },
      as: 'admin',
    });
    const login = await callError(t, api.login, { body: { username: u.username, password: 'secret-123' } });
    expect(login.status).toBe(403);
    expect(login.message).toBe('您的账号已被禁用');
    const expired = await callError(t, api.createPunishment, { body: { user_id: [1], type: [PunishmentType.NoComment] }, as: 'admin' });
    expect(expired.status).toBe(400);
  });
});

describe('VIP', () => {
  it('the admin grants and extends VIP; the user sees it and gets no ads', async () => {
    const u = await t.register();
    const info = await call(t, api.getVip, { as: u });
    expect(info.is_vip).toBe(false);
    expect(info.cards.map((c) => c.days)).toEqual([365, 92, 31]);
    const granted = await call(t, api.grantVip, { body: { user_id: u.id, card: VipCard.Month }, as: 'admin' });
    const first = expiryOf(granted);
    expect(first - Date.now()).toBeGreaterThan(30 * 86400_000);
    const extended = await call(t, api.grantVip, { body: { user_id: u.id, days: 10 }, as: 'admin' });
    expect(expiryOf(extended) - first).toBe(10 * 86400_000);
    expect((await call(t, api.getUser, { as: u })).is_vip).toBe(true);
    await call(t, api.createAdvertisement, { body: { position: 'global_top', title: 'ad', content: 'x' }, as: 'admin' });
    expect((await call(t, api.getAdvertisementsByPosition, { query: { group: 'global' }, as: u })).advertisement).toEqual([]);
    expect((await call(t, api.getAdvertisementsByPosition, { query: { group: 'global' } })).advertisement.length).toBe(1);
    const list = await call(t, api.listVipUsers, { as: 'admin' });
    expect(list.user.map((x) => x.id)).toContain(u.id);
    const revoked = await call(t, api.grantVip, { body: { user_id: u.id, expire_at: null }, as: 'admin' });
    expect(revoked.is_vip).toBe(false);
    const bad = await callError(t, api.grantVip, { body: { user_id: u.id }, as: 'admin' });
    expect(bad.status).toBe(400);
  });
});

describe('AI quota', () => {
  it('reads the site default and stores per-user overrides', async () => {
    const u = await t.register();
    const q = await call(t, api.getAiQuota, { as: u });
    expect(q).toMatchObject({ user_id: u.id, daily_limit: 20, used_today: 0, extra: 0 });
    const set = await call(t, api.setAiQuota, { body: { user_id: u.id, daily_limit: 5, extra: 100 }, as: 'admin' });
    expect(set).toMatchObject({ daily_limit: 5, extra: 100 });
    expect((await callError(t, api.setAiQuota, { body: { user_id: u.id, daily_limit: 999 }, as: u })).status).toBe(403);
  });
});

describe('admin: users, groups, permissions', () => {
  it('creates, edits and deletes users; deletion needs the admin password; user 1 stays', async () => {
    const created = await call(t, api.createUser, { body: { username: 'made_by_admin', password: 'secret-123', group_id: [2] }, as: 'admin' });
    const id = created.id;
    const set = await call(t, api.setUser, { body: { id, email: 'made@example.com', group_id: [1, 2] }, as: 'admin' });
    expect(set.group_id?.sort()).toEqual([1, 2]);
    expect((await callError(t, api.deleteUser, { query: { id, password: 'wrong' }, as: 'admin' })).message).toBe('密码不正确，无法删除');
    expect((await callError(t, api.deleteUser, { query: { id: 1, password: ADMIN.password }, as: 'admin' })).status).toBe(403);
    await call(t, api.deleteUser, { query: { id, password: ADMIN.password }, as: 'admin' });
    expect((await callError(t, api.getUser, { query: { id }, as: 'admin' })).status).toBe(404);
  });

  it('a new group granted a module list permission opens those admin routes to its members', async () => {
    const g = await call(t, api.createGroup, { body: { title: '编辑', enable_upload: true }, as: 'admin' });
    expect((await callError(t, api.createGroup, { body: { title: '编辑' }, as: 'admin' })).status).toBe(409);
    const perms = (await call(t, api.listPermissions, { as: 'admin' })).permission;
    // moredoc's model: the friendlink operations are the FriendlinkAPI service's GRPC entries
    const wanted = perms.filter((p) => p.method === 'GRPC' && p.path.startsWith('/api.v1.FriendlinkAPI/')).map((p) => p.id);
    expect(wanted.length).toBe(5);
    await call(t, api.setGroupPermission, { body: { group_id: g.id, permission_id: wanted }, as: 'admin' });
    expect((await call(t, api.getGroupPermission, { query: { id: g.id }, as: 'admin' })).permission_id.sort()).toEqual(wanted.sort());
    const u = await t.register();
    const friendlink = { title: 'x', link: 'https://x.example.com' };
    expect((await callError(t, api.createFriendlink, { body: friendlink, as: u })).status).toBe(403);
    await call(t, api.setUser, { body: { id: u.id, group_id: [2, g.id] }, as: 'admin' });
    const fresh = await t.login(u.username, 'secret-123');
    await call(t, api.createFriendlink, { body: friendlink, as: fresh });
    const myPerms = (await call(t, api.getPermission, { as: fresh })).permission;
    expect(myPerms.length).toBe(wanted.length);
    expect((await callError(t, api.deleteGroup, { query: { id: g.id }, as: 'admin' })).status).toBe(400);
    expect((await callError(t, api.deleteGroup, { query: { id: 1 }, as: 'admin' })).status).toBe(403);
    const renamed = await call(t, api.updatePermission, { body: { id: wanted[0]!, title: '新标题' }, as: 'admin' });
    expect(renamed.title).toBe('新标题');
  });
});
