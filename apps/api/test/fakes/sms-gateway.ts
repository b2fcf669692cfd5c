import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './util';

/**
 * One local server that answers as the five SMS gateways do, each on its own path/headers, and checks each
 * request's signature the way that vendor does: recomputed here from the secret, written from the vendors'
 * documents, independently of the adapters under test (so a shared mistake cannot pass unnoticed).
 */
export interface GatewayAccount {
  accessKey: string;
  secretKey: string;
  /** Tencent SmsSdkAppId / Huawei channel number */
  sdkAppId: string;
  /** templates that exist; any other is refused with the vendor's business error */
  templates: string[];
}

export interface ReceivedSms {
  vendor: 'aliyun' | 'tencent' | 'baidu' | 'huawei' | 'haomas';
  mobile: string;
  code: string;
  signName: string;
  template: string;
}

export interface FakeSmsGateway {
  url: string;
  received: ReceivedSms[];
  /** signature checks that failed, per vendor (proves the check ran) */
  rejected: string[];
  lastCodeFor(mobile: string): string | undefined;
  close(): Promise<void>;
}

const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const requestId = () => crypto.randomUUID().toUpperCase();
const withinMinutes = (iso: string, minutes: number) => Math.abs(Date.now() - Date.parse(iso)) <= minutes * 60_000;

type Reply = { status: number; body: unknown };

export async function startFakeSmsGateway(account: GatewayAccount): Promise<FakeSmsGateway> {
  const received: ReceivedSms[] = [];
  const rejected: string[] = [];
  const nonces = new Set<string>();

  // ---------- Alibaba Cloud Dysmsapi (RPC, HMAC-SHA1) ----------
  function aliyun(method: string, body: string, query: URLSearchParams): Reply {
    const params = new Map<string, string>();
    for (const [k, v] of query) params.set(k, v);
    for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
    const id = requestId();
    if (params.get('AccessKeyId') !== account.accessKey) {
      return {
        status: 404,
        body: { RequestId: id, HostId: 'dysmsapi.aliyuncs.com', Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' },
      };
    }
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0') {
      return { status: 400, body: { RequestId: id, Code: 'InvalidParameter', Message: 'SignatureMethod or SignatureVersion is invalid.' } };
    }
    if (!withinMinutes(params.get('Timestamp') ?? '', 15)) {
      return { status: 400, body: { RequestId: id, Code: 'InvalidTimeStamp.Expired', Message: 'Specified time stamp or date value is expired.' } };
    }
    const nonce = params.get('SignatureNonce') ?? '';
    if (!nonce || nonces.has(`a:${nonce}`))
      return { status: 400, body: { RequestId: id, Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' } };
    // canonicalized query: every parameter but Signature, sorted by name, name=value percent-encoded
    const pairs = [...params.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonicalized = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
    const stringToSign = `${method}&${enc('/')}&${enc(canonicalized)}`;
    const expected = crypto.createHmac('sha1', `${account.secretKey}&`).update(stringToSign, 'utf8').digest('base64');
    if (params.get('Signature') !== expected) {
      rejected.push('aliyun');
      return {
        status: 400,
        body: {
          RequestId: id,
          HostId: 'dysmsapi.aliyuncs.com',
          Code: 'SignatureDoesNotMatch',
          Message: `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`,
          Recommend: 'https://api.aliyun.com/troubleshoot',
        },
      };
    }
    nonces.add(`a:${nonce}`);
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25')
      return { status: 400, body: { RequestId: id, Code: 'InvalidAction.NotFound', Message: 'Specified api is not found.' } };
    if (!account.templates.includes(params.get('TemplateCode') ?? '')) {
      return { status: 200, body: { RequestId: id, Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' } };
    }
    const code = JSON.parse(params.get('TemplateParam') ?? '{}').code as string;
    received.push({
      vendor: 'aliyun',
      mobile: params.get('PhoneNumbers') ?? '',
      code,
      signName: params.get('SignName') ?? '',
      template: params.get('TemplateCode') ?? '',
    });
    return { status: 200, body: { Message: 'OK', RequestId: id, Code: 'OK', BizId: `${Date.now()}^0` } };
  }

  // ---------- Tencent Cloud SMS API 3.0 (TC3-HMAC-SHA256) ----------
  function tencent(req: http.IncomingMessage, body: string): Reply {
    const id = crypto.randomUUID();
    const fail = (Code: string, Message: string): Reply => ({ status: 200, body: { Response: { Error: { Code, Message }, RequestId: id } } });
    const auth = String(req.headers.authorization ?? '');
    const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
    if (!m) return fail('AuthFailure.InvalidAuthorization', 'Authorization is invalid.');
    const [, secretId, date, service, signedHeaders, signature] = m;
    if (secretId !== account.accessKey) return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.');
    const ts = Number(req.headers['x-tc-timestamp']);
    if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > 300) return fail('AuthFailure.SignatureExpire', 'Signature expired.');
    if (new Date(ts * 1000).toISOString().slice(0, 10) !== date)
      return fail('AuthFailure.SignatureFailure', 'The credential date does not match the timestamp.');
    const names = signedHeaders.split(';');
    if (!names.includes('content-type') || !names.includes('host')) return fail('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
    // header names and values lower-cased and trimmed, one per line, each line ending in \n
    const canonicalHeaders = names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .toLowerCase()}\n`,
      )
      .join('');
    const hashedPayload = crypto.createHash('sha256').update(body, 'utf8').digest('hex');
    const canonicalRequest = `${req.method}\n${(req.url ?? '/').split('?')[0]}\n${(req.url ?? '').split('?')[1] ?? ''}\n${canonicalHeaders}\n${signedHeaders}\n${hashedPayload}`;
    const stringToSign = `TC3-HMAC-SHA256\n${ts}\n${date}/${service}/tc3_request\n${crypto.createHash('sha256').update(canonicalRequest).digest('hex')}`;
    const kDate = crypto
      .createHmac('sha256', 'TC3' + account.secretKey)
      .update(date)
      .digest();
    const kService = crypto.createHmac('sha256', kDate).update(service).digest();
    const kSigning = crypto.createHmac('sha256', kService).update('tc3_request').digest();
    if (crypto.createHmac('sha256', kSigning).update(stringToSign).digest('hex') !== signature) {
      rejected.push('tencent');
      return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    }
    if (req.headers['x-tc-action'] !== 'SendSms' || service !== 'sms') return fail('InvalidAction', 'The action does not exist.');
    const p = JSON.parse(body) as { PhoneNumberSet: string[]; SmsSdkAppId: string; SignName: string; TemplateId: string; TemplateParamSet: string[] };
    if (p.SmsSdkAppId !== account.sdkAppId) return fail('FailedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify fail.');
    const phone = p.PhoneNumberSet[0] ?? '';
    if (!account.templates.includes(p.TemplateId)) {
      return {
        status: 200,
        body: {
          Response: {
            SendStatusSet: [
              {
                SerialNo: '',
                PhoneNumber: phone,
                Fee: 0,
                SessionContext: '',
                Code: 'FailedOperation.TemplateIncorrectOrUnapproved',
                Message: 'template is not approved or request content does not match the approved template content',
                IsoCode: 'CN',
              },
            ],
            RequestId: id,
          },
        },
      };
    }
    received.push({ vendor: 'tencent', mobile: phone.replace(/^\+86/, ''), code: p.TemplateParamSet[0], signName: p.SignName, template: p.TemplateId });
    return {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [
            { SerialNo: crypto.randomUUID(), PhoneNumber: phone, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' },
          ],
          RequestId: id,
        },
      },
    };
  }

  // ---------- Baidu AI Cloud SMS v3 (bce-auth-v1) ----------
  function baidu(req: http.IncomingMessage, body: string): Reply {
    const id = crypto.randomUUID();
    const denied = (code: string, message: string): Reply => ({ status: 403, body: { requestId: id, code, message } });
    const parts = String(req.headers.authorization ?? '').split('/');
    if (parts.length !== 6 || parts[0] !== 'bce-auth-v1') return denied('AccessDenied', 'Access denied.');
    const [, ak, timestamp, expiration, signedHeaders, signature] = parts;
    if (ak !== account.accessKey) return denied('InvalidAccessKeyId', 'The access key ID you provided does not exist in our records.');
    if (Date.parse(timestamp) + Number(expiration) * 1000 < Date.now() || !withinMinutes(timestamp, 30))
      return denied('RequestExpired', 'Request has expired.');
    const names = signedHeaders.split(';');
    if (!names.includes('host')) return denied('AccessDenied', 'host must be signed.');
    const url = new URL(req.url ?? '/', 'http://x');
    const canonicalUri = url.pathname
      .split('/')
      .map((s) => enc(decodeURIComponent(s)))
      .join('/');
    const canonicalQuery = [...url.searchParams]
      .filter(([k]) => k.toLowerCase() !== 'authorization')
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .sort()
      .join('&');
    const canonicalHeaders = names
      .map((n) => `${enc(n.toLowerCase())}:${enc(String(req.headers[n] ?? '').trim())}`)
      .sort()
      .join('\n');
    const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders].join('\n');
    const signingKey = crypto.createHmac('sha256', account.secretKey).update(`bce-auth-v1/${ak}/${timestamp}/${expiration}`).digest('hex');
    if (crypto.createHmac('sha256', signingKey).update(canonicalRequest).digest('hex') !== signature) {
      rejected.push('baidu');
      return denied('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    const p = JSON.parse(body) as { mobile: string; template: string; signatureId: string; contentVar: { code: string } };
    if (!account.templates.includes(p.template)) return { status: 400, body: { requestId: id, code: 'TemplateNotExist', message: '模板不存在' } };
    received.push({ vendor: 'baidu', mobile: p.mobile, code: p.contentVar.code, signName: p.signatureId, template: p.template });
    return {
      status: 200,
      body: { requestId: id, code: '1000', message: '成功', data: [{ code: '1000', message: '成功', mobile: p.mobile, messageId: crypto.randomUUID() }] },
    };
  }

  // ---------- Huawei Cloud MSGSMS (X-WSSE UsernameToken) ----------
  function huawei(req: http.IncomingMessage, body: string): Reply {
    const fail = (status: number, code: string, description: string): Reply => ({ status, body: { code, description } });
    if (req.headers.authorization !== 'WSSE realm="SDP",profile="UsernameToken",type="Appkey"') return fail(401, 'E000101', 'Authentication failed.');
    const token = String(req.headers['x-wsse'] ?? '');
    const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(token)?.[1] ?? '';
    if (!token.startsWith('UsernameToken ')) return fail(401, 'E000101', 'Authentication failed.');
    if (field('Username') !== account.accessKey) return fail(401, 'E000102', 'Invalid app_key.');
    const created = field('Created');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(created) || !withinMinutes(created, 5)) return fail(401, 'E000110', 'The time is out of range.');
    const nonce = field('Nonce');
    if (!nonce || nonces.has(`h:${nonce}`)) return fail(401, 'E000101', 'Authentication failed.');
    const digest = crypto
      .createHash('sha256')
      .update(nonce + created + account.secretKey, 'utf8')
      .digest('base64');
    if (field('PasswordDigest') !== digest) {
      rejected.push('huawei');
      return fail(401, 'E000105', 'Invalid PasswordDigest.');
    }
    nonces.add(`h:${nonce}`);
    const f = new URLSearchParams(body);
    if (f.get('from') !== account.sdkAppId) return fail(400, 'E200015', 'The channel number does not exist.');
    if (!account.templates.includes(f.get('templateId') ?? '')) return fail(400, 'E200029', 'The template does not exist.');
    const to = f.get('to') ?? '';
    received.push({
      vendor: 'huawei',
      mobile: to.replace(/^\+86/, ''),
      code: (JSON.parse(f.get('templateParas') ?? '[]') as string[])[0],
      signName: f.get('signature') ?? '',
      template: f.get('templateId') ?? '',
    });
    return {
      status: 200,
      body: {
        code: '000000',
        description: 'Success',
        result: [
          {
            originTo: to,
            createTime: new Date().toISOString(),
            from: account.sdkAppId,
            smsMsgId: crypto.randomUUID(),
            status: '000000',
            countryId: 'CN',
            total: 1,
          },
        ],
      },
    };
  }

  // ---------- Haomas (the documented MD5 protocol, docs/vendors.md) ----------
  function haomas(body: string): Reply {
    const f = Object.fromEntries(new URLSearchParams(body));
    if (f.appid !== account.accessKey) return { status: 200, body: { code: 40003, msg: 'invalid appid' } };
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return { status: 200, body: { code: 40002, msg: 'timestamp expired' } };
    const base = Object.keys(f)
      .filter((k) => k !== 'sign' && f[k] !== '')
      .sort()
      .map((k) => `${k}=${f[k]}`)
      .join('&');
    const sign = crypto.createHash('md5').update(`${base}&key=${account.secretKey}`).digest('hex').toUpperCase();
    if (f.sign !== sign) {
      rejected.push('haomas');
      return { status: 200, body: { code: 40001, msg: 'sign error' } };
    }
    if (!account.templates.includes(f.template_code)) return { status: 200, body: { code: 40010, msg: 'template not found' } };
    received.push({ vendor: 'haomas', mobile: f.mobile, code: f.code, signName: f.sign_name, template: f.template_code });
    return { status: 200, body: { code: 0, msg: 'ok', data: { msgid: crypto.randomUUID() } } };
  }

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    let reply: Reply;
    if (req.method === 'POST' && url.pathname === '/' && req.headers['x-tc-action']) reply = tencent(req, body);
    else if (url.pathname === '/') reply = aliyun(req.method ?? 'GET', body, url.searchParams);
    else if (url.pathname === '/api/v3/sendSms') reply = baidu(req, body);
    else if (url.pathname === '/sms/batchSendSms/v1') reply = huawei(req, body);
    else if (url.pathname === '/sms/send') reply = haomas(body);
    else reply = { status: 404, body: { message: 'not found' } };
    res.writeHead(reply.status, { 'Content-Type': 'application/json;charset=utf-8' }).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    rejected,
    lastCodeFor: (mobile) => [...received].reverse().find((r) => r.mobile === mobile)?.code,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
