/**
 * Issue 11 §8 (browser security headers) and the smaller findings of §11: nosniff and Referrer-Policy on every API
 * answer; a nonce CSP on the site's pages and `frame-ancestors 'none'` (plus X-Frame-Options) on the admin's; a
 * sandbox CSP on page SVGs, covers and uploaded images; `login_required` and `is_close` also cover page images,
 * covers, uploaded images and downloads (a signed link stays valid for its holder); avatars must be site images;
 * staff-like usernames are refused; the password policy (8+, not the username, not a common password) applies to
 * new passwords while an old short one still logs in; expired captchas are purged by the hourly job.
 * (The analytics snippet carrying the page nonce is proven in seo.test.ts; the site switches on the JSON API in
 * user.test.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { makeDocument, makeUser, type TestDocument, type TestUser } from '../factories';
import { call, callRaw } from '../call';
import accountModule from '../../src/modules/account';
import { purgeCaptchasJob } from '../../src/modules/account/account.jobs';
import { SANDBOX_CSP } from '../../src/plugins/security-headers';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>文库</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let dist: string;
let admin: string;
let user: TestUser;
let doc: TestDocument;
let avatarPath: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-sec-dist-'));
  for (const d of ['web', 'admin']) {
    fs.mkdirSync(path.join(dist, d));
    fs.writeFileSync(path.join(dist, d, 'index.html'), INDEX);
  }
  t = await createTestApp({ serveStatic: true, webDist: path.join(dist, 'web'), adminDist: path.join(dist, 'admin') });
  admin = await t.adminToken();
  user = await makeUser(t);
  doc = await makeDocument(t, { title: 'headers target', converted: true });
  const up = await call(t, api.uploadAvatar, { file: { name: 'me.png', content: PNG }, as: user });
  avatarPath = up.data.url!;
  expect(avatarPath).toMatch(/^\/uploads\//);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const setSecurity = (name: string, value: unknown) =>
  t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'security', name, value }] } });

describe('API answers', () => {
  it.each(['/api/v1/health', '/api/v1/settings', '/api/v1/no-such-route', `/api/v1/document?id=999999`])('%s: nosniff and Referrer-Policy', async (url) => {
    const res = await t.req({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // the rest of helmet's set, with the options security-headers.ts gives it
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});

describe('pages', () => {
  it('the site: a CSP with a fresh nonce that every script tag carries; framed only by itself', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/article', '/search?wd=x']) {
      const res = await t.req({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      const nonce = /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      nonces.add(nonce!);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // every script that runs (data blocks such as JSON-LD do not) carries this response's nonce
      const scripts = (res.body.match(/<script\b[^>]*>/g) ?? []).filter((s) => !/type="application\/ld\+json"/.test(s));
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(nonces.size).toBe(3);
  });

  it("the admin: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    for (const url of ['/admin/', '/admin/user/list']) {
      const res = await t.req({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('files users made are sandboxed', () => {
  it('page SVGs, covers and uploaded images carry the sandbox CSP', async () => {
    for (const url of [`/view/page/${doc.uuid}/1.svg`, `/view/cover/${doc.uuid}`, avatarPath]) {
      const res = await t.req({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-security-policy']).toBe(SANDBOX_CSP);
      expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('login_required and is_close cover page images, covers, uploaded images and downloads', () => {
  const files = () => [`/view/page/${doc.uuid}/1.svg`, `/view/cover/${doc.uuid}`, avatarPath];

  it('login_required: anonymous is refused, a user gets in, a signed download link stays valid', async () => {
    const link = (await call(t, api.downloadDocument, { query: { id: doc.id }, as: user })).url;
    await setSecurity('login_required', true);
    try {
      for (const url of files()) {
        expect((await t.req({ method: 'GET', url })).statusCode, url).toBe(401);
        expect((await t.req({ method: 'GET', url, token: user.token })).statusCode, url).toBe(200);
      }
      expect((await callRaw(t, api.downloadDocument, { query: { id: doc.id } })).statusCode).toBe(401);
      // the link was handed to its holder before: it still works on its own (the signature is the permission)
      const file = await t.req({ method: 'GET', url: link });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(doc.file)).toBe(true);
      // a forged one does not
      expect((await t.req({ method: 'GET', url: `${link.slice(0, -4)}AAAA` })).statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await setSecurity('login_required', false);
    }
    for (const url of files()) expect((await t.req({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it('is_close: anonymous and users without permissions are refused, administrators get in', async () => {
    await setSecurity('is_close', true);
    try {
      for (const url of files()) {
        const anon = await t.req({ method: 'GET', url });
        expect(anon.statusCode, url).toBe(403);
        expect(anon.json().code).toBe('site_closed');
        expect((await t.req({ method: 'GET', url, token: user.token })).statusCode, url).toBe(403);
        expect((await t.req({ method: 'GET', url, token: admin })).statusCode, url).toBe(200);
      }
      expect((await callRaw(t, api.downloadDocument, { query: { id: doc.id }, as: user })).statusCode).toBe(403);
    } finally {
      await setSecurity('is_close', false);
    }
  });
});

describe('avatars', () => {
  it('must be an image the site produced, not any URL', async () => {
    for (const avatar of [
      'https://evil.example/a.png',
      '//evil.example/a.png',
      'javascript:alert(1)',
      '/uploads/../../etc/passwd',
      '/uploads/avatar/not-there.png',
    ]) {
      const res = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: user.token, payload: { avatar } });
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json().message).toBe('头像必须是本站上传的图片');
    }
    const ok = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: user.token, payload: { avatar: avatarPath } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().avatar).toBe(avatarPath);
  });
});

describe('usernames', () => {
  it.each(['管理员', 'admin', 'Administrator', 'site_admin', '官方客服', '客服小王', 'root', '站长小李'])('%s: refused at registration', async (name) => {
    const res = await t.req({ method: 'POST', url: '/api/v1/user/register', payload: { username: name, password: 'Strong-Pass-2468' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('该用户名包含保留字词，请换一个');
  });

  it('refused at rename too; an ordinary name passes', async () => {
    const someone = await makeUser(t);
    const bad = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: someone.token, payload: { username: '官方账号' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('该用户名包含保留字词，请换一个');
    const good = await t.req({
      method: 'PUT',
      url: '/api/v1/user/profile',
      token: someone.token,
      payload: { username: `reader_${crypto.randomBytes(3).toString('hex')}` },
    });
    expect(good.statusCode, good.body).toBe(200);
  });
});

describe('password policy', () => {
  const register = (username: string, password: string) => t.req({ method: 'POST', url: '/api/v1/user/register', payload: { username, password } });

  it('new passwords: 8+ characters, not the username, not a common password', async () => {
    expect((await register('policy_one', 'Ab3$xyz')).json().message).toBe('密码至少8位');
    expect((await register('policy_two', 'policy_two')).json().message).toBe('密码不能与用户名相同');
    for (const common of ['password', '12345678', 'iloveyou', 'qwertyuiop']) {
      const res = await register('policy_three', common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json().message).toBe('密码过于常见，容易被猜到，请换一个');
    }
    expect((await register('policy_four', 'Quiet-Harbor-5813')).statusCode).toBe(200);
    // the same rules on a password change
    const u = await makeUser(t, { password: 'Quiet-Harbor-5814' });
    const change = await t.req({
      method: 'PUT',
      url: '/api/v1/user/password',
      token: u.token,
      payload: { old_password: 'Quiet-Harbor-5814', new_password: 'password' },
    });
    expect(change.statusCode).toBe(400);
  });

  it('an existing user with an old short password can still log in', async () => {
    const old = await makeUser(t);
    // a password set before the policy: six characters, stored as the product stores passwords
    const stored = (await t.database.pool.query<{ password: string }>(`SELECT password FROM users WHERE id = $1`, [old.id])).rows[0].password;
    expect(stored).toMatch(/^\$argon2id\$/);
    await t.database.pool.query(`UPDATE users SET password = $2 WHERE id = $1`, [old.id, await hash('abc123', { algorithm: 2 })]);
    const res = await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: old.username, password: 'abc123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token).toBeTruthy();
  });
});

describe('captchas', () => {
  it('the hourly job purges expired captchas and keeps live ones', async () => {
    expect(purgeCaptchasJob.schedule).toBeTruthy();
    const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
    await t.database.pool.query(
      `INSERT INTO captchas (id, answer_hash, type, expires_at) VALUES
        ($1, 'x', 'login', now() - interval '2 hours'), ($2, 'x', 'register', now() - interval '1 minute'),
        ($3, 'x', 'login', now() + interval '5 minutes'), ($4, 'x', 'comment', now() + interval '1 hour')`,
      ids,
    );
    const job = accountModule.jobs!(t.app.services).find((j) => j.spec.name === purgeCaptchasJob.name)!;
    expect(job).toBeTruthy();
    const out = (await job.handler({}, { id: 'test', name: purgeCaptchasJob.name })) as { captchas: number };
    expect(out.captchas).toBeGreaterThanOrEqual(2);
    const { rows } = await t.database.pool.query<{ id: string }>(`SELECT id FROM captchas WHERE id = ANY($1::uuid[])`, [ids]);
    expect(rows.map((r) => r.id).sort()).toEqual([ids[2], ids[3]].sort());
  });
});
