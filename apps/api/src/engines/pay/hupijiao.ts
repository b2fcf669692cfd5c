import crypto from 'node:crypto';
import { parseJson, VendorError, vendorFetch } from '../http';
import type { Outbound } from '../outbound';
import { fenToYuan, formRecord, PayError, payableFen, sortedQuery, yuanToFen } from './types';

/** Hupijiao (虎皮椒 / xunhupay). Wire facts: /work/shared/reference/payments.md and the vendor's PHP demo. */
export const HUPIJIAO_GATEWAY = 'https://api.xunhupay.com/payment/do.html';

export interface HupijiaoConfig {
  appid: string;
  /** the app secret (APPSECRET) */
  secret: string;
  /** hupijiao_gateway; default https://api.xunhupay.com/payment/do.html */
  gateway?: string;
  /** the server's outbound client (address filter, OUTBOUND_ALLOW_HOSTS); the strict default when absent */
  outbound?: Outbound;
}

export interface HupijiaoOrder {
  trade_order_id: string;
  title: string;
  amount_fen: number;
  notify_url: string;
  return_url?: string;
  callback_url?: string;
  /** H5 payment inside a mobile browser: `type=WAP`, with wap_url (the site) and wap_name */
  type?: 'WAP';
  wap_url?: string;
  wap_name?: string;
  attach?: string;
  plugins?: string;
}

export interface HupijiaoPayment {
  /** the cashier page (redirect the browser, or open on mobile) */
  url: string;
  /** a QR image of the payment (desktop) */
  url_qrcode: string;
  raw: Record<string, unknown>;
}

export interface HupijiaoNotification {
  trade_order_id: string;
  /** yuan string as sent */
  total_fee: string;
  amount_fen: number;
  transaction_id: string;
  open_order_id: string;
  /** OD paid, CD refunded, RD refunding, UD refund failed */
  status: string;
  paid: boolean;
  appid: string;
  fields: Record<string, string>;
}

export interface ExpectedHupijiaoPayment {
  trade_order_id: string;
  amount_fen: number;
  /** checked when the notification carries appid */
  appid?: string;
}

/** `hash`: every non-empty parameter except `hash`, sorted, `k=v&…`, the secret appended directly, MD5 lower-case hex. */
export function hupijiaoHash(params: Record<string, string | number | undefined | null>, secret: string): string {
  return crypto
    .createHash('md5')
    .update(sortedQuery(params, ['hash']) + secret, 'utf8')
    .digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Throws a PayError unless the (verified) notification is for this order, of exactly this amount, and paid (OD). */
export function checkHupijiaoNotification(n: HupijiaoNotification, expected: ExpectedHupijiaoPayment): HupijiaoNotification {
  if (expected.appid && n.appid && n.appid !== expected.appid) throw new PayError('mismatch', `虎皮椒通知的 appid ${n.appid} 与配置的 ${expected.appid} 不符`);
  if (n.trade_order_id !== expected.trade_order_id)
    throw new PayError('mismatch', `虎皮椒通知的订单号 ${n.trade_order_id} 与订单 ${expected.trade_order_id} 不符`);
  if (n.amount_fen !== expected.amount_fen)
    throw new PayError('mismatch', `虎皮椒通知的金额 ${n.total_fee} 元与订单金额 ${fenToYuan(expected.amount_fen)} 元不符`);
  if (!n.paid) throw new PayError('not_paid', `虎皮椒订单状态为 ${n.status || '空'}，未支付成功`);
  return n;
}

export class Hupijiao {
  constructor(private readonly c: HupijiaoConfig) {
    if (!c.appid || !c.secret) throw new PayError('bad_key', '虎皮椒 AppID 或密钥未配置');
  }

  /** POST the signed form to the gateway; the answer (hash checked) carries the cashier url and a QR image url. */
  async createPayment(o: HupijiaoOrder, now = Date.now()): Promise<HupijiaoPayment> {
    const params: Record<string, string> = {
      version: '1.1',
      appid: this.c.appid,
      trade_order_id: o.trade_order_id,
      total_fee: fenToYuan(payableFen(o.amount_fen)),
      title: o.title,
      time: String(Math.floor(now / 1000)),
      notify_url: o.notify_url,
      nonce_str: crypto.randomBytes(16).toString('hex'),
    };
    for (const k of ['return_url', 'callback_url', 'type', 'wap_url', 'wap_name', 'attach', 'plugins'] as const) if (o[k]) params[k] = o[k];
    params.hash = hupijiaoHash(params, this.c.secret);
    const res = await vendorFetch((this.c.gateway || HUPIJIAO_GATEWAY).trim(), {
      via: this.c.outbound,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'User-Agent': 'Wenku' },
      body: new URLSearchParams(params).toString(),
    });
    const r = parseJson<Record<string, unknown>>(res);
    if (Number(r.errcode) !== 0 || r.errcode === undefined) {
      throw new VendorError(`虎皮椒下单失败：${String(r.errmsg ?? `HTTP ${res.status}`)}（${String(r.errcode ?? res.status)}）`, res.text.slice(0, 2000));
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(r)) if (v !== null && typeof v !== 'object') flat[k] = String(v);
    if (!flat.hash || !sameHash(flat.hash, hupijiaoHash(flat, this.c.secret)))
      throw new VendorError('虎皮椒下单失败：应答签名验证失败', res.text.slice(0, 2000));
    if (!flat.url) throw new VendorError('虎皮椒下单失败：没有返回支付链接', res.text.slice(0, 2000));
    return { url: flat.url, url_qrcode: flat.url_qrcode ?? '', raw: r };
  }

  /**
   * Queries an order (POST payment/query.html beside the payment gateway, signed the same way): its status
   * (OD paid, WP waiting, CD cancelled) or null when Hupijiao has no such order. The answer's hash is checked.
   */
  async queryOrder(tradeOrderId: string, now = Date.now()): Promise<{ status: string; paid: boolean; transaction_id: string; total_fee: string } | null> {
    const params: Record<string, string> = {
      appid: this.c.appid,
      out_trade_order: tradeOrderId,
      time: String(Math.floor(now / 1000)),
      nonce_str: crypto.randomBytes(16).toString('hex'),
    };
    params.hash = hupijiaoHash(params, this.c.secret);
    const url = (this.c.gateway || HUPIJIAO_GATEWAY).trim().replace(/do\.html(\?.*)?$/, 'query.html');
    const res = await vendorFetch(url, {
      via: this.c.outbound,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'User-Agent': 'Wenku' },
      body: new URLSearchParams(params).toString(),
    });
    const r = parseJson<Record<string, unknown>>(res);
    const data = (r.data && typeof r.data === 'object' ? r.data : {}) as Record<string, unknown>;
    if (Number(r.errcode) !== 0 || r.errcode === undefined) {
      if (/not\s*exist|不存在/i.test(String(r.errmsg ?? ''))) return null;
      throw new VendorError(`虎皮椒查询失败：${String(r.errmsg ?? `HTTP ${res.status}`)}（${String(r.errcode ?? res.status)}）`, res.text.slice(0, 2000));
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(r)) if (v !== null && typeof v !== 'object') flat[k] = String(v);
    if (!flat.hash || !sameHash(flat.hash, hupijiaoHash(flat, this.c.secret)))
      throw new VendorError('虎皮椒查询失败：应答签名验证失败', res.text.slice(0, 2000));
    const status = String(data.status ?? '');
    return {
      status,
      paid: status === 'OD',
      transaction_id: String(data.transaction_id ?? data.open_order_id ?? ''),
      total_fee: String(data.total_amount ?? data.total_fee ?? ''),
    };
  }

  /** The notification's form fields: `hash` checked with the secret. The caller then runs `checkHupijiaoNotification`. */
  verifyNotification(form: URLSearchParams | Record<string, unknown>): HupijiaoNotification {
    const f = formRecord(form);
    if (!f.hash || !sameHash(f.hash, hupijiaoHash(f, this.c.secret))) throw new PayError('bad_signature', '虎皮椒通知签名（hash）验证失败');
    if (!f.trade_order_id || !f.total_fee) throw new PayError('bad_notification', '虎皮椒通知缺少订单号或金额');
    return {
      trade_order_id: f.trade_order_id,
      total_fee: f.total_fee,
      amount_fen: yuanToFen(f.total_fee),
      transaction_id: f.transaction_id ?? '',
      open_order_id: f.open_order_id ?? '',
      status: f.status ?? '',
      paid: f.status === 'OD',
      appid: f.appid ?? '',
      fields: f,
    };
  }
}
