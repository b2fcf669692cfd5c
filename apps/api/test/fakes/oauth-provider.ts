import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './util';

/** Someone with an account at the provider. */
export interface FakePerson {
  id: number;
  login: string;
  name: string;
  avatar: string;
  /** the same person across WeChat / QQ apps of one developer */
  unionid: string;
}

type Flavor = 'github' | 'gitee' | 'qq' | 'wechat' | 'custom';
interface Grant {
  clientId: string;
  redirectUri: string;
  person: FakePerson;
  flavor: Flavor;
  expires: number;
}

export interface FakeOAuthProvider {
  url: string;
  /** the person signed in at the provider, who approves the next authorization */
  signIn(person: FakePerson): void;
  /** token-endpoint refusals, by error code (proves the checks ran) */
  refusals: string[];
  close(): Promise<void>;
}

/**
 * One local server speaking the authorization-code flows of GitHub, Gitee, QQ, WeChat (website) and a generic
 * OAuth 2.0 server, on their real paths. It keeps registered clients, issues single-use codes bound to the
 * client and redirect_uri, and at the token endpoint checks the client secret, the code and the redirect_uri
 * as those providers do, answering in each one's own format.
 */
export async function startFakeOAuthProvider(clients: Record<string, string>): Promise<FakeOAuthProvider> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const refusals: string[] = [];
  let current: FakePerson | undefined;
  // per-app openids: the same person has a different openid in every QQ/WeChat app
  const openid = (g: { clientId: string; person: FakePerson }) => crypto.createHash('md5').update(`${g.clientId}:${g.person.id}`).digest('hex').toUpperCase();

  function authorize(flavor: Flavor, q: URLSearchParams): { status: number; headers?: Record<string, string>; body?: string } {
    const clientId = q.get(flavor === 'wechat' ? 'appid' : 'client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!(clientId in clients)) return { status: 404, body: 'Application not found' };
    if (!redirectUri) return { status: 400, body: 'redirect_uri is required' };
    if (flavor !== 'github' && q.get('response_type') !== 'code') return { status: 400, body: 'response_type must be code' };
    if (!current) return { status: 401, body: 'not signed in' };
    const code = crypto.randomBytes(10).toString('hex');
    grants.set(code, { clientId, redirectUri, person: current, flavor, expires: Date.now() + 600_000 });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (q.get('state')) back.searchParams.set('state', q.get('state')!);
    return { status: 302, headers: { Location: back.toString() } };
  }

  /** The checks every token endpoint makes; returns the grant or an error code. */
  function redeem(p: { clientId: string; secret: string; code: string; redirectUri?: string; flavor: Flavor }): Grant | string {
    if (!(p.clientId in clients) || clients[p.clientId] !== p.secret) return 'incorrect_client_credentials';
    const g = grants.get(p.code);
    if (!g || g.expires < Date.now() || g.clientId !== p.clientId || g.flavor !== p.flavor) return 'bad_verification_code';
    // WeChat's token call carries no redirect_uri; the others must repeat the one they authorized with
    if (p.flavor !== 'wechat' && p.redirectUri !== g.redirectUri) return 'redirect_uri_mismatch';
    grants.delete(p.code);
    return g;
  }

  function issue(g: Grant): string {
    const t = `${g.flavor}_${crypto.randomBytes(12).toString('hex')}`;
    tokens.set(t, g);
    return t;
  }

  const json = (status: number, body: unknown) => ({ status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });

  async function handle(req: http.IncomingMessage): Promise<{ status: number; headers?: Record<string, string>; body?: string }> {
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = await readBody(req);
    const form = (req.headers['content-type'] ?? '').includes('json') ? new URLSearchParams(JSON.parse(raw || '{}')) : new URLSearchParams(raw);
    const param = (k: string) => form.get(k) ?? url.searchParams.get(k) ?? '';
    const bearer = /^(?:Bearer|token)\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';

    switch (`${req.method} ${url.pathname}`) {
      // ---------- GitHub ----------
      case 'GET /login/oauth/authorize':
        return authorize('github', url.searchParams);
      case 'POST /login/oauth/access_token': {
        const r = redeem({
          clientId: param('client_id'),
          secret: param('client_secret'),
          code: param('code'),
          redirectUri: param('redirect_uri') || undefined,
          flavor: 'github',
        });
        const descriptions: Record<string, string> = {
          incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
          bad_verification_code: 'The code passed is incorrect or expired.',
          redirect_uri_mismatch: 'The redirect_uri MUST match the registered callback URL for this application.',
        };
        const body: Record<string, string> =
          typeof r === 'string'
            ? {
                error: r,
                error_description: descriptions[r],
                error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors',
              }
            : { access_token: issue(r), token_type: 'bearer', scope: 'read:user,user:email' };
        if (typeof r === 'string') refusals.push(r);
        // GitHub answers form-encoded unless asked for JSON
        if (String(req.headers.accept ?? '').includes('application/json')) return json(200, body);
        return { status: 200, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() };
      }
      case 'GET /user': {
        if (!req.headers['user-agent'])
          return json(403, { message: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header' });
        const g = tokens.get(bearer);
        if (!g || g.flavor !== 'github') return json(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
        return json(200, { login: g.person.login, id: g.person.id, avatar_url: g.person.avatar, name: g.person.name, type: 'User' });
      }

      // ---------- Gitee ----------
      case 'GET /oauth/authorize':
        return authorize('gitee', url.searchParams);
      case 'POST /oauth/token': {
        if (param('grant_type') !== 'authorization_code')
          return json(400, {
            error: 'unsupported_grant_type',
            error_description: 'The authorization grant type is not supported by the authorization server.',
          });
        const r = redeem({
          clientId: param('client_id'),
          secret: param('client_secret'),
          code: param('code'),
          redirectUri: param('redirect_uri'),
          flavor: 'gitee',
        });
        if (typeof r === 'string') {
          refusals.push(r);
          return r === 'incorrect_client_credentials'
            ? json(401, {
                error: 'invalid_client',
                error_description:
                  'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
              })
            : json(401, {
                error: 'invalid_grant',
                error_description:
                  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
              });
        }
        return json(200, {
          access_token: issue(r),
          token_type: 'bearer',
          expires_in: 86400,
          refresh_token: crypto.randomBytes(8).toString('hex'),
          scope: 'user_info',
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      case 'GET /api/v5/user': {
        const g = tokens.get(url.searchParams.get('access_token') ?? '');
        if (!g || g.flavor !== 'gitee') return json(401, { message: '401 Unauthorized: Access token does not exist' });
        return json(200, { id: g.person.id, login: g.person.login, name: g.person.name, avatar_url: g.person.avatar });
      }

      // ---------- QQ ----------
      case 'GET /oauth2.0/authorize':
        return authorize('qq', url.searchParams);
      case 'GET /oauth2.0/token': {
        const q = url.searchParams;
        const r = redeem({
          clientId: q.get('client_id') ?? '',
          secret: q.get('client_secret') ?? '',
          code: q.get('code') ?? '',
          redirectUri: q.get('redirect_uri') ?? '',
          flavor: 'qq',
        });
        const asJson = q.get('fmt') === 'json';
        if (typeof r === 'string') {
          refusals.push(r);
          const e = { error: 100019, error_description: 'code to access token error' };
          return asJson ? json(200, e) : { status: 200, body: `callback( ${JSON.stringify(e)} );` };
        }
        const body = { access_token: issue(r), expires_in: '7776000', refresh_token: crypto.randomBytes(8).toString('hex') };
        return asJson ? json(200, body) : { status: 200, body: new URLSearchParams(body).toString() };
      }
      case 'GET /oauth2.0/me': {
        const g = tokens.get(url.searchParams.get('access_token') ?? '');
        const body = g
          ? { client_id: g.clientId, openid: openid(g), ...(url.searchParams.get('unionid') === '1' ? { unionid: g.person.unionid } : {}) }
          : { error: 100016, error_description: 'access token check failed' };
        return url.searchParams.get('fmt') === 'json' ? json(200, body) : { status: 200, body: `callback( ${JSON.stringify(body)} );` };
      }
      case 'GET /user/get_user_info': {
        const q = url.searchParams;
        const g = tokens.get(q.get('access_token') ?? '');
        if (!g || q.get('oauth_consumer_key') !== g.clientId || q.get('openid') !== openid(g))
          return json(200, { ret: 100016, msg: 'access token check failed' });
        return json(200, { ret: 0, msg: '', nickname: g.person.name, figureurl_qq_1: `${g.person.avatar}?s=40`, figureurl_qq_2: `${g.person.avatar}?s=100` });
      }

      // ---------- WeChat website login ----------
      case 'GET /connect/qrconnect': {
        if (url.searchParams.get('scope') !== 'snsapi_login') return { status: 400, body: 'scope 参数错误' };
        return authorize('wechat', url.searchParams);
      }
      case 'GET /sns/oauth2/access_token': {
        const q = url.searchParams;
        if (q.get('grant_type') !== 'authorization_code') return json(200, { errcode: 40002, errmsg: 'invalid grant_type' });
        const r = redeem({ clientId: q.get('appid') ?? '', secret: q.get('secret') ?? '', code: q.get('code') ?? '', flavor: 'wechat' });
        if (typeof r === 'string') {
          refusals.push(r);
          return json(200, r === 'incorrect_client_credentials' ? { errcode: 40125, errmsg: 'invalid appsecret' } : { errcode: 40029, errmsg: 'invalid code' });
        }
        return json(200, { access_token: issue(r), expires_in: 7200, refresh_token: 'r', openid: openid(r), scope: 'snsapi_login', unionid: r.person.unionid });
      }
      case 'GET /sns/userinfo': {
        const g = tokens.get(url.searchParams.get('access_token') ?? '');
        if (!g || url.searchParams.get('openid') !== openid(g)) return json(200, { errcode: 40003, errmsg: 'invalid openid' });
        return json(200, {
          openid: openid(g),
          nickname: g.person.name,
          sex: 0,
          province: '',
          city: '',
          country: 'CN',
          headimgurl: g.person.avatar,
          privilege: [],
          unionid: g.person.unionid,
        });
      }

      // ---------- a generic OAuth 2.0 server ----------
      case 'GET /custom/authorize':
        return authorize('custom', url.searchParams);
      case 'POST /custom/token': {
        const r = redeem({
          clientId: param('client_id'),
          secret: param('client_secret'),
          code: param('code'),
          redirectUri: param('redirect_uri'),
          flavor: 'custom',
        });
        if (typeof r === 'string') {
          refusals.push(r);
          return json(400, { error: r === 'incorrect_client_credentials' ? 'invalid_client' : 'invalid_grant' });
        }
        return json(200, { access_token: issue(r), token_type: 'Bearer', expires_in: 3600 });
      }
      case 'GET /custom/userinfo': {
        const g = tokens.get(bearer);
        if (!g || g.flavor !== 'custom') return json(401, { error: 'invalid_token' });
        return json(200, { sub: `u-${g.person.id}`, preferred_username: g.person.login, name: g.person.name, picture: g.person.avatar });
      }
      default:
        return json(404, { message: 'Not Found' });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req).then(
      (r) => res.writeHead(r.status, r.headers).end(r.body ?? ''),
      (e) => res.writeHead(500).end(String(e)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    signIn: (p) => {
      current = p;
    },
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
