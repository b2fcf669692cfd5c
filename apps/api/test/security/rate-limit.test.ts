/**
 * Issue 11, finding 1: the per-route limits were never applied, and `trustProxy: true` let any X-Forwarded-For
 * header pick the client address. Each public door that costs something (login, register, find-password, email
 * and SMS codes, captchas) and the password change (wrong old passwords) answers 429 `{code, message}` in Chinese
 * with `Retry-After` and `x-ratelimit-*` after N requests from one address; X-Forwarded-For counts only when
 * TRUST_PROXY names the proxy the request came through.
 *
 * The apps here keep the product's limits (`realLimits`) and each test sends from its own client address
 * (`remoteAddress`), so the windows of one test never spill into another.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RouteDef, type TConfig } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { urlOf, type CallInput } from '../call';
import { makeUser, uniq } from '../factories';

let t: TestApp;
let security: TConfig<'security'>;
beforeAll(async () => {
  t = await createTestApp({}, { realLimits: true });
  security = await t.app.services.settings.get('security');
});
afterAll(async () => t?.close());

let nextIp = 0;
/** A client address of its own (TEST-NET-2), so each test starts with empty windows. */
const freshIp = () => `198.51.100.${++nextIp}`;

/** Sends a call from a given client address (the socket's), with extra headers. */
async function from<R extends RouteDef>(app: TestApp, ip: string, route: R, input: CallInput<R> & { token?: string } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(input.headers ?? {}) };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  return app.app.inject({
    method: route.method,
    url: urlOf(route, input),
    remoteAddress: ip,
    headers,
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  });
}

/** What a refusal by the limiter must look like. */
function expectLimited(res: LightMyRequestResponse, max: number) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body.code).toBe('rate_limited');
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['x-ratelimit-limit'])).toBe(max);
  expect(Number(res.headers['x-ratelimit-remaining'])).toBe(0);
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
}

/**
 * Sends `max` calls (each may succeed or be refused for its own reasons, never 429 nor 5xx, each counted in the
 * headers), then one more that must be limited; a second address is still served.
 */
async function exhaust<R extends RouteDef>(route: R, max: number, input: (i: number) => CallInput<R> & { token?: string }, ip = freshIp()) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < max; i++) {
    const res = await from(t, ip, route, input(i));
    expect(res.statusCode, `call ${i + 1} of ${max}: ${res.body}`).not.toBe(429);
    expect(res.statusCode).toBeLessThan(500);
    expect(Number(res.headers['x-ratelimit-limit'])).toBe(max);
    expect(Number(res.headers['x-ratelimit-remaining'])).toBe(max - i - 1);
    answers.push(res);
  }
  const over = await from(t, ip, route, input(max));
  expectLimited(over, max);
  // X-Forwarded-For does not buy a new window: no proxy is trusted by default
  const spoofed = await from(t, ip, route, { ...input(max + 1), headers: { 'x-forwarded-for': freshIp() } });
  expect(spoofed.statusCode).toBe(429);
  // another address has a window of its own
  const elsewhere = await from(t, freshIp(), route, input(max + 2));
  expect(elsewhere.statusCode).not.toBe(429);
  return { answers, over };
}

describe('per-IP limits on the doors that cost something', () => {
  it('login: login_limit_per_ip per minute (unknown names: only the address counts)', async () => {
    // a different (unknown) name each time, so only the per-IP limit is in play
    const { answers } = await exhaust(api.login, security.login_limit_per_ip, () => ({ body: { username: `nobody_${uniq()}`, password: 'Wrong-Pass-123' } }));
    expect(answers.every((a) => a.statusCode === 401)).toBe(true);
  });

  it('login: even the right password is refused once the address is over the limit', async () => {
    const u = await makeUser(t, { password: 'Right-Pass-123' });
    const ip = freshIp();
    await exhaust(api.login, security.login_limit_per_ip, () => ({ body: { username: `nobody_${uniq()}`, password: 'Wrong-Pass-123' } }), ip);
    expect((await from(t, ip, api.login, { body: { username: u.username, password: 'Right-Pass-123' } })).statusCode).toBe(429);
  });

  it('register: register_limit_per_ip per hour; registrations over the limit create no user and award no credits', async () => {
    const max = security.register_limit_per_ip;
    const prefix = `rl_${uniq()}`;
    const { answers, over } = await exhaust(api.register, max, (i) => ({ body: { username: `${prefix}_${i}`, password: 'Strong-Pass-846' } }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(max).fill(200));
    expect(over.statusCode).toBe(429);
    // the refused ones (the one over the limit, the one with a forged X-Forwarded-For) were never created
    for (const i of [max, max + 1]) expect(await t.app.services.users.findByLoginName(`${prefix}_${i}`)).toBeFalsy();
    // the accepted ones (and the one from another address) were, each with exactly one registration award
    const { rows } = await t.database.pool.query<{ username: string; awards: number }>(
      `SELECT u.username, (SELECT count(*)::int FROM credit_ledger l WHERE l.user_id = u.id) AS awards FROM users u WHERE u.username LIKE $1 ORDER BY u.id`,
      [`${prefix}_%`],
    );
    expect(rows.map((r) => r.username)).toEqual([...Array.from({ length: max }, (_x, i) => `${prefix}_${i}`), `${prefix}_${max + 2}`]);
    expect(rows.every((r) => r.awards === 1)).toBe(true);
  });

  it('find password, step one: find_password_limit_per_ip per hour', async () => {
    await exhaust(api.findPasswordStepOne, security.find_password_limit_per_ip, (i) => ({ body: { email: `lost${i}_${uniq()}@example.com` } }));
  });

  it('email code: 10 per minute per address (whatever the address asked for)', async () => {
    await exhaust(api.sendEmailCode, 10, (i) => ({ body: { email: `code${i}_${uniq()}@example.com`, type: 0 as const } }));
  });

  it('SMS code: 10 per minute per address', async () => {
    await exhaust(api.sendSmsCode, 10, (i) => ({ body: { mobile: `1370000${String(1000 + i).slice(-4)}`, purpose: 0 as const } }));
  });

  it('captcha: 30 per minute per address', async () => {
    await exhaust(api.getCaptcha, 30, () => ({ query: { type: 'login' as const } }));
  });

  it('password change: 10 per hour per address (wrong old passwords are guesses too)', async () => {
    const u = await makeUser(t, { password: 'Right-Pass-123' });
    const { answers } = await exhaust(api.updatePassword, 10, (i) => ({
      token: u.token,
      body: { old_password: `guess-${i}-xx`, new_password: 'Brand-New-Pass-5' },
    }));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    // the right old password does not get past the limit either
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      await from(t, ip, api.updatePassword, { token: u.token, body: { old_password: `guess-${i}-yy`, new_password: 'Brand-New-Pass-5' } });
    const right = await from(t, ip, api.updatePassword, { token: u.token, body: { old_password: 'Right-Pass-123', new_password: 'Brand-New-Pass-5' } });
    expect(right.statusCode).toBe(429);
    expect(await t.login(u.username, 'Right-Pass-123')).toBeTruthy();
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored by default: 10 registrations each claiming another forwarded address still share one window', async () => {
    const ip = freshIp();
    const prefix = `xff_${uniq()}`;
    const max = security.register_limit_per_ip;
    for (let i = 0; i < max; i++) {
      const res = await from(t, ip, api.register, {
        headers: { 'x-forwarded-for': freshIp() },
        body: { username: `${prefix}_${i}`, password: 'Strong-Pass-846' },
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await from(t, ip, api.register, { headers: { 'x-forwarded-for': freshIp() }, body: { username: `${prefix}_x`, password: 'Strong-Pass-846' } });
    expectLimited(over, max);
    // and the address recorded for the new account is the socket's, not the header's
    const { rows } = await t.database.pool.query<{ ip: string }>(`SELECT register_ip AS ip FROM users WHERE username = $1`, [`${prefix}_0`]);
    expect(rows[0].ip).toBe(ip);
  });

  describe('with TRUST_PROXY naming the proxy (127.0.0.1)', () => {
    let behind: TestApp;
    beforeAll(async () => {
      behind = await createTestApp({ trustProxy: '127.0.0.1' }, { realLimits: true });
    });
    afterAll(async () => behind?.close());

    const login = (remote: string, forwarded: string) =>
      from(behind, remote, api.login, { headers: { 'x-forwarded-for': forwarded }, body: { username: `nobody_${uniq()}`, password: 'Wrong-Pass-123' } });

    it('counts per forwarded address when the request comes through the proxy', async () => {
      const max = security.login_limit_per_ip;
      for (let i = 0; i < max; i++) expect((await login('127.0.0.1', '203.0.113.10')).statusCode).toBe(401);
      expectLimited(await login('127.0.0.1', '203.0.113.10'), max);
      // another client behind the same proxy has its own window
      expect((await login('127.0.0.1', '203.0.113.11')).statusCode).toBe(401);
    });

    it('ignores the header from anyone who is not the proxy', async () => {
      const max = security.login_limit_per_ip;
      const direct = '192.0.2.77';
      for (let i = 0; i < max; i++) expect((await login(direct, `203.0.113.${100 + i}`)).statusCode).toBe(401);
      expect((await login(direct, '203.0.113.250')).statusCode).toBe(429);
    });
  });

  describe('with TRUST_PROXY as a hop count (1)', () => {
    let behind: TestApp;
    beforeAll(async () => {
      behind = await createTestApp({ trustProxy: 1 }, { realLimits: true });
    });
    afterAll(async () => behind?.close());

    it('takes the last forwarded address as the client (Fastify alone would ignore the header for a count)', async () => {
      const login = (forwarded: string) =>
        from(behind, '127.0.0.1', api.login, { headers: { 'x-forwarded-for': forwarded }, body: { username: `nobody_${uniq()}`, password: 'Wrong-Pass-123' } });
      const max = security.login_limit_per_ip;
      for (let i = 0; i < max; i++) expect((await login('203.0.113.20')).statusCode).toBe(401);
      expectLimited(await login('203.0.113.20'), max);
      // one hop believed: a client writing its own header cannot pick the address, the proxy's last entry decides
      expectLimited(await login('198.51.100.1, 203.0.113.20'), max);
      expect((await login('203.0.113.21')).statusCode).toBe(401);
    });
  });
});
