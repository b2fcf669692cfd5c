import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSmsProvider } from '@wenku/contracts';
import { createSmsProvider } from '../src/engines/sms';
import { aliyunSignature } from '../src/engines/sms/aliyun';
import { bceAuthorization } from '../src/engines/sms/baidu';
import { tc3CanonicalRequest, tc3StringToSign } from '../src/engines/sms/tencent';
import { wssePasswordDigest } from '../src/engines/sms/huawei';
import { haomasSign } from '../src/engines/sms/haomas';
import { baseUrl } from '../src/engines/sms/types';
import { startFakeSmsGateway, type FakeSmsGateway } from './fakes/sms-gateway';
import { LOOPBACK_OUTBOUND } from './fakes/util';

const ACCOUNT = { accessKey: 'AK-test-0001', secretKey: 'right-secret-0001', sdkAppId: '1400000001', templates: ['TPL_OK'] };
const MESSAGE = { mobile: '13800138000', code: '246810', templateCode: 'TPL_OK', signName: '文库', ttlMinutes: 5 };
let gw: FakeSmsGateway;

beforeAll(async () => {
  gw = await startFakeSmsGateway(ACCOUNT);
});
afterAll(async () => gw?.close());

const provider = (name: TSmsProvider, over: Partial<{ secretKey: string; accessKey: string; endpoint: string }> = {}) =>
  createSmsProvider(name, {
    accessKey: ACCOUNT.accessKey,
    secretKey: ACCOUNT.secretKey,
    sdkAppId: ACCOUNT.sdkAppId,
    endpoint: gw.url,
    outbound: LOOPBACK_OUTBOUND,
    ...over,
  });

/** What each gateway answers to a request signed with the wrong secret. */
const SIGNATURE_ERROR: Record<TSmsProvider, RegExp> = {
  aliyun: /^SignatureDoesNotMatch: Specified signature is not matched/,
  tencent: /^AuthFailure\.SignatureFailure: /,
  baidu: /^SignatureDoesNotMatch: /,
  huawei: /^E000105: /,
  haomas: /^40001: sign error/,
};
const TEMPLATE_ERROR: Record<TSmsProvider, RegExp> = {
  aliyun: /^isv\.SMS_TEMPLATE_ILLEGAL/,
  tencent: /^FailedOperation\.TemplateIncorrectOrUnapproved/,
  baidu: /^TemplateNotExist/,
  huawei: /^E200029/,
  haomas: /^40010/,
};

describe.each(['aliyun', 'tencent', 'baidu', 'huawei', 'haomas'] as const)('%s adapter against the fake gateway', (name) => {
  it("is accepted by the gateway's own signature check and delivers the code", async () => {
    const r = await provider(name).send(MESSAGE);
    expect(r.error).toBeUndefined();
    expect(r.ok).toBe(true);
    expect(r.raw).not.toBe('');
    expect(gw.received.at(-1)).toEqual({ vendor: name, mobile: MESSAGE.mobile, code: MESSAGE.code, signName: MESSAGE.signName, template: 'TPL_OK' });
  });

  it('is refused when signed with a wrong secret (the check is real)', async () => {
    const before = gw.rejected.filter((v) => v === name).length;
    const r = await provider(name, { secretKey: 'wrong-secret' }).send(MESSAGE);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(SIGNATURE_ERROR[name]);
    expect(gw.rejected.filter((v) => v === name).length).toBe(before + 1);
  });

  it("reports the vendor's business error (unknown template) without throwing", async () => {
    const r = await provider(name).send({ ...MESSAGE, templateCode: 'TPL_MISSING' });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(TEMPLATE_ERROR[name]);
  });

  it('an unreachable gateway is a failed send, not an exception', async () => {
    const r = await provider(name, { endpoint: 'http://127.0.0.1:9' }).send(MESSAGE);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/无法连接 127\.0\.0\.1:9/);
  });
});

describe("signatures against the vendors' published examples", () => {
  it('Alibaba Cloud RPC signature: the documented DescribeRegions example', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('Baidu bce-auth-v1: the documented BOS UploadPart example', () => {
    const auth = bceAuthorization({
      accessKey: 'a'.repeat(32),
      secretKey: 'b'.repeat(32),
      method: 'PUT',
      path: '/v1/test/myfolder/readme.txt',
      query: new URLSearchParams('partNumber=9&uploadId=a44cc9bab11cbd156984767aad637851'),
      headers: {
        Host: 'bj.bcebos.com',
        'Content-Type': 'text/plain',
        'Content-Length': '8',
        'Content-Md5': 'NFzcPqhviddjRNnSOGo4rw==',
        'x-bce-date': '2015-04-27T08:23:49Z',
      },
      signedHeaders: ['host', 'content-type', 'content-length', 'content-md5', 'x-bce-date'],
      timestamp: '2015-04-27T08:23:49Z',
    });
    expect(auth.split('/').at(-1)).toBe('d74a04362e6a848f5b39b15421cb449427f419c95a480fd6b8cf9fc783e2999e');
  });

  it('Tencent TC3: the documented DescribeInstances canonical request and string to sign (its keys are masked)', () => {
    const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    const canonical = tc3CanonicalRequest({ host: 'cvm.tencentcloudapi.com', action: 'DescribeInstances', payload });
    expect(crypto.createHash('sha256').update(canonical).digest('hex')).toBe('7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84');
    expect(tc3StringToSign(1551113065, 'cvm', canonical)).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84',
    );
  });

  it('Huawei WSSE digest is Base64(SHA-256(nonce + created + secret)); Haomas sign is MD5 of sorted params + key', () => {
    expect(wssePasswordDigest('n1', '2024-01-01T00:00:00Z', 's')).toBe(crypto.createHash('sha256').update('n12024-01-01T00:00:00Zs').digest('base64'));
    expect(haomasSign({ b: '2', a: '1', empty: '', sign: 'x' }, 'k')).toBe(crypto.createHash('md5').update('a=1&b=2&key=k').digest('hex').toUpperCase());
  });
});

describe('endpoints', () => {
  it('default to the vendor hosts; sms.endpoint overrides, with or without scheme', () => {
    expect(baseUrl('', 'https://dysmsapi.aliyuncs.com')).toBe('https://dysmsapi.aliyuncs.com');
    expect(baseUrl('sms.internal.example.com/', 'https://x')).toBe('https://sms.internal.example.com');
    expect(baseUrl('http://127.0.0.1:9000', 'https://x')).toBe('http://127.0.0.1:9000');
  });

  it('haomas has no public host: without sms.endpoint it fails with a clear reason', async () => {
    const r = await createSmsProvider('haomas', { accessKey: 'a', secretKey: 'b', sdkAppId: '', endpoint: '' }).send(MESSAGE);
    expect(r).toMatchObject({ ok: false, error: '未配置接口地址（sms.endpoint）' });
  });
});
