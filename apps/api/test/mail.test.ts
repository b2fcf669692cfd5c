import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, type RouteBody } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw, type As } from './call';
import { recipients, startFakeSmtp, type FakeSmtp } from './fakes/smtp';
import { clientIp, setConfig } from './fakes/util';
import { hashAnswer } from '../src/modules/account/captcha.service';

const SMTP = { username: 'robot@wenku.test', password: 'smtp-pass-1' };
let t: TestApp;
let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp(SMTP);
  t = await createTestApp();
  await setConfig(t, 'system', { domain: 'https://wenku.test/' });
  await setConfig(t, 'security', { enable_captcha_find_password: false, enable_captcha_register: false, enable_captcha_login: false });
  await setConfig(t, 'email', {
    enable: false,
    host: '127.0.0.1',
    port: smtp.port,
    is_tls: false,
    username: SMTP.username,
    password: SMTP.password,
    from_name: '文库机器人',
    duration: 15,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** the visitor's forms by email, each from a client address of its own; the answer as it is, whatever its status */
const sendEmailCode = (body: RouteBody<typeof api.sendEmailCode>) => callRaw(t, api.sendEmailCode, { body, headers: clientIp() });
const findPasswordStepOne = (body: RouteBody<typeof api.findPasswordStepOne>) => callRaw(t, api.findPasswordStepOne, { body, headers: clientIp() });
const findPasswordStepTwo = (body: RouteBody<typeof api.findPasswordStepTwo>) => callRaw(t, api.findPasswordStepTwo, { body, headers: clientIp() });
const testEmail = (body: RouteBody<typeof api.testEmail>, as: As = 'admin') => callRaw(t, api.testEmail, { body, as });
const codeIn = (text: string) => /验证码是 (\d{6})/.exec(text)?.[1];
const linkIn = (text: string) => /(https?:\/\/\S+\/findpassword\?\S+)/.exec(text)?.[1];

describe('mail switch', () => {
  it('with email.enable off, codes and reset links are refused with 邮件服务未启用', async () => {
    const code = await sendEmailCode({ email: 'a@example.com', type: 0 });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toEqual({ code: 'bad_request', message: '邮件服务未启用' });
    const link = await findPasswordStepOne({ email: 'a@example.com' });
    expect(link.json().message).toBe('邮件服务未启用');
    await setConfig(t, 'email', { enable: true });
  });
});

describe('POST /user/email/code', () => {
  it('mails a 6-digit code through SMTP (AUTH checked by the server), stores only its hash, valid 30 minutes', async () => {
    const res = await sendEmailCode({ email: 'New.Reader@Example.com', type: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await smtp.waitFor((m) => recipients(m).includes('new.reader@example.com'));
    expect(mail.subject).toContain('注册验证码');
    expect(mail.from?.value[0]).toMatchObject({ name: '文库机器人', address: SMTP.username });
    const code = codeIn(mail.text ?? '')!;
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await t.database.pool.query(
      `SELECT channel, target, purpose, code_hash, expires_at - created_at AS ttl FROM verification_codes WHERE target = 'new.reader@example.com'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', purpose: 0 });
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].ttl.minutes).toBe(30);
    // the code works once (for the registration flow that consumes it), then it is gone
    await expect(t.app.services.mail.verifyCode('new.reader@example.com', 0, code)).resolves.toBeUndefined();
    await expect(t.app.services.mail.verifyCode('new.reader@example.com', 0, code)).rejects.toThrow('验证码不正确或已过期');
  });

  it('allows one send per address per 60 s (429 with the seconds to wait), whatever the client address', async () => {
    const first = await sendEmailCode({ email: 'twice@example.com', type: 0 });
    expect(first.statusCode).toBe(200);
    const again = await sendEmailCode({ email: 'TWICE@example.com', type: 0 });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^发送过于频繁，请 (\d+) 秒后再试$/);
    const wait = Number(/请 (\d+) 秒/.exec(again.json().message)![1]);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.headers['retry-after']).toBe(String(wait));
    // a minute later it goes through
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await sendEmailCode({ email: 'twice@example.com', type: 0 })).statusCode).toBe(200);
  });

  it('a register code for an address that already has an account is refused', async () => {
    await call(t, api.register, { body: { username: 'mailuser1', password: 'secret-123', email: 'taken@example.com' } });
    const res = await sendEmailCode({ email: 'Taken@example.com', type: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('该邮箱已被注册');
  });

  it('a login code for an unknown address answers the same and sends nothing', async () => {
    const res = await sendEmailCode({ email: 'ghost@example.com', type: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.some((m) => recipients(m).includes('ghost@example.com'))).toBe(false);
  });

  it('five wrong guesses kill a code', async () => {
    await sendEmailCode({ email: 'guess@example.com', type: 0 });
    const mail = await smtp.waitFor((m) => recipients(m).includes('guess@example.com'));
    const code = codeIn(mail.text ?? '')!;
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (c: string) => t.app.services.mail.verifyCode('guess@example.com', 0, c);
    for (let i = 0; i < 4; i++) await expect(verify(wrong)).rejects.toThrow('验证码不正确');
    await expect(verify(wrong)).rejects.toThrow('验证码错误次数过多，请重新获取');
    await expect(verify(code)).rejects.toThrow();
  });
});

describe('find password by email', () => {
  let userToken = '';
  beforeAll(async () => {
    const res = await call(t, api.register, { body: { username: 'forgetful', password: 'old-pass-1', email: 'forgetful@example.com' } });
    userToken = res.token;
  });

  it('mails a link to {domain}/findpassword that sets a new password once; old sessions and the link die', async () => {
    const res = await findPasswordStepOne({ email: 'Forgetful@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await smtp.waitFor((m) => recipients(m).includes('forgetful@example.com') && (m.subject ?? '').includes('找回密码'));
    const link = new URL(linkIn(mail.text ?? '')!);
    expect(`${link.origin}${link.pathname}`).toBe('https://wenku.test/findpassword');
    expect(link.searchParams.get('email')).toBe('Forgetful@example.com');
    expect(mail.text).toContain('15 分钟');
    const token = link.searchParams.get('token')!;

    const set = await findPasswordStepTwo({ email: link.searchParams.get('email') ?? '', token, password: 'new-pass-2' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ ok: true });
    expect(await t.login('forgetful', 'new-pass-2')).toBeTruthy();
    expect((await callError(t, api.login, { body: { username: 'forgetful', password: 'old-pass-1' } })).status).toBe(401);
    // the password change voided the token issued before it
    expect((await callError(t, api.getUser, { as: userToken })).status).toBe(401);

    const reuse = await findPasswordStepTwo({ email: 'forgetful@example.com', token, password: 'third-pass-3' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('链接无效或已过期');
    expect(await t.login('forgetful', 'new-pass-2')).toBeTruthy();
  });

  it('a link dies when the password changes another way, and cannot be moved to another address or altered', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    const from = smtp.messages.length;
    await findPasswordStepOne({ email: 'forgetful@example.com' });
    const mail = await smtp.waitFor((m) => recipients(m).includes('forgetful@example.com'), { from });
    const token = new URL(linkIn(mail.text ?? '')!).searchParams.get('token')!;
    const [exp, nonce, sig] = token.split('.');
    const longer = await findPasswordStepTwo({
      email: 'forgetful@example.com',
      token: `${Number(exp) + 3600}.${nonce}.${sig}`,
      password: 'x-pass-123',
    });
    expect(longer.json().message).toBe('链接无效或已过期');
    const other = await findPasswordStepTwo({ email: 'taken@example.com', token, password: 'x-pass-123' });
    expect(other.json().message).toBe('链接无效或已过期');

    const user = await t.app.services.users.findByEmail('forgetful@example.com');
    await t.app.services.users.setPassword(user!.id, 'changed-elsewhere');
    const dead = await findPasswordStepTwo({ email: 'forgetful@example.com', token, password: 'x-pass-123' });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().message).toBe('链接无效或已过期');
  });

  it('a link expires after email.duration minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 240_000 });
    const from = smtp.messages.length;
    await findPasswordStepOne({ email: 'forgetful@example.com' });
    const mail = await smtp.waitFor((m) => recipients(m).includes('forgetful@example.com'), { from });
    const token = new URL(linkIn(mail.text ?? '')!).searchParams.get('token')!;
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const late = await findPasswordStepTwo({ email: 'forgetful@example.com', token, password: 'late-pass-1' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('链接无效或已过期');
  });

  it('an unknown address gets the same answer and the same limits, and no mail', async () => {
    const known = await findPasswordStepOne({ email: 'taken@example.com' });
    const unknown = await findPasswordStepOne({ email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const known2 = await findPasswordStepOne({ email: 'taken@example.com' });
    const unknown2 = await findPasswordStepOne({ email: 'nobody@example.com' });
    expect(known2.statusCode).toBe(429);
    expect(unknown2.statusCode).toBe(429);
    await smtp.waitFor((m) => recipients(m).includes('taken@example.com'));
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.some((m) => recipients(m).includes('nobody@example.com'))).toBe(false);
    const bogus = await findPasswordStepTwo({ email: 'nobody@example.com', token: 'abc.def.ghi', password: 'x-pass-123' });
    expect(bogus.json()).toEqual({ code: 'bad_request', message: '链接无效或已过期' });
  });

  it('asks for the image captcha when find-password captcha is on', async () => {
    await setConfig(t, 'security', { enable_captcha_find_password: true });
    try {
      const none = await findPasswordStepOne({ email: 'captcha@example.com' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('请输入验证码');
      const id = crypto.randomUUID();
      await t.database.pool.query(`INSERT INTO captchas (id, answer_hash, type, expires_at) VALUES ($1, $2, 'find_password', now() + interval '5 minutes')`, [
        id,
        hashAnswer(id, 'k7Q2'),
      ]);
      const ok = await findPasswordStepOne({ email: 'captcha@example.com', captcha_id: id, captcha: 'k7q2' });
      expect(ok.json()).toEqual({ ok: true });
    } finally {
      await setConfig(t, 'security', { enable_captcha_find_password: false });
    }
  });
});

describe('POST /config/email/test', () => {
  it('sends a test mail to the given address, or to email.test_email; administrators only', async () => {
    const res = await testEmail({ email: 'ops@example.com' });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => recipients(m).includes('ops@example.com'));
    expect(mail.subject).toContain('测试邮件');

    const none = await testEmail({});
    expect(none.json().message).toBe('请填写测试收件邮箱');
    await setConfig(t, 'email', { test_email: 'inbox@example.com' });
    expect((await testEmail({})).statusCode).toBe(200);
    await smtp.waitFor((m) => recipients(m).includes('inbox@example.com'));

    const user = await t.register();
    expect((await testEmail({}, user)).statusCode).toBe(403);
    expect((await testEmail({}, 'anonymous')).statusCode).toBe(401);
  });

  it("reports the SMTP server's refusal to the administrator; a user-facing send says only 邮件发送失败 (502)", async () => {
    await setConfig(t, 'email', { password: 'wrong-password' });
    try {
      const res = await testEmail({ email: 'ops@example.com' });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('bad_gateway');
      expect(res.json().message).toMatch(/^测试邮件发送失败：.*(Invalid|535)/);
      const code = await sendEmailCode({ email: 'smtpdown@example.com', type: 0 });
      expect(code.statusCode).toBe(502);
      expect(code.json()).toEqual({ code: 'bad_gateway', message: '邮件发送失败，请稍后再试' });
    } finally {
      await setConfig(t, 'email', { password: SMTP.password });
    }
  });
});
