/**
 * The fake pay gateways as a process of their own, for the browser journeys and for trying payments by hand
 * against a running site: `node --import tsx test/fakes/pay-gateways-server.ts` (from apps/api). It makes a merchant
 * key pair for WeChat Pay and an app key pair for Alipay, starts the fakes, and prints one JSON line:
 * `{"url", "control", "pay": {...}}` where `pay` is a ready `config/pay` section pointing at the fakes (keys
 * included). The control server acts as the buyer's phone: `POST /deliver/wechatpay/{order_no}` (and alipay,
 * hupijiao) makes the vendor send its notification, `POST /paid/{vendor}/{order_no}` marks an order paid without
 * notifying. Stops on SIGTERM.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakePayGateways } from './pay-gateways';

const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const WX = { mchid: '1900000109', appid: 'wxd678efh567hg6787', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' };
const ALI = { appId: '2021000000000001', sellerId: '2088000000000001' };
const HPJ = { appid: '201906120001', secret: 'hpj-secret-0123456789abcdef' };

const gw = await startFakePayGateways({
  wechat: { ...WX, merchantPublicKey: merchant.publicKey },
  alipay: { appId: ALI.appId, appPublicKey: app.publicKey, sellerId: ALI.sellerId },
  hupijiao: HPJ,
});
const control = http.createServer((req, res) => {
  const [, action, vendor, no] = (req.url ?? '').split('/');
  const done = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  void (async () => {
    try {
      if (req.method !== 'POST' || !no) return done(404, { error: 'POST /deliver|paid/{wechatpay|alipay|hupijiao}/{order_no}' });
      const v = vendor === 'wechatpay' ? gw.wechat : vendor === 'alipay' ? gw.alipay : vendor === 'hupijiao' ? gw.hupijiao : undefined;
      if (!v) return done(404, { error: `unknown vendor ${vendor}` });
      if (action === 'paid') return done(200, (v.markPaid(decodeURIComponent(no)), { ok: true }));
      if (action === 'deliver') return done(200, await v.deliver(decodeURIComponent(no)));
      return done(404, { error: `unknown action ${action}` });
    } catch (e) {
      done(500, { error: (e as Error).message });
    }
  })();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', () => resolve()));
const pem = (k: crypto.KeyObject) => k.export({ type: 'pkcs8', format: 'pem' }).toString();
process.stdout.write(
  `${JSON.stringify({
    url: gw.url,
    control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    pay: {
      enable_wechatpay: true,
      wechatpay_appid: WX.appid,
      wechatpay_mchid: WX.mchid,
      wechatpay_serial_no: WX.serialNo,
      wechatpay_private_key: pem(merchant.privateKey),
      wechatpay_apiv3_key: gw.wechat.apiV3Key,
      wechatpay_public_key_id: gw.wechat.publicKeyId,
      wechatpay_public_key: gw.wechat.publicKeyPem,
      wechatpay_api_base: gw.wechat.apiBase,
      enable_alipay: true,
      alipay_appid: ALI.appId,
      alipay_private_key: pem(app.privateKey),
      alipay_public_key: gw.alipay.publicKeyPem,
      alipay_gateway: gw.alipay.gateway,
      enable_hupijiao: true,
      hupijiao_appid: HPJ.appid,
      hupijiao_secret: HPJ.secret,
      hupijiao_gateway: gw.hupijiao.gateway,
    },
  })}\n`,
);
process.on('SIGTERM', () => {
  control.close();
  void gw.close().then(() => process.exit(0));
});
