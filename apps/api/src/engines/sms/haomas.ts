import crypto from 'node:crypto';
import { parseJson, vendorFetch } from '../http';
import type { SmsCredentials, SmsMessage, SmsProvider, SmsResult } from './types';

const PATH = '/sms/send';

/**
 * Sign for the Haomas-style gateway: every non-empty parameter except `sign`, sorted by name, joined as
 * `k=v&k=v` (raw values), then `&key=<secret>` appended; MD5, upper-case hex.
 */
export function haomasSign(params: Record<string, string>, secret: string): string {
  const base = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return crypto.createHash('md5').update(`${base}&key=${secret}`, 'utf8').digest('hex').toUpperCase();
}

/**
 * Haomas (号码社) publishes no API we can verify against, so Wenku speaks a small, documented protocol
 * (docs/vendors.md): POST `{endpoint}/sms/send` as a form with appid (access_key), mobile, sign_name, template_code,
 * code, timestamp (unix seconds), nonce and sign (above). Success: `{"code":0,"msg":"ok","data":{"msgid":"…"}}`;
 * anything else is an error `{"code":<non-zero>,"msg":"…"}`. There is no public default host: `sms.endpoint` is required.
 */
export function haomasProvider(c: SmsCredentials): SmsProvider {
  return {
    name: 'haomas',
    async send(m: SmsMessage): Promise<SmsResult> {
      const endpoint = (c.endpoint ?? '').trim().replace(/\/+$/, '');
      if (!endpoint) return { ok: false, raw: '', error: '未配置接口地址（sms.endpoint）' };
      const params: Record<string, string> = {
        appid: c.accessKey,
        mobile: m.mobile,
        sign_name: m.signName,
        template_code: m.templateCode,
        code: m.code,
        timestamp: String(Math.floor(Date.now() / 1000)),
        nonce: crypto.randomBytes(8).toString('hex'),
      };
      params.sign = haomasSign(params, c.secretKey);
      const url = `${/^https?:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`}${PATH}`;
      const res = await vendorFetch(url, {
        via: c.outbound,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });
      const r = parseJson<{ code?: number | string; msg?: string }>(res);
      return r.code === 0 || r.code === '0' ? { ok: true, raw: res.text } : { ok: false, raw: res.text, error: `${r.code ?? res.status}: ${r.msg ?? ''}` };
    },
  };
}
