import crypto from 'node:crypto';
import { parseJson, rebase, VendorError, vendorFetch } from '../http';
import type { Outbound } from '../outbound';

export const WECHAT_API = 'https://api.weixin.qq.com';

type Json = Record<string, unknown>;

async function call(via: Outbound | undefined, url: string, what: string): Promise<Json> {
  const r = parseJson<Json>(await vendorFetch(url, { via }));
  if (r.errcode !== undefined && Number(r.errcode) !== 0) {
    throw new VendorError(`${what}：${String(r.errmsg ?? r.errcode)}（${String(r.errcode)}）`, JSON.stringify(r).slice(0, 2000));
  }
  return r;
}

/** The WeChat server APIs the mini-program scan login and JS-SDK share need. */
export class WechatApi {
  constructor(
    private readonly base?: string,
    /** the server's outbound client; the strict default when absent */
    private readonly outbound?: Outbound,
  ) {}

  private url(path: string, q: Record<string, string>): string {
    const u = new URL(rebase(`${WECHAT_API}${path}`, this.base));
    for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
    return u.toString();
  }

  /** Mini-program login: wx.login's js_code → openid (+ unionid when the app is tied to an open platform account). */
  async code2session(appid: string, secret: string, jsCode: string): Promise<{ openid: string; unionid: string }> {
    const r = await call(
      this.outbound,
      this.url('/sns/jscode2session', { appid, secret, js_code: jsCode, grant_type: 'authorization_code' }),
      '小程序登录失败',
    );
    if (!r.openid) throw new VendorError('小程序登录失败：没有返回 openid', JSON.stringify(r));
    return { openid: String(r.openid), unionid: String(r.unionid ?? '') };
  }

  async accessToken(appid: string, secret: string): Promise<{ token: string; expiresIn: number }> {
    const r = await call(this.outbound, this.url('/cgi-bin/token', { grant_type: 'client_credential', appid, secret }), '获取 access_token 失败');
    return { token: String(r.access_token), expiresIn: Number(r.expires_in) || 7200 };
  }

  async jsapiTicket(accessToken: string): Promise<{ ticket: string; expiresIn: number }> {
    const r = await call(this.outbound, this.url('/cgi-bin/ticket/getticket', { access_token: accessToken, type: 'jsapi' }), '获取 jsapi_ticket 失败');
    return { ticket: String(r.ticket), expiresIn: Number(r.expires_in) || 7200 };
  }
}

/** JS-SDK signature: SHA-1 of `jsapi_ticket=..&noncestr=..&timestamp=..&url=..` (url without its #fragment). */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`;
  return crypto.createHash('sha1').update(plain).digest('hex');
}
