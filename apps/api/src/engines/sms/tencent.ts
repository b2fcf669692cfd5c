import crypto from 'node:crypto';
import { parseJson, vendorFetch } from '../http';
import { baseUrl, type SmsCredentials, type SmsMessage, type SmsProvider, type SmsResult } from './types';

export const TENCENT_ENDPOINT = 'https://sms.tencentcloudapi.com';
const SERVICE = 'sms';
const VERSION = '2021-01-11';
const REGION = 'ap-guangzhou';
const CONTENT_TYPE = 'application/json; charset=utf-8';
const SIGNED_HEADERS = 'content-type;host;x-tc-action';

const sha256hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s).digest();

/** Canonical request: method, path "/", empty query, signed headers content-type, host, x-tc-action (lower-cased), SHA-256 of the body. */
export function tc3CanonicalRequest(o: { host: string; action: string; payload: string }): string {
  const canonicalHeaders = `content-type:${CONTENT_TYPE}\nhost:${o.host}\nx-tc-action:${o.action.toLowerCase()}\n`;
  return ['POST', '/', '', canonicalHeaders, SIGNED_HEADERS, sha256hex(o.payload)].join('\n');
}

export function tc3StringToSign(timestamp: number, service: string, canonicalRequest: string): string {
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  return ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, sha256hex(canonicalRequest)].join('\n');
}

/**
 * TC3-HMAC-SHA256 (Tencent Cloud API 3.0): the signing key is derived HMAC("TC3"+SecretKey, UTC date) → service →
 * "tc3_request", and signs the string above; the answer is the Authorization header.
 */
export function tc3Sign(o: {
  secretId: string;
  secretKey: string;
  host: string;
  action: string;
  payload: string;
  timestamp: number;
  service?: string;
}): string {
  const service = o.service ?? SERVICE;
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  const stringToSign = tc3StringToSign(o.timestamp, service, tc3CanonicalRequest(o));
  const key = hmac(hmac(hmac(`TC3${o.secretKey}`, date), service), 'tc3_request');
  const signature = crypto.createHmac('sha256', key).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${o.secretId}/${date}/${service}/tc3_request, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`;
}

/** SMS API 3.0 SendSms. Success: Response.SendStatusSet[0].Code === "Ok"; failures carry Response.Error. */
export function tencentProvider(c: SmsCredentials): SmsProvider {
  const url = `${baseUrl(c.endpoint, TENCENT_ENDPOINT)}/`;
  return {
    name: 'tencent',
    async send(m: SmsMessage): Promise<SmsResult> {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${m.mobile}`],
        SmsSdkAppId: c.sdkAppId,
        SignName: m.signName,
        TemplateId: m.templateCode,
        TemplateParamSet: [m.code],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const host = new URL(url).host;
      const res = await vendorFetch(url, {
        via: c.outbound,
        method: 'POST',
        headers: {
          Authorization: tc3Sign({ secretId: c.accessKey, secretKey: c.secretKey, host, action: 'SendSms', payload, timestamp }),
          'Content-Type': CONTENT_TYPE,
          'X-TC-Action': 'SendSms',
          'X-TC-Version': VERSION,
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Region': REGION,
        },
        body: payload,
      });
      const r = parseJson<{ Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: { Code: string; Message: string }[] } }>(res);
      const err = r.Response?.Error;
      if (err) return { ok: false, raw: res.text, error: `${err.Code}: ${err.Message}` };
      const status = r.Response?.SendStatusSet?.[0];
      if (status?.Code === 'Ok') return { ok: true, raw: res.text };
      return { ok: false, raw: res.text, error: status ? `${status.Code}: ${status.Message}` : `HTTP ${res.status}` };
    },
  };
}
