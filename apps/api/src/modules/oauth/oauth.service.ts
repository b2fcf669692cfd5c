import { OAUTH_TYPES, PunishmentType } from '@wenku/contracts';
import { createOAuthProvider, type OAuthProfile, type OAuthProvider, type OAuthProviderType } from '../../engines/oauth/providers';
import { VendorError } from '../../engines/http';
import type { Outbound } from '../../engines/outbound';
import { AppError, badRequest, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import type { PunishmentService } from '../account/punishment.service';
import type { ConfigService } from '../config/config.service';
import type { UserRow, UserService } from '../user/user.service';
import { OAuthState, bindingOf } from './oauth.state';
import type { RateCounter } from '../../lib/rate-limit';

type OAuthBody = { type: OAuthProviderType; code: string; state?: string; redirect_uri?: string; nonce?: string };
import type { OAuthRepo, UserOAuthRow } from './oauth.repo';

export interface OAuthServiceOptions {
  /** the JWT secret: signs `state` */
  secret: string;
  /** tests: provider type (github, gitee, qq, wechat) → base URL replacing every real host of that provider */
  baseUrlOverrides?: Partial<Record<string, string>>;
  /** the server's outbound client: custom OAuth URLs are typed in the settings */
  outbound?: Outbound;
}

const TITLES: Record<OAuthProviderType, string> = { github: 'GitHub', gitee: 'Gitee', qq: 'QQ', wechat: '微信', custom: '第三方' };
/** Same person across WeChat apps: a unionid seen through one binds to the account of the other. */
const WECHAT_TYPES = ['wechat', 'wechatmp'];
const BIND_FAILED = '绑定失败';

export function toUserOAuth(r: UserOAuthRow) {
  return { id: r.id, type: r.type, nickname: r.nickname, avatar: r.avatar, created_at: r.createdAt.toISOString() };
}

/** Turns a provider failure into an answer: unreachable → 502, refused (bad code, wrong secret) → 400. */
export function vendorFailure(e: unknown, prefix: string): never {
  if (e instanceof VendorError) {
    if (e.network) throw new AppError('bad_gateway', `${prefix}：无法连接第三方服务，请稍后再试`);
    throw badRequest(`${prefix}：${e.message}`);
  }
  throw e;
}

export class OAuthService {
  private readonly state: OAuthState;

  constructor(
    private readonly repo: OAuthRepo,
    private readonly settings: ConfigService,
    private readonly users: UserService,
    private readonly punishments: Pick<PunishmentService, 'assertAllowed'>,
    private readonly rates: RateCounter,
    private readonly opts: OAuthServiceOptions,
  ) {
    this.state = new OAuthState(opts.secret);
  }

  private async provider(type: OAuthProviderType): Promise<{ provider: OAuthProvider; clientId: string; clientSecret: string; title: string } | null> {
    const cfg = await this.settings.get('oauth');
    const clientId = String(cfg[`${type}_client_id`] ?? '').trim();
    const clientSecret = String(cfg[`${type}_client_secret`] ?? '');
    if (cfg[`${type}_enable`] !== true || !clientId) return null;
    if (type === 'custom') {
      const custom = {
        authorizeUrl: cfg.custom_authorize_url.trim(),
        tokenUrl: cfg.custom_token_url.trim(),
        userinfoUrl: cfg.custom_userinfo_url.trim(),
        scope: cfg.custom_scope.trim(),
      };
      if (!custom.authorizeUrl || !custom.tokenUrl || !custom.userinfoUrl) return null;
      return {
        provider: createOAuthProvider('custom', { custom, outbound: this.opts.outbound }),
        clientId,
        clientSecret,
        title: cfg.custom_name || '' || TITLES.custom,
      };
    }
    return {
      provider: createOAuthProvider(type, { baseUrl: this.opts.baseUrlOverrides?.[type], outbound: this.opts.outbound }),
      clientId,
      clientSecret,
      title: TITLES[type],
    };
  }

  private async defaultRedirect(type: string, wanted?: string): Promise<string> {
    if (wanted) return wanted.replace('{type}', type);
    const system = await this.settings.get('system');
    return `${(system.domain || '').replace(/\/+$/, '')}/oauth/${type}`;
  }

  /** GET /oauth/configs: enabled providers with a ready authorize URL (client_id, redirect_uri, signed state). */
  async configs(redirectUri?: string, binding?: string): Promise<{ type: OAuthProviderType; title: string; authorize_url: string }[]> {
    const out: { type: OAuthProviderType; title: string; authorize_url: string }[] = [];
    for (const type of OAUTH_TYPES) {
      const p = await this.provider(type);
      if (!p) continue;
      const redirect = await this.defaultRedirect(type, redirectUri);
      const authorizeUrl = p.provider.authorizeUrl(
        { clientId: p.clientId, clientSecret: '', redirectUri: redirect },
        this.state.issue(type, redirect, binding),
      );
      out.push({ type, title: p.title, authorize_url: authorizeUrl });
    }
    return out;
  }

  /**
   * Checks the state — signed, unexpired, for this provider, used once, and, when it names a browser, returned by that
   * browser (its nonce) — then code → token → profile at the provider. Binding always needs a browser-bound state:
   * an attacker's authorisation link cannot attach the attacker's identity to a victim's account.
   */
  private async profile(body: OAuthBody, purpose: 'login' | 'bind'): Promise<OAuthProfile> {
    const p = await this.provider(body.type);
    if (!p) throw badRequest('该登录方式未启用');
    const st = body.state ? this.state.verify(body.state, body.type) : null;
    if (!st) throw badRequest('登录请求已失效，请重新发起登录');
    if (purpose === 'bind' && !st.binding) throw badRequest('绑定请求无效，请在本页面重新发起绑定');
    if (st.binding && (!body.nonce || bindingOf(body.nonce) !== st.binding)) throw badRequest('登录请求不是由当前浏览器发起的，请重新发起');
    if ((await this.rates.hit(`oauth-state:${st.nonce}`, 15 * 60_000)).count > 1) throw badRequest('登录请求已使用过，请重新发起登录');
    const redirectUri = st.redirectUri || (await this.defaultRedirect(body.type, body.redirect_uri));
    try {
      const profile = await p.provider.profile({ clientId: p.clientId, clientSecret: p.clientSecret, redirectUri }, body.code);
      return { ...profile, nickname: profile.nickname.slice(0, 128), avatar: profile.avatar.length <= 255 ? profile.avatar : '' };
    } catch (e) {
      vendorFailure(e, '第三方登录失败');
    }
  }

  /**
   * The account bound to (type, openid): the bound one, else one bound through a sibling app with the same
   * unionid (WeChat), else a new account named after the nickname. Shared by OAuth login and mini-program scan.
   */
  async findOrCreateUser(type: string, profile: OAuthProfile, ip: string, siblings: string[] = []): Promise<UserRow> {
    const values = { nickname: profile.nickname, avatar: profile.avatar, raw: profile.raw };
    const bound = await this.repo.findBinding(type, profile.openid);
    if (bound) {
      await this.repo.updateBinding(bound.id, { ...values, unionid: profile.unionid || bound.unionid });
      const user = await this.users.get(bound.userId);
      await this.assertCanLogIn(user.id);
      await this.users.recordLogin(user.id, ip);
      return user;
    }
    const sibling = profile.unionid && siblings.length ? await this.repo.findByUnionid(siblings, profile.unionid) : undefined;
    let user: UserRow;
    if (sibling) {
      user = await this.users.get(sibling.userId);
      await this.assertCanLogIn(user.id);
      await this.users.recordLogin(user.id, ip);
    } else {
      const security = await this.settings.get('security');
      if (security.enable_register === false) throw forbidden('网站已关闭注册');
      const title = (TITLES as Record<string, string>)[type] ?? '微信';
      const username = await this.users.availableUsername(profile.nickname || `${title}用户`);
      user = await this.users.createAccount({ username, avatar: profile.avatar }, ip);
    }
    try {
      await this.repo.insertBinding({ userId: user.id, type, openid: profile.openid, unionid: profile.unionid, ...values });
    } catch (e) {
      // the same person logging in twice at once: the first binding wins
      if (!isUniqueViolation(e)) throw e;
      const winner = await this.repo.findBinding(type, profile.openid);
      if (!winner) throw e;
      return this.users.get(winner.userId);
    }
    return user;
  }

  /** A disabled account (punishment) cannot log in by any way. */
  assertCanLogIn(userId: number): Promise<void> {
    return this.punishments.assertAllowed(userId, PunishmentType.DisableAccount);
  }

  /** POST /oauth/login */
  async login(body: OAuthBody, ip: string): Promise<UserRow> {
    const profile = await this.profile(body, 'login');
    return this.findOrCreateUser(body.type, profile, ip, body.type === 'wechat' ? WECHAT_TYPES : []);
  }

  /** POST /oauth/bind: binds to the logged-in user; an identity bound to someone else, or a second one of a kind, fails. */
  async bind(userId: number, body: OAuthBody): Promise<UserRow> {
    const profile = await this.profile(body, 'bind');
    const values = { nickname: profile.nickname, avatar: profile.avatar, raw: profile.raw };
    const bound = await this.repo.findBinding(body.type, profile.openid);
    if (bound && bound.userId !== userId) throw badRequest(BIND_FAILED);
    if (bound) {
      await this.repo.updateBinding(bound.id, { ...values, unionid: profile.unionid || bound.unionid });
    } else {
      if (await this.repo.findUserBindingOfType(userId, body.type)) throw badRequest(`${BIND_FAILED}：请先解绑已绑定的${TITLES[body.type]}账号`);
      try {
        await this.repo.insertBinding({ userId, type: body.type, openid: profile.openid, unionid: profile.unionid, ...values });
      } catch (e) {
        if (isUniqueViolation(e)) throw badRequest(BIND_FAILED);
        throw e;
      }
    }
    return this.users.get(userId);
  }

  async list(userId: number) {
    return (await this.repo.listForUser(userId)).map(toUserOAuth);
  }

  /** DELETE /user/oauth: own bindings only, and never the last way into an account without password or mobile. */
  async unbind(userId: number, id: number): Promise<void> {
    const rows = await this.repo.listForUser(userId);
    if (!rows.some((r) => r.id === id)) throw notFound('绑定记录不存在');
    const user = await this.users.get(userId);
    if (rows.length === 1 && !user.password && !user.mobile) throw badRequest('这是您唯一的登录方式，请先设置密码后再解绑');
    if (!(await this.repo.deleteForUser(id, userId))) throw notFound('绑定记录不存在');
  }
}
