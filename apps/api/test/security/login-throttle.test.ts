/**
 * Issue 11, finding 1 (per-account login throttle): attempts on an account are counted per account — its username,
 * email and mobile are one account — and per client address, atomically and before any password hashing, so 40
 * parallel guesses let at most `login_limit_per_account` reach the password check. A stranger's failures never lock
 * the owner out: from the owner's own address the account stays open, and once failures pile up account-wide
 * (`login_captcha_after`) the owner is asked for a captcha (code `captcha_required`) and gets in by solving it.
 *
 * The per-IP route limit (rate-limit.test.ts) is raised here so that only the per-account throttle is in play.
 * user.test.ts ("locks an account for one address …") covers the basic lock-out for one address too.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, type TConfig } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { call } from '../call';
import { makeUser, uniq, type TestUser } from '../factories';
import { hashAnswer } from '../../src/modules/account/captcha.service';

let t: TestApp;
let security: TConfig<'security'>;
beforeAll(async () => {
  t = await createTestApp({}, { realLimits: true });
  await t.app.services.settings.update([{ category: 'security', name: 'login_limit_per_ip', value: 100_000 }]);
  security = await t.app.services.settings.get('security');
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

let nextIp = 0;
const freshIp = () => `198.51.100.${++nextIp}`;
let nextMobile = 0;

const login = (ip: string, username: string, password: string, captcha?: { id: string; answer: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    remoteAddress: ip,
    payload: { username, password, ...(captcha ? { captcha_id: captcha.id, captcha: captcha.answer } : {}) },
  });

/** An account reachable by three login names. */
async function account(): Promise<TestUser & { email: string; mobile: string }> {
  const u = await makeUser(t, { password: 'Owner-Pass-739' });
  const email = `${u.username}@example.com`;
  const mobile = `1380000${String(1000 + ++nextMobile).slice(-4)}`;
  await call(t, api.setUser, { as: 'admin', body: { id: u.id, email, mobile } });
  return { ...u, email, mobile };
}

/** A login captcha whose answer the test knows (captchas store only a hash of the answer). */
async function solvedCaptcha() {
  const id = crypto.randomUUID();
  const answer = 'k7m2';
  await t.database.pool.query(`INSERT INTO captchas (id, answer_hash, type, expires_at) VALUES ($1, $2, 'login', now() + interval '5 minutes')`, [
    id,
    hashAnswer(id, answer),
  ]);
  return { id, answer };
}

const statuses = (rs: LightMyRequestResponse[]) => rs.map((r) => r.statusCode);

describe('per account, not per login name', () => {
  it('username, email and mobile share one count: the limit is reached across them', async () => {
    const u = await account();
    const ip = freshIp();
    const names = [u.username, u.email, u.mobile];
    const limit = security.login_limit_per_account;
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < limit; i++) answers.push(await login(ip, names[i % 3], 'Wrong-Pass-111'));
    expect(statuses(answers)).toEqual(Array(limit).fill(401));
    for (const name of names) {
      const r = await login(ip, name, 'Wrong-Pass-111');
      expect(r.statusCode).toBe(429);
      expect(r.json().code).toBe('rate_limited');
      expect(r.json().message).toMatch(/登录失败次数过多/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // the right password from this address waits too: it is not even checked
    expect((await login(ip, u.email, 'Owner-Pass-739')).statusCode).toBe(429);
  });

  it('names that are no account are throttled the same way (probing costs the same)', async () => {
    const ip = freshIp();
    const name = `ghost_${uniq()}`;
    const limit = security.login_limit_per_account;
    for (let i = 0; i < limit; i++) expect((await login(ip, name, 'Wrong-Pass-111')).statusCode).toBe(401);
    expect((await login(ip, name.toUpperCase(), 'Wrong-Pass-111')).statusCode).toBe(429);
  });
});

describe('under parallel attempts', () => {
  it('40 parallel wrong logins: at most the limit reach the password check, the rest get 429', async () => {
    const u = await account();
    const ip = freshIp();
    const check = vi.spyOn(t.app.services.users, 'login');
    const names = [u.username, u.email, u.mobile];
    const answers = await Promise.all(Array.from({ length: 40 }, (_x, i) => login(ip, names[i % 3], `Wrong-Pass-${i}`)));
    const limit = security.login_limit_per_account;
    const count = (s: number) => answers.filter((a) => a.statusCode === s).length;
    expect(count(401) + count(429)).toBe(40);
    expect(count(401)).toBe(limit);
    // the password check (argon2) ran once per 401, never for a refused attempt
    expect(check).toHaveBeenCalledTimes(count(401));
    // and the account-wide failure count saw exactly those
    const { rows } = await t.database.pool.query<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [`login-failures:acct:${u.id}`]);
    expect(rows[0].count).toBe(count(401));
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('failures from another address leave the owner’s own address open', async () => {
    const u = await account();
    const stranger = freshIp();
    const limit = security.login_limit_per_account;
    for (let i = 0; i < limit + 3; i++) await login(stranger, u.username, 'Wrong-Pass-222');
    expect((await login(stranger, u.username, 'Owner-Pass-739')).statusCode).toBe(429);
    const owner = await login(freshIp(), u.username, 'Owner-Pass-739');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toBeTruthy();
  });

  it('after login_captcha_after failures account-wide, the owner needs a captcha (captcha_required), and gets in by solving it', async () => {
    const u = await account();
    const limit = security.login_limit_per_account;
    const needed = security.login_captcha_after;
    // a distributed guesser: never over the per-address limit, but many failures on the account in all
    let failures = 0;
    while (failures < needed) {
      const ip = freshIp();
      for (let i = 0; i < limit && failures < needed; i++, failures++)
        expect((await login(ip, i % 2 ? u.email : u.mobile, 'Wrong-Pass-333')).statusCode).toBe(401);
    }
    const ownerIp = freshIp();
    // the right password alone is not enough now: the answer says a captcha is required
    const asked = await login(ownerIp, u.username, 'Owner-Pass-739');
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({ code: 'captcha_required', message: '登录失败次数较多，请输入验证码' });
    // the login page can fetch one even though the captcha switch is off
    const offered = await call(t, api.getCaptcha, { query: { type: 'login', force: true } });
    expect(offered.enable).toBe(true);
    // a wrong answer is refused, a right one lets the owner in
    expect((await login(ownerIp, u.username, 'Owner-Pass-739', { id: offered.id, answer: 'nope' })).json().code).toBe('bad_request');
    const inside = await login(ownerIp, u.username, 'Owner-Pass-739', await solvedCaptcha());
    expect(inside.statusCode).toBe(200);
    // the guesser is asked for a captcha too, so the password is not checked without one
    const check = vi.spyOn(t.app.services.users, 'login');
    expect((await login(freshIp(), u.username, 'Wrong-Pass-444')).json().code).toBe('captcha_required');
    expect(check).not.toHaveBeenCalled();
  });
});
