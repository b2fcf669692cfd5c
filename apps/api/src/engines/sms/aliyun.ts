import crypto from 'node:crypto';
import { parseJson, rfc3986, vendorFetch } from '../http';
import { baseUrl, type SmsCredentials, type SmsMessage, type SmsProvider, type SmsResult } from './types';

export const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/**
 * Alibaba Cloud RPC signature (SignatureVersion 1.0): parameters sorted by name, each name and value
 * RFC 3986-encoded and joined as the canonicalized query string; StringToSign = METHOD & %2F & encode(that);
 * Signature = Base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign)).
 */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k])}`)
    .join('&');
  const stringToSign = `${method.toUpperCase()}&${rfc3986('/')}&${rfc3986(canonical)}`;
  return crypto.createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Dysmsapi 2017-05-25 SendSms, POSTed as a form. Success is `{"Code":"OK",...}`. */
export function aliyunProvider(c: SmsCredentials): SmsProvider {
  const url = `${baseUrl(c.endpoint, ALIYUN_ENDPOINT)}/`;
  return {
    name: 'aliyun',
    async send(m: SmsMessage): Promise<SmsResult> {
      const params: Record<string, string> = {
        AccessKeyId: c.accessKey,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: 'cn-hangzhou',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: crypto.randomUUID(),
        SignatureVersion: '1.0',
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
        PhoneNumbers: m.mobile,
        SignName: m.signName,
        TemplateCode: m.templateCode,
        TemplateParam: JSON.stringify({ code: m.code }),
      };
      params.Signature = aliyunSignature('POST', params, c.secretKey);
      const body = Object.entries(params)
        .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
        .join('&');
      const res = await vendorFetch(url, {
        via: c.outbound,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      const r = parseJson<{ Code?: string; Message?: string }>(res);
      return r.Code === 'OK' ? { ok: true, raw: res.text } : { ok: false, raw: res.text, error: `${r.Code ?? res.status}: ${r.Message ?? ''}` };
    },
  };
}
