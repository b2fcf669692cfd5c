import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDocumentDetail, ZUploadResult, DocumentStatus, api } from '@wenku/contracts';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import { LocalStorage, PresignedRedirects, S3Storage, createStorage } from '../src/lib/storage';
import type { S3Options } from '../src/lib/storage/s3';
import { loadConfig } from '../src/config';
import { startFakeS3, type FakeS3 } from './fakes/s3-server';
import { createTestApp, type TestApp } from './helpers';
import { makePdf, multipart, sha256 } from './fixtures';
import { makeDocument } from './factories';
import { call } from './call';
import { viewKeyOf } from '../src/modules/document/document.mapper';

const MiB = 1024 * 1024;
let fake: FakeS3;
let store: S3Storage;
const settings = (over: Partial<S3Options> = {}): S3Options => ({
  endpoint: fake.endpoint,
  bucket: fake.bucket,
  region: fake.region,
  accessKey: fake.accessKey,
  secretKey: fake.secretKey,
  forcePathStyle: true,
  ...over,
});

beforeAll(async () => {
  fake = await startFakeS3({ maxKeys: 3 }); // small list pages: deletePrefix must follow continuation tokens
  store = new S3Storage(settings());
});
afterAll(async () => fake?.close());

async function text(s: Readable | undefined) {
  if (!s) throw new Error('no stream');
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
const since = (n: number) => fake.requests.slice(n);
const ops = (n: number) => since(n).map((r) => r.op);

/**
 * `total` bytes in 64 KiB chunks, generated as they are read; `fail` destroys the stream after that many bytes;
 * `every` is called after each 4 MiB read (a memory probe while the upload is in full swing).
 */
function generated(total: number, opts: { fail?: number; every?: () => void } = {}) {
  const hash = crypto.createHash('sha256');
  let sent = 0;
  let i = 0;
  const stream = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (opts.fail !== undefined && sent >= opts.fail) return this.destroy(new Error('client went away'));
      if (sent >= total) return this.push(null);
      const n = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(n, i % 251);
      chunk.writeUInt32BE(i++, 0);
      hash.update(chunk);
      sent += n;
      if (opts.every && sent % (4 * MiB) === 0) opts.every();
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** node:crypto as the hash the signer wants (SHA-256, HMAC-SHA-256 when given a secret) */
class NodeSha256 {
  private readonly h: crypto.Hash | crypto.Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.h =
      secret === undefined ? crypto.createHash('sha256') : crypto.createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret as Uint8Array));
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.h.update(typeof data === 'string' ? data : Buffer.from(data as Uint8Array));
  }
  async digest() {
    return new Uint8Array(this.h.digest());
  }
}

/** The SDK's own SigV4 signer, used by the tests to build raw (and then tampered) requests for the fake. */
function signer(o: { accessKey: string; secretKey: string; region: string }) {
  return new SignatureV4({
    service: 's3',
    region: o.region,
    credentials: { accessKeyId: o.accessKey, secretAccessKey: o.secretKey },
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: true,
  });
}

/** Signs a raw request: `url` as requested (path already encoded); returns the headers to send. */
async function signRaw(
  o: { accessKey: string; secretKey: string; region: string },
  method: string,
  url: string,
  body: Buffer,
  headers: Record<string, string> = {},
  date?: Date,
) {
  const u = new URL(url);
  const signed = await signer(o).sign(
    {
      method,
      protocol: u.protocol,
      hostname: u.hostname,
      port: u.port ? Number(u.port) : undefined,
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      headers: { ...headers, host: u.host },
      body,
    },
    { signingDate: date },
  );
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(signed.headers)) if (k.toLowerCase() !== 'host') out[k.toLowerCase()] = String(v);
  return out;
}

const presignedOrigin = async (o: S3Options, key: string) => {
  const u = new URL((await new S3Storage(o).presignedGetUrl(key, { expiresIn: 60 }))!);
  return `${u.origin}${u.pathname}`;
};

describe('SigV4 and addressing (unit)', () => {
  it("the signer the tests tamper with (the SDK's) signs the AWS documentation examples to the published signatures", async () => {
    const keys = { accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
    const date = new Date(Date.UTC(2013, 4, 24));
    const sig = (h: Record<string, string>) => /Signature=([0-9a-f]{64})$/.exec(h.authorization!)![1];
    // GET Object with a Range header
    const get = await signRaw(keys, 'GET', 'https://examplebucket.s3.amazonaws.com/test.txt', Buffer.alloc(0), { Range: 'bytes=0-9' }, date);
    expect(get.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    // (the PUT Object example also signs a Date header, which this signer never signs — it sends x-amz-date only)
    // GET Bucket lifecycle (sub-resource without a value) and list (query sorted)
    expect(sig(await signRaw(keys, 'GET', 'https://examplebucket.s3.amazonaws.com/?lifecycle', Buffer.alloc(0), {}, date))).toBe(
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(sig(await signRaw(keys, 'GET', 'https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2', Buffer.alloc(0), {}, date))).toBe(
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('addresses keys path-style and virtual-hosted, encoding them segment by segment', async () => {
    const key = 'pages/文档 一/1 (a)+b~c.svg';
    const encoded = 'pages/%E6%96%87%E6%A1%A3%20%E4%B8%80/1%20%28a%29%2Bb~c.svg';
    const base = { accessKey: 'a', secretKey: 's' };
    expect(await presignedOrigin({ ...base, endpoint: 'https://minio.example.com:9000', bucket: 'wenku', forcePathStyle: true }, key)).toBe(
      `https://minio.example.com:9000/wenku/${encoded}`,
    );
    expect(
      await presignedOrigin(
        { ...base, endpoint: 'https://cos.ap-guangzhou.myqcloud.com', bucket: 'wenku-1250000000', region: 'ap-guangzhou', forcePathStyle: false },
        key,
      ),
    ).toBe(`https://wenku-1250000000.cos.ap-guangzhou.myqcloud.com/${encoded}`);
    // an endpoint behind a path (reverse proxy) keeps it
    expect(await presignedOrigin({ ...base, endpoint: 'http://10.0.0.2/s3/', bucket: 'b1', forcePathStyle: true }, 'a/b.pdf')).toBe(
      'http://10.0.0.2/s3/b1/a/b.pdf',
    );
    // Aliyun OSS: the region endpoint, or one that already names the bucket as the console shows it
    const oss = { ...base, bucket: 'wenku', region: 'oss-cn-hangzhou', forcePathStyle: false };
    expect(await presignedOrigin({ ...oss, endpoint: 'https://oss-cn-hangzhou.aliyuncs.com' }, 'documents/a.pdf')).toBe(
      'https://wenku.oss-cn-hangzhou.aliyuncs.com/documents/a.pdf',
    );
    expect(await presignedOrigin({ ...oss, endpoint: 'https://wenku.oss-cn-hangzhou.aliyuncs.com' }, 'documents/a.pdf')).toBe(
      'https://wenku.oss-cn-hangzhou.aliyuncs.com/documents/a.pdf',
    );
  });

  it('refuses half-made settings with messages that name the variable to fix', () => {
    expect(() => new S3Storage({ endpoint: 'http://127.0.0.1:9000', accessKey: 'a', secretKey: 's' })).toThrow('对象存储配置不完整：缺少 S3_BUCKET');
    expect(() => new S3Storage({ bucket: 'b', accessKey: 'a' })).toThrow(/^对象存储配置不完整：缺少 S3_ENDPOINT、S3_SECRET_KEY（S3_ENDPOINT 例如/);
    expect(() => new S3Storage(undefined)).toThrow('缺少 S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY、S3_SECRET_KEY');
    expect(() => new S3Storage({ endpoint: 'minio:9000', bucket: 'b', accessKey: 'a', secretKey: 's' })).toThrow('S3_ENDPOINT 必须以 http:// 或 https:// 开头');
    expect(() => new S3Storage({ endpoint: 'not a url', bucket: 'b', accessKey: 'a', secretKey: 's' })).toThrow('S3_ENDPOINT 不是有效的地址');
    expect(() => new S3Storage({ endpoint: 'https://s3.example.com', bucket: 'My_Bucket', accessKey: 'a', secretKey: 's', forcePathStyle: false })).toThrow(
      'S3_FORCE_PATH_STYLE=true',
    );
    expect(
      () => new S3Storage({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', bucket: 'b1', accessKey: 'a', secretKey: 's', forcePathStyle: true }),
    ).toThrow('阿里云 OSS 只支持虚拟主机方式访问');
    // STORAGE=s3 from the environment: createStorage refuses to start without a bucket
    const cfg = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: '/tmp/wenku-s3-cfg', STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' },
      { jwtSecret: 'x'.repeat(32) },
    );
    expect(() => createStorage(cfg)).toThrow('对象存储配置不完整：缺少 S3_BUCKET');
    const ok = createStorage({ ...cfg, storage: { kind: 's3', s3: { ...cfg.storage.s3!, bucket: 'wenku' } } });
    expect(ok).toBeInstanceOf(S3Storage);
    expect(ok.kind).toBe('s3');
  });
});

describe('S3 storage against the fake S3', () => {
  it('writes buffers and small streams with one PutObject each, reads, stats and deletes them', async () => {
    const n = fake.requests.length;
    expect(await store.put('a/b/one.txt', Buffer.from('你好'), { contentType: 'text/plain; charset=utf-8' })).toBe(6);
    expect(await store.put('a/b/two.txt', Readable.from([Buffer.from('流'), '式']))).toBe(6);
    expect(await store.put('a/b/empty.txt', Readable.from([]))).toBe(0);
    expect(ops(n)).toEqual(['PutObject', 'PutObject', 'PutObject']);
    // a buffer's payload hash is signed; nothing here is multipart
    expect(since(n)[0]!.headers['x-amz-content-sha256']).toBe(sha256(Buffer.from('你好')));
    expect(fake.objects().get('a/b/one.txt')).toMatchObject({ size: 6, contentType: 'text/plain; charset=utf-8' });
    expect(await text(await store.get('a/b/two.txt'))).toBe('流式');
    expect(await text(await store.get('a/b/empty.txt'))).toBe('');
    const st = await store.stat('a/b/one.txt');
    expect(st?.size).toBe(6);
    expect(Math.abs(st!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await store.exists('a/b/one.txt')).toBe(true);
    // replacing a key
    await store.put('a/b/one.txt', Buffer.from('再见！'));
    expect(await text(await store.get('a/b/one.txt'))).toBe('再见！');
    await store.delete('a/b/one.txt');
    expect(await store.exists('a/b/one.txt')).toBe(false);
    await store.deletePrefix('a/');
    expect([...fake.objects().keys()].filter((k) => k.startsWith('a/'))).toEqual([]);
  });

  it('reads a byte range with a signed Range header (what the instant upload checks)', async () => {
    await store.put('r/digits.txt', Buffer.from('0123456789'));
    const n = fake.requests.length;
    expect(await text(await store.get('r/digits.txt', { start: 2, end: 4 }))).toBe('234');
    expect(await text(await store.get('r/digits.txt', { start: 8, end: 20 }))).toBe('89');
    expect(ops(n)).toEqual(['GetObject', 'GetObject']);
    expect(since(n)[0]!.headers.range).toBe('bytes=2-4');
    await store.delete('r/digits.txt');
  });

  it('missing objects: get and stat answer undefined, delete is quiet', async () => {
    expect(await store.get('nothing/here.pdf')).toBeUndefined();
    expect(await store.stat('nothing/here.pdf')).toBeUndefined();
    expect(await store.exists('nothing/here.pdf')).toBe(false);
    await expect(store.delete('nothing/here.pdf')).resolves.toBeUndefined();
    await expect(store.deletePrefix('nothing')).resolves.toBeUndefined();
    await expect(store.get('../etc/passwd')).rejects.toThrow('unsafe storage key');
  });

  it('encodes keys with Chinese characters, spaces and reserved characters', async () => {
    const key = 'docs/中文 目录/第 1 章 (草稿)+&’.txt';
    const n = fake.requests.length;
    await store.put(key, Buffer.from('章节内容'));
    const put = since(n)[0]!;
    expect(put.rawUrl.split('?')[0]).toBe(
      `/${fake.bucket}/docs/%E4%B8%AD%E6%96%87%20%E7%9B%AE%E5%BD%95/%E7%AC%AC%201%20%E7%AB%A0%20%28%E8%8D%89%E7%A8%BF%29%2B%26%E2%80%99.txt`,
    );
    expect(put.status).toBe(200);
    expect(fake.objects().has(key)).toBe(true);
    expect(await text(await store.get(key))).toBe('章节内容');
    expect((await store.stat(key))?.size).toBe(12);
    await store.put('docs/中文 目录/<b>&amp;.txt', Readable.from(['x']));
    expect(fake.objects().has('docs/中文 目录/<b>&amp;.txt')).toBe(true);
    // listing returns XML-escaped keys, DeleteObjects sends them escaped again
    await store.deletePrefix('docs/中文 目录');
    expect([...fake.objects().keys()].filter((k) => k.startsWith('docs/'))).toEqual([]);
  });

  it('deletePrefix follows continuation tokens, deletes in batches with Content-MD5, and spares neighbouring prefixes', async () => {
    for (let i = 1; i <= 8; i++) await store.put(`pages/abc/${i}.gzip.svg`, Buffer.from(`page ${i}`));
    await store.put('pages/abcd/1.svg', Buffer.from('other document'));
    await store.put('pages/abc.txt', Buffer.from('not below the folder'));
    const n = fake.requests.length;
    await store.deletePrefix('pages/abc');
    const reqs = since(n);
    expect(reqs.filter((r) => r.op === 'ListObjectsV2').length).toBe(3); // 3 + 3 + 2 with the fake's 3-key pages
    expect(
      reqs
        .filter((r) => r.op === 'ListObjectsV2')
        .slice(1)
        .every((r) => r.rawUrl.includes('continuation-token=')),
    ).toBe(true);
    const batches = reqs.filter((r) => r.op === 'DeleteObjects');
    expect(batches.length).toBe(3);
    // Content-MD5, as S3-compatible stores require, and not the SDK's default CRC32 (which S3 alone would accept)
    expect(batches.every((r) => r.status === 200 && typeof r.headers['content-md5'] === 'string')).toBe(true);
    expect(batches.some((r) => Object.keys(r.headers).some((h) => /^x-amz-(sdk-)?checksum-/.test(h)))).toBe(false);
    const left = [...fake.objects().keys()].filter((k) => k.startsWith('pages/'));
    expect(left.sort()).toEqual(['pages/abc.txt', 'pages/abcd/1.svg']);
    await store.deletePrefix('pages/abcd/');
    await store.delete('pages/abc.txt');
  });

  it('streams 60 MiB through a multipart upload in 8 MiB parts with bounded memory, and reads it back as a stream', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // live memory: the JS heap plus Buffers outside it, after two full GCs (the second finishes sweeping the
    // first's dead array buffers, which V8 otherwise still counts for a while)
    const mem = () => {
      gc();
      gc();
      const m = process.memoryUsage();
      return m.arrayBuffers + m.heapUsed;
    };
    const total = 60 * MiB;
    let peak = 0;
    const src = generated(total, { every: () => (peak = Math.max(peak, mem())) });
    const n = fake.requests.length;
    const base = mem();
    const written = await store.put('big/60mib.bin', src.stream, { contentType: 'application/octet-stream' });
    peak = Math.max(peak, mem());
    expect(written).toBe(total);
    const reqs = since(n);
    expect(reqs.map((r) => r.op)).toEqual(['CreateMultipartUpload', ...Array(8).fill('UploadPart'), 'CompleteMultipartUpload']);
    // two parts travel at once: order them by number
    const partNo = (r: { rawUrl: string }) => Number(new URLSearchParams(r.rawUrl.split('?')[1]).get('partNumber'));
    const parts = reqs.filter((r) => r.op === 'UploadPart').sort((a, b) => partNo(a) - partNo(b));
    expect(parts.map(partNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parts.map((r) => r.bytes)).toEqual([...Array(7).fill(8 * MiB), 4 * MiB]);
    // each part's SHA-256 is signed (the fake recomputes it); no aws-chunked encoding or flexible checksums
    expect(parts.every((r) => /^[0-9a-f]{64}$/.test(String(r.headers['x-amz-content-sha256'])) && r.status === 200)).toBe(true);
    expect(reqs.some((r) => r.headers['content-encoding'] !== undefined || Object.keys(r.headers).some((h) => h.startsWith('x-amz-checksum-')))).toBe(false);
    expect(fake.objects().get('big/60mib.bin')).toMatchObject({ size: total, contentType: 'application/octet-stream' });
    expect(fake.objects().get('big/60mib.bin')!.etag).toMatch(/-8"$/);
    expect(fake.pendingUploads()).toBe(0);
    // partConcurrency (2) parts on the wire, 1 being assembled by the SDK's Upload (which copies each part into a
    // buffer of its own) and at times 1 just sent that the SDK has not let go of yet: 25–29 MiB measured, a bound
    // that does not grow with the upload and stays well under the 60 MiB that went through
    const growth = peak - base;
    console.log(`multipart 60 MiB: peak live memory growth ${(growth / MiB).toFixed(1)} MiB`);
    expect(growth).toBeLessThan(4 * 8 * MiB + 2 * MiB);

    // GetObject is a stream: hash it chunk by chunk
    const h = crypto.createHash('sha256');
    let size = 0;
    for await (const c of (await store.get('big/60mib.bin'))!) {
      h.update(c as Buffer);
      size += (c as Buffer).length;
    }
    expect(size).toBe(total);
    expect(h.digest('hex')).toBe(src.digest());
    expect((await store.stat('big/60mib.bin'))?.size).toBe(total);
    await store.delete('big/60mib.bin');
  });

  it('an aborted stream leaves no object and no multipart upload behind', async () => {
    // fails after two full parts went up: the upload is aborted
    let n = fake.requests.length;
    await expect(store.put('broken/late.bin', generated(40 * MiB, { fail: 20 * MiB }).stream)).rejects.toThrow('client went away');
    expect(ops(n)).toContain('AbortMultipartUpload');
    expect(ops(n).filter((o) => o === 'UploadPart').length).toBe(2);
    expect(fake.objects().has('broken/late.bin')).toBe(false);
    expect(fake.pendingUploads()).toBe(0);
    // fails inside the first part: nothing was sent at all
    n = fake.requests.length;
    await expect(store.put('broken/early.bin', generated(4 * MiB, { fail: MiB }).stream)).rejects.toThrow('client went away');
    expect(ops(n)).toEqual([]);
    expect(await store.exists('broken/early.bin')).toBe(false);
  });

  it('a part S3 refuses aborts the upload and stops reading the source', async () => {
    fake.failNext({ match: (r) => r.op === 'UploadPart', status: 400, code: 'InvalidArgument' });
    const src = generated(40 * MiB);
    const n = fake.requests.length;
    const err = await store.put('broken/part.bin', src.stream).catch((e: Error) => e);
    // parts 1 and 2 are on the wire together: either may be the one refused
    expect(String(err)).toMatch(/对象存储请求失败（UploadPart #[12] broken\/part\.bin）：HTTP 400 InvalidArgument — injected failure/);
    expect(src.stream.destroyed).toBe(true);
    expect(ops(n)).toContain('AbortMultipartUpload');
    expect(fake.pendingUploads()).toBe(0);
    expect(fake.objects().has('broken/part.bin')).toBe(false);
  });

  it('retries 503 SlowDown and dropped connections, then succeeds', async () => {
    fake.failNext({ match: (r) => r.op === 'PutObject' && r.key === 'retry/a.txt', status: 503, code: 'SlowDown' });
    fake.failNext({ match: (r) => r.op === 'PutObject' && r.key === 'retry/a.txt', destroy: true });
    const n = fake.requests.length;
    await store.put('retry/a.txt', Buffer.from('third time lucky'));
    expect(ops(n)).toEqual(['PutObject', 'PutObject', 'PutObject']);
    expect(await text(await store.get('retry/a.txt'))).toBe('third time lucky');
    fake.failNext({ match: (r) => r.op === 'GetObject', status: 500, times: 5 });
    await expect(store.get('retry/a.txt')).rejects.toThrow('HTTP 500 InternalError');
    await store.delete('retry/a.txt');
  });

  it('a wrong secret is refused with SignatureDoesNotMatch; other mistakes get readable messages', async () => {
    const wrong = new S3Storage(settings({ secretKey: `${fake.secretKey}x` }));
    const n = fake.requests.length;
    await expect(wrong.put('x/secret.txt', Buffer.from('nope'))).rejects.toThrow(
      /^对象存储请求失败（PutObject x\/secret.txt）：HTTP 403 SignatureDoesNotMatch — The request signature we calculated does not match .*（签名不匹配，请检查 S3_SECRET_KEY 与 S3_REGION）$/,
    );
    expect(since(n)[0]!.status).toBe(403);
    expect(fake.objects().has('x/secret.txt')).toBe(false);
    await expect(wrong.get('x/secret.txt')).rejects.toThrow('SignatureDoesNotMatch');
    await expect(wrong.stat('x/secret.txt')).rejects.toThrow('HTTP 403 Forbidden'); // HEAD answers carry no body
    await expect(new S3Storage(settings({ accessKey: 'NOSUCHKEY' })).put('x/a.txt', Buffer.from('a'))).rejects.toThrow(
      'InvalidAccessKeyId — The AWS Access Key Id you provided does not exist in our records.（访问密钥不存在，请检查 S3_ACCESS_KEY）',
    );
    await expect(new S3Storage(settings({ region: 'us-west-2' })).put('x/a.txt', Buffer.from('a'))).rejects.toThrow('AuthorizationHeaderMalformed');
    await expect(new S3Storage(settings({ bucket: 'no-such-bucket' })).put('x/a.txt', Buffer.from('a'))).rejects.toThrow(
      'NoSuchBucket — The specified bucket does not exist（存储桶不存在，请检查 S3_BUCKET 与 S3_ENDPOINT）',
    );
    // nothing listening
    const port = await new Promise<number>((r) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => r(p));
      });
    });
    await expect(new S3Storage(settings({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 1 })).exists('x/a.txt')).rejects.toThrow(
      `无法连接对象存储（HeadObject x/a.txt，http://127.0.0.1:${port}）：ECONNREFUSED`,
    );
  });

  it('the fake checks signatures the way S3 does: tampered headers, bodies, checksums and virtual-hosted requests', async () => {
    const sign = (method: string, url: string, body: Buffer, headers: Record<string, string> = {}) => signRaw(fake, method, url, body, headers);
    const url = `${fake.endpoint}/${fake.bucket}/raw/a.txt`;
    const body = Buffer.from('signed body');
    // header changed after signing
    const s1 = await sign('PUT', url, body, { 'content-type': 'text/plain' });
    const r1 = await fetch(url, { method: 'PUT', body, headers: { ...s1, 'content-type': 'text/html' } });
    expect(r1.status).toBe(403);
    const x1 = await r1.text();
    expect(x1).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(x1).toContain('<CanonicalRequest>PUT\n/wenku-test/raw/a.txt\n\ncontent-type:text/html\n');
    // body changed after signing
    const r2 = await fetch(url, { method: 'PUT', body: Buffer.from('signed bodY'), headers: await sign('PUT', url, body) });
    expect(r2.status).toBe(400);
    expect(await r2.text()).toContain('XAmzContentSHA256Mismatch');
    // an x-amz header that was not signed
    const r3 = await fetch(url, { method: 'PUT', body, headers: { ...(await sign('PUT', url, body)), 'x-amz-meta-extra': '1' } });
    expect(r3.status).toBe(403);
    // a flexible checksum (signed) that does not match the body: BadDigest, as S3 answers
    const r4 = await fetch(url, { method: 'PUT', body, headers: await sign('PUT', url, body, { 'x-amz-checksum-crc32': 'AAAAAA==' }) });
    expect(r4.status).toBe(400);
    expect(await r4.text()).toContain('<Code>BadDigest</Code>');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    expect((await fetch(url, { method: 'PUT', body, headers: await sign('PUT', url, body, { 'x-amz-checksum-crc32': crc.toString('base64') }) })).status).toBe(
      200,
    );
    await store.delete('raw/a.txt');
    // no signature at all
    expect((await fetch(url)).status).toBe(403);
    expect(fake.objects().has('raw/a.txt')).toBe(false);

    // virtual-hosted through the SDK: the bucket goes in the Host header (<bucket>.s3.test, resolved to the fake)
    const lookup = ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) => {
      if (opts?.all) cb(null, [{ address: '127.0.0.1', family: 4 }]);
      else cb(null, '127.0.0.1', 4);
    }) as unknown as net.LookupFunction;
    const vstore = new S3Storage(
      settings({ endpoint: `http://s3.test:${fake.port}`, forcePathStyle: false, httpAgent: new http.Agent({ lookup } as http.AgentOptions) }),
    );
    const n = fake.requests.length;
    await vstore.put('raw/虚拟 主机.txt', body);
    const put = since(n)[0]!;
    expect(put.headers.host).toBe(`${fake.bucket}.s3.test:${fake.port}`);
    expect(put.rawUrl.split('?')[0]).toBe('/raw/%E8%99%9A%E6%8B%9F%20%E4%B8%BB%E6%9C%BA.txt');
    expect(put.status).toBe(200);
    expect(put.bucket).toBe(fake.bucket);
    expect(await fake.read('raw/虚拟 主机.txt')).toEqual(body);
    expect(await text(await vstore.get('raw/虚拟 主机.txt'))).toBe('signed body');
    const purl = (await vstore.presignedGetUrl('raw/虚拟 主机.txt', { expiresIn: 60 }))!;
    expect(new URL(purl).host).toBe(`${fake.bucket}.s3.test:${fake.port}`);
    const viaPresigned = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(purl, { lookup }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
        })
        .on('error', reject);
    });
    expect(viaPresigned).toEqual({ status: 200, body: 'signed body' });
    await vstore.delete('raw/虚拟 主机.txt');
    expect(fake.objects().has('raw/虚拟 主机.txt')).toBe(false);
  });
});

describe('presigned GET URLs', () => {
  it('serve the object straight from the store, with the download name and type asked for', async () => {
    const body = Buffer.from('%PDF-1.4 presigned');
    await store.put('presign/a b.pdf', body, { contentType: 'application/pdf' });
    const name = '第 1 章 “草稿”, final.pdf';
    const url = (await store.presignedGetUrl('presign/a b.pdf', { expiresIn: 300, filename: name, contentType: 'application/octet-stream' }))!;
    const u = new URL(url);
    expect(u.pathname).toBe(`/${fake.bucket}/presign/a%20b.pdf`);
    expect(u.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(u.searchParams.get('X-Amz-Credential')).toMatch(new RegExp(`^${fake.accessKey}/\\d{8}/${fake.region}/s3/aws4_request$`));
    const n = fake.requests.length;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    // an attachment whose UTF-8 name survives (RFC 6266 filename*), with an ASCII fallback
    const cd = res.headers.get('content-disposition')!;
    expect(cd).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(cd)![1]!)).toBe(name);
    expect(since(n)[0]).toMatchObject({ op: 'GetObject', status: 200 });
    expect(since(n)[0]!.headers.authorization).toBeUndefined();
    // no name, no type: the stored type, no Content-Disposition
    const plain = await fetch((await store.presignedGetUrl('presign/a b.pdf', { expiresIn: 60 }))!);
    expect(plain.headers.get('content-type')).toBe('application/pdf');
    expect(plain.headers.get('content-disposition')).toBeNull();
    await plain.arrayBuffer();
    await store.delete('presign/a b.pdf');
  });

  it('are refused when tampered with or expired, and limited to 7 days', async () => {
    await store.put('presign/b.txt', Buffer.from('secret'));
    const url = (await store.presignedGetUrl('presign/b.txt', { expiresIn: 60, filename: 'b.txt' }))!;
    // another key, a longer life or another download name with the same signature
    for (const forged of [
      url.replace('presign/b.txt', 'presign/c.txt'),
      url.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'),
      url.replace('filename%3Db.txt', 'filename%3Devil.html'),
    ]) {
      expect(forged).not.toBe(url);
      const r = await fetch(forged);
      expect(r.status).toBe(403);
      expect(await r.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    // signed an hour ago for one minute (the SDK's presigner with its signing date moved back)
    const old = await getSignedUrl((await store.connect()).client, new GetObjectCommand({ Bucket: fake.bucket, Key: 'presign/b.txt' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 3600_000),
    });
    const expired = await fetch(old);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);
    // a wrong secret signs URLs S3 refuses
    const wrong = (await new S3Storage(settings({ secretKey: `${fake.secretKey}x` })).presignedGetUrl('presign/b.txt', { expiresIn: 60 }))!;
    expect((await fetch(wrong)).status).toBe(403);
    await expect(store.presignedGetUrl('presign/b.txt', { expiresIn: 8 * 24 * 3600 })).rejects.toThrow('1 to 604800 seconds');
    await expect(store.presignedGetUrl('presign/b.txt', { expiresIn: 0 })).rejects.toThrow('1 to 604800 seconds');
    await expect(store.presignedGetUrl('../b.txt', { expiresIn: 60 })).rejects.toThrow('unsafe storage key');
    await store.delete('presign/b.txt');
  });
});

describe('the app with STORAGE=s3', () => {
  let t: TestApp;
  let appFake: FakeS3;
  beforeAll(async () => {
    appFake = await startFakeS3({ bucket: 'wenku-app', region: 'cn-north-1' });
    t = await createTestApp({
      storage: {
        kind: 's3',
        s3: {
          endpoint: appFake.endpoint,
          bucket: appFake.bucket,
          region: appFake.region,
          accessKey: appFake.accessKey,
          secretKey: appFake.secretKey,
          forcePathStyle: true,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await appFake?.close();
  });

  it('uploads a PDF, converts it, serves a page image and the file back from object storage; purge empties the bucket', async () => {
    expect(t.app.services.storage.kind).toBe('s3');
    const u = await t.register();
    const pdf = makePdf(['Stored in S3 page one', 'Page two in the bucket']);
    const hash = sha256(pdf);
    const mp = multipart('对象存储 测试.pdf', pdf);
    const up = await t.req({ method: 'POST', url: '/api/v1/upload/document', token: u.token, payload: mp.payload, headers: mp.headers });
    expect(up.statusCode, up.body).toBe(200);
    const att = ZUploadResult.parse(up.json()).data;
    const fileKey = `documents/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.pdf`;
    expect(appFake.objects().get(fileKey)?.size).toBe(pdf.length);
    expect(await appFake.read(fileKey)).toEqual(pdf);

    const cats = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0' })).json().category;
    const created = await t.req({
      method: 'POST',
      url: '/api/v1/document',
      token: u.token,
      payload: { category_id: [cats[0].id], document: [{ attachment_id: att.id, title: '对象存储 测试', price: 0 }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const doc = created.json().document[0] as { id: number; uuid: string };
    await t.app.services.conversion.convert(hash);

    const detail = ZDocumentDetail.parse((await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}` })).json());
    expect(detail.status).toBe(DocumentStatus.Converted);
    expect(detail.pages).toBe(2);
    const keys = [...appFake.objects().keys()];
    expect(keys).toEqual(expect.arrayContaining([fileKey, `covers/${hash}.png`]));
    // the page images, and beside them each page's text layer and the document's outline (issue 27)
    const stored = keys.filter((k) => k.startsWith(`pages/${hash}/`));
    const pages = stored.filter((k) => !k.endsWith('.layer.json.gz') && !k.endsWith('/outline.json'));
    expect(pages.length).toBe(2);
    expect(stored.filter((k) => k.endsWith('.layer.json.gz')).sort()).toEqual([`pages/${hash}/1.layer.json.gz`, `pages/${hash}/2.layer.json.gz`]);
    expect(appFake.objects().get(pages[0]!)?.contentType).toBe('image/svg+xml');

    const page = await t.req({ method: 'GET', url: detail.page_urls[0]! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<svg');
    const cover = await t.req({ method: 'GET', url: `/view/cover/${doc.uuid}` });
    expect(cover.rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47');

    const link = await t.req({ method: 'GET', url: `/api/v1/document/download?id=${doc.id}`, token: u.token });
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.req({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-length']).toBe(String(pdf.length));
    expect(sha256(file.rawPayload)).toBe(hash);

    // purge: deletes the file, every page (deletePrefix) and the cover
    const admin = await t.adminToken();
    expect((await t.req({ method: 'DELETE', url: `/api/v1/document?id=${doc.id}`, token: u.token })).statusCode).toBe(200);
    expect((await t.req({ method: 'DELETE', url: `/api/v1/document/recycle?id=${doc.id}`, token: admin })).statusCode).toBe(200);
    expect([...appFake.objects().keys()].filter((k) => k.includes(hash))).toEqual([]);
    expect(appFake.requests.every((r) => r.status !== 403)).toBe(true);
  });
});

describe('S3_REDIRECT: page images and covers sent from the store', () => {
  let t: TestApp;
  let appFake: FakeS3;
  beforeAll(async () => {
    appFake = await startFakeS3({ bucket: 'wenku-redirect' });
    const cfg = loadConfig({
      NODE_ENV: 'test',
      STORAGE: 's3',
      S3_ENDPOINT: appFake.endpoint,
      S3_BUCKET: appFake.bucket,
      S3_REGION: appFake.region,
      S3_ACCESS_KEY: appFake.accessKey,
      S3_SECRET_KEY: appFake.secretKey,
      S3_REDIRECT: '1',
      S3_REDIRECT_SECONDS: '1800',
    });
    expect(cfg.storage.s3).toMatchObject({ redirect: true, redirectSeconds: 1800 });
    expect(loadConfig({ NODE_ENV: 'test', STORAGE: 's3' }).storage.s3?.redirect).toBe(false); // off by default
    t = await createTestApp({ storage: cfg.storage });
  });
  afterAll(async () => {
    await t?.close();
    await appFake?.close();
  });

  it('answers a 302 to a presigned URL that serves the same bytes, type and encoding; 304 and .svg stay with the API', async () => {
    const doc = await makeDocument(t, { text: ['redirected page one', 'redirected page two'], converted: true });
    const url = `/view/page/${doc.uuid}/1.gzip.svg`;
    const n = appFake.requests.length;
    const first = await t.req({ method: 'GET', url });
    expect(first.statusCode).toBe(302);
    expect(first.body).not.toContain('<svg');
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    expect(first.headers.etag).toBeUndefined();
    const to = new URL(String(first.headers.location));
    expect(to.origin).toBe(new URL(appFake.endpoint).origin);
    expect(to.pathname).toBe(`/${appFake.bucket}/pages/${doc.hash}/1.svg.gz`);
    expect(Number(to.searchParams.get('X-Amz-Expires'))).toBe(1800); // longer than the redirect is kept
    // the API neither read nor proxied the object: signing is local (other work after the conversion — the search
    // and AI indexes reading the page text — may use the store meanwhile, so only this object's requests count)
    expect(appFake.requests.slice(n).filter((r) => r.key?.startsWith(`pages/${doc.hash}/1.`))).toEqual([]);

    // the presigned URL really serves the page, as the API would have
    const res = await fetch(to);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=1800, immutable');
    const raw = (await appFake.read(`pages/${doc.hash}/1.svg.gz`))!;
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe(zlib.gunzipSync(raw).toString()); // fetch decoded it
    expect(zlib.gunzipSync(raw).toString()).toContain('<svg');

    // the same URL for the next reader (the browser's cache of it works), another for another page
    expect((await t.req({ method: 'GET', url })).headers.location).toBe(first.headers.location);
    const second = await t.req({ method: 'GET', url: `/view/page/${doc.uuid}/2.gzip.svg` });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).not.toBe(first.headers.location);

    // a browser that holds the page gets its 304 from the API, no redirect
    const etag = `"${viewKeyOf(doc.hash)}-1-gz"`; // the file by its view key, never the content hash
    const cached = await t.req({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.headers.etag).toBe(etag);
    // a plain .svg of a gzip-stored page is decompressed by the API itself
    const plain = await t.req({ method: 'GET', url: `/view/page/${doc.uuid}/1.svg` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<svg');
    expect(plain.headers['content-security-policy']).toBeDefined();
    // pages past the preview and unknown documents are still refused by the API, not redirected
    expect((await t.req({ method: 'GET', url: `/view/page/${doc.uuid}/9.gzip.svg` })).statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: `/view/page/${'0'.repeat(32)}/1.gzip.svg` })).statusCode).toBe(404);

    // the cover: a redirect to a PNG
    const cover = await t.req({ method: 'GET', url: `/view/cover/${doc.uuid}` });
    expect(cover.statusCode).toBe(302);
    const png = await fetch(String(cover.headers.location));
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('89504e47');
    expect((await t.req({ method: 'GET', url: `/view/cover/${doc.uuid}`, headers: { 'if-none-match': `"${viewKeyOf(doc.hash)}-cover"` } })).statusCode).toBe(
      304,
    );

    // converted again: new URLs, so no browser keeps the old bytes under a URL still handed out
    await call(t, api.reconvertDocuments, { body: { id: [doc.id] }, as: 'admin' });
    await t.app.services.conversion.convert(doc.hash);
    const again = await t.req({ method: 'GET', url });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).not.toBe(first.headers.location);
    expect((await fetch(String(again.headers.location))).status).toBe(200);

    // deleted: the API refuses before any redirect
    await call(t, api.deleteDocument, { query: { id: [doc.id] }, as: 'admin' });
    expect((await t.req({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('reuses a presigned URL for half its life at most, then signs again; local disk never redirects', async () => {
    const signer = new PresignedRedirects(store, { lifetimeSeconds: 600 });
    expect(signer.redirectMaxAge).toBe(150);
    await store.put('redirect/a.txt', Buffer.from('a'));
    const a1 = await signer.url('redirect/a.txt', { contentType: 'text/plain' });
    expect(await signer.url('redirect/a.txt', { contentType: 'text/plain' })).toBe(a1);
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 301_000; // past half of 600 s
      const a2 = await signer.url('redirect/a.txt', { contentType: 'text/plain' });
      expect(a2).toBeDefined();
      expect(new URL(a2!).searchParams.get('X-Amz-Expires')).toBe('600');
    } finally {
      Date.now = realNow;
    }
    signer.clear('redirect/');
    expect(await (await fetch((await signer.url('redirect/a.txt', { contentType: 'text/plain' }))!)).text()).toBe('a');
    // lifetimes are clamped to what S3 accepts, and the redirect is never kept longer than a quarter of it
    expect(new PresignedRedirects(store, { lifetimeSeconds: 10 }).lifetime).toBe(120);
    expect(new PresignedRedirects(store, { lifetimeSeconds: 30 * 24 * 3600 }).lifetime).toBe(7 * 24 * 3600);
    const local = new PresignedRedirects(new LocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-redirect-'))), { lifetimeSeconds: 600 });
    expect(await local.url('x/y.txt', {})).toBeUndefined();
    await store.delete('redirect/a.txt');
  });
});
