import type { KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey, rsaSha256Sign, rsaSha256Verify } from './keys';
import { parseJson, VendorError, vendorFetch } from '../http';
import type { Outbound } from '../outbound';
import { fenToYuan, formRecord, PayError, payableFen, sortedQuery, yuanToFen } from './types';

/** Alipay open platform (支付宝开放平台), public-key mode, RSA2. Wire facts: /work/shared/reference/payments.md, opendocs.alipay.com. */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayConfig {
  /** app_id (alipay_appid) */
  appId: string;
  /** the app private key (应用私钥), PEM or bare base64 PKCS#1/PKCS#8 */
  privateKey: string | KeyObject;
  /** the Alipay public key (支付宝公钥, not the app's), PEM or bare base64 SPKI */
  alipayPublicKey: string | KeyObject;
  /** alipay_gateway; default https://openapi.alipay.com/gateway.do */
  gateway?: string;
  /** the server's outbound client (address filter, OUTBOUND_ALLOW_HOSTS); the strict default when absent */
  outbound?: Outbound;
}

export interface AlipayOrder {
  out_trade_no: string;
  subject: string;
  amount_fen: number;
  notify_url: string;
  /** where Alipay sends the browser back after paying */
  return_url?: string;
  /** wap only: where the user goes when leaving the cashier */
  quit_url?: string;
  /** relative time-out, e.g. '2h' or '30m' */
  timeout_express?: string;
}

/** An asynchronous notification's fields (form-decoded strings); every received field is kept. */
/** What alipay.trade.query answers about a trade. */
export interface AlipayTrade {
  out_trade_no: string;
  trade_no: string;
  /** WAIT_BUYER_PAY, TRADE_CLOSED, TRADE_SUCCESS, TRADE_FINISHED */
  trade_status: string;
  total_amount: string;
  amount_fen: number;
}

/**
 * The raw JSON text of one top-level member of an answer, exactly as sent: Alipay signs that text, so it must not be
 * re-serialised. Walks the text once, tracking strings and nesting. Null when the member is missing.
 */
export function rawJsonMember(text: string, key: string): string | null {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return null;
  let i = text.indexOf(':', at + key.length + 2);
  if (i < 0) return null;
  i++;
  while (i < text.length && /\s/.test(text[i])) i++;
  if (text[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < text.length; j++) {
    const ch = text[j];
    if (inString) {
      if (ch === '\\') j++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(i, j + 1);
  }
  return null;
}

export interface AlipayNotification {
  notify_id: string;
  notify_type: string;
  notify_time: string;
  app_id: string;
  trade_no: string;
  out_trade_no: string;
  /** yuan string as sent, e.g. '12.30' */
  total_amount: string;
  /** total_amount in fen */
  amount_fen: number;
  trade_status: string;
  seller_id: string;
  buyer_id: string;
  fields: Record<string, string>;
}

export interface ExpectedAlipayPayment {
  app_id: string;
  out_trade_no: string;
  amount_fen: number;
  /** the merchant's PID, checked when given */
  seller_id?: string;
}

const PAID = ['TRADE_SUCCESS', 'TRADE_FINISHED'];

/** The string an Alipay request signature covers: every parameter but `sign` and empty values (sign_type included), sorted. */
export function alipayRequestSignContent(params: Record<string, string | undefined>): string {
  return sortedQuery(params, ['sign']);
}

/** The string an Alipay notification signature covers: every parameter but `sign` and `sign_type` and empty values, sorted. */
export function alipayNotifySignContent(fields: Record<string, string>): string {
  return sortedQuery(fields, ['sign', 'sign_type']);
}

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai (UTC+8, no daylight saving). */
export function alipayTimestamp(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Throws a PayError unless the (verified) notification is this app's, for this order, of exactly this amount, and paid. */
export function checkAlipayNotification(n: AlipayNotification, expected: ExpectedAlipayPayment): AlipayNotification {
  if (n.app_id !== expected.app_id) throw new PayError('mismatch', `支付宝通知的 app_id ${n.app_id} 与配置的 ${expected.app_id} 不符`);
  if (n.out_trade_no !== expected.out_trade_no) throw new PayError('mismatch', `支付宝通知的订单号 ${n.out_trade_no} 与订单 ${expected.out_trade_no} 不符`);
  if (n.amount_fen !== expected.amount_fen)
    throw new PayError('mismatch', `支付宝通知的金额 ${n.total_amount} 元与订单金额 ${fenToYuan(expected.amount_fen)} 元不符`);
  if (expected.seller_id && n.seller_id !== expected.seller_id)
    throw new PayError('mismatch', `支付宝通知的卖家 ${n.seller_id} 与配置的 ${expected.seller_id} 不符`);
  if (!PAID.includes(n.trade_status)) throw new PayError('not_paid', `支付宝交易状态为 ${n.trade_status || '空'}，未支付成功`);
  return n;
}

export class Alipay {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(private readonly c: AlipayConfig) {
    this.privateKey = loadPrivateKey(c.privateKey, '支付宝应用私钥');
    this.publicKey = loadPublicKey(c.alipayPublicKey, '支付宝公钥');
  }

  /** Every parameter of a request, signed; `now` only for tests. */
  signedParams(method: string, biz: Record<string, unknown>, extra: { notify_url?: string; return_url?: string }, now = Date.now()): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.c.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTimestamp(now),
      version: '1.0',
      biz_content: JSON.stringify(biz),
    };
    if (extra.notify_url) params.notify_url = extra.notify_url;
    if (extra.return_url) params.return_url = extra.return_url;
    params.sign = rsaSha256Sign(alipayRequestSignContent(params), this.privateKey);
    return params;
  }

  private url(params: Record<string, string>): string {
    const gateway = (this.c.gateway || ALIPAY_GATEWAY).trim();
    const query = Object.entries(params)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    return `${gateway}${gateway.includes('?') ? '&' : '?'}${query}`;
  }

  private biz(o: AlipayOrder, productCode: string): Record<string, unknown> {
    return {
      out_trade_no: o.out_trade_no,
      total_amount: fenToYuan(payableFen(o.amount_fen)),
      subject: o.subject,
      product_code: productCode,
      ...(o.quit_url && productCode === 'QUICK_WAP_WAY' ? { quit_url: o.quit_url } : {}),
      ...(o.timeout_express ? { timeout_express: o.timeout_express } : {}),
    };
  }

  /** alipay.trade.page.pay (desktop cashier): the URL to send the browser to. */
  pagePayUrl(o: AlipayOrder, now = Date.now()): string {
    return this.url(this.signedParams('alipay.trade.page.pay', this.biz(o, 'FAST_INSTANT_TRADE_PAY'), o, now));
  }

  /** alipay.trade.wap.pay (mobile browser cashier): the URL to send the browser to. */
  wapPayUrl(o: AlipayOrder, now = Date.now()): string {
    return this.url(this.signedParams('alipay.trade.wap.pay', this.biz(o, 'QUICK_WAP_WAY'), o, now));
  }

  /**
   * alipay.trade.query (a signed POST to the gateway): the trade's status and amount, or null when Alipay has no
   * such trade (ACQ.TRADE_NOT_EXIST: the buyer never opened the cashier). The answer's signature, over the raw text
   * of `alipay_trade_query_response`, is checked with the Alipay public key.
   */
  async queryTrade(outTradeNo: string, now = Date.now()): Promise<AlipayTrade | null> {
    const params = this.signedParams('alipay.trade.query', { out_trade_no: outTradeNo }, {}, now);
    const res = await vendorFetch((this.c.gateway || ALIPAY_GATEWAY).trim(), {
      via: this.c.outbound,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json', 'User-Agent': 'Wenku' },
      body: new URLSearchParams(params).toString(),
    });
    const body = parseJson<{ alipay_trade_query_response?: Record<string, string>; error_response?: Record<string, string>; sign?: string }>(res);
    const node = body.alipay_trade_query_response ?? body.error_response;
    const raw = rawJsonMember(res.text, body.alipay_trade_query_response ? 'alipay_trade_query_response' : 'error_response');
    if (!node || raw === null) throw new VendorError(`支付宝查询失败：应答格式不正确（HTTP ${res.status}）`, res.text.slice(0, 2000));
    if (node.code === '10000') {
      if (!body.sign || !rsaSha256Verify(raw, body.sign, this.publicKey)) throw new VendorError('支付宝查询失败：应答签名验证失败', res.text.slice(0, 2000));
      return {
        out_trade_no: node.out_trade_no ?? outTradeNo,
        trade_no: node.trade_no ?? '',
        trade_status: node.trade_status ?? '',
        total_amount: node.total_amount ?? '0.00',
        amount_fen: yuanToFen(node.total_amount ?? '0.00'),
      };
    }
    if (node.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
    throw new VendorError(`支付宝查询失败：${node.sub_msg ?? node.msg ?? ''}（${node.sub_code ?? node.code ?? res.status}）`, res.text.slice(0, 2000));
  }

  /**
   * The asynchronous notification's form fields (decoded): RSA2 signature checked with the Alipay public key.
   * Returns the fields typed; the caller then runs `checkAlipayNotification` against its order.
   */
  verifyNotification(form: URLSearchParams | Record<string, unknown>): AlipayNotification {
    const f = formRecord(form);
    if (!f.sign) throw new PayError('bad_signature', '支付宝通知缺少签名（sign）');
    if (f.sign_type && f.sign_type !== 'RSA2') throw new PayError('bad_signature', `支付宝通知的签名类型 ${f.sign_type} 不受支持，请使用 RSA2`);
    // Alipay's Java SDK leaves empty values out of the signed string, its Node SDK keeps them: accept either canonical form
    const withEmpty = Object.keys(f)
      .filter((k) => k !== 'sign' && k !== 'sign_type')
      .sort()
      .map((k) => `${k}=${f[k]}`)
      .join('&');
    const contents = [alipayNotifySignContent(f), ...(Object.values(f).includes('') ? [withEmpty] : [])];
    if (!contents.some((c) => rsaSha256Verify(c, f.sign, this.publicKey))) throw new PayError('bad_signature', '支付宝通知签名验证失败');
    if (!f.out_trade_no || !f.total_amount) throw new PayError('bad_notification', '支付宝通知缺少订单号或金额');
    return {
      notify_id: f.notify_id ?? '',
      notify_type: f.notify_type ?? '',
      notify_time: f.notify_time ?? '',
      app_id: f.app_id ?? '',
      trade_no: f.trade_no ?? '',
      out_trade_no: f.out_trade_no,
      total_amount: f.total_amount,
      amount_fen: yuanToFen(f.total_amount),
      trade_status: f.trade_status ?? '',
      seller_id: f.seller_id ?? '',
      buyer_id: f.buyer_id ?? '',
      fields: f,
    };
  }
}
