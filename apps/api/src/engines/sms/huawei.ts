import crypto from 'node:crypto';
import { parseJson, vendorFetch } from '../http';
import { baseUrl, type SmsCredentials, type SmsMessage, type SmsProvider, type SmsResult } from './types';

export const HUAWEI_ENDPOINT = 'https://smsapi.cn-north-4.myhuaweicloud.com:443';
const PATH = '/sms/batchSendSms/v1';
export const HUAWEI_AUTHORIZATION = 'WSSE realm="SDP",profile="UsernameToken",type="Appkey"';

/** PasswordDigest = Base64(SHA-256(Nonce + Created + AppSecret)). */
export function wssePasswordDigest(nonce: string, created: string, appSecret: string): string {
  return crypto
    .createHash('sha256')
    .update(nonce + created + appSecret)
    .digest('base64');
}

/** The X-WSSE header: UsernameToken with the App Key as Username. */
export function wsseHeader(appKey: string, appSecret: string, now = new Date()): string {
  const created = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const nonce = crypto.randomBytes(32).toString('hex');
  return `UsernameToken Username="${appKey}",PasswordDigest="${wssePasswordDigest(nonce, created, appSecret)}",Nonce="${nonce}",Created="${created}"`;
}

/**
 * Huawei Cloud Message & SMS (MSGSMS) batchSendSms v1: form fields from (channel number = sdk_app_id), to,
 * templateId, templateParas (JSON array) and signature (the sign name). App Key/App Secret are access_key/secret_key.
 * Success: code "000000" and result[0].status "000000".
 */
export function huaweiProvider(c: SmsCredentials): SmsProvider {
  const url = `${baseUrl(c.endpoint, HUAWEI_ENDPOINT)}${PATH}`;
  return {
    name: 'huawei',
    async send(m: SmsMessage): Promise<SmsResult> {
      const form = new URLSearchParams({
        from: c.sdkAppId,
        to: `+86${m.mobile}`,
        templateId: m.templateCode,
        templateParas: JSON.stringify([m.code]),
        signature: m.signName,
      });
      const res = await vendorFetch(url, {
        via: c.outbound,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: HUAWEI_AUTHORIZATION, 'X-WSSE': wsseHeader(c.accessKey, c.secretKey) },
        body: form.toString(),
      });
      const r = parseJson<{ code?: string; description?: string; result?: { status?: string }[] }>(res);
      const status = r.result?.[0]?.status;
      if (r.code === '000000' && (!status || status === '000000')) return { ok: true, raw: res.text };
      return { ok: false, raw: res.text, error: `${status && status !== '000000' ? status : (r.code ?? res.status)}: ${r.description ?? ''}` };
    },
  };
}
