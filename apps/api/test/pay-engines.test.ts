import crypto, { type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorError } from '../src/engines/http';
import { Alipay, alipayNotifySignContent, alipayRequestSignContent, alipayTimestamp, checkAlipayNotification } from '../src/engines/pay/alipay';
import { checkHupijiaoNotification, Hupijiao, hupijiaoHash } from '../src/engines/pay/hupijiao';
import { loadPrivateKey, loadPublicKey } from '../src/engines/pay/keys';
import { fenToYuan, PayError, yuanToFen, type PayErrorCode } from '../src/engines/pay/types';
import { checkTransaction, WechatPay, wechatpayRequestMessage, type WechatPayConfig } from '../src/engines/pay/wechatpay';
import { startFakePayGateways, type FakePayGateways } from './fakes/pay-gateways';
import { LOOPBACK_OUTBOUND, readBody } from './fakes/util';

const rsa = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa(); // WeChat Pay merchant key pair (apiclient_key.pem)
const app = rsa(); // Alipay app key pair
const stranger = rsa(); // someone else's key

/** Key forms as the vendors hand them out. */
const pem = {
  pkcs8: (k: KeyObject) => k.export({ type: 'pkcs8', format: 'pem' }).toString(),
  pkcs1: (k: KeyObject) => k.export({ type: 'pkcs1', format: 'pem' }).toString(),
  spki: (k: KeyObject) => k.export({ type: 'spki', format: 'pem' }).toString(),
};
const bare = {
  pkcs8: (k: KeyObject) => k.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  pkcs1: (k: KeyObject) => k.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
  spki: (k: KeyObject) => k.export({ type: 'spki', format: 'der' }).toString('base64'),
};

const WX = { mchid: '1900000109', appid: 'wxd678efh567hg6787', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' };
const ALI = { appId: '2021000000000001', sellerId: '2088000000000001' };
const HPJ = { appid: '201906120001', secret: 'hpj-secret-0123456789abcdef' };
const NOTIFY = 'https://wenku.example.com/api/v1/order/notify';

let gw: FakePayGateways;
beforeAll(async () => {
  gw = await startFakePayGateways({
    wechat: { ...WX, merchantPublicKey: merchant.publicKey },
    alipay: { appId: ALI.appId, appPublicKey: app.publicKey, sellerId: ALI.sellerId },
    hupijiao: HPJ,
  });
});
afterAll(async () => gw?.close());

let seq = 0;
const orderNo = () => `W${Date.now()}${String((seq += 1)).padStart(4, '0')}`;

/** Runs fn and returns the PayError it throws (fails the test when it does not throw one). */
function payError(fn: () => unknown): PayError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PayError);
    return e as PayError;
  }
  throw new Error('expected a PayError');
}
function expectRefused(fn: () => unknown, code: PayErrorCode, message: RegExp): void {
  const e = payError(fn);
  expect({ code: e.code, message: e.message }).toEqual({ code, message: expect.stringMatching(message) });
}

describe('amounts: integer fen inside, yuan strings only on the wire', () => {
  it('formats fen as yuan with 2 decimals', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(1230)).toBe('12.30');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(123456789)).toBe('1234567.89');
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => fenToYuan(bad)).toThrow(PayError);
  });

  it('parses yuan strings exactly (no floating point), refusing anything else', () => {
    expect(yuanToFen('12.30')).toBe(1230);
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('0.07')).toBe(7); // 0.07 * 100 = 7.000000000000001 in floating point
    for (const bad of ['12.345', '-1.00', '1e3', ' 1.00', '', '1,00', '.5']) expect(() => yuanToFen(bad), bad).toThrow(PayError);
  });
});

describe('keys: PEM or bare base64, as the vendors hand them out', () => {
  const msg = 'wenku';
  const signs = (k: KeyObject) => crypto.verify('sha256', Buffer.from(msg), merchant.publicKey, crypto.sign('sha256', Buffer.from(msg), k));

  it('reads private keys as PEM PKCS#8, PEM PKCS#1, bare base64 PKCS#8 and bare base64 PKCS#1 (also PEM pasted with literal \\n)', () => {
    const forms = [pem.pkcs8(merchant.privateKey), pem.pkcs1(merchant.privateKey), bare.pkcs8(merchant.privateKey), bare.pkcs1(merchant.privateKey)];
    forms.push(forms[0].replace(/\n/g, '\\n'), bare.pkcs1(merchant.privateKey).replace(/(.{64})/g, '$1\n'));
    for (const f of forms) expect(signs(loadPrivateKey(f))).toBe(true);
  });

  it('reads public keys as PEM SPKI, PEM PKCS#1, bare base64 SPKI', () => {
    const sig = crypto.sign('sha256', Buffer.from(msg), merchant.privateKey);
    for (const f of [pem.spki(merchant.publicKey), pem.pkcs1(merchant.publicKey), bare.spki(merchant.publicKey)]) {
      expect(crypto.verify('sha256', Buffer.from(msg), loadPublicKey(f), sig)).toBe(true);
    }
  });

  it('refuses garbage, empty keys and a private key pasted as the public key, readably', () => {
    expectRefused(() => loadPrivateKey('not a key'), 'bad_key', /私钥格式无法识别/);
    expectRefused(() => loadPrivateKey(bare.spki(merchant.publicKey)), 'bad_key', /私钥无法解析/);
    expectRefused(() => loadPrivateKey(''), 'bad_key', /私钥未配置/);
    expectRefused(() => loadPublicKey(pem.pkcs8(merchant.privateKey)), 'bad_key', /填写的是私钥/);
    expectRefused(() => loadPublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'), 'bad_key', /公钥无法解析/);
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expectRefused(() => loadPrivateKey(pem.pkcs8(ec.privateKey)), 'bad_key', /不是 RSA 密钥/);
  });
});

describe('WeChat Pay API v3', () => {
  const config = (over: Partial<WechatPayConfig> = {}): WechatPayConfig => ({
    ...WX,
    privateKey: pem.pkcs8(merchant.privateKey),
    apiV3Key: gw.wechat.apiV3Key,
    publicKeyId: gw.wechat.publicKeyId,
    publicKey: gw.wechat.publicKeyPem,
    apiBase: gw.wechat.apiBase,
    outbound: LOOPBACK_OUTBOUND,
    ...over,
  });
  const pay = (over: Partial<WechatPayConfig> = {}) => new WechatPay(config(over));
  const order = (over: Partial<{ amount_fen: number; out_trade_no: string }> = {}) => ({
    out_trade_no: orderNo(),
    description: '文库-充值 1230 积分',
    amount_fen: 1230,
    notify_url: `${NOTIFY}/wechatpay`,
    ...over,
  });
  const expected = (outTradeNo: string, amount_fen = 1230) => ({ mchid: WX.mchid, appid: WX.appid, out_trade_no: outTradeNo, amount_fen });

  it('signs the request message as five \\n-terminated lines', () => {
    expect(wechatpayRequestMessage('post', '/v3/pay/transactions/native', 1554208460, 'NONCE', '{"a":1}')).toBe(
      'POST\n/v3/pay/transactions/native\n1554208460\nNONCE\n{"a":1}\n',
    );
  });

  it('creates a Native order: the fake verifies the merchant Authorization signature and answers a signed code_url', async () => {
    const o = order();
    const r = await pay().createNative(o);
    expect(r.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = gw.wechat.orders.get(o.out_trade_no)!.body;
    expect(sent).toMatchObject({
      appid: WX.appid,
      mchid: WX.mchid,
      out_trade_no: o.out_trade_no,
      description: o.description,
      notify_url: o.notify_url,
      amount: { total: 1230, currency: 'CNY' },
    });
    // the same order asked twice gets the same code_url (the vendor's idempotence)
    expect((await pay().createNative(o)).code_url).toBe(r.code_url);
  });

  it('works with the merchant key in every form the vendor hands out', async () => {
    for (const privateKey of [pem.pkcs1(merchant.privateKey), bare.pkcs8(merchant.privateKey), bare.pkcs1(merchant.privateKey)]) {
      await expect(pay({ privateKey, publicKey: bare.spki(crypto.createPublicKey(gw.wechat.publicKeyPem)) }).createNative(order())).resolves.toHaveProperty(
        'code_url',
      );
    }
  });

  it('a request signed with another key is refused by the gateway with its SIGN_ERROR, reported in Chinese', async () => {
    const before = gw.wechat.rejected.length;
    const err = await pay({ privateKey: stranger.privateKey })
      .createNative(order())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorError);
    expect((err as VendorError).message).toBe('微信支付下单失败：签名错误（SIGN_ERROR）');
    expect((err as VendorError).raw).toContain('SIGN_ERROR');
    expect(gw.wechat.rejected.length).toBe(before + 1);
  });

  it('a wrong certificate serial, an unknown app and a reused order number get the vendor errors', async () => {
    await expect(pay({ serialNo: 'ABCDEF' }).createNative(order())).rejects.toThrow('微信支付下单失败：商户证书序列号有误（SIGN_ERROR）');
    await expect(pay({ appid: 'wx0000000000000000' }).createNative(order())).rejects.toThrow(/APPID_MCHID_NOT_MATCH/);
    const o = order();
    await pay().createNative(o);
    await expect(pay().createNative({ ...o, amount_fen: 1 })).rejects.toThrow('微信支付下单失败：201 商户订单号重复（INVALID_REQUEST）');
  });

  it('refuses a zero or fractional amount before calling the vendor', async () => {
    await expect(pay().createNative(order({ amount_fen: 0 }))).rejects.toMatchObject({ code: 'bad_amount' });
    await expect(pay().createNative(order({ amount_fen: 12.5 }))).rejects.toMatchObject({ code: 'bad_amount' });
  });

  it('an answer not signed by the configured WeChat Pay public key is not trusted', async () => {
    const err = await pay({ publicKey: stranger.publicKey })
      .createNative(order())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorError);
    expect((err as Error).message).toBe('微信支付下单失败：微信支付应答签名验证失败');
  });

  it('verifies, decrypts and checks a payment notification (Fastify-style lower-case headers or a Headers object)', async () => {
    const o = order();
    await pay().createNative(o);
    const n = gw.wechat.notification(o.out_trade_no);
    const lower = Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toLowerCase(), v]));
    for (const headers of [lower, new Headers(n.headers)]) {
      const tx = pay().verifyNotification(headers, n.body);
      expect(tx).toMatchObject({ mchid: WX.mchid, appid: WX.appid, out_trade_no: o.out_trade_no, trade_state: 'SUCCESS', amount: { total: 1230 } });
      expect(tx.transaction_id).toMatch(/^42000\d{23}$/);
      expect(checkTransaction(tx, expected(o.out_trade_no))).toBe(tx);
    }
  });

  it('a notification delivered over HTTP arrives byte for byte and verifies', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const sink = http.createServer(async (req, res) => {
      received.push({ headers: req.headers, body: await readBody(req) });
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
    try {
      const o = order();
      await pay().createNative({ ...o, notify_url: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/notify` });
      expect((await gw.wechat.deliver(o.out_trade_no)).status).toBe(204);
      const tx = pay().verifyNotification(received[0].headers, received[0].body);
      expect(checkTransaction(tx, expected(o.out_trade_no)).out_trade_no).toBe(o.out_trade_no);
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });

  it('refuses a tampered body, a tampered signature, a signature by another key', async () => {
    const o = order();
    await pay().createNative(o);
    const n = gw.wechat.notification(o.out_trade_no);
    expectRefused(
      () => pay().verifyNotification(n.headers, n.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ')),
      'bad_signature',
      /^微信支付通知签名验证失败$/,
    );
    const sig = n.headers['Wechatpay-Signature'];
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expectRefused(() => pay().verifyNotification({ ...n.headers, 'Wechatpay-Signature': flipped }, n.body), 'bad_signature', /签名验证失败/);
    const forged = gw.wechat.notification(o.out_trade_no, { signWith: stranger.privateKey });
    expectRefused(() => pay().verifyNotification(forged.headers, forged.body), 'bad_signature', /签名验证失败/);
    const { ['Wechatpay-Signature']: _gone, ...unsigned } = n.headers;
    expectRefused(() => pay().verifyNotification(unsigned, n.body), 'bad_signature', /缺少签名头/);
  });

  it('refuses a notification whose Wechatpay-Serial is not the configured public key id', async () => {
    const o = order();
    await pay().createNative(o);
    const n = gw.wechat.notification(o.out_trade_no, { serial: 'PUB_KEY_ID_0000000000000000000000000000' });
    expectRefused(() => pay().verifyNotification(n.headers, n.body), 'bad_serial', /签名序列号 PUB_KEY_ID_0+ 与配置的微信支付公钥 ID PUB_KEY_ID_\d+ 不符/);
    // and the configured id must be the one the key belongs to
    const good = gw.wechat.notification(o.out_trade_no);
    expectRefused(() => pay({ publicKeyId: 'PUB_KEY_ID_0111111111111111111111111111' }).verifyNotification(good.headers, good.body), 'bad_serial', /不符/);
  });

  it('refuses a timestamp more than 5 minutes old (or ahead); 4 minutes is fine', async () => {
    const o = order();
    await pay().createNative(o);
    const now = Math.floor(Date.now() / 1000);
    for (const ts of [now - 6 * 60, now + 6 * 60]) {
      const n = gw.wechat.notification(o.out_trade_no, { timestamp: ts });
      expectRefused(() => pay().verifyNotification(n.headers, n.body), 'expired', /时间戳与当前时间相差超过 5 分钟/);
    }
    const recent = gw.wechat.notification(o.out_trade_no, { timestamp: now - 4 * 60 });
    expect(pay().verifyNotification(recent.headers, recent.body).out_trade_no).toBe(o.out_trade_no);
  });

  it('refuses a resource encrypted with another APIv3 key (signature valid), and a tampered ciphertext', async () => {
    const o = order();
    await pay().createNative(o);
    const n = gw.wechat.notification(o.out_trade_no, { apiV3Key: 'X'.repeat(32) });
    expectRefused(() => pay().verifyNotification(n.headers, n.body), 'decrypt_failed', /解密失败：APIv3 密钥不正确或内容被篡改/);
    const good = gw.wechat.notification(o.out_trade_no);
    const other = 'Y'.repeat(32);
    expectRefused(() => pay({ apiV3Key: other }).verifyNotification(good.headers, good.body), 'decrypt_failed', /APIv3 密钥不正确/);
    expectRefused(() => pay({ apiV3Key: 'short' }), 'bad_key', /APIv3 密钥长度必须是 32 个字符/);
  });

  it('checkTransaction refuses another amount, merchant, app, order or an unpaid state', async () => {
    const o = order();
    await pay().createNative(o);
    const tx = (over: Record<string, unknown>) => {
      const n = gw.wechat.notification(o.out_trade_no, { tx: over });
      return pay().verifyNotification(n.headers, n.body);
    };
    const exp = expected(o.out_trade_no);
    expectRefused(() => checkTransaction(tx({ amount: { total: 1, currency: 'CNY' } }), exp), 'mismatch', /金额 1 分与订单金额 1230 分不符/);
    expectRefused(() => checkTransaction(tx({}), { ...exp, amount_fen: 1231 }), 'mismatch', /金额 1230 分与订单金额 1231 分不符/);
    expectRefused(() => checkTransaction(tx({ mchid: '1900000999' }), exp), 'mismatch', /商户号 1900000999 与配置的 1900000109 不符/);
    expectRefused(() => checkTransaction(tx({ appid: 'wx1111111111111111' }), exp), 'mismatch', /AppID wx1111111111111111 与配置的/);
    expectRefused(() => checkTransaction(tx({}), { ...exp, out_trade_no: 'OTHER' }), 'mismatch', /订单号 .* 与订单 OTHER 不符/);
    expectRefused(() => checkTransaction(tx({ trade_state: 'NOTPAY' }), exp), 'not_paid', /交易状态为 NOTPAY，未支付成功/);
  });
});

describe('Alipay (RSA2, public-key mode)', () => {
  const alipay = (over: Partial<ConstructorParameters<typeof Alipay>[0]> = {}) =>
    new Alipay({
      appId: ALI.appId,
      privateKey: bare.pkcs1(app.privateKey),
      alipayPublicKey: bare.spki(crypto.createPublicKey(gw.alipay.publicKeyPem)),
      gateway: gw.alipay.gateway,
      outbound: LOOPBACK_OUTBOUND,
      ...over,
    });
  const order = (amount_fen = 1230) => ({
    out_trade_no: orderNo(),
    subject: '文库 VIP 月卡',
    amount_fen,
    notify_url: `${NOTIFY}/alipay`,
    return_url: 'https://wenku.example.com/order',
  });
  const expected = (outTradeNo: string, amount_fen = 1230) => ({ app_id: ALI.appId, out_trade_no: outTradeNo, amount_fen, seller_id: ALI.sellerId });

  it('signs every parameter but sign (sign_type included) for requests, and all but sign and sign_type for notifications', () => {
    const p = { b: '2', a: '1', sign: 'S', sign_type: 'RSA2', empty: '' };
    expect(alipayRequestSignContent(p)).toBe('a=1&b=2&sign_type=RSA2');
    expect(alipayNotifySignContent(p)).toBe('a=1&b=2');
    expect(alipayTimestamp(Date.UTC(2026, 0, 1, 16, 5, 9))).toBe('2026-01-02 00:05:09');
  });

  it('page pay: the gateway URL carries RSA2-signed parameters the (fake) gateway accepts', async () => {
    const o = order();
    const url = alipay().pagePayUrl(o);
    expect(url.startsWith(`${gw.alipay.gateway}?`)).toBe(true);
    const check = gw.alipay.checkPayUrl(url);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.params).toMatchObject({
      app_id: ALI.appId,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: o.notify_url,
      return_url: o.return_url,
    });
    expect(check.params.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(check.biz).toEqual({ out_trade_no: o.out_trade_no, total_amount: '12.30', subject: o.subject, product_code: 'FAST_INSTANT_TRADE_PAY' });
    // the browser following the URL reaches the cashier, not an error page
    const page = await (await fetch(url)).text();
    expect(page).toContain(`应付 12.30 元`);
  });

  it('wap pay: alipay.trade.wap.pay with QUICK_WAP_WAY and quit_url; 1 fen is 0.01', () => {
    const o = { ...order(1), quit_url: 'https://wenku.example.com/order' };
    const check = gw.alipay.checkPayUrl(alipay().wapPayUrl(o));
    expect(check.ok && check.params.method).toBe('alipay.trade.wap.pay');
    expect(check.ok && check.biz).toEqual({
      out_trade_no: o.out_trade_no,
      total_amount: '0.01',
      subject: o.subject,
      product_code: 'QUICK_WAP_WAY',
      quit_url: o.quit_url,
    });
  });

  it('works with the app key as PEM PKCS#8 / PKCS#1 and the Alipay key as PEM SPKI', () => {
    for (const privateKey of [pem.pkcs8(app.privateKey), pem.pkcs1(app.privateKey), bare.pkcs8(app.privateKey)]) {
      const a = alipay({ privateKey, alipayPublicKey: gw.alipay.publicKeyPem });
      expect(gw.alipay.checkPayUrl(a.pagePayUrl(order())).ok).toBe(true);
    }
  });

  it('a URL signed with another key is refused by the gateway (invalid-signature)', async () => {
    const url = alipay({ privateKey: stranger.privateKey }).pagePayUrl(order());
    expect(gw.alipay.checkPayUrl(url)).toMatchObject({ ok: false, code: 'invalid-signature' });
    expect(await (await fetch(url)).text()).toContain('错误代码 invalid-signature');
    // a parameter changed after signing also breaks it
    const tampered = alipay().pagePayUrl(order()).replace('12.30', '0.01');
    expect(gw.alipay.checkPayUrl(tampered)).toMatchObject({ ok: false, code: 'invalid-signature' });
  });

  it('verifies and checks a TRADE_SUCCESS / TRADE_FINISHED notification, as form fields or URLSearchParams', () => {
    const o = order();
    gw.alipay.checkPayUrl(alipay().pagePayUrl(o));
    const fields = gw.alipay.notification(o.out_trade_no);
    const n = alipay().verifyNotification(fields);
    expect(n).toMatchObject({
      app_id: ALI.appId,
      out_trade_no: o.out_trade_no,
      total_amount: '12.30',
      amount_fen: 1230,
      trade_status: 'TRADE_SUCCESS',
      seller_id: ALI.sellerId,
    });
    expect(checkAlipayNotification(n, expected(o.out_trade_no))).toBe(n);
    // as received over the wire: the urlencoded body decoded again (fund_bill_list holds JSON)
    const wire = new URLSearchParams(new URLSearchParams(fields).toString());
    expect(alipay().verifyNotification(wire).out_trade_no).toBe(o.out_trade_no);
    const finished = alipay().verifyNotification(gw.alipay.notification(o.out_trade_no, { trade_status: 'TRADE_FINISHED' }));
    expect(checkAlipayNotification(finished, expected(o.out_trade_no)).trade_status).toBe('TRADE_FINISHED');
  });

  it('accepts a notification with an empty field whether the empty value was signed or left out', () => {
    const o = order();
    gw.alipay.checkPayUrl(alipay().pagePayUrl(o));
    for (const signEmpty of [false, true]) {
      const n = alipay().verifyNotification(gw.alipay.notification(o.out_trade_no, { body: '' }, { signEmpty }));
      expect(checkAlipayNotification(n, expected(o.out_trade_no)).fields.body).toBe('');
    }
    expectRefused(
      () => alipay().verifyNotification(gw.alipay.notification(o.out_trade_no, { body: '' }, { signEmpty: true, after: { total_amount: '0.01' } })),
      'bad_signature',
      /签名验证失败/,
    );
  });

  it('refuses a tampered amount, a notification signed with the app key instead of the Alipay key, a missing sign', () => {
    const o = order();
    gw.alipay.checkPayUrl(alipay().pagePayUrl(o));
    expectRefused(
      () => alipay().verifyNotification(gw.alipay.notification(o.out_trade_no, {}, { after: { total_amount: '0.01' } })),
      'bad_signature',
      /^支付宝通知签名验证失败$/,
    );
    expectRefused(() => alipay().verifyNotification(gw.alipay.notification(o.out_trade_no, {}, { signWith: app.privateKey })), 'bad_signature', /签名验证失败/);
    expectRefused(() => alipay().verifyNotification(gw.alipay.notification(o.out_trade_no, {}, { after: { sign: '' } })), 'bad_signature', /缺少签名/);
    expectRefused(
      () => alipay().verifyNotification(gw.alipay.notification(o.out_trade_no, {}, { after: { sign_type: 'RSA' } })),
      'bad_signature',
      /RSA 不受支持/,
    );
  });

  it('checkAlipayNotification refuses a wrong app_id, another amount, another order, another seller, an unpaid status', () => {
    const o = order();
    gw.alipay.checkPayUrl(alipay().pagePayUrl(o));
    const verified = (f: Record<string, string>) => alipay().verifyNotification(gw.alipay.notification(o.out_trade_no, f));
    const exp = expected(o.out_trade_no);
    expectRefused(
      () => checkAlipayNotification(verified({ app_id: '2021999999999999' }), exp),
      'mismatch',
      /app_id 2021999999999999 与配置的 2021000000000001 不符/,
    );
    expectRefused(() => checkAlipayNotification(verified({ total_amount: '12.29' }), exp), 'mismatch', /金额 12.29 元与订单金额 12.30 元不符/);
    expectRefused(() => checkAlipayNotification(verified({}), { ...exp, out_trade_no: 'OTHER' }), 'mismatch', /与订单 OTHER 不符/);
    expectRefused(() => checkAlipayNotification(verified({ seller_id: '2088999999999999' }), exp), 'mismatch', /卖家 2088999999999999/);
    expectRefused(() => checkAlipayNotification(verified({ trade_status: 'WAIT_BUYER_PAY' }), exp), 'not_paid', /WAIT_BUYER_PAY，未支付成功/);
    expectRefused(() => checkAlipayNotification(verified({ trade_status: 'TRADE_CLOSED' }), exp), 'not_paid', /TRADE_CLOSED/);
  });
});

describe('Hupijiao (xunhupay)', () => {
  const hpj = (over: Partial<ConstructorParameters<typeof Hupijiao>[0]> = {}) =>
    new Hupijiao({ ...HPJ, gateway: gw.hupijiao.gateway, outbound: LOOPBACK_OUTBOUND, ...over });
  const order = (amount_fen = 1230) => ({
    trade_order_id: orderNo(),
    title: '文库-充值',
    amount_fen,
    notify_url: `${NOTIFY}/hupijiao`,
    return_url: 'https://wenku.example.com/order',
  });

  it('hash = md5(sorted non-empty k=v&… except hash, then the secret appended directly), lower-case hex', () => {
    const params = { version: '1.1', appid: '201906120001', total_fee: '0.10', title: '', hash: 'x', time: '1560000000' };
    const plain = 'appid=201906120001&time=1560000000&total_fee=0.10&version=1.1' + HPJ.secret;
    expect(hupijiaoHash(params, HPJ.secret)).toBe(crypto.createHash('md5').update(plain).digest('hex'));
  });

  it('creates a payment: the gateway checks the hash and answers url / url_qrcode (its own hash verified)', async () => {
    const o = order();
    const r = await hpj().createPayment(o);
    expect(r.url).toMatch(/\/payment\/cashier\.html\?id=/);
    expect(r.url_qrcode).toMatch(/\/payment\/qrcode\.html\?data=/);
    expect(gw.hupijiao.orders.get(o.trade_order_id)).toMatchObject({
      version: '1.1',
      appid: HPJ.appid,
      total_fee: '12.30',
      title: o.title,
      notify_url: o.notify_url,
    });
  });

  it('a wrong secret is refused by the gateway (Invalid sign!), reported in Chinese', async () => {
    const before = gw.hupijiao.rejected.length;
    await expect(hpj({ secret: 'wrong-secret' }).createPayment(order())).rejects.toThrow('虎皮椒下单失败：Invalid sign!（40029）');
    expect(gw.hupijiao.rejected.length).toBe(before + 1);
    await expect(hpj({ appid: '999' }).createPayment(order())).rejects.toThrow(VendorError);
  });

  it('verifies and checks an OD notification', async () => {
    const o = order(1);
    await hpj().createPayment(o);
    const n = hpj().verifyNotification(gw.hupijiao.notification(o.trade_order_id));
    expect(n).toMatchObject({ trade_order_id: o.trade_order_id, total_fee: '0.01', amount_fen: 1, status: 'OD', paid: true, appid: HPJ.appid });
    expect(checkHupijiaoNotification(n, { trade_order_id: o.trade_order_id, amount_fen: 1, appid: HPJ.appid })).toBe(n);
  });

  it('refuses a wrong hash (another secret) and a total_fee changed after hashing', async () => {
    const o = order();
    await hpj().createPayment(o);
    expectRefused(
      () => hpj().verifyNotification(gw.hupijiao.notification(o.trade_order_id, {}, { secret: 'someone-else' })),
      'bad_signature',
      /^虎皮椒通知签名（hash）验证失败$/,
    );
    expectRefused(() => hpj().verifyNotification(gw.hupijiao.notification(o.trade_order_id, {}, { after: { total_fee: '0.01' } })), 'bad_signature', /hash/);
  });

  it('checkHupijiaoNotification refuses another amount, order, appid and a status other than OD', async () => {
    const o = order();
    await hpj().createPayment(o);
    const v = (f: Record<string, string>) => hpj().verifyNotification(gw.hupijiao.notification(o.trade_order_id, f));
    const exp = { trade_order_id: o.trade_order_id, amount_fen: 1230, appid: HPJ.appid };
    expectRefused(() => checkHupijiaoNotification(v({ total_fee: '1.23' }), exp), 'mismatch', /金额 1.23 元与订单金额 12.30 元不符/);
    expectRefused(() => checkHupijiaoNotification(v({}), { ...exp, trade_order_id: 'OTHER' }), 'mismatch', /与订单 OTHER 不符/);
    expectRefused(() => checkHupijiaoNotification(v({ appid: '888' }), exp), 'mismatch', /appid 888/);
    expectRefused(() => checkHupijiaoNotification(v({ status: 'CD' }), exp), 'not_paid', /状态为 CD，未支付成功/);
  });
});
