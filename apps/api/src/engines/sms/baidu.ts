import crypto from 'node:crypto';
import { parseJson, rfc3986, vendorFetch } from '../http';
import { baseUrl, type SmsCredentials, type SmsMessage, type SmsProvider, type SmsResult } from './types';

export const BAIDU_ENDPOINT = 'https://smsv3.bj.baidubce.com';
const PATH = '/api/v3/sendSms';
const EXPIRATION = 1800;

/** BCE canonical URI: every path segment RFC 3986-encoded, slashes kept. */
const canonicalUri = (path: string) => path.split('/').map(rfc3986).join('/');

/** BCE canonical query: `encode(k)=encode(v)` sorted, `authorization` left out. */
export function bceCanonicalQuery(query: URLSearchParams): string {
  return [...query.entries()]
    .filter(([k]) => k.toLowerCase() !== 'authorization')
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .sort()
    .join('&');
}

/**
 * bce-auth-v1: SigningKey = hex(HMAC-SHA256(SK, "bce-auth-v1/{AK}/{timestamp}/{expiration}")); CanonicalRequest =
 * METHOD \n URI \n query \n sorted "lower(name):encode(trim(value))" lines of the signed headers;
 * Signature = hex(HMAC-SHA256(SigningKey, CanonicalRequest)), the hex key used as a string.
 */
export function bceAuthorization(o: {
  accessKey: string;
  secretKey: string;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  signedHeaders: string[];
  timestamp: string;
  expiration?: number;
}): string {
  const prefix = `bce-auth-v1/${o.accessKey}/${o.timestamp}/${o.expiration ?? EXPIRATION}`;
  const signingKey = crypto.createHmac('sha256', o.secretKey).update(prefix).digest('hex');
  const lower = Object.fromEntries(Object.entries(o.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const names = o.signedHeaders.map((h) => h.toLowerCase()).sort();
  const canonicalHeaders = names
    .map((h) => `${rfc3986(h)}:${rfc3986(String(lower[h] ?? '').trim())}`)
    .sort()
    .join('\n');
  const canonicalRequest = [o.method.toUpperCase(), canonicalUri(o.path), bceCanonicalQuery(o.query), canonicalHeaders].join('\n');
  const signature = crypto.createHmac('sha256', signingKey).update(canonicalRequest).digest('hex');
  return `${prefix}/${names.join(';')}/${signature}`;
}

/**
 * Baidu SMS v3 sendSms. `sign_name` holds the signature id (sms-sign-…) and `template_code` the template id
 * (sms-tmpl-…), as the console shows them. Success: `{"code":"1000",...}`.
 */
export function baiduProvider(c: SmsCredentials): SmsProvider {
  const base = baseUrl(c.endpoint, BAIDU_ENDPOINT);
  return {
    name: 'baidu',
    async send(m: SmsMessage): Promise<SmsResult> {
      const url = new URL(`${base}${PATH}`);
      url.searchParams.set('clientToken', crypto.randomUUID());
      const payload = JSON.stringify({ mobile: m.mobile, template: m.templateCode, signatureId: m.signName, contentVar: { code: m.code } });
      const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      const headers: Record<string, string> = { Host: url.host, 'Content-Type': 'application/json;charset=utf-8', 'x-bce-date': timestamp };
      const authorization = bceAuthorization({
        accessKey: c.accessKey,
        secretKey: c.secretKey,
        method: 'POST',
        path: url.pathname,
        query: url.searchParams,
        headers,
        signedHeaders: ['host', 'content-type', 'x-bce-date'],
        timestamp,
      });
      const { Host: _host, ...sent } = headers;
      const res = await vendorFetch(url.toString(), {
        via: c.outbound,
        method: 'POST',
        headers: { ...sent, Authorization: authorization },
        body: payload,
      });
      const r = parseJson<{ code?: string; message?: string; data?: { code?: string; message?: string }[] }>(res);
      // the request can succeed while the one number in it fails
      const item = r.data?.[0];
      if (r.code === '1000' && (!item || item.code === '1000')) return { ok: true, raw: res.text };
      const failed = r.code === '1000' && item ? item : r;
      return { ok: false, raw: res.text, error: `${failed.code ?? res.status}: ${failed.message ?? ''}` };
    },
  };
}
