import crypto, { type KeyObject } from 'node:crypto';
import { parseJson, rebase, VendorError, vendorFetch } from '../http';
import type { Outbound } from '../outbound';
import { loadPrivateKey, loadPublicKey, rsaSha256Sign, rsaSha256Verify } from './keys';
import { PayError, payableFen } from './types';

/** WeChat Pay API v3 (微信支付 APIv3), public-key mode. Wire facts: /work/shared/reference/payments.md, pay.weixin.qq.com docs. */
export const WECHATPAY_API = 'https://api.mch.weixin.qq.com';
export const WECHATPAY_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** notifications and signed answers further than this from now are refused */
export const WECHATPAY_MAX_SKEW_SECONDS = 300;

export interface WechatPayConfig {
  appid: string;
  mchid: string;
  /** the merchant API certificate's serial number (商户证书序列号) */
  serialNo: string;
  /** the merchant private key (apiclient_key.pem), PEM or bare base64 */
  privateKey: string | KeyObject;
  /** APIv3 key: 32 ASCII characters */
  apiV3Key: string;
  /** WeChat Pay public key id, `PUB_KEY_ID_…` (public-key mode) */
  publicKeyId?: string;
  /** WeChat Pay public key, PEM or bare base64 SPKI (public-key mode) */
  publicKey?: string | KeyObject;
  /** platform certificates (certificate mode), PEM, as downloaded by `downloadCertificates` */
  certificates?: readonly { serial_no: string; pem: string }[];
  /** replaces https://api.mch.weixin.qq.com (wechatpay_api_base; tests) */
  apiBase?: string;
  /** the server's outbound client (address filter, OUTBOUND_ALLOW_HOSTS); the strict default when absent */
  outbound?: Outbound;
}

export interface NativeOrder {
  out_trade_no: string;
  description: string;
  amount_fen: number;
  notify_url: string;
  /** optional attach data returned in the notification (≤ 128 bytes) */
  attach?: string;
}

/** The decrypted `resource` of a TRANSACTION notification (fields Wenku uses typed; the rest kept). */
export interface WechatPayTransaction {
  mchid: string;
  appid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type?: string;
  /** SUCCESS when paid; REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR otherwise */
  trade_state: string;
  trade_state_desc?: string;
  success_time?: string;
  attach?: string;
  payer?: { openid?: string };
  amount: { total: number; payer_total?: number; currency?: string; payer_currency?: string };
  [k: string]: unknown;
}

export interface WechatPayNotification {
  id: string;
  event_type: string;
  resource_type?: string;
  create_time?: string;
  summary?: string;
  resource: { algorithm: string; ciphertext: string; associated_data?: string; nonce: string; original_type?: string };
}

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(h: HeaderBag, name: string): string {
  if (h instanceof Headers) return h.get(name) ?? '';
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(h)) if (k.toLowerCase() === want) return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
  return '';
}

/** The message a merchant request signature covers: five lines, each ending in `\n`. */
export function wechatpayRequestMessage(method: string, pathWithQuery: string, timestamp: number | string, nonce: string, body: string): string {
  return `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message WeChat Pay signs on its answers and notifications. */
export function wechatpayResponseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"` */
export function wechatpayAuthorization(o: {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp?: number;
  nonce?: string;
}): string {
  const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = o.nonce ?? crypto.randomBytes(16).toString('hex').toUpperCase();
  const signature = rsaSha256Sign(wechatpayRequestMessage(o.method, o.pathWithQuery, timestamp, nonce, o.body), o.privateKey);
  return `${WECHATPAY_SCHEMA} mchid="${o.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${o.serialNo}"`;
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: key = APIv3 key (32 ASCII bytes), IV = nonce, AAD = associated_data, tag = last 16 bytes. */
/** an AEAD_AES_256_GCM envelope: a notification's `resource`, a platform certificate's `encrypt_certificate` */
export interface WechatPayCiphertext {
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

export function wechatpayDecrypt(resource: Partial<WechatPayCiphertext>, apiV3Key: string): string {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new PayError('bad_key', 'APIv3 密钥长度必须是 32 个字符');
  const data = Buffer.from(resource.ciphertext ?? '', 'base64');
  if (data.length <= 16) throw new PayError('decrypt_failed', '微信支付通知解密失败：密文为空');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce ?? '', 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new PayError('decrypt_failed', '微信支付通知解密失败：APIv3 密钥不正确或内容被篡改');
  }
}

/** What the caller expects of a transaction: its own merchant, app, order and amount. */
export interface ExpectedWechatTransaction {
  mchid: string;
  appid: string;
  out_trade_no: string;
  amount_fen: number;
}

/** Throws a PayError unless the transaction is this merchant's and app's, for this order, of exactly this amount, and paid. */
export function checkTransaction(tx: WechatPayTransaction, expected: ExpectedWechatTransaction): WechatPayTransaction {
  if (tx.mchid !== expected.mchid) throw new PayError('mismatch', `微信支付通知的商户号 ${tx.mchid} 与配置的 ${expected.mchid} 不符`);
  if (tx.appid !== expected.appid) throw new PayError('mismatch', `微信支付通知的 AppID ${tx.appid} 与配置的 ${expected.appid} 不符`);
  if (tx.out_trade_no !== expected.out_trade_no) throw new PayError('mismatch', `微信支付通知的订单号 ${tx.out_trade_no} 与订单 ${expected.out_trade_no} 不符`);
  if (tx.amount?.total !== expected.amount_fen) {
    throw new PayError('mismatch', `微信支付通知的金额 ${String(tx.amount?.total)} 分与订单金额 ${expected.amount_fen} 分不符`);
  }
  if (tx.amount.currency !== undefined && tx.amount.currency !== 'CNY') throw new PayError('mismatch', `微信支付通知的币种 ${tx.amount.currency} 不是 CNY`);
  if (tx.trade_state !== 'SUCCESS') throw new PayError('not_paid', `微信支付交易状态为 ${tx.trade_state}，未支付成功`);
  return tx;
}

export class WechatPay {
  private readonly privateKey: KeyObject;
  /** serial (public key id or certificate serial) → the key that verifies WeChat Pay's signatures */
  private readonly verifiers = new Map<string, KeyObject>();

  constructor(private readonly c: WechatPayConfig) {
    this.privateKey = loadPrivateKey(c.privateKey, '微信支付商户私钥');
    if (c.publicKey || c.publicKeyId) {
      if (!c.publicKeyId) throw new PayError('bad_key', '请填写微信支付公钥 ID（PUB_KEY_ID_ 开头）');
      this.verifiers.set(c.publicKeyId, loadPublicKey(c.publicKey ?? '', '微信支付公钥'));
    }
    for (const cert of c.certificates ?? []) {
      try {
        this.verifiers.set(cert.serial_no, new crypto.X509Certificate(cert.pem).publicKey);
      } catch {
        throw new PayError('bad_key', `微信支付平台证书 ${cert.serial_no} 无法解析`);
      }
    }
    if (Buffer.byteLength(c.apiV3Key ?? '', 'utf8') !== 32) throw new PayError('bad_key', 'APIv3 密钥长度必须是 32 个字符');
  }

  /** Whether anything can verify WeChat Pay's signatures (a public key, or downloaded platform certificates). */
  get canVerify(): boolean {
    return this.verifiers.size > 0;
  }

  /**
   * Checks a signed message from WeChat Pay (an answer or a notification): the serial must be the configured public
   * key id, the timestamp within 5 minutes of now, the RSA-SHA256 signature over `timestamp\nnonce\nbody\n` valid.
   */
  verifySignature(headers: HeaderBag, body: string, what: string, now = Date.now()): void {
    const serial = header(headers, 'Wechatpay-Serial');
    const signature = header(headers, 'Wechatpay-Signature');
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    if (!serial || !signature || !timestamp || !nonce) throw new PayError('bad_signature', `${what}缺少签名头（Wechatpay-Serial/Signature/Timestamp/Nonce）`);
    const key = this.verifiers.get(serial);
    if (!key) {
      if (this.c.publicKeyId && !this.c.certificates?.length)
        throw new PayError('bad_serial', `${what}的签名序列号 ${serial} 与配置的微信支付公钥 ID ${this.c.publicKeyId} 不符`);
      throw new PayError('bad_serial', `${what}的签名序列号 ${serial} 不是已配置的微信支付公钥 ID，也不是已下载的平台证书`);
    }
    const type = header(headers, 'Wechatpay-Signature-Type');
    if (type && type !== WECHATPAY_SCHEMA) throw new PayError('bad_signature', `${what}的签名类型 ${type} 不受支持`);
    const ts = Number(timestamp);
    if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - ts) > WECHATPAY_MAX_SKEW_SECONDS) {
      throw new PayError('expired', `${what}的时间戳与当前时间相差超过 5 分钟，已拒绝`);
    }
    if (!rsaSha256Verify(wechatpayResponseMessage(timestamp, nonce, body), signature, key)) {
      throw new PayError('bad_signature', `${what}签名验证失败`);
    }
  }

  /** Native (QR) order: POST /v3/pay/transactions/native → code_url (show it as a QR code). */
  async createNative(order: NativeOrder): Promise<{ code_url: string }> {
    const path = '/v3/pay/transactions/native';
    const body = JSON.stringify({
      appid: this.c.appid,
      mchid: this.c.mchid,
      description: order.description,
      out_trade_no: order.out_trade_no,
      ...(order.attach ? { attach: order.attach } : {}),
      notify_url: order.notify_url,
      amount: { total: payableFen(order.amount_fen), currency: 'CNY' },
    });
    const res = await vendorFetch(rebase(`${WECHATPAY_API}${path}`, this.c.apiBase), {
      via: this.c.outbound,
      method: 'POST',
      headers: {
        Authorization: wechatpayAuthorization({
          mchid: this.c.mchid,
          serialNo: this.c.serialNo,
          privateKey: this.privateKey,
          method: 'POST',
          pathWithQuery: path,
          body,
        }),
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': 'Wenku',
      },
      body,
    });
    const r = res.text ? parseJson<{ code_url?: string; code?: string; message?: string }>(res) : {};
    if (res.status >= 300 || !r.code_url) {
      const reason = r.code ? `${r.message ?? ''}（${r.code}）` : `HTTP ${res.status}`;
      throw new VendorError(`微信支付下单失败：${reason}`, res.text.slice(0, 2000));
    }
    try {
      this.verifySignature(res.headers, res.text, '微信支付应答');
    } catch (e) {
      throw new VendorError(`微信支付下单失败：${(e as Error).message}`, res.text.slice(0, 2000));
    }
    return { code_url: r.code_url };
  }

  /** A signed GET to the API (answer signature checked unless `verify` is false). */
  private async get(pathWithQuery: string, verify = true): Promise<{ status: number; text: string; json: Record<string, any>; headers: Headers }> {
    const res = await vendorFetch(rebase(`${WECHATPAY_API}${pathWithQuery}`, this.c.apiBase), {
      via: this.c.outbound,
      method: 'GET',
      headers: {
        Authorization: wechatpayAuthorization({
          mchid: this.c.mchid,
          serialNo: this.c.serialNo,
          privateKey: this.privateKey,
          method: 'GET',
          pathWithQuery,
          body: '',
        }),
        Accept: 'application/json',
        'User-Agent': 'Wenku',
      },
    });
    const json = res.text ? parseJson<Record<string, any>>(res) : {};
    if (verify) this.verifySignature(res.headers, res.text, '微信支付应答');
    return { status: res.status, text: res.text, json, headers: res.headers };
  }

  /**
   * Queries an order by our order number (GET /v3/pay/transactions/out-trade-no/{no}?mchid=): the transaction, or
   * null when WeChat Pay has no such order (ORDER_NOT_EXIST). The answer's signature is checked.
   */
  async queryOrder(outTradeNo: string): Promise<WechatPayTransaction | null> {
    const r = await this.get(`/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.c.mchid)}`);
    if (r.status === 404 || r.json.code === 'ORDER_NOT_EXIST') return null;
    if (r.status >= 300)
      throw new VendorError(`微信支付查单失败：${String(r.json.message ?? '')}（${String(r.json.code ?? r.status)}）`, r.text.slice(0, 2000));
    return r.json as WechatPayTransaction;
  }

  /**
   * Downloads the platform certificates (GET /v3/certificates, certificate mode): each one's content is decrypted
   * with the APIv3 key; the answer's signature is then checked with the certificate it names (WeChat Pay's own
   * bootstrap rule), so a forged answer without the APIv3 key cannot plant a certificate.
   */
  async downloadCertificates(): Promise<{ serial_no: string; pem: string; effective_time: string; expire_time: string }[]> {
    const r = await this.get('/v3/certificates', false);
    if (r.status >= 300)
      throw new VendorError(`下载微信支付平台证书失败：${String(r.json.message ?? '')}（${String(r.json.code ?? r.status)}）`, r.text.slice(0, 2000));
    const list = Array.isArray(r.json.data)
      ? (r.json.data as { serial_no?: string; effective_time?: string; expire_time?: string; encrypt_certificate?: WechatPayCiphertext }[])
      : [];
    const certs = list.map((d) => {
      const pem = wechatpayDecrypt(d.encrypt_certificate ?? {}, this.c.apiV3Key);
      let serial: string;
      try {
        serial = new crypto.X509Certificate(pem).serialNumber.toUpperCase();
      } catch {
        throw new PayError('bad_notification', '微信支付平台证书内容无法解析');
      }
      if (serial !== String(d.serial_no).toUpperCase()) throw new PayError('mismatch', `平台证书序列号 ${String(d.serial_no)} 与证书内容不符`);
      return { serial_no: String(d.serial_no), pem, effective_time: String(d.effective_time ?? ''), expire_time: String(d.expire_time ?? '') };
    });
    if (!certs.length) throw new VendorError('微信支付没有返回平台证书', r.text.slice(0, 2000));
    new WechatPay({ ...this.c, publicKey: undefined, publicKeyId: undefined, certificates: certs }).verifySignature(r.headers, r.text, '平台证书应答');
    return certs;
  }

  /**
   * A payment notification as received (headers and the raw body, byte for byte): signature, serial and timestamp
   * checked, `resource` decrypted. Returns the transaction; the caller then runs `checkTransaction` against its order.
   */
  verifyNotification(headers: HeaderBag, rawBody: string, now = Date.now()): WechatPayTransaction {
    this.verifySignature(headers, rawBody, '微信支付通知', now);
    let n: WechatPayNotification;
    try {
      n = JSON.parse(rawBody) as WechatPayNotification;
    } catch {
      throw new PayError('bad_notification', '微信支付通知不是合法的 JSON');
    }
    if (!n?.resource || typeof n.resource.ciphertext !== 'string') throw new PayError('bad_notification', '微信支付通知缺少 resource');
    if (n.resource.algorithm !== 'AEAD_AES_256_GCM') throw new PayError('bad_notification', `微信支付通知的加密算法 ${n.resource.algorithm} 不受支持`);
    let tx: WechatPayTransaction;
    try {
      tx = JSON.parse(wechatpayDecrypt(n.resource, this.c.apiV3Key)) as WechatPayTransaction;
    } catch (e) {
      if (e instanceof PayError) throw e;
      throw new PayError('bad_notification', '微信支付通知解密后的内容不是合法的 JSON');
    }
    if (!tx || typeof tx.out_trade_no !== 'string' || typeof tx.amount?.total !== 'number') {
      throw new PayError('bad_notification', '微信支付通知缺少订单号或金额');
    }
    return tx;
  }
}
