import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, OrderStatus, OrderType, PaymentMethod, VipCard, type TOrder } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';
import { makeDocument, makeUser, type TestUser } from './factories';
import { startFakePayGateways, type FakePayGateways } from './fakes/pay-gateways';

/**
 * Orders end to end: each payment method against local gateways that check our signatures the vendors' way and
 * send signed (WeChat: encrypted) notifications; forged, tampered, replayed and parallel notifications; the
 * pay-vs-close race; credits; VIP extension; system recharge. After every test the credit ledger of every user
 * sums to the balance.
 */
const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const WX = { mchid: '1900000109', appid: 'wxd678efh567hg6787', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' };
const ALI = { appId: '2021000000000001', sellerId: '2088000000000001' };
const HPJ = { appid: '201906120001', secret: 'hpj-secret-0123456789abcdef' };
const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'pkcs1') => k.export({ type, format: 'pem' }).toString();
const bare = (k: crypto.KeyObject) => k.export({ type: 'pkcs1', format: 'der' }).toString('base64');

let t: TestApp;
let gw: FakePayGateways;
let site: string;

async function setConfig(category: string, values: Record<string, unknown>) {
  await call(t, api.updateConfig, {
    body: { config: Object.entries(values).map(([name, value]) => ({ category, name, value: value as never })) },
    as: 'admin',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  gw = await startFakePayGateways({
    wechat: { ...WX, merchantPublicKey: merchant.publicKey },
    alipay: { appId: ALI.appId, appPublicKey: app.publicKey, sellerId: ALI.sellerId },
    hupijiao: HPJ,
  });
  // the fake vendors deliver their notifications over HTTP to the site's domain, as the real ones would
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await setConfig('system', { domain: site });
  await setConfig('vip', { enable: true, year_price: 199, season_price: 69, month_price: 29.9 });
  await setConfig('pay', {
    enable_recharge: true,
    credit_exchange: 10,
    recharge_discount: '100:0.95\n500:0.8',
    enable_wechatpay: true,
    wechatpay_appid: WX.appid,
    wechatpay_mchid: WX.mchid,
    wechatpay_serial_no: WX.serialNo,
    wechatpay_private_key: pem(merchant.privateKey, 'pkcs8'),
    wechatpay_apiv3_key: gw.wechat.apiV3Key,
    wechatpay_public_key_id: gw.wechat.publicKeyId,
    wechatpay_public_key: gw.wechat.publicKeyPem,
    wechatpay_api_base: gw.wechat.apiBase,
    enable_alipay: true,
    alipay_appid: ALI.appId,
    // as Alipay hands them out: bare base64, PKCS#1 private key, SPKI public key
    alipay_private_key: bare(app.privateKey),
    alipay_public_key: gw.alipay.publicKeyPem.replace(/-----[^-]+-----|\s/g, ''),
    alipay_gateway: gw.alipay.gateway,
    enable_hupijiao: true,
    hupijiao_appid: HPJ.appid,
    hupijiao_secret: HPJ.secret,
    hupijiao_gateway: gw.hupijiao.gateway,
  });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

/** Every user's ledger sums to their balance, after every test. */
afterEach(async () => {
  const bad = await t.database.pool.query(
    `SELECT u.id, u.credit_count, coalesce(sum(l.delta), 0)::int AS s FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id
     GROUP BY u.id HAVING u.credit_count <> coalesce(sum(l.delta), 0)`,
  );
  expect(bad.rows).toEqual([]);
});

const credits = async (u: { id: number }) =>
  (await t.database.pool.query('SELECT credit_count FROM users WHERE id = $1', [u.id])).rows[0].credit_count as number;
const vipUntil = async (u: { id: number }) =>
  (await t.database.pool.query('SELECT vip_expire_at FROM users WHERE id = $1', [u.id])).rows[0].vip_expire_at as Date | null;
const recharge = (u: TestUser, quantity: number) => call(t, api.createOrder, { body: { order_type: OrderType.Recharge, quantity }, as: u });
const statusOf = async (u: TestUser, no: string) => (await call(t, api.getOrderStatus, { query: { order_no: no }, as: u })).status;

function notifyWechat(n: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', headers: n.headers, payload: n.body });
}
function notifyForm(kind: 'alipay' | 'hupijiao', fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/order/notify/${kind}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('creating orders: the server computes every amount', () => {
  it('a recharge costs quantity / credit_exchange × the best tier at or below it, in fen', async () => {
    const u = await makeUser(t);
    expect((await recharge(u, 50)).amount).toBe(500);
    expect((await recharge(u, 100)).amount).toBe(950);
    expect((await recharge(u, 730)).amount).toBe(5840);
    const o = await recharge(u, 500);
    expect(o).toMatchObject({ order_type: 3, status: 1, amount: 4000, credit_price: 0, payment_type: 0, title: '充值 500 积分', paid_at: null });
    expect(o.order_no).toMatch(/^\d{22}$/);
    expect(o.items).toEqual([{ kind: 3, quantity: 500, amount: 4000 }]);
    expect(new Date(o.expire_at!).getTime() - new Date(o.created_at).getTime()).toBeCloseTo(120 * 60_000, -4);
  });

  it('refuses a quantity that is not a multiple of credit_exchange, a client-sent price, and recharge when it is off', async () => {
    const u = await makeUser(t);
    expect(await callError(t, api.createOrder, { body: { order_type: 3, quantity: 55 }, as: u })).toMatchObject({
      status: 400,
      message: '充值数量必须是 10 的整数倍',
    });
    expect((await callError(t, api.createOrder, { body: { order_type: 3, quantity: 0 }, as: u })).status).toBe(400);
    expect((await callError(t, api.createOrder, { body: { order_type: 3 } as never, as: u })).message).toBe('请输入充值数量');
    // a price sent by the buyer is not in the contract and is ignored
    const priced = await call(t, api.createOrder, { body: { order_type: 3, quantity: 10, amount: 1 } as never, as: u });
    expect(priced.amount).toBe(100);
    await setConfig('pay', { enable_recharge: false });
    try {
      expect(await callError(t, api.createOrder, { body: { order_type: 3, quantity: 10 }, as: u })).toMatchObject({ status: 400, message: '积分充值未开启' });
    } finally {
      await setConfig('pay', { enable_recharge: true });
    }
    expect((await callError(t, api.createOrder, { body: { order_type: 3, quantity: 10 }, as: 'anonymous' })).status).toBe(401);
  });

  it('VIP cards cost the config/vip prices; in credits, the price at the exchange rate over the deepest recharge discount', async () => {
    const u = await makeUser(t);
    const month = await call(t, api.createOrder, { body: { order_type: OrderType.BuyVip, vip_card: VipCard.Month }, as: u });
    // 29.90 yuan × 10 credits / 0.8 (the deepest tier), rounded up
    expect(month).toMatchObject({ amount: 2990, credit_price: 374, title: '开通VIP月卡（31天）' });
    expect(month.items[0]).toMatchObject({ kind: 2, vip_card: 2, vip_days: 31 });
    expect(await call(t, api.createOrder, { body: { order_type: 2, vip_card: 0 }, as: u })).toMatchObject({ amount: 19900, credit_price: 2488 });
  });

  it('a priced document costs price / credit_exchange; free, own and already-bought documents are refused', async () => {
    const owner = await makeUser(t);
    const buyer = await makeUser(t);
    const doc = await makeDocument(t, { owner, price: 25 });
    const o = await call(t, api.createOrder, { body: { order_type: OrderType.BuyDocument, document_id: doc.id }, as: buyer });
    expect(o).toMatchObject({ amount: 250, credit_price: 25 });
    expect(o.items[0]).toMatchObject({ kind: 1, document_id: doc.id, document_uuid: doc.uuid });
    expect((await callError(t, api.createOrder, { body: { order_type: 1, document_id: doc.id }, as: owner })).message).toBe('这是您自己上传的文档，无需购买');
    const free = await makeDocument(t, { owner, price: 0 });
    expect((await callError(t, api.createOrder, { body: { order_type: 1, document_id: free.id }, as: buyer })).message).toBe('该文档免费，无需购买');
    expect((await callError(t, api.createOrder, { body: { order_type: 1, document_id: 99999999 }, as: buyer })).status).toBe(404);
  });

  it('only the buyer and administrators see an order; others get 404', async () => {
    const u = await makeUser(t);
    const other = await makeUser(t);
    const o = await recharge(u, 10);
    expect((await call(t, api.getOrder, { query: { order_no: o.order_no }, as: u })).events).toBeUndefined();
    expect((await callError(t, api.getOrder, { query: { order_no: o.order_no }, as: other })).status).toBe(404);
    expect((await callError(t, api.getOrderStatus, { query: { order_no: o.order_no }, as: other })).status).toBe(404);
    expect((await callError(t, api.closeOrder, { body: { order_no: o.order_no }, as: other })).status).toBe(404);
    const admin = await call(t, api.getOrder, { query: { order_no: o.order_no }, as: 'admin' });
    expect(admin.events?.map((e) => e.type)).toEqual(['created']);
    expect(admin.username).toBe(u.username);
  });
});

describe('WeChat Pay (API v3, Native)', () => {
  it('end to end: code_url, the vendor posts an encrypted signed notification, credits arrive once', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 100);
    const paid = await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: PaymentMethod.Wechat }, as: u });
    expect(paid.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = gw.wechat.orders.get(o.order_no)!.body;
    expect(sent).toMatchObject({
      appid: WX.appid,
      mchid: WX.mchid,
      out_trade_no: o.order_no,
      amount: { total: 950, currency: 'CNY' },
      notify_url: `${site}/api/v1/order/notify/wechatpay`,
    });
    expect(await statusOf(u, o.order_no)).toBe(OrderStatus.Pending);
    const d = await gw.wechat.deliver(o.order_no);
    expect(d.status).toBe(204);
    expect(await statusOf(u, o.order_no)).toBe(OrderStatus.Paid);
    expect(await credits(u)).toBe(100);
    // WeChat retries: the same notification again changes nothing
    expect((await gw.wechat.deliver(o.order_no)).status).toBe(204);
    expect(await credits(u)).toBe(100);
    const detail = await call(t, api.getOrder, { query: { order_no: o.order_no }, as: 'admin' });
    expect(detail).toMatchObject({ status: 2, payment_type: 1, paid_after_close: false });
    expect(detail.transaction_id).toMatch(/^42000/);
    expect(detail.events!.map((e) => e.type)).toEqual(['created', 'pay_requested', 'notified', 'paid', 'notified']);
  });

  it('forged signature, wrong key, stale timestamp, wrong merchant, app or amount, and unpaid states change nothing', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 10);
    await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: u });
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const refused = async (opts: Parameters<typeof gw.wechat.notification>[1], message: RegExp) => {
      const res = await notifyWechat(gw.wechat.notification(o.order_no, opts));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FAIL', message: expect.stringMatching(message) });
    };
    await refused({ signWith: stranger.privateKey }, /签名验证失败/);
    await refused({ timestamp: Math.floor(Date.now() / 1000) - 600 }, /超过 5 分钟/);
    await refused({ apiV3Key: 'x'.repeat(32) }, /解密失败/);
    await refused({ serial: 'PUB_KEY_ID_0000000000000000000000000' }, /序列号/);
    await refused({ tx: { mchid: '1900000999' } }, /商户/);
    await refused({ tx: { appid: 'wx0000000000000000' } }, /appid|AppID|应用/i);
    await refused({ tx: { amount: { total: 1, currency: 'CNY' } } }, /金额/);
    // a tampered body under a valid signature
    const n = gw.wechat.notification(o.order_no);
    expect((await notifyWechat({ headers: n.headers, body: n.body.replace('"id":"', '"id":"x') })).statusCode).toBe(400);
    // NOTPAY is acknowledged (no retry) but delivers nothing
    expect((await notifyWechat(gw.wechat.notification(o.order_no, { tx: { trade_state: 'NOTPAY' } }))).statusCode).toBe(204);
    expect(await statusOf(u, o.order_no)).toBe(OrderStatus.Pending);
    expect(await credits(u)).toBe(0);
    const events = (await call(t, api.getOrder, { query: { order_no: o.order_no }, as: 'admin' })).events!;
    expect(events.filter((e) => e.type === 'rejected').length).toBeGreaterThanOrEqual(4);
    // garbage bodies and unknown orders
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', payload: 'not json' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', payload: Buffer.alloc(70_000, 'a') })).statusCode).toBe(413);
  });

  it('20 identical notifications in parallel deliver once', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 500);
    await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: u });
    const n = gw.wechat.notification(o.order_no);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notifyWechat(n)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(await credits(u)).toBe(500);
    const ledger = await t.database.pool.query("SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1 AND reason = 'recharge'", [u.id]);
    expect(ledger.rows[0].n).toBe(1);
  });

  it('"I have paid" asks WeChat Pay when the notification does not come', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 20);
    await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: u });
    expect((await call(t, api.getOrderStatus, { query: { order_no: o.order_no, check: true }, as: u })).status).toBe(1);
    gw.wechat.markPaid(o.order_no);
    expect((await call(t, api.getOrderStatus, { query: { order_no: o.order_no }, as: u })).status).toBe(1);
    // one gateway query per order per cooldown: asked again within it, the row answers (still pending)
    expect((await call(t, api.getOrderStatus, { query: { order_no: o.order_no, check: true }, as: u })).status).toBe(1);
    // the cooldown over, the next "I have paid" asks again
    await t.app.services.rates.reset(`order-check:${o.order_no}`);
    expect((await call(t, api.getOrderStatus, { query: { order_no: o.order_no, check: true }, as: u })).status).toBe(2);
    expect(await credits(u)).toBe(20);
  });

  it('certificate mode: the platform certificates are downloaded, kept, and verify notifications', async () => {
    await setConfig('pay', { wechatpay_public_key_id: '', wechatpay_public_key: '' });
    gw.wechat.certificateMode(true);
    try {
      const certs = await call(t, api.getWechatpayCert, { as: 'admin' });
      expect(certs.mode).toBe('certificate');
      expect(certs.certificates.map((c) => c.serial_no)).toContain(gw.wechat.certificate().serial);
      const u = await makeUser(t, { credits: 0 });
      const o = await recharge(u, 30);
      await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: u });
      const res = await notifyWechat(gw.wechat.notification(o.order_no, { serial: gw.wechat.certificate().serial }));
      expect(res.statusCode).toBe(204);
      expect(await credits(u)).toBe(30);
    } finally {
      gw.wechat.certificateMode(false);
      await setConfig('pay', { wechatpay_public_key_id: gw.wechat.publicKeyId, wechatpay_public_key: gw.wechat.publicKeyPem });
    }
  });
});

describe('Alipay', () => {
  it('end to end: a signed page-pay URL the gateway accepts, a signed notification, success once', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 200);
    const r = await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: PaymentMethod.Alipay }, as: u });
    const check = gw.alipay.checkPayUrl(r.pay_url!);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.params.method).toBe('alipay.trade.page.pay');
    expect(check.biz).toMatchObject({ out_trade_no: o.order_no, total_amount: '19.00', product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(check.params.notify_url).toBe(`${site}/api/v1/order/notify/alipay`);
    const mobile = await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 2, mobile: true }, as: u });
    const wap = gw.alipay.checkPayUrl(mobile.pay_url!);
    expect(wap.ok && wap.params.method).toBe('alipay.trade.wap.pay');
    const d = await gw.alipay.deliver(o.order_no);
    expect(d).toEqual({ status: 200, body: 'success' });
    expect(await credits(u)).toBe(200);
    expect(await gw.alipay.deliver(o.order_no)).toEqual({ status: 200, body: 'success' });
    expect(await credits(u)).toBe(200);
  });

  it('a forged or tampered notification, another app or another amount change nothing', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 10);
    const r = await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 2 }, as: u });
    gw.alipay.checkPayUrl(r.pay_url!);
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    for (const fields of [
      gw.alipay.notification(o.order_no, {}, { signWith: stranger.privateKey }),
      gw.alipay.notification(o.order_no, {}, { after: { total_amount: '0.01' } }),
      gw.alipay.notification(o.order_no, { app_id: '2021000000009999' }),
      gw.alipay.notification(o.order_no, { total_amount: '0.01' }),
    ]) {
      const res = await notifyForm('alipay', fields);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toBe('success');
    }
    expect(await statusOf(u, o.order_no)).toBe(1);
    expect(await credits(u)).toBe(0);
    // the gateway's own query: "I have paid" delivers when Alipay says TRADE_SUCCESS
    gw.alipay.markPaid(o.order_no);
    expect((await call(t, api.getOrderStatus, { query: { order_no: o.order_no, check: true }, as: u })).status).toBe(2);
    expect(await credits(u)).toBe(10);
  });
});

describe('Hupijiao', () => {
  it('end to end: signed request, cashier URL and QR, md5-signed notification, success once', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 50);
    const r = await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: PaymentMethod.Hupijiao }, as: u });
    expect(r.pay_url).toContain('/payment/cashier.html');
    expect(r.qrcode_url).toContain('/payment/qrcode.html');
    expect(gw.hupijiao.orders.get(o.order_no)).toMatchObject({ total_fee: '5.00', notify_url: `${site}/api/v1/order/notify/hupijiao` });
    expect(await gw.hupijiao.deliver(o.order_no)).toEqual({ status: 200, body: 'success' });
    expect(await gw.hupijiao.deliver(o.order_no)).toEqual({ status: 200, body: 'success' });
    expect(await credits(u)).toBe(50);
    const forged = await notifyForm('hupijiao', gw.hupijiao.notification(o.order_no, {}, { secret: 'wrong' }));
    expect(forged.statusCode).toBe(400);
  });

  it('a wrong amount is refused; "I have paid" asks Hupijiao', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 10);
    await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 8 }, as: u });
    expect((await notifyForm('hupijiao', gw.hupijiao.notification(o.order_no, { total_fee: '0.01' }))).statusCode).toBe(400);
    expect(await credits(u)).toBe(0);
    gw.hupijiao.markPaid(o.order_no);
    expect((await call(t, api.getOrderStatus, { query: { order_no: o.order_no, check: true }, as: u })).status).toBe(2);
    expect(await credits(u)).toBe(10);
  });
});

describe('paying with credits', () => {
  it('buys a month of VIP at once; a short balance is refused with a clear message and nothing moves', async () => {
    const poor = await makeUser(t, { credits: 100 });
    const o = await call(t, api.createOrder, { body: { order_type: 2, vip_card: 2 }, as: poor });
    expect(await callError(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 5 }, as: poor })).toMatchObject({
      status: 400,
      message: '积分不足，支付该订单需要 374 积分',
    });
    expect(await credits(poor)).toBe(100);
    expect(await statusOf(poor, o.order_no)).toBe(1);

    const rich = await makeUser(t, { credits: 1000 });
    const v = await call(t, api.createOrder, { body: { order_type: 2, vip_card: 2 }, as: rich });
    const r = await call(t, api.payOrder, { body: { order_no: v.order_no, payment_type: 5 }, as: rich });
    expect(r).toMatchObject({ status: 2, payment_type: 5 });
    expect(await credits(rich)).toBe(626);
    const until = await vipUntil(rich);
    expect(until!.getTime() - Date.now()).toBeGreaterThan(30.9 * 86_400_000);
    expect((await call(t, api.getVip, { as: rich })).is_vip).toBe(true);
    expect((await callError(t, api.payOrder, { body: { order_no: v.order_no, payment_type: 5 }, as: rich })).message).toBe('订单已支付，请勿重复支付');
    expect(await credits(rich)).toBe(626);
    const mine = await call(t, api.listVipOrders, { as: rich });
    expect(mine.order.map((x) => x.order_no)).toEqual([v.order_no]);
  });

  it('a recharge cannot be paid with credits; 40 parallel credit payments of one order pay once', async () => {
    const u = await makeUser(t, { credits: 5000 });
    const rc = await recharge(u, 10);
    expect((await callError(t, api.payOrder, { body: { order_no: rc.order_no, payment_type: 5 }, as: u })).message).toBe('充值订单不能使用积分支付');
    const o = await call(t, api.createOrder, { body: { order_type: 2, vip_card: 0 }, as: u });
    const results = await Promise.all(Array.from({ length: 40 }, () => callRaw(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 5 }, as: u })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    expect(await credits(u)).toBe(5000 - 2488);
  });

  it('VIP bought while VIP extends from the current expiry', async () => {
    const u = await makeUser(t, { credits: 10_000, vip: 10 });
    const before = (await vipUntil(u))!.getTime();
    const o = await call(t, api.createOrder, { body: { order_type: 2, vip_card: VipCard.Season }, as: u });
    await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 5 }, as: u });
    const after = (await vipUntil(u))!.getTime();
    expect(after - before).toBe(92 * 86_400_000);
  });

  it('a bought document downloads free from then on, and its uploader is credited once', async () => {
    const owner = await makeUser(t, { credits: 0 });
    const buyer = await makeUser(t, { credits: 100 });
    const doc = await makeDocument(t, { owner, price: 30, converted: true });
    const start = await credits(owner);
    const o = await call(t, api.createOrder, { body: { order_type: 1, document_id: doc.id }, as: buyer });
    await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 5 }, as: buyer });
    expect(await credits(buyer)).toBe(70);
    expect(await credits(owner)).toBe(start + 30);
    await call(t, api.downloadDocument, { query: { id: doc.id }, as: buyer });
    await call(t, api.downloadDocument, { query: { id: doc.id }, as: buyer });
    expect(await credits(buyer)).toBe(70);
    expect((await callError(t, api.createOrder, { body: { order_type: 1, document_id: doc.id }, as: buyer })).message).toBe(
      '您已购买过该文档，可直接下载，无需重复购买',
    );
  });

  it('a document bought with money (WeChat) is delivered the same way', async () => {
    const owner = await makeUser(t, { credits: 0 });
    const buyer = await makeUser(t, { credits: 0 });
    const doc = await makeDocument(t, { owner, price: 8, converted: true });
    const start = await credits(owner);
    const o = await call(t, api.createOrder, { body: { order_type: 1, document_id: doc.id }, as: buyer });
    await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: buyer });
    expect((await gw.wechat.deliver(o.order_no)).status).toBe(204);
    expect(await credits(owner)).toBe(start + 8);
    expect(await credits(buyer)).toBe(0);
    await call(t, api.downloadDocument, { query: { id: doc.id }, as: buyer });
    expect(await credits(buyer)).toBe(0);
  });
});

describe('closing, the close/pay race, expiry, deleting', () => {
  it('the buyer closes a pending order; a paid order cannot be closed; a payment after closing is delivered and flagged', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await recharge(u, 40);
    await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: u });
    const closed = await call(t, api.closeOrder, { body: { order_no: o.order_no }, as: u });
    expect(closed).toMatchObject({ status: 3 });
    expect(closed.closed_at).not.toBeNull();
    expect((await callError(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: u })).message).toBe('订单已关闭，请重新下单');
    // the buyer had scanned the QR code before closing: the money arrives
    expect((await gw.wechat.deliver(o.order_no)).status).toBe(204);
    expect(await credits(u)).toBe(40);
    const after = await call(t, api.getOrder, { query: { order_no: o.order_no }, as: 'admin' });
    expect(after).toMatchObject({ status: 2, paid_after_close: true });
    const flagged = await call(t, api.listOrders, { query: { paid_after_close: true }, as: 'admin' });
    expect(flagged.order.map((x) => x.order_no)).toContain(o.order_no);
    expect((await callError(t, api.closeOrder, { body: { order_no: o.order_no }, as: u })).message).toBe('订单已支付，不能关闭');
  });

  it('close racing a notification: either order, the money is delivered exactly once', async () => {
    for (let i = 0; i < 5; i++) {
      const u = await makeUser(t, { credits: 0 });
      const o = await recharge(u, 10);
      await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: u });
      const n = gw.wechat.notification(o.order_no);
      await Promise.all([notifyWechat(n), callRaw(t, api.closeOrder, { body: { order_no: o.order_no }, as: u }), notifyWechat(n)]);
      expect(await credits(u)).toBe(10);
      expect(await statusOf(u, o.order_no)).toBe(2);
    }
  });

  it('the job closes pending orders past their time-out', async () => {
    const u = await makeUser(t);
    const o = await recharge(u, 10);
    const fresh = await recharge(u, 10);
    await t.database.pool.query("UPDATE orders SET expire_at = now() - interval '1 minute' WHERE order_no = $1", [o.order_no]);
    expect(await t.app.services.orders.admin.closeExpired()).toBe(1);
    expect(await statusOf(u, o.order_no)).toBe(3);
    expect(await statusOf(u, fresh.order_no)).toBe(1);
    const events = (await call(t, api.getOrder, { query: { order_no: o.order_no }, as: 'admin' })).events!;
    expect(events.at(-1)).toMatchObject({ type: 'closed', message: '订单超时未支付，已自动关闭' });
  });

  it('administrators delete closed orders only (softly); other users cannot delete at all', async () => {
    const u = await makeUser(t);
    const pending = await recharge(u, 10);
    const closed = await recharge(u, 10);
    await call(t, api.closeOrder, { body: { order_no: closed.order_no }, as: 'admin' });
    expect((await callError(t, api.deleteOrders, { query: { id: [pending.id] }, as: 'admin' })).message).toBe('只能删除已关闭的订单');
    expect((await callError(t, api.deleteOrders, { query: { id: [closed.id] }, as: u })).status).toBe(403);
    await call(t, api.deleteOrders, { query: { id: [closed.id, pending.id] }, as: 'admin' });
    expect((await callError(t, api.getOrder, { query: { order_no: closed.order_no }, as: 'admin' })).status).toBe(404);
    expect((await call(t, api.getOrder, { query: { order_no: pending.order_no }, as: 'admin' })).status).toBe(1);
    const row = await t.database.pool.query('SELECT deleted_at FROM orders WHERE order_no = $1', [closed.order_no]);
    expect(row.rows[0].deleted_at).not.toBeNull();
  });

  it('a buyer has at most 20 pending orders, even when asking 40 times at once', async () => {
    const u = await makeUser(t);
    const answers = await Promise.all(Array.from({ length: 40 }, () => callRaw(t, api.createOrder, { body: { order_type: 3, quantity: 10 }, as: u })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 429).every((a) => a.json().message === '待支付订单过多，请先支付或关闭已有订单')).toBe(true);
  });
});

describe('administration', () => {
  it('system recharge adds credits with a paid order (payment 6), a ledger entry and the remark', async () => {
    const u = await makeUser(t, { credits: 0 });
    const o = await call(t, api.systemRecharge, { body: { user_id: u.id, quantity: 888, remark: '活动奖励' }, as: 'admin' });
    expect(o).toMatchObject({ status: 2, payment_type: 6, amount: 0, remark: '活动奖励', user_id: u.id });
    expect(await credits(u)).toBe(888);
    const ledger = await t.database.pool.query('SELECT reason, ref_id, remark FROM credit_ledger WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [u.id]);
    expect(ledger.rows[0]).toEqual({ reason: 'system_recharge', ref_id: o.order_no, remark: '活动奖励' });
    expect((await callError(t, api.systemRecharge, { body: { user_id: u.id, quantity: 10, remark: '' }, as: u })).status).toBe(403);
    expect((await callError(t, api.systemRecharge, { body: { user_id: 99999999, quantity: 10, remark: '' }, as: 'admin' })).status).toBe(404);
    expect((await callError(t, api.systemRecharge, { body: { user_id: u.id, quantity: -5, remark: '' }, as: 'admin' })).status).toBe(400);
  });

  it('the list filters by status, type, method, user and dates, and totals the whole filtered set', async () => {
    const u = await makeUser(t, { credits: 0 });
    const a = await recharge(u, 10);
    const b = await recharge(u, 20);
    await call(t, api.payOrder, { body: { order_no: b.order_no, payment_type: 1 }, as: u });
    await gw.wechat.deliver(b.order_no);
    const all = await call(t, api.listOrders, { query: { user_id: [u.id], size: 1 }, as: 'admin' });
    expect(all.total).toBe(2);
    expect(all.order).toHaveLength(1);
    expect(all.totals).toEqual({ count: 2, amount: 300, paid_count: 1, paid_amount: 200 });
    expect(all.order[0].username).toBe(u.username);
    const paid = await call(t, api.listOrders, { query: { user_id: [u.id], status: [2], payment_type: [1], order_type: [3] }, as: 'admin' });
    expect(paid.order.map((x) => x.order_no)).toEqual([b.order_no]);
    const byNo = await call(t, api.listOrders, { query: { wd: a.order_no }, as: 'admin' });
    expect(byNo.order.map((x) => x.order_no)).toEqual([a.order_no]);
    const future = await call(t, api.listOrders, {
      query: { user_id: [u.id], created_at: [new Date(Date.now() + 86_400_000).toISOString(), new Date(Date.now() + 2 * 86_400_000).toISOString()] },
      as: 'admin',
    });
    expect(future.total).toBe(0);
    const mine = await call(t, api.listMyOrders, { query: { status: [1] }, as: u });
    expect(mine.order.map((x) => x.order_no)).toEqual([a.order_no]);
    const stats = await call(t, api.orderStats, { query: { days: 7 }, as: 'admin' });
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)!.amount).toBeGreaterThanOrEqual(200);
  });

  it('"test connection" signs a query to each gateway and reports the answer; bad keys are reported, not thrown', async () => {
    for (const payment_type of [1, 2, 8] as const) {
      const r = await call(t, api.testPayGateway, { body: { payment_type }, as: 'admin' });
      expect(r.ok, `${payment_type}: ${r.message}`).toBe(true);
      expect(r.message).toMatch(/连接正常/);
    }
    await setConfig('pay', { hupijiao_secret: 'not-the-secret' });
    try {
      const r = await call(t, api.testPayGateway, { body: { payment_type: 8 }, as: 'admin' });
      expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/Invalid sign/) });
    } finally {
      await setConfig('pay', { hupijiao_secret: HPJ.secret });
    }
  });

  it('a disabled method cannot be used, and a vendor that is down is a readable 503', async () => {
    const u = await makeUser(t);
    const o = await recharge(u, 10);
    await setConfig('pay', { enable_alipay: false, wechatpay_api_base: 'http://127.0.0.1:9' });
    try {
      expect((await callError(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 2 }, as: u })).message).toBe('支付宝未开启，请选择其他支付方式');
      const down = await callError(t, api.payOrder, { body: { order_no: o.order_no, payment_type: 1 }, as: u });
      expect(down.status).toBe(503);
      expect(down.message).toMatch(/^微信支付暂时无法下单：无法连接/);
    } finally {
      await setConfig('pay', { enable_alipay: true, wechatpay_api_base: gw.wechat.apiBase });
    }
  });
});

export type { TOrder };
