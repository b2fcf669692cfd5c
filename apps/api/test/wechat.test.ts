import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ZUser, ZWxShareSignature } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callRaw } from './call';
import { startFakeWechat, type FakeWechat } from './fakes/wechat';
import { setConfig } from './fakes/util';

const MP = { appid: 'wx-mini-0001', secret: 'mini-secret' };
const OA = { appid: 'wx-oa-0001', secret: 'oa-secret' };
let t: TestApp;
let wx: FakeWechat;

beforeAll(async () => {
  wx = await startFakeWechat({ [MP.appid]: MP.secret, [OA.appid]: OA.secret });
  t = await createTestApp({ vendorBaseUrls: { wechatmp: wx.url } });
  await setConfig(t, 'system', { domain: 'https://wenku.test' });
});
afterAll(async () => {
  await t?.close();
  await wx?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

// the answers as they are, whatever their status: the tests check refusals and successes alike
const scanCode = () => callRaw(t, api.wechatScanCode);
const status = (code: string) => callRaw(t, api.wechatScanStatus, { body: { code } });
const confirm = (code: string, jsCode: string) => callRaw(t, api.wechatScanConfirm, { body: { code, js_code: jsCode } });
const shareSignature = (url: string) => callRaw(t, api.wxShareSignature, { query: { url } });
const newScan = async (): Promise<string> => (await call(t, api.wechatScanCode)).code;

describe('mini-program scan login', () => {
  it('is refused until the mini-program is configured', async () => {
    const res = await scanCode();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('小程序扫码登录未启用');
    await setConfig(t, 'miniprogram', { enable: true, appid: MP.appid, secret: MP.secret });
  });

  it('hands out a random code with a QR image of {domain}/oauth/wechatmp?code=…, valid 5 minutes', async () => {
    const body = await call(t, api.wechatScanCode);
    expect(body.code).toMatch(/^[0-9a-f]{32}$/);
    expect(body.qrcode).toMatch(/^data:image\/png;base64,/);
    const same = await QRCode.toDataURL(`https://wenku.test/oauth/wechatmp?code=${body.code}`, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
    expect(body.qrcode).toBe(same);
    const ttl = Date.parse(body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(4.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    expect((await scanCode()).json().code).not.toBe(body.code);
  });

  it("waiting → the mini-program confirms with wx.login's js_code → the page gets {token, user} once", async () => {
    const code = await newScan();
    expect((await status(code)).json()).toEqual({ status: 'waiting' });
    const person = { id: 'p-1' };
    const ok = await confirm(code, wx.jsCode(MP.appid, person));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });

    const done = await status(code);
    expect(done.json().status).toBe('confirmed');
    const user = ZUser.parse(done.json().user);
    const me = await call(t, api.getUser, { as: String(done.json().token) });
    expect(me.id).toBe(user.id);
    expect(user.username).toMatch(/^微信用户/);
    const { rows } = await t.database.pool.query('SELECT type, openid FROM user_oauths WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ type: 'wechatmp', openid: wx.openidOf(MP.appid, 'p-1') }]);
    // consumed: a second poll gets nothing
    expect((await status(code)).json()).toEqual({ status: 'expired' });

    // the same person scanning again lands in the same account
    const again = await newScan();
    await confirm(again, wx.jsCode(MP.appid, person));
    expect((await status(again)).json().user.id).toBe(user.id);
  });

  it('a code is confirmed once; an unknown code reads as expired', async () => {
    const code = await newScan();
    expect((await confirm(code, wx.jsCode(MP.appid, { id: 'p-2' }))).statusCode).toBe(200);
    const twice = await confirm(code, wx.jsCode(MP.appid, { id: 'p-3' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('二维码已过期，请刷新后重新扫码');
    expect((await status('f'.repeat(32))).json()).toEqual({ status: 'expired' });
  });

  it("WeChat's refusals come back readable: a bad or reused js_code, a wrong app secret", async () => {
    const code = await newScan();
    const bad = await confirm(code, 'not-a-real-js-code');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('登录失败：小程序登录失败：invalid code（40029）');
    const js = wx.jsCode(MP.appid, { id: 'p-4' });
    expect((await confirm(code, js)).statusCode).toBe(200);
    const reused = await confirm(await newScan(), js);
    expect(reused.json().message).toContain('code been used');

    await setConfig(t, 'miniprogram', { secret: 'wrong' });
    try {
      const res = await confirm(await newScan(), wx.jsCode(MP.appid, { id: 'p-5' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('invalid appsecret');
    } finally {
      await setConfig(t, 'miniprogram', { secret: MP.secret });
    }
  });

  it('after 5 minutes the code is expired for both the page and the mini-program', async () => {
    const code = await newScan();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    expect((await status(code)).json()).toEqual({ status: 'expired' });
    const res = await confirm(code, wx.jsCode(MP.appid, { id: 'p-6' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('二维码已过期，请刷新后重新扫码');
  });

  it('the same person (unionid) already bound through WeChat website login lands in that account', async () => {
    const existing = await t.register('wx_web_user');
    await t.database.pool.query(
      `INSERT INTO user_oauths (user_id, type, openid, unionid, nickname) VALUES ($1, 'wechat', 'web-openid-1', 'UNION-7', '老朋友')`,
      [existing.id],
    );
    const code = await newScan();
    await confirm(code, wx.jsCode(MP.appid, { id: 'p-7', unionid: 'UNION-7' }));
    const done = (await status(code)).json();
    expect(done.user.id).toBe(existing.id);
    const { rows } = await t.database.pool.query('SELECT type FROM user_oauths WHERE user_id = $1 ORDER BY type', [existing.id]);
    expect(rows.map((r) => r.type)).toEqual(['wechat', 'wechatmp']);
  });
});

describe('GET /oauth/wxshare/signature', () => {
  it('needs the official account to be configured', async () => {
    const res = await shareSignature('https://wenku.test/');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('未配置公众号，无法生成分享签名');
    await setConfig(t, 'miniprogram', { mp_appid: OA.appid, mp_secret: OA.secret });
  });

  it('signs sha1(jsapi_ticket, noncestr, timestamp, url without #fragment) with a ticket fetched once for many callers', async () => {
    const page = 'https://wenku.test/document/42?from=share';
    const many = await Promise.all(Array.from({ length: 5 }, () => shareSignature(`${page}#comments`)));
    expect(wx.calls).toEqual({ token: 1, ticket: 1 });
    const ticket = wx.ticketOf(OA.appid)!;
    for (const res of many) {
      const s = ZWxShareSignature.parse(res.json());
      expect(s.appid).toBe(OA.appid);
      expect(Math.abs(s.timestamp - Date.now() / 1000)).toBeLessThan(5);
      const plain = `jsapi_ticket=${ticket}&noncestr=${s.nonce_str}&timestamp=${s.timestamp}&url=${page}`;
      expect(s.signature).toBe(crypto.createHash('sha1').update(plain).digest('hex'));
    }
    await call(t, api.wxShareSignature, { query: { url: page } });
    expect(wx.calls).toEqual({ token: 1, ticket: 1 });
  });

  it('fetches a new ticket once the old one is about to expire; a wrong secret is a readable 400', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7000 * 1000 });
    const res = await shareSignature('https://wenku.test/');
    expect(res.statusCode).toBe(200);
    expect(wx.calls).toEqual({ token: 2, ticket: 2 });
    vi.useRealTimers();
    await setConfig(t, 'miniprogram', { mp_secret: 'wrong-secret' });
    const bad = await shareSignature('https://wenku.test/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('获取分享签名失败：获取 access_token 失败：invalid appsecret（40125）');
  });
});
