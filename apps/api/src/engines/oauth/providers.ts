import { parseJson, rebase, VendorError, vendorFetch } from '../http';
import type { Outbound } from '../outbound';

export type OAuthProviderType = 'github' | 'gitee' | 'qq' | 'wechat' | 'custom';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Who the provider says the person is. `openid` is the provider's stable id for them. */
export interface OAuthProfile {
  openid: string;
  unionid: string;
  nickname: string;
  avatar: string;
  raw: Record<string, unknown>;
}

export interface OAuthProvider {
  readonly type: OAuthProviderType;
  authorizeUrl(client: OAuthClient, state: string): string;
  /** authorization code → access token → profile */
  profile(client: OAuthClient, code: string): Promise<OAuthProfile>;
}

export interface CustomEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const UA = 'Wenku';

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) if (v !== '') u.searchParams.set(k, v);
  return u.toString();
}

/** The provider's error fields, whichever of the usual names it uses. */
function failIfError(r: Json, what: string): void {
  const err = r.error ?? r.errcode ?? (typeof r.ret === 'number' && r.ret !== 0 ? r.ret : undefined);
  if (err !== undefined && err !== 0 && err !== '0') {
    const desc = str(r.error_description ?? r.errmsg ?? r.msg ?? r.message ?? err);
    throw new VendorError(`${what}：${desc}`, JSON.stringify(r).slice(0, 2000));
  }
}

async function getJson(via: Outbound | undefined, url: string, headers: Record<string, string> = {}): Promise<Json> {
  const res = await vendorFetch(url, { via, headers: { Accept: 'application/json', 'User-Agent': UA, ...headers } });
  const r = parseJson<Json>(res);
  if (res.status >= 400) failIfError({ error: res.status, ...r }, '获取用户信息失败');
  return r;
}

async function postForm(via: Outbound | undefined, url: string, form: Record<string, string>): Promise<Json> {
  const res = await vendorFetch(url, {
    via,
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': UA },
    body: new URLSearchParams(form).toString(),
  });
  if (!res.text.trim().startsWith('{')) {
    // some servers answer the RFC 6749 form encoding despite Accept
    return Object.fromEntries(new URLSearchParams(res.text));
  }
  return parseJson<Json>(res);
}

function token(r: Json): string {
  failIfError(r, '换取访问令牌失败');
  const t = str(r.access_token);
  if (!t) throw new VendorError('换取访问令牌失败：没有返回 access_token', JSON.stringify(r).slice(0, 2000));
  return t;
}

/** GitHub: form POST to /login/oauth/access_token with Accept: application/json, then GET api.github.com/user. */
function github(base?: string, via?: Outbound): OAuthProvider {
  const web = (p: string) => rebase(`https://github.com${p}`, base);
  const api = (p: string) => rebase(`https://api.github.com${p}`, base);
  return {
    type: 'github',
    authorizeUrl: (c, state) =>
      withQuery(web('/login/oauth/authorize'), { client_id: c.clientId, redirect_uri: c.redirectUri, scope: 'read:user user:email', state }),
    async profile(c, code) {
      const t = token(
        await postForm(via, web('/login/oauth/access_token'), { client_id: c.clientId, client_secret: c.clientSecret, code, redirect_uri: c.redirectUri }),
      );
      const u = await getJson(via, api('/user'), { Authorization: `Bearer ${t}`, Accept: 'application/vnd.github+json' });
      if (!u.id) throw new VendorError('获取用户信息失败', JSON.stringify(u).slice(0, 2000));
      return { openid: str(u.id), unionid: '', nickname: str(u.name || u.login), avatar: str(u.avatar_url), raw: u };
    },
  };
}

/** Gitee: POST /oauth/token (grant_type=authorization_code), then GET /api/v5/user?access_token=. */
function gitee(base?: string, via?: Outbound): OAuthProvider {
  const url = (p: string) => rebase(`https://gitee.com${p}`, base);
  return {
    type: 'gitee',
    authorizeUrl: (c, state) =>
      withQuery(url('/oauth/authorize'), { client_id: c.clientId, redirect_uri: c.redirectUri, response_type: 'code', scope: 'user_info', state }),
    async profile(c, code) {
      const t = token(
        await postForm(via, url('/oauth/token'), {
          grant_type: 'authorization_code',
          code,
          client_id: c.clientId,
          client_secret: c.clientSecret,
          redirect_uri: c.redirectUri,
        }),
      );
      const u = await getJson(via, withQuery(url('/api/v5/user'), { access_token: t }));
      if (!u.id) throw new VendorError('获取用户信息失败', JSON.stringify(u).slice(0, 2000));
      return { openid: str(u.id), unionid: '', nickname: str(u.name || u.login), avatar: str(u.avatar_url), raw: u };
    },
  };
}

/** QQ 互联 accepts `fmt=json`; older answers come as a form string or JSONP `callback( {...} );`. */
function qqParse(text: string): Json {
  const t = text.trim();
  const m = /^callback\(\s*(\{[\s\S]*\})\s*\);?$/.exec(t);
  if (m) return JSON.parse(m[1]) as Json;
  if (t.startsWith('{')) return JSON.parse(t) as Json;
  return Object.fromEntries(new URLSearchParams(t));
}

async function qqGet(via: Outbound | undefined, url: string): Promise<Json> {
  const res = await vendorFetch(url, { via, headers: { 'User-Agent': UA } });
  try {
    return qqParse(res.text);
  } catch {
    throw new VendorError(`接口返回了无法解析的内容（HTTP ${res.status}）`);
  }
}

/** QQ: /oauth2.0/token → /oauth2.0/me (openid, unionid) → /user/get_user_info. */
function qq(base?: string, via?: Outbound): OAuthProvider {
  const url = (p: string) => rebase(`https://graph.qq.com${p}`, base);
  return {
    type: 'qq',
    authorizeUrl: (c, state) =>
      withQuery(url('/oauth2.0/authorize'), { response_type: 'code', client_id: c.clientId, redirect_uri: c.redirectUri, state, scope: 'get_user_info' }),
    async profile(c, code) {
      const t = token(
        await qqGet(
          via,
          withQuery(url('/oauth2.0/token'), {
            grant_type: 'authorization_code',
            client_id: c.clientId,
            client_secret: c.clientSecret,
            code,
            redirect_uri: c.redirectUri,
            fmt: 'json',
          }),
        ),
      );
      const me = await qqGet(via, withQuery(url('/oauth2.0/me'), { access_token: t, unionid: '1', fmt: 'json' }));
      failIfError(me, '获取 openid 失败');
      const openid = str(me.openid);
      if (!openid) throw new VendorError('获取 openid 失败', JSON.stringify(me).slice(0, 2000));
      const u = await qqGet(via, withQuery(url('/user/get_user_info'), { access_token: t, oauth_consumer_key: c.clientId, openid }));
      failIfError(u, '获取用户信息失败');
      return { openid, unionid: str(me.unionid), nickname: str(u.nickname), avatar: str(u.figureurl_qq_2 || u.figureurl_qq_1 || u.figureurl_2), raw: u };
    },
  };
}

/** WeChat website login: open.weixin.qq.com qrconnect → sns/oauth2/access_token (openid, unionid) → sns/userinfo. */
function wechat(base?: string, via?: Outbound): OAuthProvider {
  const open = (p: string) => rebase(`https://open.weixin.qq.com${p}`, base);
  const api = (p: string) => rebase(`https://api.weixin.qq.com${p}`, base);
  return {
    type: 'wechat',
    authorizeUrl: (c, state) =>
      `${withQuery(open('/connect/qrconnect'), { appid: c.clientId, redirect_uri: c.redirectUri, response_type: 'code', scope: 'snsapi_login', state })}#wechat_redirect`,
    async profile(c, code) {
      const r = await getJson(
        via,
        withQuery(api('/sns/oauth2/access_token'), { appid: c.clientId, secret: c.clientSecret, code, grant_type: 'authorization_code' }),
      );
      const t = token(r);
      const openid = str(r.openid);
      const u = await getJson(via, withQuery(api('/sns/userinfo'), { access_token: t, openid }));
      failIfError(u, '获取用户信息失败');
      return { openid, unionid: str(u.unionid || r.unionid), nickname: str(u.nickname), avatar: str(u.headimgurl), raw: u };
    },
  };
}

/** Any OAuth 2.0 server: authorization-code grant with the secret in the form, userinfo with a bearer token. */
function custom(e: CustomEndpoints, via?: Outbound): OAuthProvider {
  return {
    type: 'custom',
    authorizeUrl: (c, state) => withQuery(e.authorizeUrl, { response_type: 'code', client_id: c.clientId, redirect_uri: c.redirectUri, scope: e.scope, state }),
    async profile(c, code) {
      const t = token(
        await postForm(via, e.tokenUrl, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: c.redirectUri,
          client_id: c.clientId,
          client_secret: c.clientSecret,
        }),
      );
      const u = await getJson(via, e.userinfoUrl, { Authorization: `Bearer ${t}` });
      const d = (u.data && typeof u.data === 'object' ? u.data : u) as Json;
      const openid = str(d.openid ?? d.sub ?? d.id ?? d.user_id ?? d.uid);
      if (!openid) throw new VendorError('获取用户信息失败：没有用户 id', JSON.stringify(u).slice(0, 2000));
      return {
        openid,
        unionid: str(d.unionid),
        nickname: str(d.nickname ?? d.name ?? d.preferred_username ?? d.login ?? d.username),
        avatar: str(d.avatar ?? d.avatar_url ?? d.picture ?? d.headimgurl),
        raw: u,
      };
    },
  };
}

/** `outbound`: the server's outbound client (address filter, OUTBOUND_ALLOW_HOSTS); the strict default when absent. */
export function createOAuthProvider(type: OAuthProviderType, opts: { baseUrl?: string; custom?: CustomEndpoints; outbound?: Outbound } = {}): OAuthProvider {
  switch (type) {
    case 'github':
      return github(opts.baseUrl, opts.outbound);
    case 'gitee':
      return gitee(opts.baseUrl, opts.outbound);
    case 'qq':
      return qq(opts.baseUrl, opts.outbound);
    case 'wechat':
      return wechat(opts.baseUrl, opts.outbound);
    case 'custom':
      if (!opts.custom) throw new Error('custom OAuth needs its endpoints');
      return custom(opts.custom, opts.outbound);
  }
}
