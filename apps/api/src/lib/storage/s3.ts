import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { assertSafeKey, type Storage } from './types';

/**
 * S3-compatible object storage (AWS S3, MinIO, Aliyun OSS S3 mode, Tencent COS, ...) over the plain REST API:
 * AWS Signature Version 4 computed here with node:crypto, requests through Node's fetch.
 *
 * Writes: a Buffer is one PutObject (payload hash signed). A stream is read into part buffers of `partSize`
 * (8 MiB); if it ends inside the first part it is one PutObject too, otherwise a multipart upload
 * (CreateMultipartUpload → UploadPart × n, `UNSIGNED-PAYLOAD`, at most `partConcurrency` in flight →
 * CompleteMultipartUpload). Part buffers are reused, so a stream of any size holds at most
 * (partConcurrency + 1) × partSize in memory. Any failure aborts the multipart upload: no object, no parts left.
 */
export interface S3Options {
  endpoint?: string;
  bucket?: string;
  region?: string;
  accessKey?: string;
  secretKey?: string;
  /** true: https://endpoint/bucket/key; false: https://bucket.endpoint/key */
  forcePathStyle?: boolean;
  /** bytes per multipart part (S3's minimum is 5 MiB except the last part). Default 8 MiB. */
  partSize?: number;
  /** parts uploaded at the same time. Default 2. */
  partConcurrency?: number;
  /** attempts for a request that fails with a network error, 500, 502, 503 or 504. Default 3. */
  maxAttempts?: number;
  /** ms to wait for a response (headers) before giving up. Default 120 000. */
  timeoutMs?: number;
  /** tests only: a fetch to use instead of the global one */
  fetch?: typeof fetch;
}

export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

// ---------------------------------------------------------------------------------------------------
// Signature Version 4
// ---------------------------------------------------------------------------------------------------

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX (UTF-8, upper-case hex). */
export function uriEncode(s: string, encodeSlash = true): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    if ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || c === '-' || c === '_' || c === '.' || c === '~' || (c === '/' && !encodeSlash)) out += c;
    else out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const sha256Hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data, 'utf8').digest();

/** 20130524T000000Z */
export function amzDate(d: Date): string {
  return d.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

export interface SignInput {
  method: string;
  /** the URL exactly as it will be requested: path and query already encoded with uriEncode */
  url: string;
  /** headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case) */
  headers?: Record<string, string>;
  /** hex SHA-256 of the body, or UNSIGNED-PAYLOAD */
  payloadHash: string;
  accessKey: string;
  secretKey: string;
  region: string;
  service?: string;
  date?: Date;
}

export interface Signed {
  /** headers to send (host excluded: fetch sets it from the URL) */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

/** Signs a request with AWS Signature Version 4 (header form). */
export function signV4(input: SignInput): Signed {
  const u = new URL(input.url);
  const date = input.date ?? new Date();
  const stamp = amzDate(date);
  const day = stamp.slice(0, 8);
  const service = input.service ?? 's3';
  const all: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers ?? {})) all[k.toLowerCase()] = v;
  all['host'] = u.host;
  all['x-amz-date'] = stamp;
  all['x-amz-content-sha256'] = input.payloadHash;
  const names = Object.keys(all).sort();
  const canonicalHeaders = names.map((n) => `${n}:${String(all[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  // the query as built by this module is already encoded; re-sort the pairs as SigV4 requires
  const query = u.search.replace(/^\?/, '');
  const canonicalQuery = query
    ? query.split('&').map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)];
    }).sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0)).map(([k, v]) => `${k}=${v}`).join('&')
    : '';
  const canonicalRequest = [input.method.toUpperCase(), u.pathname || '/', canonicalQuery, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretKey}`, day), input.region), service), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  const headers: Record<string, string> = {};
  for (const n of names) if (n !== 'host') headers[n] = all[n];
  headers['authorization'] = `AWS4-HMAC-SHA256 Credential=${input.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}

// ---------------------------------------------------------------------------------------------------
// configuration
// ---------------------------------------------------------------------------------------------------

export interface ResolvedS3Options {
  endpoint: URL;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  forcePathStyle: boolean;
}

/** Checks the settings once, at start, with messages that name the environment variable to fix. */
export function resolveS3Options(o: S3Options | undefined): ResolvedS3Options {
  const cfg = o ?? {};
  const missing = ([['S3_ENDPOINT', cfg.endpoint], ['S3_BUCKET', cfg.bucket], ['S3_ACCESS_KEY', cfg.accessKey], ['S3_SECRET_KEY', cfg.secretKey]] as const)
    .filter(([, v]) => !v || !String(v).trim()).map(([n]) => n);
  if (missing.length) {
    const hint = missing.includes('S3_ENDPOINT')
      ? '（S3_ENDPOINT 例如 https://s3.us-east-1.amazonaws.com、https://oss-cn-hangzhou.aliyuncs.com、https://cos.ap-guangzhou.myqcloud.com、http://127.0.0.1:9000）'
      : '';
    throw new Error(`对象存储配置不完整：缺少 ${missing.join('、')}${hint}`);
  }
  let endpoint: URL;
  try {
    endpoint = new URL(cfg.endpoint!.trim());
  } catch {
    throw new Error(`对象存储配置错误：S3_ENDPOINT 不是有效的地址：${cfg.endpoint}（应形如 https://s3.example.com）`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new Error(`对象存储配置错误：S3_ENDPOINT 必须以 http:// 或 https:// 开头：${cfg.endpoint}`);
  if (endpoint.search || endpoint.hash || endpoint.username || endpoint.password) throw new Error(`对象存储配置错误：S3_ENDPOINT 不能带查询参数、锚点或用户名密码：${cfg.endpoint}`);
  const bucket = cfg.bucket!.trim();
  if (bucket.includes('/')) throw new Error(`对象存储配置错误：S3_BUCKET 只填存储桶名，不能含 “/”：${bucket}`);
  const region = (cfg.region ?? '').trim() || 'us-east-1';
  const forcePathStyle = cfg.forcePathStyle ?? true;
  if (!forcePathStyle) {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
      throw new Error(`对象存储配置错误：存储桶名 “${bucket}” 不能用作域名（虚拟主机方式），请改用小写字母、数字和连字符，或设置 S3_FORCE_PATH_STYLE=true`);
    }
  } else if (/(^|\.)aliyuncs\.com$/i.test(endpoint.hostname)) {
    throw new Error('对象存储配置错误：阿里云 OSS 只支持虚拟主机方式访问，请设置 S3_FORCE_PATH_STYLE=false');
  }
  return { endpoint, bucket, region, accessKey: cfg.accessKey!.trim(), secretKey: cfg.secretKey!, forcePathStyle };
}

/** Where a key lives: path style `endpoint/bucket/key`, virtual-hosted `bucket.endpoint/key`. Query pairs are encoded here. */
export function buildS3Url(o: Pick<ResolvedS3Options, 'endpoint' | 'bucket' | 'forcePathStyle'>, key = '', query: [string, string][] = []): string {
  const base = o.endpoint.pathname.replace(/\/+$/, '');
  const encodedKey = uriEncode(key, false);
  // virtual-hosted: an endpoint that already names the bucket (https://wenku.oss-cn-hangzhou.aliyuncs.com) is kept as is
  const host = o.forcePathStyle || o.endpoint.hostname.startsWith(`${o.bucket}.`) ? o.endpoint.host : `${o.bucket}.${o.endpoint.host}`;
  const path = o.forcePathStyle ? `${base}/${uriEncode(o.bucket)}/${encodedKey}` : `${base}/${encodedKey}`;
  const qs = query.map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`).join('&');
  return `${o.endpoint.protocol}//${host}${path}${qs ? `?${qs}` : ''}`;
}

// ---------------------------------------------------------------------------------------------------
// XML (S3 answers are small and flat: a few regular expressions read them)
// ---------------------------------------------------------------------------------------------------

export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function xmlUnescape(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const l = e.toLowerCase();
    if (l.startsWith('#x')) return String.fromCodePoint(parseInt(l.slice(2), 16));
    if (l.startsWith('#')) return String.fromCodePoint(parseInt(l.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[l]!;
  });
}

/** Text of every <tag>…</tag> (tag without attributes or with), unescaped. */
export function xmlValues(xml: string, tag: string): string[] {
  const re = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  return [...xml.matchAll(re)].map((m) => xmlUnescape(m[1]!));
}
const xmlValue = (xml: string, tag: string) => xmlValues(xml, tag)[0];

// ---------------------------------------------------------------------------------------------------
// errors
// ---------------------------------------------------------------------------------------------------

const CODE_HINTS: Record<string, string> = {
  SignatureDoesNotMatch: '签名不匹配，请检查 S3_SECRET_KEY 与 S3_REGION',
  InvalidAccessKeyId: '访问密钥不存在，请检查 S3_ACCESS_KEY',
  AccessDenied: '无权访问，请检查密钥的权限与存储桶策略',
  NoSuchBucket: '存储桶不存在，请检查 S3_BUCKET 与 S3_ENDPOINT',
  AuthorizationHeaderMalformed: '签名区域不对，请检查 S3_REGION',
  PermanentRedirect: '存储桶不在这个地址，请检查 S3_ENDPOINT 与 S3_REGION',
  RequestTimeTooSkewed: '本机时间与对象存储相差太多，请校准服务器时间',
  SlowDown: '请求过于频繁，对象存储要求降速',
  EntityTooSmall: '分片太小',
  NoSuchUpload: '分片上传已不存在（可能已被取消）',
};

/** A failed S3 request: status, S3's error code and message, and a Chinese hint. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly s3Message: string,
    readonly operation: string,
    readonly requestId?: string,
  ) {
    const hint = CODE_HINTS[code];
    super(`对象存储请求失败（${operation}）：HTTP ${status} ${code}${s3Message ? ` — ${s3Message}` : ''}${hint ? `（${hint}）` : ''}`);
    this.name = 'S3Error';
  }
}

function statusCode(status: number): string {
  return ({ 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound', 405: 'MethodNotAllowed', 409: 'Conflict', 411: 'MissingContentLength', 412: 'PreconditionFailed', 500: 'InternalError', 501: 'NotImplemented', 503: 'ServiceUnavailable' } as Record<number, string>)[status] ?? `HTTP${status}`;
}

function errorFromXml(status: number, body: string, operation: string, requestId?: string): S3Error {
  const code = xmlValue(body, 'Code') ?? statusCode(status);
  const message = xmlValue(body, 'Message') ?? (body && !body.trimStart().startsWith('<') ? body.slice(0, 200) : '');
  return new S3Error(status, code, message, operation, requestId ?? xmlValue(body, 'RequestId'));
}

const RETRY_STATUS = new Set([500, 502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------
// the store
// ---------------------------------------------------------------------------------------------------

interface RequestOpts {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  key?: string;
  query?: [string, string][];
  headers?: Record<string, string>;
  /** replayable body; a Buffer's SHA-256 is signed unless unsignedPayload */
  body?: Buffer;
  unsignedPayload?: boolean;
  operation: string;
  /** statuses handed back to the caller instead of thrown */
  accept?: number[];
  /** keep the body unread (GetObject); the timeout then covers the headers only */
  stream?: boolean;
}

interface S3Response {
  status: number;
  headers: Headers;
  /** the body read as text (empty for HEAD and for a streamed GetObject) */
  text: string;
  body?: ReadableStream<Uint8Array>;
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly options: ResolvedS3Options;
  readonly partSize: number;
  readonly partConcurrency: number;
  private readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(opts: S3Options | undefined) {
    this.options = resolveS3Options(opts);
    this.partSize = Math.max(MIN_PART_SIZE, Math.floor(opts?.partSize ?? DEFAULT_PART_SIZE));
    this.partConcurrency = Math.max(1, Math.floor(opts?.partConcurrency ?? 2));
    this.maxAttempts = Math.max(1, Math.floor(opts?.maxAttempts ?? 3));
    this.timeoutMs = opts?.timeoutMs ?? 120_000;
    this.fetchFn = opts?.fetch ?? fetch;
  }

  /** The URL of a key (no query), as requests use it. */
  url(key = '', query: [string, string][] = []): string {
    return buildS3Url(this.options, key, query);
  }

  /** One signed request, retried on network errors and 5xx (every body here is a buffer, so it can be replayed). */
  private async request(o: RequestOpts): Promise<S3Response> {
    const url = this.url(o.key ?? '', o.query ?? []);
    const what = `${o.operation}${o.key ? ` ${o.key}` : ''}`;
    for (let attempt = 1; ; attempt++) {
      const payloadHash = o.unsignedPayload ? UNSIGNED_PAYLOAD : o.body ? sha256Hex(o.body) : EMPTY_SHA256;
      const signed = signV4({ method: o.method, url, headers: o.headers, payloadHash, accessKey: this.options.accessKey, secretKey: this.options.secretKey, region: this.options.region });
      const headers: Record<string, string> = { ...signed.headers, 'accept-encoding': 'identity' };
      let body: ReadableStream<Uint8Array> | Buffer | undefined;
      if (o.body) {
        headers['content-length'] = String(o.body.length);
        // a stream over the buffer: fetch would copy a Buffer body, a stream's chunks go to the socket as they are
        body = o.body.length ? bufferStream(o.body) : Buffer.alloc(0);
      }
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(new Error(`timeout after ${this.timeoutMs} ms`)), this.timeoutMs);
      try {
        let res: Response;
        try {
          res = await this.fetchFn(url, { method: o.method, headers, body, signal: ctl.signal, redirect: 'manual', ...(body ? { duplex: 'half' } : {}) } as RequestInit);
        } catch (e) {
          if (attempt < this.maxAttempts) {
            await sleep(100 * 2 ** attempt);
            continue;
          }
          const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
          throw new Error(`无法连接对象存储（${what}，${this.options.endpoint.origin}）：${cause?.code ?? cause?.message ?? (e as Error).message}`, { cause: e });
        }
        if (o.stream && res.ok) return { status: res.status, headers: res.headers, text: '', body: res.body ?? undefined };
        // answers other than GetObject's are small: read them inside the timeout
        if (res.ok || o.accept?.includes(res.status)) return { status: res.status, headers: res.headers, text: o.method === 'HEAD' ? '' : await res.text() };
        const text = o.method === 'HEAD' ? '' : await res.text().catch(() => '');
        if (RETRY_STATUS.has(res.status) && attempt < this.maxAttempts) {
          await sleep(100 * 2 ** attempt);
          continue;
        }
        throw errorFromXml(res.status, text, what, res.headers.get('x-amz-request-id') ?? undefined);
      } finally {
        clearTimeout(timer);
      }
    }
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType?: string } = {}): Promise<number> {
    assertSafeKey(key);
    const headers: Record<string, string> = opts.contentType ? { 'content-type': opts.contentType } : {};
    if (Buffer.isBuffer(body)) {
      await this.request({ method: 'PUT', key, headers, body, operation: 'PutObject' });
      return body.length;
    }
    return this.putStream(key, body, headers);
  }

  private async putStream(key: string, source: Readable, headers: Record<string, string>): Promise<number> {
    const size = this.partSize;
    const pool: Buffer[] = [];
    let buf: Buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    let total = 0;
    let uploadId: string | undefined;
    const etags: string[] = [];
    const inflight = new Set<Promise<void>>();
    let failure: { error: unknown } | undefined;

    const sendPart = async (part: Buffer, length: number) => {
      const number = etags.length + 1;
      etags.push('');
      const p: Promise<void> = this.uploadPart(key, uploadId!, number, part.subarray(0, length))
        .then((etag) => {
          etags[number - 1] = etag;
          if (length === size) pool.push(part);
        }, (error) => {
          failure ??= { error };
        })
        .finally(() => inflight.delete(p));
      inflight.add(p);
      // back-pressure: stop reading while partConcurrency parts are on the wire
      while (inflight.size >= this.partConcurrency) await Promise.race(inflight);
      if (failure) throw failure.error;
    };

    try {
      for await (const c of source) {
        let chunk: Buffer = Buffer.isBuffer(c) ? c : Buffer.from(c as string);
        total += chunk.length;
        while (chunk.length) {
          const n = Math.min(chunk.length, size - filled);
          chunk.copy(buf, filled, 0, n);
          filled += n;
          chunk = chunk.subarray(n);
          if (filled === size) {
            if (!uploadId) uploadId = await this.createMultipart(key, headers);
            await sendPart(buf, size);
            buf = pool.pop() ?? Buffer.allocUnsafe(size);
            filled = 0;
          }
        }
      }
      if (!uploadId) {
        // smaller than one part: a single PutObject
        await this.request({ method: 'PUT', key, headers, body: buf.subarray(0, filled), operation: 'PutObject' });
        return total;
      }
      if (filled > 0) await sendPart(buf, filled);
      await Promise.all(inflight);
      if (failure) throw failure.error;
      await this.completeMultipart(key, uploadId, etags);
      return total;
    } catch (e) {
      if (!source.destroyed) source.destroy();
      await Promise.allSettled(inflight);
      if (uploadId) await this.abortMultipart(key, uploadId).catch(() => undefined);
      throw e;
    }
  }

  private async createMultipart(key: string, headers: Record<string, string>): Promise<string> {
    const res = await this.request({ method: 'POST', key, query: [['uploads', '']], headers, operation: 'CreateMultipartUpload' });
    const id = xmlValue(res.text, 'UploadId');
    if (!id) throw new S3Error(res.status, 'MalformedResponse', 'no UploadId in the answer', `CreateMultipartUpload ${key}`);
    return id;
  }

  private async uploadPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string> {
    const res = await this.request({
      method: 'PUT', key, query: [['partNumber', String(partNumber)], ['uploadId', uploadId]], body, unsignedPayload: true, operation: `UploadPart #${partNumber}`,
    });
    const etag = res.headers.get('etag');
    if (!etag) throw new S3Error(res.status, 'MalformedResponse', 'no ETag for the part', `UploadPart #${partNumber} ${key}`);
    return etag;
  }

  private async completeMultipart(key: string, uploadId: string, etags: string[]) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xmlEscape(e)}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
    const res = await this.request({ method: 'POST', key, query: [['uploadId', uploadId]], headers: { 'content-type': 'application/xml' }, body: Buffer.from(xml), operation: 'CompleteMultipartUpload' });
    // S3 may answer 200 and still report an error in the body
    if (/<Error>/.test(res.text)) throw errorFromXml(200, res.text, `CompleteMultipartUpload ${key}`);
  }

  private async abortMultipart(key: string, uploadId: string) {
    await this.request({ method: 'DELETE', key, query: [['uploadId', uploadId]], operation: 'AbortMultipartUpload', accept: [404] });
  }

  async get(key: string): Promise<Readable | undefined> {
    assertSafeKey(key);
    const res = await this.request({ method: 'GET', key, operation: 'GetObject', stream: true, accept: [404] });
    if (res.status === 404 || !res.body) return undefined;
    return Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | undefined> {
    assertSafeKey(key);
    const res = await this.request({ method: 'HEAD', key, operation: 'HeadObject', accept: [404] });
    if (res.status === 404) return undefined;
    const lm = res.headers.get('last-modified');
    return { size: Number(res.headers.get('content-length') ?? 0), modifiedAt: lm ? new Date(lm) : new Date(0) };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.request({ method: 'DELETE', key, operation: 'DeleteObject', accept: [404] });
  }

  /** Every key below `prefix/` (a folder, as on local disk), page by page. */
  async *list(prefix: string): AsyncGenerator<string[]> {
    const p = `${assertSafeKey(prefix.replace(/\/+$/, ''))}/`;
    let token: string | undefined;
    do {
      const query: [string, string][] = [['list-type', '2'], ['prefix', p]];
      if (token) query.push(['continuation-token', token]);
      const res = await this.request({ method: 'GET', query, operation: `ListObjectsV2 ${p}` });
      const xml = res.text;
      const keys = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map((m) => xmlValue(m[1]!, 'Key')).filter((k): k is string => !!k);
      if (keys.length) yield keys;
      token = xmlValue(xml, 'IsTruncated') === 'true' ? xmlValue(xml, 'NextContinuationToken') : undefined;
    } while (token);
  }

  async deletePrefix(prefix: string): Promise<void> {
    for await (const keys of this.list(prefix)) await this.deleteMany(keys);
  }

  private deleteObjectsSupported = true;

  /** DeleteObjects (≤ 1000 keys, Content-MD5 as S3 requires); single deletes where a store lacks it. */
  private async deleteMany(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (this.deleteObjectsSupported) {
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Quiet>true</Quiet>${batch.map((k) => `<Object><Key>${xmlEscape(k)}</Key></Object>`).join('')}</Delete>`;
        const body = Buffer.from(xml, 'utf8');
        const res = await this.request({
          method: 'POST', query: [['delete', '']], body, operation: 'DeleteObjects', accept: [501],
          headers: { 'content-type': 'application/xml', 'content-md5': crypto.createHash('md5').update(body).digest('base64') },
        });
        if (res.status !== 501) {
          const errors = [...res.text.matchAll(/<Error>([\s\S]*?)<\/Error>/g)];
          if (errors.length) {
            const first = errors[0]![1]!;
            throw new S3Error(200, xmlValue(first, 'Code') ?? 'DeleteFailed', `${errors.length} 个对象删除失败，例如 ${xmlValue(first, 'Key')}：${xmlValue(first, 'Message') ?? ''}`, 'DeleteObjects');
          }
          continue;
        }
        this.deleteObjectsSupported = false;
      }
      for (const k of batch) await this.request({ method: 'DELETE', key: k, operation: 'DeleteObject', accept: [404] });
    }
  }
}

/** A web stream over a buffer, in 1 MiB views (no copy); lets go of the buffer once read, whoever keeps the stream. */
function bufferStream(buffer: Buffer): ReadableStream<Uint8Array> {
  let b: Buffer | undefined = buffer;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (!b) return c.close();
      const end = Math.min(b.length, at + 1024 * 1024);
      c.enqueue(b.subarray(at, end));
      at = end;
      if (at >= b.length) {
        b = undefined;
        c.close();
      }
    },
    cancel() {
      b = undefined;
    },
  });
}
