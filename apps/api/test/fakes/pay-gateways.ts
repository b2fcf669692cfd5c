import crypto, { type KeyObject } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { readBody } from './util';

/**
 * One local server answering as WeChat Pay API v3, Alipay's gateway and Hupijiao do, each on its real path, with
 * each vendor's own signature checks written here from the vendors' documents (/work/shared/reference/payments.md),
 * independently of the adapters under test, so that a shared mistake cannot pass unnoticed. The fake holds the
 * vendors' side of the keys (WeChat Pay platform key pair + APIv3 key, the Alipay key pair, the Hupijiao secret) and
 * builds the notifications each vendor would send, signed and (WeChat) encrypted.
 */
export interface FakeWechatMerchant {
  mchid: string;
  appid: string;
  /** the merchant certificate serial the Authorization header must carry */
  serialNo: string;
  /** the merchant public key (the fake verifies request signatures with it) */
  merchantPublicKey: KeyObject;
}

export interface FakeAlipayApp {
  appId: string;
  /** the app public key uploaded to Alipay (verifies pay URLs) */
  appPublicKey: KeyObject;
  /** the merchant PID sent as seller_id */
  sellerId: string;
}

export interface FakeHupijiaoApp {
  appid: string;
  secret: string;
}

export interface Delivery {
  status: number;
  body: string;
}

export interface WechatNotifyOptions {
  /** fields replacing the transaction's (before encryption) */
  tx?: Record<string, unknown>;
  /** unix seconds of Wechatpay-Timestamp (default now) */
  timestamp?: number;
  /** Wechatpay-Serial (default the fake's public key id) */
  serial?: string;
  /** encrypt with another APIv3 key */
  apiV3Key?: string;
  /** sign with another private key */
  signWith?: KeyObject;
}

export interface FakeWechatPay {
  apiBase: string;
  publicKeyId: string;
  /** SPKI PEM of the platform key (what the merchant downloads as the WeChat Pay public key) */
  publicKeyPem: string;
  apiV3Key: string;
  orders: Map<string, { body: Record<string, any>; code_url: string; paid: boolean }>;
  rejected: string[];
  /** out_trade_no of every signed order query answered (GET /v3/pay/transactions/out-trade-no/…) */
  queries: string[];
  /** the TRANSACTION.SUCCESS notification WeChat Pay would POST for an order created through the fake */
  notification(outTradeNo: string, o?: WechatNotifyOptions): { headers: Record<string, string>; body: string };
  /** POSTs a notification to the order's notify_url */
  deliver(outTradeNo: string, o?: WechatNotifyOptions): Promise<Delivery>;
  /** the buyer paid, but no notification is sent (the order query then says SUCCESS) */
  markPaid(outTradeNo: string): void;
  /** the platform certificate (certificate mode) made for the platform key */
  certificate(): { serial: string; pem: string };
  /** sign answers with the certificate's serial (a merchant in certificate mode) */
  certificateMode(on: boolean): void;
}

export type PayUrlCheck = { ok: true; params: Record<string, string>; biz: Record<string, any> } | { ok: false; code: string; message: string };

export interface AlipayNotifyOptions {
  /** sign with another private key */
  signWith?: KeyObject;
  /** fields replaced after signing (tampering) */
  after?: Record<string, string>;
  /** keep empty values in the signed string (as Alipay's Node SDK does) */
  signEmpty?: boolean;
}

export interface FakeAlipay {
  /** the gateway URL to configure (alipay_gateway) */
  gateway: string;
  /** SPKI PEM of the Alipay key (alipay_public_key) */
  publicKeyPem: string;
  orders: Map<string, { params: Record<string, string>; biz: Record<string, any> }>;
  rejected: string[];
  /** out_trade_no of every signed alipay.trade.query answered */
  queries: string[];
  /** what the gateway checks when the browser arrives with a pay URL; valid ones are recorded as orders */
  checkPayUrl(url: string): PayUrlCheck;
  /** the trade_status_sync notification for a recorded order; `after` replaces fields after signing (tampering) */
  notification(outTradeNo: string, fields?: Record<string, string>, o?: AlipayNotifyOptions): Record<string, string>;
  deliver(outTradeNo: string, fields?: Record<string, string>, o?: AlipayNotifyOptions): Promise<Delivery>;
  /** the buyer paid, but no notification is sent (alipay.trade.query then says TRADE_SUCCESS) */
  markPaid(outTradeNo: string): void;
}

export interface FakeHupijiao {
  gateway: string;
  orders: Map<string, Record<string, string>>;
  rejected: string[];
  /** out_trade_order of every hashed query answered (/payment/query.html) */
  queries: string[];
  notification(tradeOrderId: string, fields?: Record<string, string>, o?: { secret?: string; after?: Record<string, string> }): Record<string, string>;
  deliver(tradeOrderId: string, fields?: Record<string, string>, o?: { secret?: string; after?: Record<string, string> }): Promise<Delivery>;
  markPaid(tradeOrderId: string): void;
}

export interface FakePayGateways {
  url: string;
  wechat: FakeWechatPay;
  alipay: FakeAlipay;
  hupijiao: FakeHupijiao;
  close(): Promise<void>;
}

type Reply = { status: number; headers?: Record<string, string>; body: string };

const alnum = (n: number) =>
  crypto
    .randomBytes(n)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(n, 'x')
    .slice(0, n);
const digits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('');
/** 'yyyy-MM-dd HH:mm:ss' in Beijing time */
const beijing = (ms = Date.now()) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
/** RFC 3339 with +08:00, as WeChat Pay writes times */
const rfc3339 = (ms = Date.now()) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const sortedKv = (p: Record<string, string>, skip: string[]) =>
  Object.keys(p)
    .filter((k) => !skip.includes(k) && p[k] !== '' && p[k] !== undefined)
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');
const md5 = (s: string) => crypto.createHash('md5').update(s, 'utf8').digest('hex');

async function post(url: string, body: string, headers: Record<string, string>): Promise<Delivery> {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text() };
}

export async function startFakePayGateways(accounts: {
  wechat: FakeWechatMerchant;
  alipay: FakeAlipayApp;
  hupijiao: FakeHupijiaoApp;
}): Promise<FakePayGateways> {
  // ---------- WeChat Pay API v3 ----------
  const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const wx = accounts.wechat;
  const wechatNonces = new Set<string>();
  const wechat = {
    publicKeyId: `PUB_KEY_ID_0${digits(10)}${digits(16)}`,
    publicKeyPem: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    apiV3Key: alnum(32),
    orders: new Map<string, { body: Record<string, any>; code_url: string; paid: boolean; transactionId?: string }>(),
    rejected: [] as string[],
    queries: [] as string[],
  };

  /** certificate mode: answers name the platform certificate's serial instead of the public key id */
  const wechatMode = { certificate: false };

  /** every WeChat Pay answer carries Wechatpay-* headers signed with the platform key */
  function wechatSigned(status: number, payload: unknown): Reply {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = alnum(32);
    const signature = crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), platform.privateKey).toString('base64');
    return {
      status,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Request-ID': crypto.randomUUID(),
        'Wechatpay-Nonce': nonce,
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Serial': wechatMode.certificate ? certificate().serial : wechat.publicKeyId,
        'Wechatpay-Signature': signature,
        'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }

  /** checks a merchant request's Authorization; null when valid, else the error answer */
  function wechatAuth(req: http.IncomingMessage, path: string, body: string): Reply | null {
    const fail = (status: number, code: string, message: string) => wechatSigned(status, { code, message });
    const auth = String(req.headers.authorization ?? '');
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return fail(401, 'SIGN_ERROR', 'Authorization 不合法：缺少 WECHATPAY2-SHA256-RSA2048 认证信息');
    const fields: Record<string, string> = {};
    for (const part of m[1].matchAll(/(\w+)="([^"]*)"/g)) fields[part[1]] = part[2];
    if (fields.mchid !== wx.mchid) return fail(401, 'SIGN_ERROR', '商户号不存在或与认证信息不匹配');
    if (fields.serial_no !== wx.serialNo) return fail(401, 'SIGN_ERROR', '商户证书序列号有误');
    const ts = Number(fields.timestamp);
    if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 300) return fail(401, 'SIGN_ERROR', '请求时间戳与当前时间相差过大');
    if (!fields.nonce_str || wechatNonces.has(fields.nonce_str)) return fail(401, 'SIGN_ERROR', '随机串已被使用');
    const message = `${req.method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    if (!fields.signature || !crypto.verify('sha256', Buffer.from(message), wx.merchantPublicKey, Buffer.from(fields.signature, 'base64'))) {
      wechat.rejected.push('signature');
      return fail(401, 'SIGN_ERROR', '签名错误');
    }
    wechatNonces.add(fields.nonce_str);
    return null;
  }

  function wechatNative(req: http.IncomingMessage, path: string, body: string): Reply {
    const fail = (status: number, code: string, message: string) => wechatSigned(status, { code, message });
    const denied = wechatAuth(req, path, body);
    if (denied) return denied;
    let p: Record<string, any>;
    try {
      p = JSON.parse(body) as Record<string, any>;
    } catch {
      return fail(400, 'PARAM_ERROR', '请求体不是合法的 JSON');
    }
    for (const k of ['appid', 'mchid', 'description', 'out_trade_no', 'notify_url']) {
      if (typeof p[k] !== 'string' || !p[k]) return fail(400, 'PARAM_ERROR', `输入源“/body/${k}”映射到字段“${k}”必填性规则校验失败，此字段为必填项`);
    }
    if (p.mchid !== wx.mchid) return fail(400, 'PARAM_ERROR', '请求体的 mchid 与认证信息中的商户号不一致');
    if (p.appid !== wx.appid) return fail(400, 'APPID_MCHID_NOT_MATCH', 'AppID和mch_id不匹配');
    const total = p.amount?.total;
    if (!Number.isInteger(total) || total <= 0) return fail(400, 'PARAM_ERROR', '输入源“/body/amount/total”映射到值字段“总金额”规则校验失败，值必须大于 0');
    if ((p.amount?.currency ?? 'CNY') !== 'CNY') return fail(400, 'PARAM_ERROR', '币种不支持');
    if (!/^https:\/\/|^http:\/\/127\.0\.0\.1/.test(p.notify_url)) return fail(400, 'PARAM_ERROR', 'notify_url 必须是 https 地址');
    const known = wechat.orders.get(p.out_trade_no);
    if (known) {
      if (known.paid) return fail(400, 'ORDERPAID', '该订单已支付');
      if (known.body.amount.total !== total || known.body.description !== p.description) return fail(400, 'INVALID_REQUEST', '201 商户订单号重复');
      return wechatSigned(200, { code_url: known.code_url });
    }
    const code_url = `weixin://wxpay/bizpayurl?pr=${alnum(7)}`;
    wechat.orders.set(p.out_trade_no, { body: p, code_url, paid: false });
    return wechatSigned(200, { code_url });
  }

  function wechatTransaction(outTradeNo: string) {
    const order = wechat.orders.get(outTradeNo)!;
    const total = Number(order.body.amount.total);
    return {
      mchid: wx.mchid,
      appid: wx.appid,
      out_trade_no: outTradeNo,
      transaction_id: order.paid ? (order.transactionId ??= `42000${digits(23)}`) : undefined,
      trade_type: 'NATIVE',
      trade_state: order.paid ? 'SUCCESS' : 'NOTPAY',
      trade_state_desc: order.paid ? '支付成功' : '订单未支付',
      amount: { total, payer_total: order.paid ? total : undefined, currency: 'CNY' },
    };
  }

  function wechatQuery(req: http.IncomingMessage, path: string): Reply {
    const denied = wechatAuth(req, path, '');
    if (denied) return denied;
    const url = new URL(path, 'http://x');
    if (url.searchParams.get('mchid') !== wx.mchid) return wechatSigned(400, { code: 'PARAM_ERROR', message: 'mchid 与认证信息不一致' });
    const no = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    wechat.queries.push(no);
    if (!wechat.orders.has(no)) return wechatSigned(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    return wechatSigned(200, wechatTransaction(no));
  }

  /** the platform certificate (certificate mode): made once with openssl for the platform key */
  let platformCert: { serial: string; pem: string } | undefined;
  function certificate() {
    if (platformCert) return platformCert;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-wxcert-'));
    const keyFile = path.join(dir, 'key.pem');
    fs.writeFileSync(keyFile, platform.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const pem = execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-new',
        '-key',
        keyFile,
        '-subj',
        '/CN=Tenpay.com Root CA/O=Tenpay.com',
        '-days',
        '1825',
        '-set_serial',
        `0x${crypto.randomBytes(16).toString('hex')}`,
      ],
      {
        encoding: 'utf8',
      },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    platformCert = { serial: new crypto.X509Certificate(pem).serialNumber.toUpperCase(), pem };
    return platformCert;
  }

  function wechatCertificates(req: http.IncomingMessage, path: string): Reply {
    const denied = wechatAuth(req, path, '');
    if (denied) return denied;
    const cert = certificate();
    const nonce = alnum(12);
    const associated_data = 'certificate';
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(wechat.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associated_data, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(cert.pem, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const reply = wechatSigned(200, {
      data: [
        {
          serial_no: cert.serial,
          effective_time: rfc3339(Date.now() - 86_400_000),
          expire_time: rfc3339(Date.now() + 1825 * 86_400_000),
          encrypt_certificate: { algorithm: 'AEAD_AES_256_GCM', nonce, associated_data, ciphertext },
        },
      ],
    });
    reply.headers!['Wechatpay-Serial'] = cert.serial;
    return reply;
  }

  function wechatNotification(outTradeNo: string, o: WechatNotifyOptions = {}): { headers: Record<string, string>; body: string } {
    const order = wechat.orders.get(outTradeNo);
    const total = Number(order?.body.amount.total ?? 0);
    const tx = {
      mchid: wx.mchid,
      appid: wx.appid,
      out_trade_no: outTradeNo,
      transaction_id: `42000${digits(23)}`,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      attach: order?.body.attach ?? '',
      success_time: rfc3339(),
      payer: { openid: `o${alnum(27)}` },
      amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
      ...o.tx,
    };
    if (order && tx.trade_state === 'SUCCESS') order.paid = true;
    const nonce = alnum(12);
    const associated_data = 'transaction';
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(o.apiV3Key ?? wechat.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associated_data, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(tx), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: rfc3339(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data, nonce },
    });
    const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
    const headerNonce = alnum(32);
    const signature = crypto.sign('sha256', Buffer.from(`${timestamp}\n${headerNonce}\n${body}\n`), o.signWith ?? platform.privateKey).toString('base64');
    return {
      headers: {
        'Content-Type': 'application/json',
        'Wechatpay-Nonce': headerNonce,
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Serial': o.serial ?? wechat.publicKeyId,
        'Wechatpay-Signature': signature,
        'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }

  // ---------- Alipay (public-key mode, RSA2) ----------
  const alipayKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ali = accounts.alipay;
  const alipay = {
    publicKeyPem: alipayKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    orders: new Map<string, { params: Record<string, string>; biz: Record<string, any> }>(),
    rejected: [] as string[],
    queries: [] as string[],
  };
  const PRODUCT: Record<string, string> = { 'alipay.trade.page.pay': 'FAST_INSTANT_TRADE_PAY', 'alipay.trade.wap.pay': 'QUICK_WAP_WAY' };

  function checkPayUrl(url: string): PayUrlCheck {
    const params: Record<string, string> = {};
    for (const [k, v] of new URL(url).searchParams) params[k] = v;
    const fail = (code: string, message: string): PayUrlCheck => ({ ok: false, code, message });
    if (params.app_id !== ali.appId) return fail('invalid-app-id', '应用不存在');
    if (params.sign_type !== 'RSA2') return fail('invalid-sign-type', '签名类型错误');
    if ((params.charset ?? 'utf-8').toLowerCase() !== 'utf-8') return fail('invalid-charset', '字符集错误');
    // the signed string: every parameter but sign (sign_type included) with a value, sorted, raw values
    const content = sortedKv(params, ['sign']);
    if (!params.sign || !crypto.verify('sha256', Buffer.from(content, 'utf8'), ali.appPublicKey, Buffer.from(params.sign, 'base64'))) {
      alipay.rejected.push('pay-url');
      return fail('invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配');
    }
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '')) return fail('invalid-timestamp', 'timestamp 格式错误');
    if (!(params.method in PRODUCT) || params.version !== '1.0') return fail('invalid-method', '接口不存在');
    let biz: Record<string, any>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, any>;
    } catch {
      return fail('ILLEGAL_ARGUMENT', 'biz_content 不是合法的 JSON');
    }
    if (biz.product_code !== PRODUCT[params.method]) return fail('ILLEGAL_ARGUMENT', 'product_code 与接口不匹配');
    if (!biz.out_trade_no || !biz.subject) return fail('ILLEGAL_ARGUMENT', '缺少 out_trade_no 或 subject');
    if (typeof biz.total_amount !== 'string' || !/^\d+\.\d{2}$/.test(biz.total_amount) || Number(biz.total_amount) < 0.01) {
      return fail('ILLEGAL_ARGUMENT', 'total_amount 必须是两位小数的金额，最小 0.01');
    }
    alipay.orders.set(biz.out_trade_no, { params, biz });
    return { ok: true, params, biz };
  }

  function alipayNotification(outTradeNo: string, fields: Record<string, string> = {}, o: AlipayNotifyOptions = {}): Record<string, string> {
    const order = alipay.orders.get(outTradeNo);
    const amount = order?.biz.total_amount ?? '0.00';
    const f: Record<string, string> = {
      gmt_create: beijing(Date.now() - 30_000),
      charset: 'utf-8',
      gmt_payment: beijing(),
      notify_time: beijing(),
      subject: order?.biz.subject ?? '',
      buyer_id: `2088${digits(12)}`,
      invoice_amount: amount,
      version: '1.0',
      notify_id: `2026${digits(28)}`,
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      out_trade_no: outTradeNo,
      total_amount: amount,
      trade_status: 'TRADE_SUCCESS',
      trade_no: `2026${digits(24)}`,
      auth_app_id: ali.appId,
      receipt_amount: amount,
      point_amount: '0.00',
      buyer_pay_amount: amount,
      app_id: ali.appId,
      seller_id: ali.sellerId,
      ...fields,
      sign_type: 'RSA2',
    };
    // notifications: every parameter but sign and sign_type, sorted, signed with the Alipay private key
    const content = o.signEmpty
      ? Object.keys(f)
          .filter((k) => k !== 'sign_type')
          .sort()
          .map((k) => `${k}=${f[k]}`)
          .join('&')
      : sortedKv(f, ['sign', 'sign_type']);
    f.sign = crypto.sign('sha256', Buffer.from(content, 'utf8'), o.signWith ?? alipayKeys.privateKey).toString('base64');
    return { ...f, ...o.after };
  }

  /** server-side API calls (alipay.trade.query): the request signature checked, the answer signed over its raw node */
  function alipayApi(body: string): Reply {
    const params = Object.fromEntries(new URLSearchParams(body));
    const answer = (node: string, payload: Record<string, unknown>) => {
      const raw = JSON.stringify(payload);
      const sign = crypto.sign('sha256', Buffer.from(raw, 'utf8'), alipayKeys.privateKey).toString('base64');
      return { status: 200, headers: { 'Content-Type': 'text/html;charset=utf-8' }, body: `{"${node}":${raw},"sign":"${sign}"}` };
    };
    const error = (code: string, msg: string, sub_code: string, sub_msg: string) => ({
      status: 200,
      headers: { 'Content-Type': 'text/html;charset=utf-8' },
      body: JSON.stringify({ error_response: { code, msg, sub_code, sub_msg } }),
    });
    if (params.app_id !== ali.appId) return error('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数');
    if (!params.sign || !crypto.verify('sha256', Buffer.from(sortedKv(params, ['sign']), 'utf8'), ali.appPublicKey, Buffer.from(params.sign, 'base64'))) {
      alipay.rejected.push('api');
      return error('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错');
    }
    if (params.method !== 'alipay.trade.query') return error('40002', 'Invalid Arguments', 'isv.invalid-method', '不存在的方法名');
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    alipay.queries.push(biz.out_trade_no);
    const order = alipay.orders.get(biz.out_trade_no);
    const node = 'alipay_trade_query_response';
    if (!order) return answer(node, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
    const paid = alipayPaid.has(biz.out_trade_no);
    return answer(node, {
      code: '10000',
      msg: 'Success',
      out_trade_no: biz.out_trade_no,
      trade_no: paid ? alipayPaid.get(biz.out_trade_no) : '',
      trade_status: paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
      total_amount: order.biz.total_amount,
      buyer_logon_id: 'buy***@example.com',
    });
  }
  const alipayPaid = new Map<string, string>();

  // ---------- Hupijiao ----------
  const hp = accounts.hupijiao;
  const hupijiao = { orders: new Map<string, Record<string, string>>(), rejected: [] as string[], queries: [] as string[] };
  const hpHash = (p: Record<string, string>, secret: string) => md5(sortedKv(p, ['hash']) + secret);

  function hupijiaoPay(body: string, base: string): Reply {
    const f = Object.fromEntries(new URLSearchParams(body));
    const answer = (p: Record<string, string | number>) => {
      const flat = Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]));
      return { status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...p, hash: hpHash(flat, hp.secret) }) };
    };
    const fail = (errcode: number, errmsg: string): Reply => ({
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ errcode, errmsg }),
    });
    if (f.appid !== hp.appid) return fail(40029, 'Invalid appid!');
    if (!f.hash || f.hash !== hpHash(f, hp.secret)) {
      hupijiao.rejected.push('hash');
      return fail(40029, 'Invalid sign!');
    }
    for (const k of ['version', 'trade_order_id', 'total_fee', 'title', 'time', 'notify_url', 'nonce_str']) if (!f[k]) return fail(40030, `${k} is required!`);
    if (!/^\d+(\.\d{1,2})?$/.test(f.total_fee) || Number(f.total_fee) < 0.01) return fail(40031, 'Invalid total_fee!');
    if (Math.abs(Date.now() / 1000 - Number(f.time)) > 300) return fail(40032, 'Invalid time!');
    const known = hupijiao.orders.get(f.trade_order_id);
    if (known && known.total_fee !== f.total_fee) return fail(40033, 'trade_order_id exists!');
    hupijiao.orders.set(f.trade_order_id, f);
    const openid = 20000000 + Number(digits(7));
    const token = alnum(24);
    return answer({
      openid,
      url_qrcode: `${base}/payment/qrcode.html?data=${token}`,
      url: `${base}/payment/cashier.html?id=${token}`,
      errcode: 0,
      errmsg: 'success!',
    });
  }

  const hupijiaoPaid = new Set<string>();
  function hupijiaoQuery(body: string): Reply {
    const f = Object.fromEntries(new URLSearchParams(body));
    const json = (p: Record<string, unknown>) => {
      const flat: Record<string, string> = {};
      for (const [k, v] of Object.entries(p)) if (v !== null && typeof v !== 'object') flat[k] = String(v);
      return { status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...p, hash: hpHash(flat, hp.secret) }) };
    };
    if (f.appid !== hp.appid) return { status: 200, body: JSON.stringify({ errcode: 40029, errmsg: 'Invalid appid!' }) };
    if (!f.hash || f.hash !== hpHash(f, hp.secret)) {
      hupijiao.rejected.push('query-hash');
      return { status: 200, body: JSON.stringify({ errcode: 40029, errmsg: 'Invalid sign!' }) };
    }
    hupijiao.queries.push(f.out_trade_order);
    const order = hupijiao.orders.get(f.out_trade_order);
    if (!order) return { status: 200, body: JSON.stringify({ errcode: 40040, errmsg: 'Order not exist!' }) };
    const paid = hupijiaoPaid.has(f.out_trade_order);
    return json({ errcode: 0, errmsg: 'success!', data: { status: paid ? 'OD' : 'WP', open_order_id: digits(8), total_amount: order.total_fee } });
  }

  function hupijiaoNotification(
    tradeOrderId: string,
    fields: Record<string, string> = {},
    o: { secret?: string; after?: Record<string, string> } = {},
  ): Record<string, string> {
    const order = hupijiao.orders.get(tradeOrderId);
    const f: Record<string, string> = {
      trade_order_id: tradeOrderId,
      total_fee: order?.total_fee ?? '0.00',
      transaction_id: `42000${digits(23)}`,
      open_order_id: digits(8),
      order_title: order?.title ?? '',
      status: 'OD',
      plugins: order?.plugins ?? '',
      attach: order?.attach ?? '',
      appid: hp.appid,
      time: String(Math.floor(Date.now() / 1000)),
      nonce_str: digits(10),
      ...fields,
    };
    f.hash = hpHash(f, o.secret ?? hp.secret);
    return { ...f, ...o.after };
  }

  // ---------- the server ----------
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const base = `http://${req.headers.host ?? '127.0.0.1'}`;
    let reply: Reply;
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') reply = wechatNative(req, url.pathname + url.search, body);
    else if (req.method === 'GET' && url.pathname.startsWith('/v3/pay/transactions/out-trade-no/')) reply = wechatQuery(req, url.pathname + url.search);
    else if (req.method === 'GET' && url.pathname === '/v3/certificates') reply = wechatCertificates(req, url.pathname + url.search);
    else if (req.method === 'POST' && url.pathname === '/gateway.do') reply = alipayApi(body);
    else if (req.method === 'POST' && url.pathname === '/payment/query.html') reply = hupijiaoQuery(body);
    else if (url.pathname.startsWith('/v3/')) reply = wechatSigned(404, { code: 'NOT_FOUND', message: '请求的资源不存在' });
    else if (req.method === 'GET' && url.pathname === '/gateway.do') {
      const r = checkPayUrl(`${base}${req.url ?? ''}`);
      reply = r.ok
        ? {
            status: 200,
            headers: { 'Content-Type': 'text/html; charset=utf-8' },
            body: `<html><title>支付宝 - 网上支付 安全快速！</title><body>订单 ${r.biz.out_trade_no} 应付 ${r.biz.total_amount} 元</body></html>`,
          }
        : {
            status: 200,
            headers: { 'Content-Type': 'text/html; charset=utf-8' },
            body: `<html><title>支付宝 - 出错了</title><body>错误代码 ${r.code}<br>${r.message}</body></html>`,
          };
    } else if (req.method === 'POST' && url.pathname === '/payment/do.html') reply = hupijiaoPay(body, base);
    else reply = { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'not found' };
    res.writeHead(reply.status, reply.headers ?? {}).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const form = { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' };

  return {
    url,
    wechat: {
      ...wechat,
      apiBase: url,
      certificate,
      certificateMode(on: boolean) {
        wechatMode.certificate = on;
      },
      markPaid(outTradeNo: string) {
        const o = wechat.orders.get(outTradeNo);
        if (!o) throw new Error(`fake WeChat Pay: no order ${outTradeNo}`);
        o.paid = true;
      },
      notification: wechatNotification,
      async deliver(outTradeNo, o) {
        const target = wechat.orders.get(outTradeNo)?.body.notify_url as string | undefined;
        if (!target) throw new Error(`fake WeChat Pay: no order ${outTradeNo}`);
        const n = wechatNotification(outTradeNo, o);
        return post(target, n.body, n.headers);
      },
    },
    alipay: {
      ...alipay,
      gateway: `${url}/gateway.do`,
      markPaid: (outTradeNo: string) => void alipayPaid.set(outTradeNo, `2026${digits(24)}`),
      checkPayUrl,
      notification: alipayNotification,
      async deliver(outTradeNo, fields, o) {
        const target = alipay.orders.get(outTradeNo)?.params.notify_url;
        if (!target) throw new Error(`fake Alipay: no order ${outTradeNo}`);
        return post(target, new URLSearchParams(alipayNotification(outTradeNo, fields, o)).toString(), form);
      },
    },
    hupijiao: {
      ...hupijiao,
      gateway: `${url}/payment/do.html`,
      markPaid: (tradeOrderId: string) => void hupijiaoPaid.add(tradeOrderId),
      notification: hupijiaoNotification,
      async deliver(tradeOrderId, fields, o) {
        const target = hupijiao.orders.get(tradeOrderId)?.notify_url;
        if (!target) throw new Error(`fake Hupijiao: no order ${tradeOrderId}`);
        return post(target, new URLSearchParams(hupijiaoNotification(tradeOrderId, fields, o)).toString(), form);
      },
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
