/**
 * Order benchmark (issue 12): orders created and paid per second through the real notification path — create the
 * order (the order service), then the WeChat Pay notification (POST /order/notify/wechatpay: RSA signature check, AES-GCM
 * decryption, merchant/app/amount checks, the order's row lock, credits through the ledger, the event log) — against
 * the bare cost of the same notifications' signature check and decryption alone, measured in the same run.
 * Run: npx tsx bench/order-bench.ts   (DATABASE_URL for PostgreSQL; PGlite otherwise) or node bench/order-bench.mjs
 * Env: BENCH_SECONDS (5), BENCH_CONCURRENCY (4)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { buildApp, prepareDatabase } from '../src/app';
import { WechatPay } from '../src/engines/pay';
import { startFakePayGateways } from '../test/fakes/pay-gateways';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WX = { mchid: '1900000109', appid: 'wxd678efh567hg6787', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' };

async function rate(fn: (i: number) => Promise<unknown>): Promise<{ perSecond: number; n: number }> {
  let n = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) await fn(n++);
    }),
  );
  return { perSecond: n / SECONDS, n };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-order-bench-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench-12345', API_ONLY: '1' },
    { jwtSecret: 'b'.repeat(32) },
  );
  // PostgreSQL: a throwaway database, dropped at the end
  let url = process.env.DATABASE_URL;
  let drop: (() => Promise<void>) | undefined;
  if (url) {
    const name = `wenku_order_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const base = url;
    const u = new URL(url);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl: url, dataDir });
  await prepareDatabase(database, config, () => undefined);
  const app = await buildApp(config, { database, skipSetup: true });
  await app.ready();
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fakeApp = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const gw = await startFakePayGateways({
    wechat: { ...WX, merchantPublicKey: merchant.publicKey },
    alipay: { appId: '2021000000000001', appPublicKey: fakeApp.publicKey, sellerId: '2088000000000001' },
    hupijiao: { appid: 'x', secret: 'y' },
  });
  const s = app.services;
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
  };
  await s.settings.update(Object.entries(pay).map(([name, value]) => ({ category: 'pay', name, value })));
  const buyers = await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, i) => s.users.createAccount({ username: `buyer${i}`, password: 'bench-pass-1' }, '127.0.0.1')),
  );
  const notification = (no: string, fen: number) =>
    gw.wechat.notification(no, { tx: { amount: { total: fen, payer_total: fen, currency: 'CNY', payer_currency: 'CNY' } } });

  // the baseline: the same kind of notifications, only verified and decrypted (no HTTP, no database)
  const verifier = new WechatPay({
    appid: WX.appid,
    mchid: WX.mchid,
    serialNo: WX.serialNo,
    privateKey: merchant.privateKey,
    apiV3Key: gw.wechat.apiV3Key,
    publicKeyId: gw.wechat.publicKeyId,
    publicKey: gw.wechat.publicKeyPem,
  });
  const samples = Array.from({ length: 64 }, (_, i) => notification(`BENCH${String(i).padStart(8, '0')}`, 100));
  const bare = await rate(async (i) => {
    const n = samples[i % samples.length];
    verifier.verifyNotification(n.headers, n.body);
  });

  let failures = 0;
  const api = await rate(async (i) => {
    // the order through the service (the route's per-buyer limit of 60 a minute would cap the bench, not the code)
    const o = await s.orders.create(buyers[i % buyers.length].id, { order_type: 3, quantity: 10 }, '127.0.0.1');
    const n = notification(o.order_no, o.amount);
    const res = await app.inject({ method: 'POST', url: '/api/v1/order/notify/wechatpay', headers: n.headers, payload: n.body });
    if (res.statusCode !== 204) failures++;
  });
  // every paid order delivered exactly its credits
  const check = await database.pool.query(
    "SELECT count(*)::int AS paid, (SELECT coalesce(sum(delta), 0)::int FROM credit_ledger WHERE reason = 'recharge') AS credited FROM orders WHERE status = 2",
  );
  const r = {
    database: database.kind,
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    bare_verify_decrypt_per_s: +bare.perSecond.toFixed(1),
    orders_created_and_paid_per_s: +api.perSecond.toFixed(1),
    ratio: +(api.perSecond / bare.perSecond).toFixed(3),
    failures,
    paid_orders: check.rows[0].paid,
    credits_delivered: check.rows[0].credited,
    delivered_exactly: check.rows[0].credited === check.rows[0].paid * 10,
  };
  console.log(JSON.stringify(r, null, 2));
  const out = path.resolve(process.cwd(), '../../bench/output');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'order-bench.json'), JSON.stringify(r, null, 2));
  await gw.close();
  await app.close();
  await database.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
