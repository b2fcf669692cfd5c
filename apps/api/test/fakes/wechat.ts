import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * api.weixin.qq.com as the mini-program login and the JS-SDK need it: jscode2session (app id and secret checked,
 * js_code single use), cgi-bin/token and cgi-bin/ticket/getticket, with WeChat's errcode/errmsg answers.
 */
export interface FakeWechat {
  url: string;
  /** what wx.login hands the mini-program for a person in an app: a one-time js_code */
  jsCode(appid: string, person: { id: string; unionid?: string }): string;
  openidOf(appid: string, personId: string): string;
  /** the ticket currently valid for an access token's app */
  ticketOf(appid: string): string | undefined;
  calls: { token: number; ticket: number };
  close(): Promise<void>;
}

export async function startFakeWechat(apps: Record<string, string>): Promise<FakeWechat> {
  const codes = new Map<string, { appid: string; person: { id: string; unionid?: string }; used: boolean }>();
  const accessTokens = new Map<string, string>();
  const tickets = new Map<string, string>();
  const calls = { token: 0, ticket: 0 };
  const openidOf = (appid: string, id: string) => `o${crypto.createHash('sha1').update(`${appid}:${id}`).digest('base64url').slice(0, 27)}`;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = url.searchParams;
    const send = (body: unknown) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    const appCheck = (appid: string, secret: string) =>
      !(appid in apps) ? { errcode: 40013, errmsg: 'invalid appid' } : apps[appid] !== secret ? { errcode: 40125, errmsg: 'invalid appsecret' } : null;

    if (url.pathname === '/sns/jscode2session') {
      if (q.get('grant_type') !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const bad = appCheck(q.get('appid') ?? '', q.get('secret') ?? '');
      if (bad) return send(bad);
      const c = codes.get(q.get('js_code') ?? '');
      if (!c || c.appid !== q.get('appid')) return send({ errcode: 40029, errmsg: 'invalid code' });
      if (c.used) return send({ errcode: 40163, errmsg: 'code been used' });
      c.used = true;
      return send({
        openid: openidOf(c.appid, c.person.id),
        session_key: crypto.randomBytes(16).toString('base64'),
        ...(c.person.unionid ? { unionid: c.person.unionid } : {}),
      });
    }
    if (url.pathname === '/cgi-bin/token') {
      if (q.get('grant_type') !== 'client_credential') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const bad = appCheck(q.get('appid') ?? '', q.get('secret') ?? '');
      if (bad) return send(bad);
      calls.token += 1;
      const token = crypto.randomBytes(24).toString('hex');
      accessTokens.set(token, q.get('appid')!);
      return send({ access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      const appid = accessTokens.get(q.get('access_token') ?? '');
      if (!appid) return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      if (q.get('type') !== 'jsapi') return send({ errcode: 40097, errmsg: 'invalid args' });
      calls.ticket += 1;
      const ticket = crypto.randomBytes(32).toString('base64url');
      tickets.set(appid, ticket);
      return send({ errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 });
    }
    return send({ errcode: 40066, errmsg: 'invalid url' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    jsCode(appid, person) {
      const code = crypto.randomBytes(16).toString('hex');
      codes.set(code, { appid, person, used: false });
      return code;
    },
    openidOf,
    ticketOf: (appid) => tickets.get(appid),
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
