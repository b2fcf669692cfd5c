/**
 * Issue 12, the attacker's view of the order routes: hostile values in every field a buyer sends, prices a client
 * tries to set, other people's orders, notification bodies that are not what a vendor sends, and a flood of
 * identical notifications. Each answer is a 4xx with a Chinese message (never a 5xx), nothing is stored that
 * should not be, and money moves only once.
 *
 * Issue 25, the business logic behind the money: a document bought twice (two pending orders) charged twice and
 * delivered once; a genuine payment for an order deleted after closing was refused and left no trace; "I have paid"
 * sent one signed gateway query per call, however many calls.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { call, callRaw } from '../call';
import { makeDocument, makeUser, type TestUser } from '../factories';
import { startFakePayGateways, type FakePayGateways } from '../fakes/pay-gateways';

let t: TestApp;
let gw: FakePayGateways;
let buyer: TestUser;
let other: TestUser;
const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const WX = { mchid: '1900000109', appid: 'wxd678efh567hg6787', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' };

beforeAll(async () => {
  t = await createTestApp();
  gw = await startFakePayGateways({
    wechat: { ...WX, merchantPublicKey: merchant.publicKey },
    alipay: { appId: 'a', appPublicKey: merchant.publicKey, sellerId: 's' },
    hupijiao: { appid: 'h', secret: 's' },
  });
  const pay = {
    enable_recharge: true,
    credit_exchange: 10,
    enable_wechatpay: true,
    wechatpay_appid: WX.appid,
    wechatpay_mchid: WX.mchid,
    wechatpay_serial_no: WX.serialNo,
    wechatpay_private_key: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    wechatpay_apiv3_key: gw.wechat.apiV3Key,
    wechatpay_public_key_id: gw.wechat.publicKeyId,
    wechatpay_public_key: gw.wechat.publicKeyPem,
    wechatpay_api_base: gw.wechat.apiBase,
  };
  await call(t, api.updateConfig, {
    body: {
      config: [
        ...Object.entries(pay).map(([name, value]) => ({ category: 'pay', name, value })),
        { category: 'system', name: 'domain', value: 'https://wenku.example.com' },
      ],
    },
    as: 'admin',
  });
  buyer = await makeUser(t, { credits: 0 });
  other = await makeUser(t, { credits: 1000 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

function expectRefused(res: { statusCode: number; body: string }, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { code: string; message: string };
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  expect(res.body).not.toMatch(/postgres|drizzle|select |stack|TypeError/i);
}

const post = (url: string, payload: unknown, u: TestUser = buyer) =>
  t.req({ method: 'POST', url: `/api/v1${url}`, token: u.token, payload: payload as object });
const credits = async (u: { id: number }) =>
  (await t.database.pool.query('SELECT credit_count FROM users WHERE id = $1', [u.id])).rows[0].credit_count as number;

describe('hostile order bodies', () => {
  it.each([
    { order_type: 3, quantity: -10 },
    { order_type: 3, quantity: 1.5 },
    { order_type: 3, quantity: 'ten' },
    { order_type: 3, quantity: 1e30 },
    { order_type: 3, quantity: 2147483648 },
    { order_type: 3, quantity: null },
    { order_type: 9, quantity: 10 },
    { order_type: '3; DROP TABLE orders', quantity: 10 },
    { order_type: 2, vip_card: 7 },
    { order_type: 2, vip_card: -1 },
    { order_type: 1, document_id: 0 },
    { order_type: 1, document_id: 'x' },
    { order_type: 1, document_id: 99999999999 },
    [],
    'not an object',
  ])('POST /order %j → 400', async (payload) => {
    // sent as JSON whatever it is (a bare string would otherwise go as text/plain and be refused with 415)
    expectRefused(
      await t.req({
        method: 'POST',
        url: '/api/v1/order',
        token: buyer.token,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      }),
    );
  });

  it('ignores a client-sent amount, status or user', async () => {
    const res = await post('/order', { order_type: 3, quantity: 10, amount: 1, status: 2, user_id: other.id, paid_at: new Date().toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 100, status: 1, user_id: buyer.id, paid_at: null });
  });

  it.each(["' OR 1=1 --", '../../etc/passwd', 'x'.repeat(33), '%', '', '１２３４５６', '2026112400000000000001\u0000'])(
    'order_no %j → 400, never 5xx',
    async (no) => {
      for (const res of [
        await t.req({ method: 'GET', url: `/api/v1/order?order_no=${encodeURIComponent(no)}`, token: buyer.token }),
        await t.req({ method: 'GET', url: `/api/v1/order/status?order_no=${encodeURIComponent(no)}`, token: buyer.token }),
        await post('/order/pay', { order_no: no, payment_type: 1 }),
        await t.req({ method: 'PUT', url: '/api/v1/order/close', token: buyer.token, payload: { order_no: no } }),
      ]) {
        expectRefused(res);
      }
    },
  );

  it('payment methods a buyer may not choose (system recharge, cash, unknown) are refused', async () => {
    const o = (await post('/order', { order_type: 3, quantity: 10 })).json() as { order_no: string };
    for (const payment_type of [3, 4, 6, 7, 9, 10, 0, 99, '1', null]) expectRefused(await post('/order/pay', { order_no: o.order_no, payment_type }));
  });
});

describe("other people's orders", () => {
  it('cannot be read, polled, paid (even with own credits) or closed: 404, as if they did not exist', async () => {
    const o = (await post('/order', { order_type: 2, vip_card: 2 }, buyer)).json() as { order_no: string };
    const vipOn = await call(t, api.updateConfig, { body: { config: [{ category: 'vip', name: 'enable', value: true }] }, as: 'admin' });
    expect(vipOn).toBeTruthy();
    const mine = (await post('/order', { order_type: 2, vip_card: 2 }, buyer)).json() as { order_no: string };
    for (const no of [o.order_no, mine.order_no].filter(Boolean)) {
      expect((await t.req({ method: 'GET', url: `/api/v1/order?order_no=${no}`, token: other.token })).statusCode).toBe(404);
      expect((await t.req({ method: 'GET', url: `/api/v1/order/status?order_no=${no}`, token: other.token })).statusCode).toBe(404);
      expect((await post('/order/pay', { order_no: no, payment_type: 5 }, other)).statusCode).toBe(404);
      expect((await t.req({ method: 'PUT', url: '/api/v1/order/close', token: other.token, payload: { order_no: no } })).statusCode).toBe(404);
    }
    expect(await credits(other)).toBe(1000);
    // and no list leaks them
    const list = await call(t, api.listMyOrders, { as: other });
    expect(list.order.every((x) => x.user_id === other.id)).toBe(true);
  });

  it('the admin list, stats, system recharge, delete and gateway tools are refused to buyers (403) and strangers (401)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/v1/order/list', undefined],
      ['GET', '/api/v1/order/stats', undefined],
      ['POST', '/api/v1/order/system/recharge', { user_id: buyer.id, quantity: 1000, remark: '' }],
      ['DELETE', '/api/v1/order?id=1', undefined],
      ['POST', '/api/v1/order/pay/test', { payment_type: 1 }],
      ['GET', '/api/v1/wechatpay/cert', undefined],
    ] as const) {
      expect((await t.req({ method, url, token: buyer.token, payload })).statusCode).toBe(403);
      expect((await t.req({ method, url, payload })).statusCode).toBe(401);
    }
    expect(await credits(buyer)).toBe(0);
  });
});

describe('notification endpoints', () => {
  it('bodies that are not what a vendor sends: 4xx with a reason, never a 5xx, nothing changes', async () => {
    const bodies: [string, string | Buffer, Record<string, string>][] = [
      ['wechatpay', '', {}],
      ['wechatpay', '{"resource":', { 'content-type': 'application/json' }],
      [
        'wechatpay',
        '{"resource":{"ciphertext":"AAAA","nonce":"x","algorithm":"AEAD_AES_256_GCM"}}',
        {
          'content-type': 'application/json',
          'wechatpay-serial': gw.wechat.publicKeyId,
          'wechatpay-signature': 'AAAA',
          'wechatpay-timestamp': String(Math.floor(Date.now() / 1000)),
          'wechatpay-nonce': 'n',
        },
      ],
      ['wechatpay', Buffer.from([0xff, 0xfe, 0x00, 0x01]), { 'content-type': 'application/octet-stream' }],
      ['alipay', 'sign=x&out_trade_no=1', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['alipay', '%%%', { 'content-type': 'text/plain' }],
      ['hupijiao', 'hash=00&trade_order_id=1&total_fee=1', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['hupijiao', '<xml/>', { 'content-type': 'application/xml' }],
    ];
    for (const [kind, payload, headers] of bodies) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/order/notify/${kind}`, headers, payload });
      expect(res.statusCode, `${kind} ${String(payload).slice(0, 20)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/stack|TypeError|postgres/i);
    }
  });

  it('100 identical, valid notifications at once deliver once', async () => {
    // a buyer of its own: the hostile tests above used up the first buyer's 60 order requests of the minute
    const payer = await makeUser(t, { credits: 0 });
    const o = (await post('/order', { order_type: 3, quantity: 100 }, payer)).json() as { order_no: string };
    const paying = await post('/order/pay', { order_no: o.order_no, payment_type: 1 }, payer);
    expect(paying.statusCode, paying.body).toBe(200);
    const before = await credits(payer);
    const n = gw.wechat.notification(o.order_no);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', headers: n.headers, payload: n.body })),
    );
    expect(answers.filter((a) => a.statusCode !== 204).map((a) => a.body)).toEqual([]);
    expect(await credits(payer)).toBe(before + 100);
    const paid = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.order_no = $1 AND e.type = 'paid'",
      [o.order_no],
    );
    expect(paid.rows[0].n).toBe(1);
  });

  it('a notification arriving while the site is closed or login-only still pays its order (issue 25, finding 3)', async () => {
    const setSecurity = (name: string, value: boolean) => call(t, api.updateConfig, { as: 'admin', body: { config: [{ category: 'security', name, value }] } });
    for (const name of ['is_close', 'login_required']) {
      const payer = await makeUser(t, { credits: 0 });
      const o = (await post('/order', { order_type: 3, quantity: 10 }, payer)).json() as { order_no: string };
      expect((await post('/order/pay', { order_no: o.order_no, payment_type: 1 }, payer)).statusCode).toBe(200);
      const n = gw.wechat.notification(o.order_no);
      await setSecurity(name, true);
      try {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', headers: n.headers, payload: n.body });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(204);
      } finally {
        await setSecurity(name, false);
      }
      expect(await credits(payer), name).toBe(10);
      expect((await call(t, api.getOrderStatus, { query: { order_no: o.order_no }, as: payer })).status).toBe(2);
    }
  });

  it('a notification pays only the order inside its signed, encrypted body; a tampered one pays nothing', async () => {
    const payer = await makeUser(t, { credits: 0 });
    const a = (await post('/order', { order_type: 3, quantity: 10 }, payer)).json() as { order_no: string };
    const b = (await post('/order', { order_type: 3, quantity: 10 }, payer)).json() as { order_no: string };
    await post('/order/pay', { order_no: a.order_no, payment_type: 1 }, payer);
    await post('/order/pay', { order_no: b.order_no, payment_type: 1 }, payer);
    const n = gw.wechat.notification(a.order_no);
    // the order number travels encrypted: any change of the ciphertext breaks the signature (and the GCM tag)
    const body = JSON.parse(n.body) as { resource: { ciphertext: string } };
    const c = body.resource.ciphertext;
    body.resource.ciphertext = (c[0] === 'A' ? 'B' : 'A') + c.slice(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', headers: n.headers, payload: JSON.stringify(body) })).statusCode).toBe(
      400,
    );
    // the untouched notification pays only its own order
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', headers: n.headers, payload: n.body })).statusCode).toBe(204);
    expect((await call(t, api.getOrderStatus, { query: { order_no: a.order_no }, as: payer })).status).toBe(2);
    expect((await call(t, api.getOrderStatus, { query: { order_no: b.order_no }, as: payer })).status).toBe(1);
  });
});

describe('issue 25: a document is paid for once', () => {
  const wechatNotify = (n: { headers: Record<string, string>; body: string }) =>
    t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', headers: n.headers, payload: n.body });
  const events = async (no: string) => (await call(t, api.getOrder, { query: { order_no: no }, as: 'admin' })).events!;

  it('two pending orders of one document paid with credits: the second is refused with a reason, nothing moves twice', async () => {
    const seller = await makeUser(t, { credits: 0 });
    const reader = await makeUser(t, { credits: 100 });
    const doc = await makeDocument(t, { owner: seller, price: 5 });
    const a = (await post('/order', { order_type: 1, document_id: doc.id }, reader)).json() as { order_no: string };
    const b = (await post('/order', { order_type: 1, document_id: doc.id }, reader)).json() as { order_no: string };
    const sellerBefore = await credits(seller);
    expect((await post('/order/pay', { order_no: a.order_no, payment_type: 5 }, reader)).statusCode).toBe(200);
    const second = await post('/order/pay', { order_no: b.order_no, payment_type: 5 }, reader);
    expectRefused(second);
    expect(second.json().message).toBe('您已购买过该文档，无需重复支付，可直接下载');
    expect(await credits(reader)).toBe(95);
    expect(await credits(seller)).toBe(sellerBefore + 5);
    expect((await call(t, api.getOrderStatus, { query: { order_no: b.order_no }, as: reader })).status).toBe(1);
    // and a third order is refused up front
    const third = await post('/order', { order_type: 1, document_id: doc.id }, reader);
    expectRefused(third);
    expect(third.json().message).toBe('您已购买过该文档，可直接下载，无需重复购买');
  });

  it('two orders of one document paid with credits at once: one is charged', async () => {
    const seller = await makeUser(t, { credits: 0 });
    const reader = await makeUser(t, { credits: 100 });
    const doc = await makeDocument(t, { owner: seller, price: 7 });
    const sellerBefore = await credits(seller);
    const nos = await Promise.all(
      [0, 1, 2].map(async () => ((await post('/order', { order_type: 1, document_id: doc.id }, reader)).json() as { order_no: string }).order_no),
    );
    const answers = await Promise.all(nos.map((no) => post('/order/pay', { order_no: no, payment_type: 5 }, reader)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expectRefused(r);
    expect(await credits(reader)).toBe(93);
    expect(await credits(seller)).toBe(sellerBefore + 7);
  });

  it('an online payment for a document already owned is kept on record and credited back as credits, with an order event', async () => {
    const seller = await makeUser(t, { credits: 0 });
    const reader = await makeUser(t, { credits: 0 });
    const doc = await makeDocument(t, { owner: seller, price: 5 });
    const sellerBefore = await credits(seller);
    const a = (await post('/order', { order_type: 1, document_id: doc.id }, reader)).json() as { order_no: string };
    const b = (await post('/order', { order_type: 1, document_id: doc.id }, reader)).json() as { order_no: string };
    for (const o of [a, b]) expect((await post('/order/pay', { order_no: o.order_no, payment_type: 1 }, reader)).statusCode).toBe(200);
    // the reader scanned both QR codes and paid both: WeChat Pay notifies both (the money was taken twice)
    expect((await wechatNotify(gw.wechat.notification(a.order_no))).statusCode).toBe(204);
    expect((await wechatNotify(gw.wechat.notification(b.order_no))).statusCode).toBe(204);
    expect(await credits(seller)).toBe(sellerBefore + 5);
    // the second payment became the order's credit price in the reader's account, on the ledger with the order
    expect(await credits(reader)).toBe(5);
    const ledger = await t.database.pool.query("SELECT delta, ref_id FROM credit_ledger WHERE user_id = $1 AND reason = 'refund'", [reader.id]);
    expect(ledger.rows).toEqual([{ delta: 5, ref_id: b.order_no }]);
    const refunded = (await events(b.order_no)).filter((e) => e.type === 'refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0].message).toContain('5 积分');
    expect((await events(a.order_no)).some((e) => e.type === 'refunded')).toBe(false);
    // WeChat retries the second notification: nothing more is given back
    expect((await wechatNotify(gw.wechat.notification(b.order_no))).statusCode).toBe(204);
    expect(await credits(reader)).toBe(5);
  });
});

describe('issue 25: a payment for a deleted order', () => {
  it('is delivered, the order restored and flagged as paid after close, with an event', async () => {
    const payer = await makeUser(t, { credits: 0 });
    const o = (await post('/order', { order_type: 3, quantity: 30 }, payer)).json() as { order_no: string; id: number };
    expect((await post('/order/pay', { order_no: o.order_no, payment_type: 1 }, payer)).statusCode).toBe(200);
    await call(t, api.closeOrder, { body: { order_no: o.order_no }, as: 'admin' });
    await call(t, api.deleteOrders, { query: { id: [o.id] }, as: 'admin' });
    expect((await callRaw(t, api.getOrder, { query: { order_no: o.order_no }, as: 'admin' })).statusCode).toBe(404);
    // the buyer had paid before the close: WeChat Pay's notification arrives afterwards
    const n = gw.wechat.notification(o.order_no);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', headers: n.headers, payload: n.body });
    expect(res.statusCode, res.body).toBe(204);
    expect(await credits(payer)).toBe(30);
    const detail = await call(t, api.getOrder, { query: { order_no: o.order_no }, as: 'admin' });
    expect(detail).toMatchObject({ status: 2, paid_after_close: true });
    expect(detail.events!.map((e) => e.type)).toEqual(['created', 'pay_requested', 'closed', 'deleted', 'notified', 'paid']);
    expect(detail.events!.at(-1)!.message).toContain('订单关闭并被删除后才到账');
    const flagged = await call(t, api.listOrders, { query: { paid_after_close: true }, as: 'admin' });
    expect(flagged.order.map((x) => x.order_no)).toContain(o.order_no);
  });
});

describe('issue 25: "I have paid" is throttled', () => {
  async function pendingWechatOrder(u: TestUser) {
    const o = (await post('/order', { order_type: 3, quantity: 10 }, u)).json() as { order_no: string };
    expect((await post('/order/pay', { order_no: o.order_no, payment_type: 1 }, u)).statusCode).toBe(200);
    return o.order_no;
  }
  const check = (no: string, u: TestUser) => t.req({ method: 'GET', url: `/api/v1/order/status?order_no=${no}&check=true`, token: u.token });
  const queriesOf = (no: string) => gw.wechat.queries.filter((q) => q === no).length;

  // windows longer than any run of these tests, so that what is counted never depends on the machine's speed
  const policy = () => t.app.services.orders.checkout.checkPolicy;
  let saved: typeof t.app.services.orders.checkout.checkPolicy;
  beforeAll(() => {
    saved = { ...policy() };
    Object.assign(policy(), { cooldownMs: 600_000, buyerWindowMs: 600_000 });
  });
  afterAll(() => void Object.assign(policy(), saved));

  it('100 parallel checks of one order: one gateway query, and every caller hears what it found', async () => {
    const payer = await makeUser(t, { credits: 0 });
    const no = await pendingWechatOrder(payer);
    gw.wechat.markPaid(no);
    const answers = await Promise.all(Array.from({ length: 100 }, () => check(no, payer)));
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    expect(answers.map((a) => a.json().status)).toEqual(Array(100).fill(2));
    expect(queriesOf(no)).toBe(1);
    expect(await credits(payer)).toBe(10);
  });

  it('a buyer makes at most 10 gateway queries a window, across orders; then 429 with a sentence', async () => {
    const payer = await makeUser(t, { credits: 0 });
    const nos: string[] = [];
    for (let i = 0; i < 11; i++) nos.push(await pendingWechatOrder(payer));
    for (const no of nos.slice(0, 10)) {
      const r = await check(no, payer);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().status).toBe(1);
    }
    const over = await check(nos[10], payer);
    expectRefused(over, 429);
    expect(over.json().message).toBe('查询支付结果过于频繁，请稍后再试');
    expect(nos.map(queriesOf)).toEqual([...Array(10).fill(1), 0]);
    // polling without check never asks the gateway and is not limited by it
    expect((await t.req({ method: 'GET', url: `/api/v1/order/status?order_no=${nos[10]}`, token: payer.token })).statusCode).toBe(200);
  });
});
