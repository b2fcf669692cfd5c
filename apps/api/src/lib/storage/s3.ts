import crypto from 'node:crypto';
import type { Agent } from 'node:http';
import { Transform, pipeline, type Readable } from 'node:stream';
import type { S3Client, ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/client-s3';
import type { BuildMiddleware, InitializeMiddleware } from '@smithy/types';
import { create as contentDisposition } from 'content-disposition';
import { assertSafeKey, type ByteRange, type PresignOptions, type Storage } from './types';

/**
 * S3-compatible object storage (AWS S3, MinIO, Aliyun OSS S3 mode, Tencent COS, ...) through the AWS SDK:
 * `@aws-sdk/client-s3` signs (SigV4), retries and parses; `@aws-sdk/lib-storage`'s Upload streams a Readable as
 * one PutObject when it ends inside the first part, else as a multipart upload in `partSize` parts with at most
 * `partConcurrency` on the wire (aborted on any failure: no object, no parts left); `@aws-sdk/s3-request-presigner`
 * makes presigned GET URLs. This file only checks the settings, configures the client for S3-compatible stores and
 * turns SDK errors into readable Chinese messages.
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
  /** attempts for a request that fails with a network error, a 5xx or a throttling answer. Default 3. */
  maxAttempts?: number;
  /** ms to wait for a response (headers) before giving up. Default 120 000. */
  timeoutMs?: number;
  /** an http.Agent for the connections (tests: one whose lookup resolves a test host name) */
  httpAgent?: Agent;
}

/** The AWS SDK's three packages, loaded together. */
interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
  getSignedUrl: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl;
}
let sdkLoad: Promise<Sdk> | undefined;
/**
 * The SDK loads with the first call to the store, not with the process: it weighs about 22 MB resident, which a site
 * on local disk (the default) should not carry. The compiled API keeps these imports dynamic (the SDK stays outside
 * the bundle).
 */
function loadSdk(): Promise<Sdk> {
  sdkLoad ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage'), import('@aws-sdk/s3-request-presigner')]).then(
    ([s3, storage, presigner]) => ({ s3, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl }),
  );
  return sdkLoad;
}

export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;
/** S3 refuses presigned URLs valid for more than 7 days */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

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
  const missing = (
    [
      ['S3_ENDPOINT', cfg.endpoint],
      ['S3_BUCKET', cfg.bucket],
      ['S3_ACCESS_KEY', cfg.accessKey],
      ['S3_SECRET_KEY', cfg.secretKey],
    ] as const
  )
    .filter(([, v]) => !v || !String(v).trim())
    .map(([n]) => n);
  if (missing.length) {
    const hint = missing.includes('S3_ENDPOINT')
      ? '（S3_ENDPOINT 例如 https://s3.us-east-1.amazonaws.com、https://oss-cn-hangzhou.aliyuncs.com、https://cos.ap-guangzhou.myqcloud.com、http://127.0.0.1:9000）'
      : '';
    throw new Error(`对象存储配置不完整：缺少 ${missing.join('、')}${hint}`);
  }
  // each is set (checked just above)
  const given = (v: string | undefined) => (v ?? '').trim();
  let endpoint: URL;
  try {
    endpoint = new URL(given(cfg.endpoint));
  } catch {
    throw new Error(`对象存储配置错误：S3_ENDPOINT 不是有效的地址：${cfg.endpoint}（应形如 https://s3.example.com）`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:')
    throw new Error(`对象存储配置错误：S3_ENDPOINT 必须以 http:// 或 https:// 开头：${cfg.endpoint}`);
  if (endpoint.search || endpoint.hash || endpoint.username || endpoint.password)
    throw new Error(`对象存储配置错误：S3_ENDPOINT 不能带查询参数、锚点或用户名密码：${cfg.endpoint}`);
  const bucket = given(cfg.bucket);
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
  return { endpoint, bucket, region, accessKey: given(cfg.accessKey), secretKey: cfg.secretKey ?? '', forcePathStyle };
}

/**
 * The endpoint the SDK is given. Virtual-hosted: an endpoint that already names the bucket
 * (https://wenku.oss-cn-hangzhou.aliyuncs.com, as Aliyun's console shows it) loses that label, since the SDK puts
 * the bucket in front of the host itself.
 */
function sdkEndpoint(o: ResolvedS3Options): string {
  const u = new URL(o.endpoint.href);
  if (!o.forcePathStyle && u.hostname.startsWith(`${o.bucket}.`)) u.hostname = u.hostname.slice(o.bucket.length + 1);
  return u.href.replace(/\/+$/, '');
}

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
    options?: { cause?: unknown },
  ) {
    const hint = CODE_HINTS[code];
    super(`对象存储请求失败（${operation}）：HTTP ${status} ${code}${s3Message ? ` — ${s3Message}` : ''}${hint ? `（${hint}）` : ''}`, options);
    this.name = 'S3Error';
  }
}

function statusCode(status: number): string {
  return (
    (
      {
        400: 'BadRequest',
        403: 'Forbidden',
        404: 'NotFound',
        405: 'MethodNotAllowed',
        409: 'Conflict',
        411: 'MissingContentLength',
        412: 'PreconditionFailed',
        500: 'InternalError',
        501: 'NotImplemented',
        503: 'ServiceUnavailable',
      } as Record<number, string>
    )[status] ?? `HTTP${status}`
  );
}

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  errors?: { code?: string }[];
  $metadata?: { httpStatusCode?: number; requestId?: string };
}

/** 'PutObjectCommand' + input → 'PutObject a/b.pdf', 'UploadPart #2 a/b.pdf' */
function describe(commandName: string | undefined, input: { Key?: string; PartNumber?: number } | undefined): string {
  const op = (commandName ?? 'request').replace(/Command$/, '');
  return `${op}${input?.PartNumber ? ` #${input.PartNumber}` : ''}${input?.Key ? ` ${input.Key}` : ''}`;
}

/**
 * An SDK failure as a readable error. An answer from the store becomes an S3Error; an answer without an error
 * body (HEAD) gets its code from the status, where the SDK has only 'Unknown' / 'UnknownError' or the number.
 */
function readable(e: unknown, operation: string, origin: string): unknown {
  if (e instanceof S3Error || !e || typeof e !== 'object') return e;
  const err = e as SdkError;
  const status = err.$metadata?.httpStatusCode;
  if (status) {
    const telling = (v: string | undefined): v is string => !!v && !/^\d+$/.test(v) && v !== 'Unknown' && v !== 'UnknownError' && v !== 'Error';
    const code = telling(err.name) ? err.name : statusCode(status);
    const message = telling(err.message) && err.message !== err.name ? err.message : '';
    return new S3Error(status, code, message, operation, err.$metadata?.requestId, { cause: e });
  }
  const net = err.code ?? err.errors?.find((x) => x.code)?.code;
  if (net || err.name === 'TimeoutError') {
    return new Error(`无法连接对象存储（${operation}，${origin}）：${net ?? err.message}`, { cause: e });
  }
  return e;
}

// ---------------------------------------------------------------------------------------------------
// the store
// ---------------------------------------------------------------------------------------------------

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly options: ResolvedS3Options;
  readonly partSize: number;
  readonly partConcurrency: number;
  private readonly clientOptions: { maxAttempts: number; timeoutMs: number; httpAgent?: Agent };
  private connecting: Promise<{ client: S3Client; sdk: Sdk }> | undefined;

  constructor(opts: S3Options | undefined) {
    this.options = resolveS3Options(opts);
    this.partSize = Math.max(MIN_PART_SIZE, Math.floor(opts?.partSize ?? DEFAULT_PART_SIZE));
    this.partConcurrency = Math.max(1, Math.floor(opts?.partConcurrency ?? 2));
    this.clientOptions = { maxAttempts: Math.max(1, Math.floor(opts?.maxAttempts ?? 3)), timeoutMs: opts?.timeoutMs ?? 120_000, httpAgent: opts?.httpAgent };
  }

  /** The SDK client, made on the first call (see loadSdk); the settings were checked in the constructor. */
  connect(): Promise<{ client: S3Client; sdk: Sdk }> {
    this.connecting ??= loadSdk().then((sdk) => ({ sdk, client: this.makeClient(sdk) }));
    return this.connecting;
  }

  private makeClient(sdk: Sdk): S3Client {
    const o = this.options;
    const { maxAttempts, timeoutMs, httpAgent } = this.clientOptions;
    const client = new sdk.s3.S3Client({
      endpoint: sdkEndpoint(o),
      region: o.region,
      forcePathStyle: o.forcePathStyle,
      credentials: { accessKeyId: o.accessKey, secretAccessKey: o.secretKey },
      maxAttempts,
      // S3-compatible stores (MinIO, OSS, COS, Ceph) do not all know the newer flexible checksums
      // (x-amz-checksum-*, aws-chunked trailers): send and check them only where an operation requires one
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { requestTimeout: timeoutMs, throwOnRequestTimeout: true, ...(httpAgent ? { httpAgent } : {}) },
    });
    // Every failure, whichever call made it (ours or Upload's), leaves the SDK as a readable error naming the call.
    const readableErrors: InitializeMiddleware<ServiceInputTypes, ServiceOutputTypes> = (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (e) {
        throw readable(e, describe(context.commandName, args.input as { Key?: string; PartNumber?: number }), o.endpoint.origin);
      }
    };
    client.middlewareStack.add(readableErrors, { step: 'initialize', priority: 'high', name: 'wenkuReadableErrors' });
    // DeleteObjects must carry a body checksum. The SDK now sends a CRC32 there even with WHEN_REQUIRED, which
    // S3 accepts but many S3-compatible stores refuse ("Missing required header for this request: Content-Md5"):
    // send Content-MD5 instead, as the SDK's own MD5_FALLBACK note advises for those stores.
    const deleteObjectsMd5: BuildMiddleware<ServiceInputTypes, ServiceOutputTypes> = (next, context) => async (args) => {
      const req = args.request as { headers?: Record<string, string>; body?: unknown };
      if (context.commandName === 'DeleteObjectsCommand' && req.headers && (typeof req.body === 'string' || req.body instanceof Uint8Array)) {
        for (const h of Object.keys(req.headers)) {
          if (/^x-amz-(sdk-)?checksum-/i.test(h)) delete req.headers[h];
        }
        req.headers['content-md5'] = crypto.createHash('md5').update(req.body).digest('base64');
      }
      return next(args);
    };
    // build step, low priority: runs after the SDK's checksum middleware (build, normal) and before signing
    client.middlewareStack.add(deleteObjectsMd5, { step: 'build', priority: 'low', name: 'wenkuDeleteObjectsContentMd5' });
    return client;
  }

  private get bucket() {
    return this.options.bucket;
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType?: string } = {}): Promise<number> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    if (Buffer.isBuffer(body)) {
      await client.send(new sdk.s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType }));
      return body.length;
    }
    // counted on the way through; pipeline() destroys the source when Upload stops reading (a refused part)
    let total = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        total += chunk.length;
        cb(null, chunk);
      },
    });
    pipeline(body, counted, () => undefined);
    try {
      await new sdk.Upload({
        client,
        params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: opts.contentType },
        partSize: this.partSize,
        queueSize: this.partConcurrency,
        leavePartsOnError: false,
      }).done();
    } catch (e) {
      if (!body.destroyed) body.destroy();
      if (!counted.destroyed) counted.destroy();
      throw e;
    }
    return total;
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    try {
      const res = await client.send(
        new sdk.s3.GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      // in Node the body is the http.IncomingMessage itself: a Readable, read as it comes
      return res.Body as Readable | undefined;
    } catch (e) {
      if (e instanceof S3Error && e.status === 404) return undefined;
      throw e;
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | undefined> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    try {
      const res = await client.send(new sdk.s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(res.ContentLength ?? 0), modifiedAt: res.LastModified ?? new Date(0) };
    } catch (e) {
      if (e instanceof S3Error && e.status === 404) return undefined;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    try {
      await client.send(new sdk.s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (!(e instanceof S3Error && e.status === 404)) throw e;
    }
  }

  /**
   * A presigned GET URL for a key, valid `expiresIn` seconds (at most 7 days). `filename` makes the answer an
   * attachment with that name (RFC 6266, UTF-8 names included); `contentType` overrides the stored type.
   */
  async presignedGetUrl(key: string, opts: PresignOptions): Promise<string> {
    assertSafeKey(key);
    const expiresIn = Math.floor(opts.expiresIn);
    if (!(expiresIn >= 1 && expiresIn <= MAX_PRESIGN_SECONDS))
      throw new Error(`presigned URL lifetime must be 1 to ${MAX_PRESIGN_SECONDS} seconds, not ${opts.expiresIn}`);
    const { client, sdk } = await this.connect();
    const cmd = new sdk.s3.GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: opts.filename ? contentDisposition(opts.filename) : undefined,
      ResponseContentType: opts.contentType,
      ResponseContentEncoding: opts.contentEncoding,
      ResponseCacheControl: opts.cacheControl,
    });
    return sdk.getSignedUrl(client, cmd, { expiresIn, signingDate: opts.signingDate });
  }

  /** Every key below `prefix/` (a folder, as on local disk), page by page. */
  async *list(prefix: string): AsyncGenerator<string[]> {
    const p = `${assertSafeKey(prefix.replace(/\/+$/, ''))}/`;
    const { client, sdk } = await this.connect();
    for await (const page of sdk.s3.paginateListObjectsV2({ client }, { Bucket: this.bucket, Prefix: p })) {
      const keys = (page.Contents ?? []).map((c) => c.Key).filter((k): k is string => !!k);
      if (keys.length) yield keys;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    for await (const keys of this.list(prefix)) await this.deleteMany(keys);
  }

  private deleteObjectsSupported = true;

  /** DeleteObjects (≤ 1000 keys); single deletes where a store lacks it. */
  private async deleteMany(keys: string[]) {
    const { client, sdk } = await this.connect();
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (this.deleteObjectsSupported) {
        try {
          const res = await client.send(
            new sdk.s3.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Quiet: true, Objects: batch.map((Key) => ({ Key })) } }),
          );
          const errors = res.Errors ?? [];
          if (errors.length) {
            const first = errors[0];
            throw new S3Error(200, first.Code ?? 'DeleteFailed', `${errors.length} 个对象删除失败，例如 ${first.Key}：${first.Message ?? ''}`, 'DeleteObjects');
          }
          continue;
        } catch (e) {
          if (!(e instanceof S3Error && e.status === 501)) throw e;
          this.deleteObjectsSupported = false;
        }
      }
      for (const k of batch) await this.delete(k);
    }
  }
}
