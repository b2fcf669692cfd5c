/**
 * Issue 25 §12 and §16: the outbound client (`engines/outbound.ts`) every administrator-typed address goes through
 * — the collector, the release source, LLM base URLs, payment gateways, SMS endpoints, custom OAuth URLs, SMTP.
 * Its address filter, table-driven; its refusals and the allow list (OUTBOUND_ALLOW_HOSTS); redirects checked hop by
 * hop; and no upstream body in any error.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { api, PaymentMethod } from '@wenku/contracts';
import { addressRefusal, Outbound, OutboundError, type Connector, type Resolver } from '../../src/engines/outbound';
import { createTestApp, type TestApp } from '../helpers';
import { call } from '../call';
import { setConfig } from '../fakes/util';

// ---------------------------------------------------------------- §16: the address filter

/** Addresses that must never be reached: [address, a word the refusal must name]. */
const REFUSED: [string, string][] = [
  // IPv4 special ranges
  ['127.0.0.1', '回环'],
  ['127.255.255.254', '回环'],
  ['10.1.2.3', '内网'],
  ['172.16.0.1', '内网'],
  ['192.168.1.1', '内网'],
  ['169.254.169.254', '元数据'],
  ['100.100.100.200', '元数据'],
  ['0.0.0.0', '未指定'],
  ['0.1.2.3', '未指定'],
  ['224.0.0.251', '组播'],
  ['255.255.255.255', '广播'],
  ['192.0.2.1', '保留'],
  ['198.18.0.1', '保留'],
  ['240.0.0.1', '保留'],
  // IPv6 special ranges
  ['::1', '回环'],
  ['::', '未指定'],
  ['fd00::1', '唯一本地'],
  ['fd00:ec2::254', '唯一本地'],
  ['fe80::1', '链路本地'],
  ['fe80::1%eth0', '链路本地'],
  ['ff02::1', '组播'],
  ['2001:db8::1', '保留'],
  ['100::1', '特殊用途'],
  ['fec0::1', '特殊用途'],
  // IPv4-compatible ::/96: refused whatever it carries (the finding: ::7f00:1 was let through)
  ['::7f00:1', 'IPv4 兼容'],
  ['[::7f00:1]', 'IPv4 兼容'],
  ['::127.0.0.1', 'IPv4 兼容'],
  ['::a00:1', 'IPv4 兼容'],
  ['::a9fe:a9fe', 'IPv4 兼容'],
  ['::808:808', 'IPv4 兼容'],
  ['::8.8.8.8', 'IPv4 兼容'],
  ['::2', 'IPv4 兼容'],
  // IPv4-mapped ::ffff:0:0/96: as safe as the IPv4 it carries
  ['::ffff:127.0.0.1', '回环'],
  ['::ffff:7f00:1', '回环'],
  ['::ffff:10.0.0.1', '内网'],
  ['::ffff:a9fe:a9fe', '元数据'],
  ['::ffff:0.0.0.0', '未指定'],
  // NAT64 well-known prefix 64:ff9b::/96: as safe as the IPv4 it carries
  ['64:ff9b::7f00:1', '回环'],
  ['64:ff9b::a00:1', '内网'],
  ['64:ff9b::a9fe:a9fe', '元数据'],
  ['64:ff9b::192.168.0.1', '内网'],
  // refused whatever they carry
  ['64:ff9b:1::808:808', 'NAT64 本地前缀'],
  ['::ffff:0:808:808', 'SIIT'],
  ['::ffff:0:7f00:1', 'SIIT'],
  ['2002:7f00:1::1', '6to4'],
  ['2002:a00:1::1', '6to4'],
  ['2002:808:808::1', '6to4'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  // not an address
  ['not-an-ip', '无法识别'],
];

/** Public unicast addresses that stay reachable. */
const ALLOWED = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '2001:4860:4860::8888',
  '2606:4700::1111',
  '::ffff:8.8.8.8',
  '::ffff:5db8:d822',
  '64:ff9b::808:808',
  '64:ff9b::93.184.216.34',
];

describe('§16 the address filter (addressRefusal)', () => {
  it.each(REFUSED)('refuses %s', (address, word) => {
    const why = addressRefusal(address);
    expect(why, address).toBeDefined();
    expect(why).toContain(word);
  });

  it.each(ALLOWED.map((a) => [a]))('lets the public address %s through', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });
});

// ---------------------------------------------------------------- §12: the outbound client

interface Site {
  url: string;
  port: number;
  hits: string[];
  close: () => Promise<void>;
}

/** A local HTTP server: records every request line, answers with `handler`. */
async function site(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Site> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url} auth=${req.headers.authorization ?? ''}`);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** What an internal service would never want shown: no error may carry it. */
const SECRET = `INTERNAL-SECRET-${process.pid}`;

async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError);
    return err as OutboundError;
  }
  throw new Error('the request was expected to be refused');
}

describe('§12 the outbound client (engines/outbound.ts)', () => {
  let internal: Site;
  let redirector: Site;
  beforeAll(async () => {
    internal = await site((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(SECRET);
    });
    redirector = await site((req, res) => {
      const to = req.url === '/to-internal' ? `${internal.url}/admin` : req.url === '/see-other' ? '/landing' : req.url === '/to-self' ? '/landing' : undefined;
      if (to) {
        res.writeHead(req.url === '/see-other' ? 303 : 302, { location: to });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${req.method} ${req.url}`);
    });
  });
  afterAll(async () => {
    await internal?.close();
    await redirector?.close();
  });

  it('without an allow list, loopback is refused before any connection: by address, by name, in every spelling', async () => {
    const strict = new Outbound();
    const before = internal.hits.length;
    for (const url of [
      internal.url,
      `http://localhost:${internal.port}/`,
      `http://[::1]:${internal.port}/`,
      `http://[::ffff:127.0.0.1]:${internal.port}/`,
      `http://[::7f00:1]:${internal.port}/`,
      `http://0x7f000001:${internal.port}/`,
    ]) {
      const err = await refusal(strict.fetch(url));
      expect(err.reason, url).toBe('blocked_address');
      expect(err.message).toContain('OUTBOUND_ALLOW_HOSTS');
    }
    expect(internal.hits.length).toBe(before);
  });

  it('a name that resolves to a private address is refused, and the connection goes only to the checked address', async () => {
    const connects: string[] = [];
    const resolver: Resolver = async (name) => (name === 'intranet.test' ? [{ address: '10.0.0.8', family: 4 }] : [{ address: '93.184.216.34', family: 4 }]);
    const connector: Connector = (req) => {
      connects.push(req.address);
      return new Promise((resolve, reject) => {
        const s = net.connect({ host: '127.0.0.1', port: redirector.port }, () => resolve(s));
        s.once('error', reject);
      });
    };
    const out = new Outbound({ resolver, connector });
    expect((await refusal(out.fetch(`http://intranet.test:${redirector.port}/`))).message).toContain('内网地址 10.0.0.8');
    expect(connects).toEqual([]);
    const ok = await out.fetch(`http://public.test:${redirector.port}/hello`);
    expect(await ok.text()).toBe('GET /hello');
    expect(connects).toEqual(['93.184.216.34']);
  });

  it('the allow list (OUTBOUND_ALLOW_HOSTS) exempts exactly its host or host:port', async () => {
    const out = new Outbound({ allowHosts: [`127.0.0.1:${redirector.port}`] });
    expect(await (await out.fetch(`${redirector.url}/x`)).text()).toBe('GET /x');
    expect((await refusal(out.fetch(internal.url))).reason).toBe('blocked_address');
    const any = new Outbound({ allowHosts: '127.0.0.1' });
    expect((await any.fetch(internal.url)).status).toBe(500);
  });

  it('redirects: not followed by default; when followed, every hop is checked again', async () => {
    const before = internal.hits.length;
    const out = new Outbound({ allowHosts: [`127.0.0.1:${redirector.port}`] });
    // not followed: the 3xx is the answer
    const res = await out.fetch(`${redirector.url}/to-internal`);
    expect(res.status).toBe(302);
    await res.body?.cancel();
    // followed: the hop into the internal service is refused like a first request would be
    const err = await refusal(out.fetch(`${redirector.url}/to-internal`, { maxRedirects: 3 }));
    expect(err.reason).toBe('blocked_address');
    expect(internal.hits.length).toBe(before);
    // a hop that passes is followed; a 303 of a POST goes on as GET without the body
    expect(await (await out.fetch(`${redirector.url}/to-self`, { maxRedirects: 3 })).text()).toBe('GET /landing');
    expect(await (await out.fetch(`${redirector.url}/see-other`, { method: 'POST', body: 'x=1', maxRedirects: 3 })).text()).toBe('GET /landing');
  });

  it('credentials are not carried to another origin on a redirect', async () => {
    const out = new Outbound({ allowHosts: ['127.0.0.1'] });
    await (await out.fetch(`${redirector.url}/to-internal`, { maxRedirects: 1, headers: { authorization: 'Bearer sk-secret' } })).text();
    expect(redirector.hits.at(-1)).toBe('GET /to-internal auth=Bearer sk-secret');
    expect(internal.hits.at(-1)).toBe('GET /admin auth=');
  });

  it('the size cap holds for declared and streamed bodies', async () => {
    const big = await site((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': '5000' });
        res.end('x'.repeat(5000));
        return;
      }
      res.writeHead(200);
      for (let i = 0; i < 50; i++) res.write('y'.repeat(100));
      res.end();
    });
    try {
      const out = new Outbound({ allowHosts: ['127.0.0.1'], maxBytes: 1000 });
      expect((await refusal(out.fetch(`${big.url}/declared`))).reason).toBe('too_large');
      expect((await refusal(out.text(`${big.url}/streamed`))).reason).toBe('too_large');
    } finally {
      await big.close();
    }
  });
});

// ---------------------------------------------------------------- §12: every settings address, through the app

describe('§12 the addresses typed in the settings, through the app', () => {
  let t: TestApp;
  let internal: Site;
  let feed: Site;
  let garbage: Site;
  let smtpJunk: net.Server;
  let smtpJunkPort: number;
  const RELEASE = [{ tag_name: 'v97.0.0', name: 'Wenku 97', body: '说明', published_at: '2026-10-01T00:00:00Z' }];

  beforeAll(async () => {
    // an internal service: never allowed
    internal = await site((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ tag_name: 'v99.9.9', name: SECRET, body: SECRET }));
    });
    // a release source the operator allowed: a redirect to itself is followed, one into the internal service is not
    feed = await site((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(301, { location: '/releases' });
        res.end();
      } else if (req.url === '/to-internal') {
        res.writeHead(302, { location: `${internal.url}/feed` });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(RELEASE));
      }
    });
    // an allowed host that is not what the settings think: it answers an error page full of secrets
    garbage = await site((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end(`<html><body>${SECRET}</body></html>`);
    });
    // a "mail server" that is an HTTP server: it answers its greeting with a page
    smtpJunk = net.createServer((s) => s.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\n\r\n${SECRET}\r\n`));
    await new Promise<void>((r) => smtpJunk.listen(0, '127.0.0.1', r));
    smtpJunkPort = (smtpJunk.address() as AddressInfo).port;
    t = await createTestApp({ outboundAllowHosts: [`127.0.0.1:${feed.port}`, `127.0.0.1:${garbage.port}`, `127.0.0.1:${smtpJunkPort}`] });
    await setConfig(t, 'security', { enable_captcha_find_password: false, enable_captcha_register: false, enable_captcha_login: false });
  });
  afterAll(async () => {
    await t?.close();
    await internal?.close();
    await feed?.close();
    await garbage?.close();
    await new Promise((r) => smtpJunk?.close(r));
  });

  /** Points every outbound setting at `base` (host and port for SMTP). */
  async function pointAt(base: string, port: number) {
    await setConfig(t, 'llm', { provider: 'custom', base_url: `${base}/v1`, api_key: 'sk-test', model: 'm' });
    await setConfig(t, 'pay', { enable_hupijiao: true, hupijiao_appid: 'app', hupijiao_secret: 'secret', hupijiao_gateway: `${base}/payment/do.html` });
    await setConfig(t, 'email', { host: '127.0.0.1', port, is_tls: false, username: 'u@example.com', password: 'p' });
    await setConfig(t, 'sms', {
      enable: true,
      provider: 'aliyun',
      access_key: 'ak',
      secret_key: 'sk',
      sign_name: '文库',
      template_code: 'T1',
      endpoint: base,
      resend_interval: 0,
      limit_per_mobile: 1000,
      limit_per_ip: 1000,
    });
    await setConfig(t, 'oauth', {
      custom_enable: true,
      custom_name: '企业账号',
      custom_client_id: 'c',
      custom_client_secret: 's',
      custom_authorize_url: `${base}/authorize`,
      custom_token_url: `${base}/token`,
      custom_userinfo_url: `${base}/userinfo`,
    });
  }

  /** What each consumer of the settings says when it tries: release, LLM test, payment test, SMTP test, SMS, OAuth. */
  async function tryEverything(mobile: string): Promise<Record<string, string>> {
    const release = await call(t, api.setReleaseSource, { body: { source: `${feedOrBase}/feed` }, as: 'admin' });
    const llm = await t.req({ method: 'POST', url: '/api/v1/llm/model/test', token: await t.adminToken(), payload: { id: 0 } });
    const pay = await call(t, api.testPayGateway, { body: { payment_type: PaymentMethod.Hupijiao }, as: 'admin' });
    const mail = await t.req({ method: 'POST', url: '/api/v1/config/email/test', token: await t.adminToken(), payload: { email: 'ops@example.com' } });
    const sms = await t.req({ method: 'POST', url: '/api/v1/user/sms/code', payload: { mobile, purpose: 0 } });
    const smsLog = (await t.database.pool.query('SELECT error, response FROM sms_logs WHERE mobile = $1 ORDER BY id DESC LIMIT 1', [mobile])).rows[0];
    const nonce = crypto.randomBytes(24).toString('base64url');
    const binding = crypto.createHash('sha256').update(nonce).digest('base64url');
    const configs = await t.req({ method: 'GET', url: `/api/v1/oauth/configs?binding=${binding}` });
    const custom = (configs.json().oauth as { type: string; authorize_url: string }[]).find((c) => c.type === 'custom')!;
    const state = new URL(custom.authorize_url).searchParams.get('state');
    const oauth = await t.req({ method: 'POST', url: '/api/v1/oauth/login', payload: { type: 'custom', code: 'code-1', state, nonce } });
    return {
      release: release.error,
      llm: llm.body,
      pay: pay.message,
      mail: `${mail.statusCode} ${mail.json().message}`,
      sms: `${sms.statusCode} ${smsLog?.error} ${smsLog?.response}`,
      oauth: `${oauth.statusCode} ${oauth.json().message}`,
    };
  }
  let feedOrBase = '';

  it('without OUTBOUND_ALLOW_HOSTS naming it, a loopback address in any setting is refused before any connection', async () => {
    feedOrBase = internal.url;
    await pointAt(internal.url, internal.port);
    const said = await tryEverything('13900000101');
    for (const [what, text] of Object.entries(said)) {
      expect(text, what).toContain('出于安全考虑');
      expect(text, what).not.toContain(SECRET);
    }
    expect(said.mail).toMatch(/^502 /);
    expect(said.oauth).toMatch(/^400 /);
    expect(internal.hits).toEqual([]);
  });

  it('the release source follows a redirect that passes the check, and refuses one into an internal service', async () => {
    const moved = await call(t, api.setReleaseSource, { body: { source: `${feed.url}/moved` }, as: 'admin' });
    expect(moved).toMatchObject({ tag_name: 'v97.0.0', name: 'Wenku 97', error: '' });
    const inside = await call(t, api.setReleaseSource, { body: { source: `${feed.url}/to-internal` }, as: 'admin' });
    expect(inside.error).toContain('出于安全考虑');
    expect(inside.name).toBe('');
    expect(JSON.stringify(inside)).not.toContain(SECRET);
    expect(internal.hits).toEqual([]);
  });

  it('an allowed host that answers something else: every error says the status at most, never the body', async () => {
    feedOrBase = garbage.url;
    await pointAt(garbage.url, smtpJunkPort);
    const said = await tryEverything('13900000102');
    for (const [what, text] of Object.entries(said)) expect(text, what).not.toContain(SECRET);
    expect(said.release).toBe('无法连接版本源（HTTP 500）');
    expect(said.llm).toContain('大模型接口返回错误（HTTP 500）');
    expect(said.pay).toContain('HTTP 500');
    expect(said.mail).toMatch(/^502 测试邮件发送失败：/);
    expect(said.sms).toMatch(/^502 .*HTTP 500/);
    expect(garbage.hits.length).toBeGreaterThanOrEqual(5);
  });
});
