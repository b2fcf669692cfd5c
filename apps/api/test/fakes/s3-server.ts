import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * A small S3 for tests: PutObject, GetObject, HeadObject, DeleteObject, ListObjectsV2, DeleteObjects and the
 * multipart calls, path-style (`/bucket/key`) or virtual-hosted (`bucket.<virtualHostSuffix>`).
 *
 * Every request must carry an AWS Signature Version 4 that this server recomputes from what it received with
 * the known secret — its own implementation, written from the AWS documentation, not the adapter's — and a wrong
 * one is refused with 403 SignatureDoesNotMatch as S3 does — in the Authorization header, or in the query string of
 * a presigned URL (X-Amz-Algorithm … X-Amz-Signature, with X-Amz-Expires enforced). Signed payload hashes,
 * Content-MD5, x-amz-checksum-{crc32,sha1,sha256} and part sizes are checked as well; a presigned GetObject honours
 * the response-content-* overrides. Bodies go to a temp folder, so a 30 MB upload does not sit in the test process's
 * memory.
 */
export interface FakeS3Options {
  accessKey?: string;
  secretKey?: string;
  region?: string;
  bucket?: string;
  /** ListObjectsV2 page size cap (S3: 1000) — small values exercise continuation tokens */
  maxKeys?: number;
  /** S3 refuses parts below 5 MiB except the last */
  minPartSize?: number;
  /** host suffix for virtual-hosted requests: <bucket>.s3.test */
  virtualHostSuffix?: string;
}

export interface LoggedRequest {
  method: string;
  /** the raw request target as received (path and query still encoded) */
  rawUrl: string;
  bucket?: string;
  key?: string;
  op: string;
  status: number;
  bytes: number;
  headers: http.IncomingHttpHeaders;
}

interface StoredObject {
  file: string;
  size: number;
  etag: string;
  contentType?: string;
  lastModified: Date;
}

interface Upload {
  bucket: string;
  key: string;
  contentType?: string;
  parts: Map<number, { file: string; size: number; etag: string }>;
}

interface Failure {
  match: (r: { method: string; op: string; key?: string }) => boolean;
  status?: number;
  code?: string;
  /** drop the connection instead of answering */
  destroy?: boolean;
  times: number;
}

export interface FakeS3 {
  endpoint: string;
  port: number;
  accessKey: string;
  secretKey: string;
  region: string;
  bucket: string;
  requests: LoggedRequest[];
  /** the keys stored in a bucket with their sizes */
  objects(bucket?: string): Map<string, { size: number; etag: string; contentType?: string }>;
  read(key: string, bucket?: string): Promise<Buffer | undefined>;
  /** multipart uploads started and neither completed nor aborted */
  pendingUploads(): number;
  /** the next `times` requests that match fail with `status`/`code`, or lose their connection */
  failNext(f: Omit<Failure, 'times'> & { times?: number }): void;
  close(): Promise<void>;
}

// ------------------------------------------------------------------ SigV4, the server's side

const UNRESERVED = /[A-Za-z0-9\-_.~]/;
function awsEncode(s: string): string {
  return Array.from(Buffer.from(s, 'utf8'))
    .map((b) => (UNRESERVED.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function canonicalUri(rawPath: string): string {
  // S3: each segment URI-encoded once, '/' kept, no normalisation of dot segments
  return (
    rawPath
      .split('/')
      .map((seg) => awsEncode(decodeURIComponent(seg)))
      .join('/') || '/'
  );
}

function canonicalQueryString(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const k = eq < 0 ? pair : pair.slice(0, eq);
      const v = eq < 0 ? '' : pair.slice(eq + 1);
      return [awsEncode(decodeURIComponent(k)), awsEncode(decodeURIComponent(v))] as const;
    })
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

interface AuthResult {
  ok: boolean;
  status?: number;
  code?: string;
  message?: string;
  extra?: Record<string, string>;
  payloadHash?: string;
  /** authenticated by the query string (a presigned URL) */
  presigned?: boolean;
}

type Keys = Required<Pick<FakeS3Options, 'accessKey' | 'secretKey' | 'region'>>;

const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** The canonical headers of the signed header list, or the name of a signed header that is missing. */
function canonicalHeadersOf(req: http.IncomingMessage, signed: string[]): { text: string } | { missing: string } {
  let text = '';
  for (const h of signed) {
    const v = req.headers[h];
    if (v === undefined) return { missing: h };
    const value = (Array.isArray(v) ? v.join(',') : v).trim().replace(/\s+/g, ' ');
    text += `${h}:${value}\n`;
  }
  return { text };
}

/** Compares the signature sent with the one recomputed from the canonical request. */
function checkSignature(
  o: Keys,
  accessKey: string,
  day: string,
  region: string,
  amzDate: string,
  canonicalRequest: string,
  signature: string,
): AuthResult | undefined {
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${crypto.createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')}`;
  let k: Buffer = crypto.createHmac('sha256', `AWS4${o.secretKey}`).update(day).digest();
  for (const part of [region, 's3', 'aws4_request']) k = crypto.createHmac('sha256', k).update(part).digest();
  const expected = crypto.createHmac('sha256', k).update(stringToSign, 'utf8').digest('hex');
  if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      extra: { AWSAccessKeyId: accessKey, StringToSign: stringToSign, SignatureProvided: signature, CanonicalRequest: canonicalRequest },
    };
  }
  return undefined;
}

/**
 * Query-string authentication (a presigned URL): every X-Amz-* parameter but the signature is part of the
 * canonical query, the payload is UNSIGNED-PAYLOAD, and the URL is refused once X-Amz-Date + X-Amz-Expires passed.
 */
function verifyPresigned(req: http.IncomingMessage, rawPath: string, rawQuery: string, o: Keys): AuthResult {
  const q = new URLSearchParams(rawQuery);
  const bad = (message: string): AuthResult => ({ ok: false, status: 400, code: 'AuthorizationQueryParametersError', message });
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return bad('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const cred = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/.exec(q.get('X-Amz-Credential') ?? '');
  if (!cred) return bad('Error parsing the X-Amz-Credential parameter');
  const [, accessKey, day, region] = cred as unknown as [string, string, string, string];
  if (accessKey !== o.accessKey)
    return { ok: false, status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  if (region !== o.region) return bad(`Error parsing the X-Amz-Credential parameter; the region '${region}' is wrong; expecting '${o.region}'`);
  const amzDate = q.get('X-Amz-Date') ?? '';
  const t = AMZ_DATE.exec(amzDate);
  if (!t || amzDate.slice(0, 8) !== day) return bad("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\" and match the credential scope");
  const expires = q.get('X-Amz-Expires') ?? '';
  if (!/^\d+$/.test(expires) || Number(expires) < 1 || Number(expires) > 604800) return bad('X-Amz-Expires must be between 1 and 604800 seconds');
  const signature = q.get('X-Amz-Signature') ?? '';
  if (!/^[0-9a-f]{64}$/.test(signature)) return bad('X-Amz-Signature must be a hex SHA-256 HMAC');
  const signedHeaderList = q.get('X-Amz-SignedHeaders') ?? '';
  const signed = signedHeaderList.split(';');
  if (!/^[a-z0-9;-]+$/.test(signedHeaderList) || !signed.includes('host'))
    return { ok: false, status: 403, code: 'AccessDenied', message: 'host must be signed' };
  const unsignedAmz = Object.keys(req.headers).filter((h) => h.startsWith('x-amz-') && !signed.includes(h));
  if (unsignedAmz.length)
    return {
      ok: false,
      status: 403,
      code: 'AccessDenied',
      message: `There were headers present in the request which were not signed: ${unsignedAmz.join(', ')}`,
    };
  const when = Date.UTC(+t[1]!, +t[2]! - 1, +t[3]!, +t[4]!, +t[5]!, +t[6]!);
  if (Date.now() > when + Number(expires) * 1000)
    return { ok: false, status: 403, code: 'AccessDenied', message: 'Request has expired', extra: { 'X-Amz-Expires': expires } };
  if (when - Date.now() > 15 * 60_000) return { ok: false, status: 403, code: 'AccessDenied', message: 'Request is not valid yet' };
  const headers = canonicalHeadersOf(req, signed);
  if ('missing' in headers) return { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: `signed header ${headers.missing} is missing` };
  let uri: string;
  let query: string;
  try {
    uri = canonicalUri(rawPath);
    query = canonicalQueryString(
      rawQuery
        .split('&')
        .filter((p) => !p.startsWith('X-Amz-Signature='))
        .join('&'),
    );
  } catch {
    return { ok: false, status: 400, code: 'InvalidURI', message: "Couldn't parse the specified URI." };
  }
  const canonicalRequest = `${req.method}\n${uri}\n${query}\n${headers.text}\n${signedHeaderList}\nUNSIGNED-PAYLOAD`;
  return checkSignature(o, accessKey, day, region, amzDate, canonicalRequest, signature) ?? { ok: true, payloadHash: 'UNSIGNED-PAYLOAD', presigned: true };
}

function verifySignature(req: http.IncomingMessage, rawPath: string, rawQuery: string, o: Keys): AuthResult {
  const auth = req.headers.authorization;
  if (!auth && /(^|&)X-Amz-Signature=/.test(rawQuery)) return verifyPresigned(req, rawPath, rawQuery, o);
  if (!auth) return { ok: false, status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  const [, accessKey, day, region, signedHeaderList, signature] = m as unknown as [string, string, string, string, string, string];
  if (accessKey !== o.accessKey)
    return { ok: false, status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  if (region !== o.region)
    return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: `the region '${region}' is wrong; expecting '${o.region}'` };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const t = AMZ_DATE.exec(amzDate);
  if (!t || amzDate.slice(0, 8) !== day)
    return { ok: false, status: 403, code: 'AccessDenied', message: 'X-Amz-Date is missing or does not match the credential scope' };
  const when = Date.UTC(+t[1]!, +t[2]! - 1, +t[3]!, +t[4]!, +t[5]!, +t[6]!);
  if (Math.abs(Date.now() - when) > 15 * 60_000)
    return { ok: false, status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (typeof payloadHash !== 'string' || !(payloadHash === 'UNSIGNED-PAYLOAD' || /^[0-9a-f]{64}$/.test(payloadHash))) {
    return { ok: false, status: 400, code: 'InvalidArgument', message: 'x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256 hex digest' };
  }
  const signed = signedHeaderList.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-content-sha256') || !signed.includes('x-amz-date')) {
    return { ok: false, status: 403, code: 'AccessDenied', message: 'host, x-amz-date and x-amz-content-sha256 must be signed' };
  }
  // every x-amz-* header sent must be signed
  const unsignedAmz = Object.keys(req.headers).filter((h) => h.startsWith('x-amz-') && !signed.includes(h));
  if (unsignedAmz.length)
    return {
      ok: false,
      status: 403,
      code: 'AccessDenied',
      message: `There were headers present in the request which were not signed: ${unsignedAmz.join(', ')}`,
    };
  const headers = canonicalHeadersOf(req, signed);
  if ('missing' in headers) return { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: `signed header ${headers.missing} is missing` };
  let uri: string;
  let query: string;
  try {
    uri = canonicalUri(rawPath);
    query = canonicalQueryString(rawQuery);
  } catch {
    return { ok: false, status: 400, code: 'InvalidURI', message: "Couldn't parse the specified URI." };
  }
  const canonicalRequest = `${req.method}\n${uri}\n${query}\n${headers.text}\n${signedHeaderList}\n${payloadHash}`;
  return checkSignature(o, accessKey, day, region, amzDate, canonicalRequest, signature) ?? { ok: true, payloadHash };
}

// ------------------------------------------------------------------ the server

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const unesc = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e.toLowerCase()]!,
  );
const tags = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);

export async function startFakeS3(opts: FakeS3Options = {}): Promise<FakeS3> {
  const o = {
    accessKey: opts.accessKey ?? 'WENKUTESTACCESSKEY',
    secretKey: opts.secretKey ?? 'wenku/test+secret/KEY0123456789abcdefghij',
    region: opts.region ?? 'cn-test-1',
    bucket: opts.bucket ?? 'wenku-test',
    maxKeys: opts.maxKeys ?? 1000,
    minPartSize: opts.minPartSize ?? 5 * 1024 * 1024,
    virtualHostSuffix: opts.virtualHostSuffix ?? 's3.test',
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-fake-s3-'));
  const buckets = new Map<string, Map<string, StoredObject>>([[o.bucket, new Map()]]);
  const uploads = new Map<string, Upload>();
  const requests: LoggedRequest[] = [];
  const failures: Failure[] = [];
  let seq = 0;
  const tmpFile = () => path.join(dir, `${++seq}-${crypto.randomBytes(4).toString('hex')}`);

  function send(res: http.ServerResponse, status: number, body = '', headers: Record<string, string> = {}) {
    res.writeHead(status, {
      'x-amz-request-id': crypto.randomBytes(8).toString('hex').toUpperCase(),
      ...(body ? { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(body)) } : {}),
      ...headers,
    });
    res.end(body);
  }
  function sendError(res: http.ServerResponse, status: number, code: string, message: string, extra: Record<string, string> = {}, head = false) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${esc(message)}</Message>${Object.entries(extra)
      .map(([k, v]) => `<${k}>${esc(v)}</${k}>`)
      .join('')}<RequestId>FAKE${seq}</RequestId></Error>`;
    send(res, status, head ? '' : xml);
  }

  /** Receives the body into a temp file, hashing it; checks the signed payload hash and Content-MD5. */
  async function receive(
    req: http.IncomingMessage,
    payloadHash: string,
  ): Promise<{ file: string; size: number; md5: Buffer } | { error: [number, string, string] }> {
    const file = tmpFile();
    const sha = crypto.createHash('sha256');
    const md5 = crypto.createHash('md5');
    // the flexible checksums are computed only when the request carries one
    const sha1 = req.headers['x-amz-checksum-sha1'] !== undefined ? crypto.createHash('sha1') : undefined;
    const wantCrc = req.headers['x-amz-checksum-crc32'] !== undefined;
    let crc32 = 0;
    let size = 0;
    await pipeline(
      req,
      new Transform({
        transform(c: Buffer, _e, cb) {
          sha.update(c);
          md5.update(c);
          sha1?.update(c);
          if (wantCrc) crc32 = zlib.crc32(c, crc32);
          size += c.length;
          cb(null, c);
        },
      }),
      fs.createWriteStream(file),
    );
    const digest = md5.digest();
    const shaDigest = sha.digest();
    const fail = async (e: [number, string, string]) => {
      await fsp.rm(file, { force: true });
      return { error: e };
    };
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && shaDigest.toString('hex') !== payloadHash)
      return fail([400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed."]);
    const cmd5 = req.headers['content-md5'];
    if (typeof cmd5 === 'string' && cmd5 !== digest.toString('base64'))
      return fail([400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.']);
    // S3 checks any x-amz-checksum-* header sent against the body (CRC32C and CRC64NVME are not computed here)
    const crcBuf = Buffer.alloc(4);
    crcBuf.writeUInt32BE(crc32 >>> 0);
    const sums: Record<string, string> = { crc32: crcBuf.toString('base64'), sha1: sha1?.digest('base64') ?? '', sha256: shaDigest.toString('base64') };
    for (const [h, v] of Object.entries(req.headers)) {
      const algo = /^x-amz-checksum-([a-z0-9]+)$/.exec(h)?.[1];
      if (!algo || algo === 'type' || algo === 'mode' || algo === 'algorithm') continue;
      if (!(algo in sums)) return fail([400, 'InvalidRequest', `the fake S3 does not verify x-amz-checksum-${algo}`]);
      if (v !== sums[algo]) return fail([400, 'BadDigest', `The ${algo.toUpperCase()} you specified did not match the calculated checksum.`]);
    }
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) !== size)
      return fail([400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header']);
    return { file, size, md5: digest };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const rawUrl = req.url ?? '/';
    const qi = rawUrl.indexOf('?');
    const rawPath = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
    const rawQuery = qi < 0 ? '' : rawUrl.slice(qi + 1);
    const q = new URLSearchParams(rawQuery);
    const hostname = String(req.headers.host ?? '').replace(/:\d+$/, '');
    let bucket: string | undefined;
    let key: string;
    const segs = rawPath
      .split('/')
      .slice(1)
      .map((s) => decodeURIComponent(s));
    if (hostname.endsWith(`.${o.virtualHostSuffix}`)) {
      bucket = hostname.slice(0, -(o.virtualHostSuffix.length + 1));
      key = segs.join('/');
    } else {
      bucket = segs[0] || undefined;
      key = segs.slice(1).join('/');
    }
    const m = req.method ?? 'GET';
    const op = !bucket
      ? 'ListBuckets'
      : !key
        ? m === 'GET' && q.get('list-type') === '2'
          ? 'ListObjectsV2'
          : m === 'POST' && q.has('delete')
            ? 'DeleteObjects'
            : `${m} bucket`
        : m === 'PUT'
          ? q.has('uploadId')
            ? 'UploadPart'
            : 'PutObject'
          : m === 'POST'
            ? q.has('uploads')
              ? 'CreateMultipartUpload'
              : q.has('uploadId')
                ? 'CompleteMultipartUpload'
                : 'POST object'
            : m === 'DELETE'
              ? q.has('uploadId')
                ? 'AbortMultipartUpload'
                : 'DeleteObject'
              : m === 'GET'
                ? 'GetObject'
                : m === 'HEAD'
                  ? 'HeadObject'
                  : m;
    const log: LoggedRequest = { method: m, rawUrl, bucket, key: key || undefined, op, status: 0, bytes: 0, headers: req.headers };
    requests.push(log);
    const origWriteHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      log.status = status;
      return (origWriteHead as (...a: unknown[]) => http.ServerResponse)(status, ...rest);
    }) as typeof res.writeHead;
    const head = m === 'HEAD';

    const auth = verifySignature(req, rawPath, rawQuery, o);
    if (!auth.ok) {
      req.resume();
      return sendError(res, auth.status!, auth.code!, auth.message!, auth.extra, head);
    }
    const fi = failures.findIndex((f) => f.match({ method: m, op, key }));
    if (fi >= 0) {
      const f = failures[fi]!;
      if (--f.times <= 0) failures.splice(fi, 1);
      if (f.destroy) return req.socket.destroy();
      req.resume();
      return sendError(res, f.status ?? 500, f.code ?? 'InternalError', 'injected failure', {}, head);
    }
    const objects = bucket ? buckets.get(bucket) : undefined;
    if (!objects) {
      req.resume();
      return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', bucket ? { BucketName: bucket } : {}, head);
    }
    const bucketName = bucket!;

    if (op === 'PutObject' || op === 'UploadPart') {
      if (req.headers['content-length'] === undefined) {
        req.resume();
        return sendError(res, 411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
      }
      let upload: Upload | undefined;
      const partNumber = Number(q.get('partNumber'));
      if (op === 'UploadPart') {
        upload = uploads.get(q.get('uploadId') ?? '');
        if (!upload || upload.bucket !== bucketName || upload.key !== key) {
          req.resume();
          return sendError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
        }
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000) {
          req.resume();
          return sendError(res, 400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
        }
      }
      const got = await receive(req, auth.payloadHash!);
      if ('error' in got) return sendError(res, ...got.error);
      log.bytes = got.size;
      const etag = `"${got.md5.toString('hex')}"`;
      if (upload) {
        if (!uploads.has(q.get('uploadId')!)) {
          // aborted while the part was on the wire
          await fsp.rm(got.file, { force: true });
          return sendError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
        }
        const old = upload.parts.get(partNumber);
        if (old) await fsp.rm(old.file, { force: true });
        upload.parts.set(partNumber, { file: got.file, size: got.size, etag });
      } else {
        const old = objects.get(key);
        if (old) await fsp.rm(old.file, { force: true });
        objects.set(key, { file: got.file, size: got.size, etag, contentType: req.headers['content-type'], lastModified: new Date() });
      }
      return send(res, 200, '', { etag });
    }

    // everything else has no body or a small XML one
    const got = await receive(req, auth.payloadHash!);
    if ('error' in got) return sendError(res, ...got.error);
    log.bytes = got.size;
    const text = await fsp.readFile(got.file, 'utf8');
    await fsp.rm(got.file, { force: true });

    switch (op) {
      case 'GetObject':
      case 'HeadObject': {
        const obj = objects.get(key);
        if (!obj) return head ? send(res, 404) : sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
        const headers: Record<string, string> = {
          'content-length': String(obj.size),
          etag: obj.etag,
          'last-modified': obj.lastModified.toUTCString(),
          'content-type': obj.contentType ?? 'binary/octet-stream',
        };
        // signed requests may override these answer headers (presigned downloads name the file this way)
        for (const h of ['content-type', 'content-language', 'expires', 'cache-control', 'content-disposition', 'content-encoding']) {
          const v = q.get(`response-${h}`);
          if (v !== null) headers[h] = v;
        }
        if (head) return send(res, 200, '', headers);
        // a single `bytes=a-b` range, as S3 answers it (206 with Content-Range)
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (range && Number(range[1]) < obj.size) {
          const start = Number(range[1]);
          const end = Math.min(obj.size - 1, range[2] ? Number(range[2]) : obj.size - 1);
          res.writeHead(206, { ...headers, 'content-length': String(end - start + 1), 'content-range': `bytes ${start}-${end}/${obj.size}` });
          return void fs.createReadStream(obj.file, { start, end }).pipe(res);
        }
        res.writeHead(200, headers);
        return void fs.createReadStream(obj.file).pipe(res);
      }
      case 'DeleteObject': {
        const obj = objects.get(key);
        if (obj) {
          objects.delete(key);
          await fsp.rm(obj.file, { force: true });
        }
        return send(res, 204);
      }
      case 'CreateMultipartUpload': {
        const id = crypto.randomBytes(16).toString('base64url');
        uploads.set(id, { bucket: bucketName, key, contentType: req.headers['content-type'], parts: new Map() });
        return send(
          res,
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<InitiateMultipartUploadResult><Bucket>${esc(bucketName)}</Bucket><Key>${esc(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      case 'AbortMultipartUpload': {
        const id = q.get('uploadId')!;
        const up = uploads.get(id);
        if (!up) return sendError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
        uploads.delete(id);
        for (const p of up.parts.values()) await fsp.rm(p.file, { force: true });
        return send(res, 204);
      }
      case 'CompleteMultipartUpload': {
        const id = q.get('uploadId')!;
        const up = uploads.get(id);
        if (!up || up.key !== key) return sendError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
        const listed = tags(text, 'Part').map((p) => ({ n: Number(tags(p, 'PartNumber')[0]), etag: unesc(tags(p, 'ETag')[0] ?? '') }));
        if (!listed.length)
          return sendError(res, 400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
        for (let i = 0; i < listed.length; i++) {
          const p = listed[i]!;
          if (i > 0 && p.n <= listed[i - 1]!.n) return sendError(res, 400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
          const have = up.parts.get(p.n);
          if (!have || have.etag !== p.etag)
            return sendError(res, 400, 'InvalidPart', 'One or more of the specified parts could not be found.', { PartNumber: String(p.n) });
          if (i < listed.length - 1 && have.size < o.minPartSize)
            return sendError(res, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', { PartNumber: String(p.n) });
        }
        const file = tmpFile();
        const out = fs.createWriteStream(file);
        const md5s: Buffer[] = [];
        let size = 0;
        for (const p of listed) {
          const part = up.parts.get(p.n)!;
          md5s.push(Buffer.from(part.etag.replace(/"/g, ''), 'hex'));
          size += part.size;
          for await (const c of fs.createReadStream(part.file)) if (!out.write(c)) await once(out, 'drain');
        }
        await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
        for (const p of up.parts.values()) await fsp.rm(p.file, { force: true });
        uploads.delete(id);
        const etag = `"${crypto.createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${listed.length}"`;
        const old = objects.get(key);
        if (old) await fsp.rm(old.file, { force: true });
        objects.set(key, { file, size, etag, contentType: up.contentType, lastModified: new Date() });
        return send(
          res,
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult><Bucket>${esc(bucketName)}</Bucket><Key>${esc(key)}</Key><ETag>${esc(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case 'ListObjectsV2': {
        const prefix = q.get('prefix') ?? '';
        const max = Math.min(o.maxKeys, Number(q.get('max-keys') ?? 1000) || 1000);
        const token = q.get('continuation-token');
        const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (q.get('start-after') ?? '');
        const all = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = all.slice(0, max);
        const truncated = all.length > max;
        const contents = page
          .map((k) => {
            const obj = objects.get(k)!;
            return `<Contents><Key>${esc(k)}</Key><LastModified>${obj.lastModified.toISOString()}</LastModified><ETag>${esc(obj.etag)}</ETag><Size>${obj.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        const next = truncated ? `<NextContinuationToken>${Buffer.from(page[page.length - 1]!).toString('base64url')}</NextContinuationToken>` : '';
        return send(
          res,
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${esc(bucketName)}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${token ? `<ContinuationToken>${esc(token)}</ContinuationToken>` : ''}${next}${contents}</ListBucketResult>`,
        );
      }
      case 'DeleteObjects': {
        if (!req.headers['content-md5']) return sendError(res, 400, 'InvalidRequest', 'Missing required header for this request: Content-Md5.');
        const keys = tags(text, 'Object').map((x) => unesc(tags(x, 'Key')[0] ?? ''));
        if (!keys.length || keys.length > 1000)
          return sendError(res, 400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
        const quiet = tags(text, 'Quiet')[0] === 'true';
        for (const k of keys) {
          const obj = objects.get(k);
          if (obj) {
            objects.delete(k);
            await fsp.rm(obj.file, { force: true });
          }
        }
        return send(
          res,
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${quiet ? '' : keys.map((k) => `<Deleted><Key>${esc(k)}</Key></Deleted>`).join('')}</DeleteResult>`,
        );
      }
      default:
        return sendError(res, 501, 'NotImplemented', `the fake S3 does not implement ${op}`, {}, head);
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', String((e as Error)?.message ?? e));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    accessKey: o.accessKey,
    secretKey: o.secretKey,
    region: o.region,
    bucket: o.bucket,
    requests,
    objects(b = o.bucket) {
      return new Map(
        [...(buckets.get(b) ?? new Map<string, StoredObject>()).entries()].map(([k, v]) => [k, { size: v.size, etag: v.etag, contentType: v.contentType }]),
      );
    },
    async read(key, b = o.bucket) {
      const obj = buckets.get(b)?.get(key);
      return obj ? fsp.readFile(obj.file) : undefined;
    },
    pendingUploads: () => uploads.size,
    failNext(f) {
      failures.push({ ...f, times: f.times ?? 1 });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
