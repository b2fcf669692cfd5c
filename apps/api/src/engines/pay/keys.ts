import crypto, { type KeyObject } from 'node:crypto';
import { PayError } from './types';

/**
 * RSA keys as the vendors hand them out: PEM (any header), PEM pasted with literal `\n`, or bare base64 DER without
 * header — private keys as PKCS#8 or PKCS#1, public keys as SPKI or PKCS#1. An X.509 certificate PEM also works
 * as a public key.
 */

function normalise(input: string): string {
  return input.replace(/\\n/g, '\n').replace(/\r/g, '').trim();
}

function bareDer(input: string, what: string): Buffer {
  const b64 = input.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length < 64) throw new PayError('bad_key', `${what}格式无法识别：应为 PEM 或 base64 编码的密钥`);
  return Buffer.from(b64, 'base64');
}

function tryEach<T>(attempts: (() => T)[]): T | undefined {
  for (const a of attempts) {
    try {
      return a();
    } catch {
      // try the next form
    }
  }
  return undefined;
}

/** The merchant / app private key: PEM, or bare base64 PKCS#8 or PKCS#1. */
export function loadPrivateKey(input: string | KeyObject, what = '私钥'): KeyObject {
  if (typeof input !== 'string') return input;
  const text = normalise(input);
  if (!text) throw new PayError('bad_key', `${what}未配置`);
  let key: KeyObject | undefined;
  if (text.includes('-----BEGIN')) key = tryEach([() => crypto.createPrivateKey(text)]);
  else {
    const der = bareDer(text, what);
    key = tryEach([
      () => crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
      () => crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
    ]);
  }
  if (!key) throw new PayError('bad_key', `${what}无法解析：请填写 PEM 或 base64 格式的 RSA 私钥（PKCS#1 或 PKCS#8）`);
  if (key.asymmetricKeyType !== 'rsa') throw new PayError('bad_key', `${what}不是 RSA 密钥`);
  return key;
}

/** The vendor's public key: PEM (public key or certificate), or bare base64 SPKI or PKCS#1. */
export function loadPublicKey(input: string | KeyObject, what = '公钥'): KeyObject {
  if (typeof input !== 'string') return input;
  const text = normalise(input);
  if (!text) throw new PayError('bad_key', `${what}未配置`);
  let key: KeyObject | undefined;
  if (text.includes('-----BEGIN')) {
    if (text.includes('PRIVATE KEY')) throw new PayError('bad_key', `${what}处填写的是私钥，请填写公钥`);
    key = tryEach([() => crypto.createPublicKey(text)]);
  } else {
    const der = bareDer(text, what);
    key = tryEach([
      () => crypto.createPublicKey({ key: der, format: 'der', type: 'spki' }),
      () => crypto.createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
    ]);
  }
  if (!key) throw new PayError('bad_key', `${what}无法解析：请填写 PEM 或 base64 格式的 RSA 公钥（SPKI）`);
  if (key.asymmetricKeyType !== 'rsa') throw new PayError('bad_key', `${what}不是 RSA 密钥`);
  return key;
}

/** RSA-SHA256 (PKCS#1 v1.5), base64: what WeChat Pay's WECHATPAY2-SHA256-RSA2048 and Alipay's RSA2 both are. */
export function rsaSha256Sign(message: string, key: KeyObject): string {
  return crypto.sign('sha256', Buffer.from(message, 'utf8'), key).toString('base64');
}

export function rsaSha256Verify(message: string, signatureB64: string, key: KeyObject): boolean {
  if (!signatureB64) return false;
  try {
    return crypto.verify('sha256', Buffer.from(message, 'utf8'), key, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}
