import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, type RouteBody, type RouteQuery } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';
import { startFakeSmsGateway, type FakeSmsGateway } from './fakes/sms-gateway';
import { clientIp, setConfig } from './fakes/util';

const ACCOUNT = { accessKey: 'AK-wenku-1', secretKey: 'sk-wenku-secret-1', sdkAppId: '1400006666', templates: ['TPL_CODE'] };
let t: TestApp;
let gw: FakeSmsGateway;

beforeAll(async () => {
  gw = await startFakeSmsGateway(ACCOUNT);
  t = await createTestApp();
  await setConfig(t, 'security', { enable_captcha_find_password: false, enable_captcha_register: false, enable_captcha_login: false });
  await setConfig(t, 'sms', {
    enable: false,
    provider: 'aliyun',
    access_key: ACCOUNT.accessKey,
    secret_key: ACCOUNT.secretKey,
    sign_name: '文库',
    template_code: 'TPL_CODE',
    sdk_app_id: ACCOUNT.sdkAppId,
    endpoint: gw.url,
    resend_interval: 60,
    code_duration: 5,
    limit_per_mobile: 10,
    limit_per_ip: 20,
  });
});
afterAll(async () => {
  await t?.close();
  await gw?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type SmsBody = RouteBody<typeof api.sendSmsCode>;
/** the visitor's forms by mobile, each from a client address of its own; the answer as it is, whatever its status */
const sendCode = (mobile: string, purpose: SmsBody['purpose'], headers: Record<string, string> = clientIp()) =>
  callRaw(t, api.sendSmsCode, { body: { mobile, purpose }, headers });
const registerByMobile = (body: RouteBody<typeof api.registerByMobile>) => callRaw(t, api.registerByMobile, { body, headers: clientIp() });
const loginByMobile = (body: RouteBody<typeof api.loginByMobile>) => callRaw(t, api.loginByMobile, { body, headers: clientIp() });
const findPasswordByMobile = (body: RouteBody<typeof api.findPasswordByMobile>) => callRaw(t, api.findPasswordByMobile, { body, headers: clientIp() });
async function codeFor(mobile: string, purpose: SmsBody['purpose']): Promise<string> {
  const res = await sendCode(mobile, purpose);
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return gw.lastCodeFor(mobile)!;
}
const logs = async (mobile: string) =>
  (await t.database.pool.query('SELECT status, purpose, provider, error, user_id, response FROM sms_logs WHERE mobile = $1 ORDER BY id', [mobile])).rows;

describe('POST /user/sms/code', () => {
  it('refuses while SMS is off, and validates the number', async () => {
    const off = await sendCode('13900000001', 0);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('短信服务未启用');
    await setConfig(t, 'sms', { enable: true });
    const bad = await sendCode('12345678901', 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('请输入正确的手机号');
    const purpose = await sendCode('13900000001', 7 as never);
    expect(purpose.statusCode).toBe(400);
  });

  it('sends a 6-digit code through the gateway, logs sending → success, stores only a hash', async () => {
    const res = await sendCode('13900000002', 0);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, interval: 60 });
    const code = gw.lastCodeFor('13900000002')!;
    expect(code).toMatch(/^\d{6}$/);
    expect(gw.received.at(-1)).toMatchObject({ vendor: 'aliyun', signName: '文库', template: 'TPL_CODE' });
    const [log] = await logs('13900000002');
    expect(log).toMatchObject({ status: 1, purpose: 0, provider: 'aliyun', error: '', user_id: 0 });
    expect(JSON.parse(log.response).Code).toBe('OK');
    const { rows } = await t.database.pool.query(
      `SELECT channel, purpose, code_hash, expires_at - created_at AS ttl FROM verification_codes WHERE target = '13900000002'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', purpose: 0 });
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].ttl.minutes).toBe(5);
  });

  it('one send per number per resend_interval: 429 with the seconds to wait', async () => {
    expect((await sendCode('13900000003', 0)).statusCode).toBe(200);
    const again = await sendCode('13900000003', 0);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^发送过于频繁，请 (5\d|60) 秒后再试$/);
  });

  it('two sends for one number at the same moment: exactly one goes out', async () => {
    const [a, b] = await Promise.all([sendCode('13900000004', 0), sendCode('13900000004', 0)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    expect(gw.received.filter((r) => r.mobile === '13900000004')).toHaveLength(1);
  });

  it('caps sends per number and per IP over 24 hours', async () => {
    await setConfig(t, 'sms', { resend_interval: 0, limit_per_mobile: 2, limit_per_ip: 3 });
    try {
      const ip = clientIp();
      expect((await sendCode('13900000005', 0, ip)).statusCode).toBe(200);
      expect((await sendCode('13900000005', 0, ip)).statusCode).toBe(200);
      const third = await sendCode('13900000005', 0, clientIp());
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('该手机号今日发送次数已达上限，请明天再试');
      expect((await sendCode('13900000006', 0, ip)).statusCode).toBe(200);
      const fourth = await sendCode('13900000007', 0, ip);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toBe('今日发送次数已达上限，请明天再试');
      // a day later both windows have moved on
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 + 1000 });
      expect((await sendCode('13900000005', 0, ip)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await setConfig(t, 'sms', { resend_interval: 60, limit_per_mobile: 10, limit_per_ip: 20 });
    }
  });

  it("a gateway refusal is a 502 with a readable message, logged as failed with the vendor's error", async () => {
    await setConfig(t, 'sms', { secret_key: 'not-the-secret' });
    try {
      const res = await sendCode('13900000008', 0);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'bad_gateway', message: '短信发送失败，请稍后再试' });
      const [log] = await logs('13900000008');
      expect(log.status).toBe(2);
      expect(log.error).toMatch(/^SignatureDoesNotMatch/);
      expect(gw.rejected).toContain('aliyun');
    } finally {
      await setConfig(t, 'sms', { secret_key: ACCOUNT.secretKey });
    }
  });

  it('find password for an unknown number: the same answer, nothing sent, nothing logged, same limits', async () => {
    const res = await sendCode('13700000077', 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, interval: 60 });
    expect(gw.received.some((r) => r.mobile === '13700000077')).toBe(false);
    expect(await logs('13700000077')).toEqual([]);
    expect((await sendCode('13700000077', 2)).statusCode).toBe(429);
    // a wrong code reads the same as for a number that exists
    const reset = await findPasswordByMobile({ mobile: '13700000077', code: '123456', password: 'whatever-1' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe('验证码不正确');
  });

  it('works through every provider, switched in config', async () => {
    let n = 10;
    for (const provider of ['aliyun', 'tencent', 'baidu', 'huawei', 'haomas']) {
      await setConfig(t, 'sms', { provider });
      const mobile = `139000000${n++}`;
      const res = await sendCode(mobile, 0);
      expect(res.statusCode, `${provider}: ${res.body}`).toBe(200);
      expect(gw.received.at(-1)).toMatchObject({ vendor: provider, mobile });
      expect((await logs(mobile))[0]).toMatchObject({ status: 1, provider });
    }
    await setConfig(t, 'sms', { provider: 'aliyun' });
  });
});

describe('register, log in and reset by mobile', () => {
  // these tests send several codes to one number in a row
  beforeAll(async () => setConfig(t, 'sms', { resend_interval: 0 }));
  afterAll(async () => setConfig(t, 'sms', { resend_interval: 60 }));

  it('registers with the code: auto username, the number set, a working token; the code is single use', async () => {
    const code = await codeFor('13700000001', 0);
    const wrong = await registerByMobile({ mobile: '13700000001', code: code === '000000' ? '000001' : '000000', password: 'secret-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('验证码不正确');
    const body = await call(t, api.registerByMobile, { body: { mobile: '13700000001', code, password: 'secret-123' }, headers: clientIp() });
    expect(body.user.mobile).toBe('13700000001');
    expect(body.user.username).toMatch(/^用户0001/);
    expect((await call(t, api.getUser, { as: body.token })).id).toBe(body.user.id);
    expect(await t.login('13700000001', 'secret-123')).toBeTruthy();

    const reuse = await registerByMobile({ mobile: '13700000001', code, password: 'secret-123' });
    expect(reuse.statusCode).toBe(409);
    const taken = await sendCode('13700000001', 0);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('该手机号已被注册');
  });

  it('a taken username is refused before the code is spent', async () => {
    await t.register('mobile_taken');
    const code = await codeFor('13700000002', 0);
    const dup = await registerByMobile({ mobile: '13700000002', code, password: 'secret-123', username: 'Mobile_Taken' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('用户名已被注册');
    const ok = await call(t, api.registerByMobile, {
      body: { mobile: '13700000002', code, password: 'secret-123', username: 'mobile_free' },
      headers: clientIp(),
    });
    expect(ok.user.username).toBe('mobile_free');
  });

  it('logs in with a code; an unknown number cannot ask for a login code', async () => {
    const unknown = await sendCode('13700000099', 1);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('该手机号未注册');
    const code = await codeFor('13700000001', 1);
    const res = await call(t, api.loginByMobile, { body: { mobile: '13700000001', code }, headers: clientIp() });
    expect(res.user.mobile).toBe('13700000001');
    // a register code is not a login code
    expect((await loginByMobile({ mobile: '13700000001', code })).json().message).toBe('验证码不正确或已过期');
  });

  it('five wrong codes kill the code; the right one is useless after that', async () => {
    const code = await codeFor('13700000001', 1);
    const wrong = code === '000000' ? '999999' : '000000';
    for (let i = 0; i < 4; i++) expect((await loginByMobile({ mobile: '13700000001', code: wrong })).json().message).toBe('验证码不正确');
    expect((await loginByMobile({ mobile: '13700000001', code: wrong })).json().message).toBe('验证码错误次数过多，请重新获取');
    const late = await loginByMobile({ mobile: '13700000001', code });
    expect(late.statusCode).toBe(400);
  });

  it('a code expires after code_duration minutes', async () => {
    const code = await codeFor('13700000001', 1);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    const res = await loginByMobile({ mobile: '13700000001', code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('验证码不正确或已过期');
  });

  it('a disabled account cannot log in by code', async () => {
    const user = await t.app.services.users.findByMobile('13700000001');
    if (!user) throw new Error('the user registered by mobile is missing');
    await call(t, api.createPunishment, { body: { user_id: [user.id], type: [1], reason: 'spam' }, as: 'admin' });
    const code = await codeFor('13700000001', 1);
    const res = await loginByMobile({ mobile: '13700000001', code });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('您的账号已被禁用');
  });

  it('finds the password by code: the new password works and older sessions end', async () => {
    const session = await t.login('13700000002', 'secret-123');
    const code = await codeFor('13700000002', 2);
    expect(await call(t, api.findPasswordByMobile, { body: { mobile: '13700000002', code, password: 'brand-new-1' }, headers: clientIp() })).toEqual({
      ok: true,
    });
    expect(await t.login('mobile_free', 'brand-new-1')).toBeTruthy();
    expect((await callError(t, api.getUser, { as: session })).status).toBe(401);
    expect((await findPasswordByMobile({ mobile: '13700000002', code, password: 'again-new-1' })).statusCode).toBe(400);
  });

  it('asks for the image captcha of the form when its switch is on', async () => {
    await setConfig(t, 'security', { enable_captcha_register: true });
    try {
      const res = await sendCode('13700000055', 0);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('请输入验证码');
    } finally {
      await setConfig(t, 'security', { enable_captcha_register: false });
    }
  });
});

describe('admin: SMS log', () => {
  it('lists with filters and deletes; administrators only', async () => {
    const smsLog = (query: RouteQuery<typeof api.listSms>) => call(t, api.listSms, { query, as: 'admin' });
    const list = await smsLog({ size: 100 });
    expect(list.total).toBeGreaterThan(5);
    const failed = await smsLog({ status: [2] });
    expect(failed.sms.length).toBeGreaterThan(0);
    expect(failed.sms.every((s) => s.status === 2)).toBe(true);
    const one = await smsLog({ mobile: '13700000002', purpose: [2] });
    expect(one.total).toBe(1);
    const [sent] = one.sms;
    const [firstFailed] = failed.sms;
    if (!sent || !firstFailed) throw new Error('the SMS log lost its rows');
    expect(sent).toMatchObject({ mobile: '13700000002', purpose: 2, status: 1 });
    expect(sent.user_id).toBeGreaterThan(0);

    const user = await t.register();
    expect((await callError(t, api.listSms, { as: user })).status).toBe(403);
    expect((await callError(t, api.deleteSms, { query: { id: [sent.id] }, as: user })).status).toBe(403);

    expect(await call(t, api.deleteSms, { query: { id: [sent.id, firstFailed.id] }, as: 'admin' })).toEqual({ ok: true });
    expect((await smsLog({ size: 100 })).total).toBe(list.total - 2);
  });
});
