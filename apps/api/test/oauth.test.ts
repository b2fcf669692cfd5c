import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ZAuthResult, type RouteBody, type RouteQuery } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw, type As } from './call';
import { startFakeOAuthProvider, type FakeOAuthProvider, type FakePerson } from './fakes/oauth-provider';
import { setConfig } from './fakes/util';

const CLIENTS = { 'gh-client': 'gh-secret', 'gitee-client': 'gitee-secret', 'qq-app': 'qq-key', 'wx-app': 'wx-secret', 'custom-client': 'custom-secret' };
const octocat: FakePerson = { id: 583231, login: 'octocat', name: 'The Octocat', avatar: 'https://avatars.example/u/583231', unionid: 'UNION-OCTO' };
const hubot: FakePerson = { id: 9919, login: 'hubot', name: 'Hubot', avatar: 'https://avatars.example/u/9919', unionid: 'UNION-HUBOT' };
const mona: FakePerson = { id: 4242, login: 'mona', name: '莫娜', avatar: 'https://avatars.example/u/4242', unionid: 'UNION-MONA' };

let t: TestApp;
let provider: FakeOAuthProvider;

beforeAll(async () => {
  provider = await startFakeOAuthProvider(CLIENTS);
  t = await createTestApp({ vendorBaseUrls: { github: provider.url, gitee: provider.url, qq: provider.url, wechat: provider.url } });
  await setConfig(t, 'system', { domain: 'https://wenku.test' });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type OAuthType = 'github' | 'gitee' | 'qq' | 'wechat' | 'custom';
async function configs(query: RouteQuery<typeof api.getOAuthConfigs> = {}): Promise<{ type: OAuthType; title: string; authorize_url: string }[]> {
  return (await call(t, api.getOAuthConfigs, { query })).oauth;
}

/** A browser's own nonce for one flow and its binding (what the web keeps in sessionStorage and sends to /oauth/configs). */
function browserNonce() {
  const nonce = crypto.randomBytes(24).toString('base64url');
  return { nonce, binding: crypto.createHash('sha256').update(nonce).digest('base64url') };
}

/**
 * The browser part: start the flow bound to this browser (a nonce), open the authorize URL signed in as `person`,
 * follow the redirect back, read code and state; the nonce comes back with them, as the web sends it.
 */
async function authorize(
  type: OAuthType,
  person: FakePerson,
  rewrite?: (u: URL) => void,
  bound = true,
): Promise<{ code: string; state: string; redirect: string; nonce: string }> {
  const { nonce, binding } = browserNonce();
  const cfg = (await configs(bound ? { binding } : {})).find((c) => c.type === type)!;
  const u = new URL(cfg.authorize_url);
  rewrite?.(u);
  provider.signIn(person);
  const res = await fetch(u, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, redirect: `${back.origin}${back.pathname}`, nonce };
}

type OAuthBody = RouteBody<typeof api.oauthLogin>;
/** logs in through a provider; the answer as it is, whatever its status */
const login = (body: OAuthBody) => callRaw(t, api.oauthLogin, { body });
/** binds a provider's identity to the caller; the answer as it is, whatever its status */
const bind = (as: As, body: OAuthBody) => callRaw(t, api.oauthBind, { body, as });
const bindings = async (as: As) => (await call(t, api.listUserOAuth, { as })).oauth;

describe('GET /oauth/configs', () => {
  it('lists nothing until a provider is switched on with a client id; then the authorize URL is ready to open', async () => {
    expect(await configs()).toEqual([]);
    await setConfig(t, 'oauth', {
      github_enable: true,
      github_client_id: 'gh-client',
      github_client_secret: 'gh-secret',
      gitee_enable: true,
      gitee_client_id: '',
    });
    const list = await configs();
    expect(list.map((c) => c.type)).toEqual(['github']);
    expect(list[0].title).toBe('GitHub');
    const u = new URL(list[0].authorize_url);
    expect(`${u.origin}${u.pathname}`).toBe(`${provider.url}/login/oauth/authorize`);
    expect(u.searchParams.get('client_id')).toBe('gh-client');
    expect(u.searchParams.get('redirect_uri')).toBe('https://wenku.test/oauth/github');
    expect(u.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(list)).not.toContain('gh-secret');
    const custom = await configs({ redirect_uri: 'https://m.wenku.test/cb/{type}' });
    expect(new URL(custom[0].authorize_url).searchParams.get('redirect_uri')).toBe('https://m.wenku.test/cb/github');
  });
});

describe('GitHub login', () => {
  let first: { user: { id: number; username: string }; token: string };

  it('code → token → profile: creates an account named after the person, bound to their GitHub id', async () => {
    const { code, state, redirect, nonce } = await authorize('github', octocat);
    expect(redirect).toBe('https://wenku.test/oauth/github');
    const res = await login({ type: 'github', code, state, nonce });
    expect(res.statusCode, res.body).toBe(200);
    first = ZAuthResult.parse(res.json());
    expect(first.user.username).toBe('TheOctocat');
    expect((await call(t, api.getUser, { as: first.token })).id).toBe(first.user.id);
    const { rows } = await t.database.pool.query('SELECT user_id, type, openid, nickname, avatar FROM user_oauths WHERE user_id = $1', [first.user.id]);
    expect(rows).toEqual([{ user_id: first.user.id, type: 'github', openid: '583231', nickname: 'The Octocat', avatar: octocat.avatar }]);
  });

  it('the next login finds the binding: same account, nothing new created', async () => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    const { code, state, nonce } = await authorize('github', octocat);
    const res = ZAuthResult.parse((await login({ type: 'github', code, state, nonce })).json());
    expect(res.user.id).toBe(first.user.id);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(before);
    expect(await bindings(res.token)).toMatchObject([{ type: 'github', nickname: 'The Octocat' }]);
  });

  it('a state is single use here, and a code single use at the provider: replays are refused with their reason', async () => {
    const { code, state, nonce } = await authorize('github', octocat);
    expect((await login({ type: 'github', code, state, nonce })).statusCode).toBe(200);
    const again = await login({ type: 'github', code, state, nonce });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('登录请求已使用过，请重新发起登录');
    // the same code with a fresh state reaches the provider, which refuses it
    const fresh = await authorize('github', octocat);
    const replay = await login({ type: 'github', code, state: fresh.state, nonce: fresh.nonce });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('第三方登录失败：换取访问令牌失败：The code passed is incorrect or expired.');
  });

  it('a state started by another browser is refused (login CSRF): the nonce must come back with it', async () => {
    // the attacker starts a flow in their own browser, signs in as themselves, and sends the victim the callback link
    const attacker = await authorize('github', mona);
    const victim = browserNonce();
    const res = await login({ type: 'github', code: attacker.code, state: attacker.state, nonce: victim.nonce });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('登录请求不是由当前浏览器发起的，请重新发起');
    expect((await login({ type: 'github', code: attacker.code, state: attacker.state })).statusCode).toBe(400);
  });

  it('the provider checks the client secret and the redirect_uri (a wrong one is refused)', async () => {
    await setConfig(t, 'oauth', { github_client_secret: 'not-the-secret' });
    try {
      const { code, state, nonce } = await authorize('github', octocat);
      const res = await login({ type: 'github', code, state, nonce });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('The client_id and/or client_secret passed are incorrect.');
      expect(provider.refusals).toContain('incorrect_client_credentials');
    } finally {
      await setConfig(t, 'oauth', { github_client_secret: 'gh-secret' });
    }
    // authorized for one callback, exchanged for another
    const { code, state, nonce } = await authorize('github', octocat, (u) => u.searchParams.set('redirect_uri', 'https://evil.example/steal'));
    const res = await login({ type: 'github', code, state, nonce });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('redirect_uri MUST match');
    expect(provider.refusals).toContain('redirect_uri_mismatch');
  });

  it('state must be ours: missing, forged, for another provider or older than 10 minutes is refused', async () => {
    const { code, state, nonce } = await authorize('github', octocat);
    const expected = { code: 'bad_request', message: '登录请求已失效，请重新发起登录' };
    expect((await login({ type: 'github', code })).json()).toEqual(expected);
    const [body, sig] = state.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, e: payload.e + 3600 })).toString('base64url')}.${sig}`;
    expect((await login({ type: 'github', code, state: forged })).json()).toEqual(expected);
    const flipped = `${sig.slice(0, 5)}${sig[5] === 'A' ? 'B' : 'A'}${sig.slice(6)}`;
    expect((await login({ type: 'github', code, state: `${body}.${flipped}` })).json()).toEqual(expected);
    const gitee = `${Buffer.from(JSON.stringify({ ...payload, t: 'gitee' })).toString('base64url')}.${sig}`;
    expect((await login({ type: 'github', code, state: gitee })).json()).toEqual(expected);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    expect((await login({ type: 'github', code, state, nonce })).json()).toEqual(expected);
  });

  it('a provider that is switched off cannot be used', async () => {
    const res = await login({ type: 'gitee', code: 'x', state: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('该登录方式未启用');
  });
});

describe('binding', () => {
  it('binds GitHub to the logged-in user; an identity bound to someone else fails with 绑定失败', async () => {
    const alice = await t.register('alice_oauth');
    // a flow not bound to a browser (an old client) may log in, but never bind
    const loose = await authorize('github', hubot, undefined, false);
    const unbound = await bind(alice, { type: 'github', code: loose.code, state: loose.state });
    expect(unbound.statusCode).toBe(400);
    expect(unbound.json().message).toBe('绑定请求无效，请在本页面重新发起绑定');
    // nor without the nonce of the browser that started it
    const { code, state, nonce } = await authorize('github', hubot);
    const noNonce = await bind(alice, { type: 'github', code, state });
    expect(noNonce.statusCode).toBe(400);
    const res = await bind(alice, { type: 'github', code, state, nonce });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZAuthResult.parse(res.json()).user.id).toBe(alice.id);
    // hubot now logs alice in
    const again = await authorize('github', hubot);
    expect(ZAuthResult.parse((await login({ type: 'github', ...again })).json()).user.id).toBe(alice.id);

    const bob = await t.register('bob_oauth');
    const taken = await authorize('github', hubot);
    const stolen = await bind(bob, { type: 'github', code: taken.code, state: taken.state, nonce: taken.nonce });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('绑定失败');

    const second = await authorize('github', mona);
    const twice = await bind(alice, { type: 'github', code: second.code, state: second.state, nonce: second.nonce });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/^绑定失败/);
    expect((await bind('anonymous', { type: 'github', code: 'x', state: 'y' })).statusCode).toBe(401);
  });

  it("unbinds only one's own bindings, and never the only way into an account without a password", async () => {
    const alice = await t.login('alice_oauth', 'secret-123');
    const [binding] = await bindings(alice);
    if (!binding) throw new Error("alice's binding is missing");
    const bob = await t.login('bob_oauth', 'secret-123');
    const foreign = await callError(t, api.deleteUserOAuth, { query: { id: binding.id }, as: bob });
    expect(foreign.status).toBe(404);
    expect(await call(t, api.deleteUserOAuth, { query: { id: binding.id }, as: alice })).toEqual({ ok: true });
    expect(await bindings(alice)).toEqual([]);

    // the octocat account was created by OAuth: it has no password, so its one binding stays
    const { code, state, nonce } = await authorize('github', octocat);
    const octo = ZAuthResult.parse((await login({ type: 'github', code, state, nonce })).json());
    const [only] = await bindings(octo.token);
    if (!only) throw new Error("octocat's binding is missing");
    const refused = await callError(t, api.deleteUserOAuth, { query: { id: only.id }, as: octo.token });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('这是您唯一的登录方式，请先设置密码后再解绑');
  });
});

describe('punished accounts', () => {
  it('a disabled account cannot log in through its binding', async () => {
    const { code, state, nonce } = await authorize('github', octocat);
    const octo = ZAuthResult.parse((await login({ type: 'github', code, state, nonce })).json());
    await call(t, api.createPunishment, { body: { user_id: [octo.user.id], type: [1] }, as: 'admin' });
    const again = await authorize('github', octocat);
    const res = await login({ type: 'github', ...again });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('您的账号已被禁用');
  });
});

describe('other providers', () => {
  beforeAll(async () => {
    await setConfig(t, 'oauth', {
      gitee_enable: true,
      gitee_client_id: 'gitee-client',
      gitee_client_secret: 'gitee-secret',
      qq_enable: true,
      qq_client_id: 'qq-app',
      qq_client_secret: 'qq-key',
      wechat_enable: true,
      wechat_client_id: 'wx-app',
      wechat_client_secret: 'wx-secret',
      custom_enable: true,
      custom_name: '企业账号',
      custom_client_id: 'custom-client',
      custom_client_secret: 'custom-secret',
      custom_authorize_url: `${provider.url}/custom/authorize`,
      custom_token_url: `${provider.url}/custom/token`,
      custom_userinfo_url: `${provider.url}/custom/userinfo`,
      custom_scope: 'openid profile',
    });
  });

  it('lists all enabled providers with their titles and their own authorize endpoints', async () => {
    const list = await configs();
    expect(list.map((c) => [c.type, c.title])).toEqual([
      ['github', 'GitHub'],
      ['gitee', 'Gitee'],
      ['qq', 'QQ'],
      ['wechat', '微信'],
      ['custom', '企业账号'],
    ]);
    const paths = list.map((c) => new URL(c.authorize_url).pathname);
    expect(paths).toEqual(['/login/oauth/authorize', '/oauth/authorize', '/oauth2.0/authorize', '/connect/qrconnect', '/custom/authorize']);
    const wx = new URL(list[3].authorize_url);
    expect(wx.searchParams.get('appid')).toBe('wx-app');
    expect(wx.searchParams.get('scope')).toBe('snsapi_login');
    expect(wx.hash).toBe('#wechat_redirect');
  });

  it.each(['gitee', 'qq', 'wechat', 'custom'] as const)("%s: logs in end to end and binds by the provider's id", async (type) => {
    const { code, state, redirect, nonce } = await authorize(type, mona);
    expect(redirect).toBe(`https://wenku.test/oauth/${type}`);
    const res = await login({ type, code, state, nonce });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAuthResult.parse(res.json());
    // a two-character nickname is too short for a username on its own: availableUsername pads it
    expect(body.user.username).toMatch(/^user_莫娜/);
    const { rows } = await t.database.pool.query('SELECT openid, unionid, nickname FROM user_oauths WHERE user_id = $1 AND type = $2', [body.user.id, type]);
    expect(rows).toHaveLength(1);
    expect(rows[0].nickname).toBe('莫娜');
    if (type === 'gitee') expect(rows[0].openid).toBe('4242');
    if (type === 'custom') expect(rows[0].openid).toBe('u-4242');
    if (type === 'qq' || type === 'wechat') {
      expect(rows[0].openid).toMatch(/^[0-9A-F]{32}$/);
      expect(rows[0].unionid).toBe('UNION-MONA');
    }
    const again = await authorize(type, mona);
    expect(ZAuthResult.parse((await login({ type, ...again })).json()).user.id).toBe(body.user.id);
  });

  it('wrong secrets are refused by each provider', async () => {
    await setConfig(t, 'oauth', { gitee_client_secret: 'x', qq_client_secret: 'x', wechat_client_secret: 'x' });
    try {
      for (const [type, reason] of [
        ['gitee', 'Client authentication failed'],
        ['qq', 'code to access token error'],
        ['wechat', 'invalid appsecret'],
      ] as const) {
        const { code, state, nonce } = await authorize(type, mona);
        const res = await login({ type, code, state, nonce });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(reason);
      }
    } finally {
      await setConfig(t, 'oauth', { gitee_client_secret: 'gitee-secret', qq_client_secret: 'qq-key', wechat_client_secret: 'wx-secret' });
    }
  });

  it('an unreachable provider is a 502', async () => {
    await setConfig(t, 'oauth', { custom_token_url: 'http://127.0.0.1:9/token' });
    try {
      const { code, state, nonce } = await authorize('custom', mona);
      const res = await login({ type: 'custom', code, state, nonce });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'bad_gateway', message: '第三方登录失败：无法连接第三方服务，请稍后再试' });
    } finally {
      await setConfig(t, 'oauth', { custom_token_url: `${provider.url}/custom/token` });
    }
  });

  it('with registration closed, a new identity cannot create an account but a bound one still logs in', async () => {
    await setConfig(t, 'security', { enable_register: false });
    try {
      const fresh = await authorize('gitee', { ...hubot, id: 777001, name: 'Newcomer' });
      const res = await login({ type: 'gitee', ...fresh });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('网站已关闭注册');
      const known = await authorize('gitee', mona);
      expect((await login({ type: 'gitee', ...known })).statusCode).toBe(200);
    } finally {
      await setConfig(t, 'security', { enable_register: true });
    }
  });
});
