import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { jsapiSignature, WechatApi } from '../../engines/oauth/wechat';
import { badRequest } from '../../lib/errors';
import type { Outbound } from '../../engines/outbound';
import type { ConfigService } from '../config/config.service';
import type { UserRow, UserService } from '../user/user.service';
import type { OAuthRepo } from './oauth.repo';
import { vendorFailure, type OAuthService } from './oauth.service';

const SCAN_TTL_MS = 5 * 60 * 1000;
/** a confirmation may be picked up a little after the code itself expired (the page polls every few seconds) */
const PICKUP_GRACE_MS = 60 * 1000;
const SCAN_EXPIRED = '二维码已过期，请刷新后重新扫码';

/**
 * Mini-program scan login and the official-account JS-SDK share signature.
 *
 * The QR code holds `{system.domain}/oauth/wechatmp?code=<code>`: register that prefix under 「扫普通链接二维码打开小程序」
 * and WeChat's scanner opens the mini-program with the URL in `q`; the mini-program then calls wx.login and
 * POST /oauth/wechatmp/scan/confirm {code, js_code}. The page polls /scan/login/status until it is confirmed.
 */
export class WechatService {
  private readonly api: WechatApi;
  private readonly tickets = new Map<string, { ticket: string; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<string>>();
  private lastPurge = 0;

  constructor(
    private readonly repo: OAuthRepo,
    private readonly settings: ConfigService,
    private readonly users: UserService,
    private readonly oauth: OAuthService,
    opts: { baseUrl?: string; outbound?: Outbound } = {},
  ) {
    this.api = new WechatApi(opts.baseUrl, opts.outbound);
  }

  private async miniprogram() {
    const mp = await this.settings.get('miniprogram');
    const appid = mp.appid.trim();
    const secret = mp.secret;
    if (mp.enable !== true || !appid || !secret) throw badRequest('小程序扫码登录未启用');
    return { appid, secret };
  }

  /** GET /oauth/wechatmp/scan/code */
  async createScan(): Promise<{ code: string; qrcode: string; expires_at: string }> {
    await this.miniprogram();
    const code = crypto.randomBytes(16).toString('hex');
    const expiresAt = new Date(Date.now() + SCAN_TTL_MS);
    await this.repo.insertScan(code, expiresAt);
    // old codes are worthless: those expired a day ago are dropped, at most once an hour per process
    if (Date.now() - this.lastPurge > 3600_000) {
      this.lastPurge = Date.now();
      await this.repo.purgeScans(new Date(Date.now() - 24 * 3600 * 1000));
    }
    const system = await this.settings.get('system');
    const url = `${(system.domain || '').replace(/\/+$/, '')}/oauth/wechatmp?code=${code}`;
    const qrcode = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
    return { code, qrcode, expires_at: expiresAt.toISOString() };
  }

  /** POST /oauth/wechatmp/scan/login/status: a confirmed code is consumed by the first poll that sees it. */
  async scanStatus(code: string): Promise<{ status: 'waiting' | 'expired' } | { status: 'confirmed'; user: UserRow }> {
    const row = await this.repo.findScan(code);
    const now = Date.now();
    if (!row) return { status: 'expired' };
    if (row.status === 'confirmed') {
      const userId = await this.repo.consumeScan(code, new Date(now - PICKUP_GRACE_MS));
      if (userId) {
        await this.oauth.assertCanLogIn(userId);
        return { status: 'confirmed', user: await this.users.get(userId) };
      }
      return { status: 'expired' };
    }
    if (row.status === 'waiting' && row.expiresAt.getTime() > now) return { status: 'waiting' };
    return { status: 'expired' };
  }

  /** POST /oauth/wechatmp/scan/confirm: js_code → openid (code2session) → the bound (or a new) account. */
  async confirmScan(code: string, jsCode: string, ip: string): Promise<void> {
    const { appid, secret } = await this.miniprogram();
    const row = await this.repo.findScan(code);
    if (!row || row.status !== 'waiting' || row.expiresAt.getTime() <= Date.now()) throw badRequest(SCAN_EXPIRED);
    let who: { openid: string; unionid: string };
    try {
      who = await this.api.code2session(appid, secret, jsCode);
    } catch (e) {
      vendorFailure(e, '登录失败');
    }
    const user = await this.oauth.findOrCreateUser('wechatmp', { openid: who.openid, unionid: who.unionid, nickname: '', avatar: '', raw: {} }, ip, [
      'wechat',
      'wechatmp',
    ]);
    if (!(await this.repo.confirmScan(code, user.id, who.openid, new Date()))) throw badRequest(SCAN_EXPIRED);
  }

  /** jsapi_ticket, cached per official account until five minutes before it expires; concurrent callers share one fetch. */
  private async ticket(appid: string, secret: string): Promise<string> {
    const key = `${appid}:${crypto.createHash('sha256').update(secret).digest('hex').slice(0, 16)}`;
    const hit = this.tickets.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.ticket;
    const inflight = this.pending.get(key);
    if (inflight) return inflight;
    const p = (async () => {
      const token = await this.api.accessToken(appid, secret);
      const t = await this.api.jsapiTicket(token.token);
      this.tickets.set(key, { ticket: t.ticket, expiresAt: Date.now() + Math.max(60, t.expiresIn - 300) * 1000 });
      return t.ticket;
    })().finally(() => this.pending.delete(key));
    this.pending.set(key, p);
    return p;
  }

  /** GET /oauth/wxshare/signature */
  async shareSignature(url: string): Promise<{ appid: string; timestamp: number; nonce_str: string; signature: string }> {
    const mp = await this.settings.get('miniprogram');
    const appid = mp.mp_appid.trim();
    const secret = mp.mp_secret;
    if (!appid || !secret) throw badRequest('未配置公众号，无法生成分享签名');
    let ticket: string;
    try {
      ticket = await this.ticket(appid, secret);
    } catch (e) {
      vendorFailure(e, '获取分享签名失败');
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const nonceStr = crypto.randomBytes(8).toString('hex');
    return { appid, timestamp, nonce_str: nonceStr, signature: jsapiSignature(ticket, nonceStr, timestamp, url) };
  }
}
