import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDocumentDetail, ZUploadResult, DocumentStatus } from '@wenku/contracts';
import { S3Storage, createStorage } from '../src/lib/storage';
import { buildS3Url, resolveS3Options, signV4, uriEncode, type S3Options } from '../src/lib/storage/s3';
import { loadConfig } from '../src/config';
import { startFakeS3, type FakeS3 } from './fakes/s3-server';
import { createTestApp, type TestApp } from './helpers';
import { makePdf, multipart, sha256 } from './fixtures';

const MiB = 1024 * 1024;
let fake: FakeS3;
let store: S3Storage;
const settings = (over: Partial<S3Options> = {}): S3Options => ({
  endpoint: fake.endpoint, bucket: fake.bucket, region: fake.region, accessKey: fake.accessKey, secretKey: fake.secretKey, forcePathStyle: true, ...over,
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

describe('SigV4 and addressing (unit)', () => {
  it('signs the AWS documentation examples to the published signatures', () => {
    const base = { accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1', date: new Date(Date.UTC(2013, 4, 24)) };
    const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    // GET Object with a Range header
    const get = signV4({ ...base, method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/test.txt', headers: { Range: 'bytes=0-9' }, payloadHash: empty });
    expect(get.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(get.headers.authorization).toBe('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    // PUT Object: a key with '$', a signed payload, extra x-amz header
    const put = signV4({ ...base, method: 'PUT', url: `https://examplebucket.s3.amazonaws.com/${uriEncode('test$file.text', false)}`, headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' }, payloadHash: sha256(Buffer.from('Welcome to Amazon S3.')) });
    expect(put.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
    // GET Bucket lifecycle (sub-resource without a value) and list (query sorted)
    expect(signV4({ ...base, method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/?lifecycle=', payloadHash: empty }).signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
    expect(signV4({ ...base, method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2', payloadHash: empty }).signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('builds path-style and virtual-hosted URLs, encoding keys segment by segment', () => {
    const key = 'pages/文档 一/1 (a)+b~c.svg';
    const encoded = 'pages/%E6%96%87%E6%A1%A3%20%E4%B8%80/1%20%28a%29%2Bb~c.svg';
    const path = resolveS3Options({ endpoint: 'https://minio.example.com:9000', bucket: 'wenku', accessKey: 'a', secretKey: 's', forcePathStyle: true });
    expect(buildS3Url(path, key)).toBe(`https://minio.example.com:9000/wenku/${encoded}`);
    const vhost = resolveS3Options({ endpoint: 'https://cos.ap-guangzhou.myqcloud.com', bucket: 'wenku-1250000000', accessKey: 'a', secretKey: 's', forcePathStyle: false });
    expect(buildS3Url(vhost, key)).toBe(`https://wenku-1250000000.cos.ap-guangzhou.myqcloud.com/${encoded}`);
    expect(buildS3Url(vhost, '', [['list-type', '2'], ['prefix', 'pages/文 档/']])).toBe('https://wenku-1250000000.cos.ap-guangzhou.myqcloud.com/?list-type=2&prefix=pages%2F%E6%96%87%20%E6%A1%A3%2F');
    // an endpoint behind a path (reverse proxy) keeps it
    const proxied = resolveS3Options({ endpoint: 'http://10.0.0.2/s3/', bucket: 'b1', accessKey: 'a', secretKey: 's', forcePathStyle: true });
    expect(buildS3Url(proxied, 'a/b.pdf', [['uploadId', 'x/y+z=']])).toBe('http://10.0.0.2/s3/b1/a/b.pdf?uploadId=x%2Fy%2Bz%3D');
    expect(new S3Storage({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', bucket: 'wenku', region: 'oss-cn-hangzhou', accessKey: 'a', secretKey: 's', forcePathStyle: false }).url('documents/a.pdf'))
      .toBe('https://wenku.oss-cn-hangzhou.aliyuncs.com/documents/a.pdf');
    expect(new S3Storage({ endpoint: 'https://wenku.oss-cn-hangzhou.aliyuncs.com', bucket: 'wenku', region: 'oss-cn-hangzhou', accessKey: 'a', secretKey: 's', forcePathStyle: false }).url('documents/a.pdf'))
      .toBe('https://wenku.oss-cn-hangzhou.aliyuncs.com/documents/a.pdf');
  });

  it('refuses half-made settings with messages that name the variable to fix', () => {
    expect(() => new S3Storage({ endpoint: 'http://127.0.0.1:9000', accessKey: 'a', secretKey: 's' })).toThrow('对象存储配置不完整：缺少 S3_BUCKET');
    expect(() => new S3Storage({ bucket: 'b', accessKey: 'a' })).toThrow(/^对象存储配置不完整：缺少 S3_ENDPOINT、S3_SECRET_KEY（S3_ENDPOINT 例如/);
    expect(() => new S3Storage(undefined)).toThrow('缺少 S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY、S3_SECRET_KEY');
    expect(() => new S3Storage({ endpoint: 'minio:9000', bucket: 'b', accessKey: 'a', secretKey: 's' })).toThrow('S3_ENDPOINT 必须以 http:// 或 https:// 开头');
    expect(() => new S3Storage({ endpoint: 'not a url', bucket: 'b', accessKey: 'a', secretKey: 's' })).toThrow('S3_ENDPOINT 不是有效的地址');
    expect(() => new S3Storage({ endpoint: 'https://s3.example.com', bucket: 'My_Bucket', accessKey: 'a', secretKey: 's', forcePathStyle: false })).toThrow('S3_FORCE_PATH_STYLE=true');
    expect(() => new S3Storage({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', bucket: 'b1', accessKey: 'a', secretKey: 's', forcePathStyle: true })).toThrow('阿里云 OSS 只支持虚拟主机方式访问');
    // STORAGE=s3 from the environment: createStorage refuses to start without a bucket
    const cfg = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/wenku-s3-cfg', STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' }, { jwtSecret: 'x'.repeat(32) });
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
    expect(put.rawUrl).toBe(`/${fake.bucket}/docs/%E4%B8%AD%E6%96%87%20%E7%9B%AE%E5%BD%95/%E7%AC%AC%201%20%E7%AB%A0%20%28%E8%8D%89%E7%A8%BF%29%2B%26%E2%80%99.txt`);
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
    expect(reqs.filter((r) => r.op === 'ListObjectsV2').slice(1).every((r) => r.rawUrl.includes('continuation-token='))).toBe(true);
    const batches = reqs.filter((r) => r.op === 'DeleteObjects');
    expect(batches.length).toBe(3);
    expect(batches.every((r) => r.status === 200 && typeof r.headers['content-md5'] === 'string')).toBe(true);
    const left = [...fake.objects().keys()].filter((k) => k.startsWith('pages/'));
    expect(left.sort()).toEqual(['pages/abc.txt', 'pages/abcd/1.svg']);
    await store.deletePrefix('pages/abcd/');
    await store.delete('pages/abc.txt');
  });

  it('streams 30 MiB through a multipart upload in 8 MiB parts with bounded memory, and reads it back as a stream', async () => {
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
    const total = 30 * MiB;
    let peak = 0;
    const src = generated(total, { every: () => (peak = Math.max(peak, mem())) });
    const n = fake.requests.length;
    const base = mem();
    const written = await store.put('big/30mib.bin', src.stream, { contentType: 'application/octet-stream' });
    peak = Math.max(peak, mem());
    expect(written).toBe(total);
    const reqs = since(n);
    expect(reqs.map((r) => r.op)).toEqual(['CreateMultipartUpload', 'UploadPart', 'UploadPart', 'UploadPart', 'UploadPart', 'CompleteMultipartUpload']);
    const parts = reqs.filter((r) => r.op === 'UploadPart');
    expect(parts.map((r) => r.bytes)).toEqual([8 * MiB, 8 * MiB, 8 * MiB, 6 * MiB]);
    expect(parts.every((r) => r.headers['x-amz-content-sha256'] === 'UNSIGNED-PAYLOAD' && r.status === 200)).toBe(true);
    expect(fake.objects().get('big/30mib.bin')).toMatchObject({ size: total, contentType: 'application/octet-stream' });
    expect(fake.objects().get('big/30mib.bin')!.etag).toMatch(/-4"$/);
    expect(fake.pendingUploads()).toBe(0);
    // at most partConcurrency (2) parts on the wire + 1 filling: 24 MiB, well under the 30 MiB that went through
    const growth = peak - base;
    console.log(`multipart 30 MiB: peak live memory growth ${(growth / MiB).toFixed(1)} MiB`);
    expect(growth).toBeLessThan(3 * 8 * MiB + 2 * MiB);

    // GetObject is a stream: hash it chunk by chunk
    const h = crypto.createHash('sha256');
    let size = 0;
    for await (const c of (await store.get('big/30mib.bin'))!) {
      h.update(c as Buffer);
      size += (c as Buffer).length;
    }
    expect(size).toBe(total);
    expect(h.digest('hex')).toBe(src.digest());
    expect((await store.stat('big/30mib.bin'))?.size).toBe(total);
    await store.delete('big/30mib.bin');
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
    await expect(new S3Storage(settings({ accessKey: 'NOSUCHKEY' })).put('x/a.txt', Buffer.from('a'))).rejects.toThrow('InvalidAccessKeyId — The AWS Access Key Id you provided does not exist in our records.（访问密钥不存在，请检查 S3_ACCESS_KEY）');
    await expect(new S3Storage(settings({ region: 'us-west-2' })).put('x/a.txt', Buffer.from('a'))).rejects.toThrow('AuthorizationHeaderMalformed');
    await expect(new S3Storage(settings({ bucket: 'no-such-bucket' })).put('x/a.txt', Buffer.from('a'))).rejects.toThrow('NoSuchBucket — The specified bucket does not exist（存储桶不存在，请检查 S3_BUCKET 与 S3_ENDPOINT）');
    // nothing listening
    const port = await new Promise<number>((r) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => r(p));
      });
    });
    await expect(new S3Storage(settings({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 1 })).exists('x/a.txt')).rejects.toThrow(`无法连接对象存储（HeadObject x/a.txt，http://127.0.0.1:${port}）：ECONNREFUSED`);
  });

  it('the fake checks signatures the way S3 does: tampered headers, bodies and virtual-hosted requests', async () => {
    const sign = (method: string, url: string, body: Buffer, headers: Record<string, string> = {}) => signV4({ method, url, headers, payloadHash: sha256(body), accessKey: fake.accessKey, secretKey: fake.secretKey, region: fake.region });
    const url = `${fake.endpoint}/${fake.bucket}/raw/a.txt`;
    const body = Buffer.from('signed body');
    // header changed after signing
    const s1 = sign('PUT', url, body, { 'content-type': 'text/plain' });
    const r1 = await fetch(url, { method: 'PUT', body, headers: { ...s1.headers, 'content-type': 'text/html' } });
    expect(r1.status).toBe(403);
    const x1 = await r1.text();
    expect(x1).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(x1).toContain('<CanonicalRequest>PUT\n/wenku-test/raw/a.txt\n\ncontent-type:text/html\n');
    // body changed after signing
    const r2 = await fetch(url, { method: 'PUT', body: Buffer.from('signed bodY'), headers: sign('PUT', url, body).headers });
    expect(r2.status).toBe(400);
    expect(await r2.text()).toContain('XAmzContentSHA256Mismatch');
    // an x-amz header that was not signed
    const r3 = await fetch(url, { method: 'PUT', body, headers: { ...sign('PUT', url, body).headers, 'x-amz-meta-extra': '1' } });
    expect(r3.status).toBe(403);
    // no signature at all
    expect((await fetch(url)).status).toBe(403);
    expect(fake.objects().has('raw/a.txt')).toBe(false);

    // virtual-hosted: the bucket in the Host header (sent with node:http, fetch would not let us pick the host)
    const vstore = new S3Storage(settings({ endpoint: `http://s3.test:${fake.port}`, forcePathStyle: false }));
    const vurl = vstore.url('raw/虚拟 主机.txt');
    expect(vurl).toBe(`http://${fake.bucket}.s3.test:${fake.port}/raw/%E8%99%9A%E6%8B%9F%20%E4%B8%BB%E6%9C%BA.txt`);
    const signed = sign('PUT', vurl, body);
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(vurl);
      const req = http.request({ host: '127.0.0.1', port: fake.port, method: 'PUT', path: u.pathname, headers: { ...signed.headers, host: u.host, 'content-length': body.length } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    expect(fake.requests.at(-1)!.bucket).toBe(fake.bucket);
    expect(await fake.read('raw/虚拟 主机.txt')).toEqual(body);
    await store.delete('raw/虚拟 主机.txt');
  });
});

describe('the app with STORAGE=s3', () => {
  let t: TestApp;
  let appFake: FakeS3;
  beforeAll(async () => {
    appFake = await startFakeS3({ bucket: 'wenku-app', region: 'cn-north-1' });
    t = await createTestApp({
      storage: { kind: 's3', s3: { endpoint: appFake.endpoint, bucket: appFake.bucket, region: appFake.region, accessKey: appFake.accessKey, secretKey: appFake.secretKey, forcePathStyle: true } },
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
    const created = await t.req({ method: 'POST', url: '/api/v1/document', token: u.token, payload: { category_id: [cats[0].id], document: [{ attachment_id: att.id, title: '对象存储 测试', price: 0 }] } });
    expect(created.statusCode, created.body).toBe(200);
    const doc = created.json().document[0] as { id: number; uuid: string };
    await t.app.services.conversion.convert(hash);

    const detail = ZDocumentDetail.parse((await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}` })).json());
    expect(detail.status).toBe(DocumentStatus.Converted);
    expect(detail.pages).toBe(2);
    const keys = [...appFake.objects().keys()];
    expect(keys).toEqual(expect.arrayContaining([fileKey, `covers/${hash}.png`]));
    const pages = keys.filter((k) => k.startsWith(`pages/${hash}/`));
    expect(pages.length).toBe(2);
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
