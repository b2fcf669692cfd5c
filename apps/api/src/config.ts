import { z } from 'zod';
import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { REPO_ROOT } from './lib/paths';

const zBoolEnv = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase())),
  z.boolean().optional(),
);

const ZEnv = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  JWT_SECRET: z.string().min(16, 'JWT_SECRET 至少 16 个字符').optional(),
  JWT_EXPIRE_DAYS: z.coerce.number().int().min(1).default(30),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD 至少 6 位').optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: zBoolEnv,
  /** page images and covers answered with a 302 to a presigned URL of the store instead of their bytes */
  S3_REDIRECT: zBoolEnv,
  /** how long those presigned URLs stay valid, in seconds */
  S3_REDIRECT_SECONDS: z.coerce.number().int().min(120).max(604800).default(3600),
  API_ONLY: zBoolEnv,
  NO_WORKER: zBoolEnv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_MB: z.coerce.number().min(1).default(2),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default(''),
  /** memory for the in-process vector matrix of PostgreSQL without pgvector (0: rank in SQL) */
  VECTOR_MEMORY_MB: z.coerce.number().min(0).max(65536).default(512),
  SPIDER_ALLOW_HOSTS: z.string().default(''),
  /** `host` or `host:port` entries the settings' outbound requests (LLM, payment, SMS, OAuth, SMTP, release source) may reach on private addresses */
  OUTBOUND_ALLOW_HOSTS: z.string().default(''),
  /** set by scripts/supervise.mjs: the server leaves when this process is gone */
  WENKU_SUPERVISOR_PID: z.coerce.number().int().min(0).default(0),
  /** how often a worker process records that it is alive (kernel/worker-heartbeat.ts) */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(5),
  /** a worker silent this long is taken for dead: its running jobs fail and retry on another worker */
  WORKER_DEAD_AFTER_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** TEST ONLY (honoured with NODE_ENV=test): a conversion waits this long after writing its page images */
  WENKU_TEST_CONVERT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  jwtExpireDays: number;
  adminUsername: string;
  adminPassword?: string;
  storage: {
    kind: 'local' | 's3';
    s3?: {
      endpoint?: string;
      bucket?: string;
      region: string;
      accessKey?: string;
      secretKey?: string;
      forcePathStyle: boolean;
      /** S3_REDIRECT: page images and covers redirect to presigned URLs (off: the API sends the bytes) */
      redirect?: boolean;
      /** S3_REDIRECT_SECONDS: the presigned URLs' lifetime */
      redirectSeconds?: number;
    };
  };
  serveStatic: boolean;
  runWorker: boolean;
  /** the supervising process (0: none) */
  supervisorPid: number;
  logLevel: string;
  bodyLimit: number;
  webDist: string;
  adminDist: string;
  corsOrigins: string[];
  /** Fastify trustProxy: off by default, so X-Forwarded-For is ignored unless a proxy is configured */
  trustProxy: boolean | number | string;
  /** bytes the knowledge module may hold for exact vector ranking in the process (no pgvector); 0 ranks in SQL */
  vectorMemoryBytes: number;
  isTest: boolean;
  /** SPIDER_ALLOW_HOSTS: `host` or `host:port` entries the collector may reach although they resolve to loopback or private addresses */
  spiderAllowHosts: string[];
  /**
   * OUTBOUND_ALLOW_HOSTS: `host` or `host:port` entries that the addresses typed in the settings (LLM base URL,
   * payment gateways, SMS endpoint, custom OAuth URLs, SMTP host, release source) may reach although they resolve
   * to loopback or private addresses (a local Ollama, a mail relay in the network)
   */
  outboundAllowHosts: string[];
  /** the worker heartbeat: beat interval, and the silence after which a worker's running jobs are failed (retried) */
  workerHeartbeat: { beatMs: number; deadAfterMs: number };
  /** tests only (NODE_ENV=test): a pause after a conversion wrote its page images, to catch a worker mid-conversion */
  testConvertDelayMs: number;
  /** tests only, never from the environment: replaces a vendor's real origin (github, gitee, qq, wechat, wechatmp) with a local fake */
  vendorBaseUrls?: Partial<Record<string, string>>;
}

/** The JWT secret: from the environment, else generated once and kept in the data folder. */
function resolveJwtSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * TRUST_PROXY: empty (default) trusts no proxy: the client address is the socket's, X-Forwarded-For is ignored.
 * A number trusts that many hops; `true` trusts every hop (only when nothing but the proxy can reach the API);
 * anything else is a comma-separated list of proxy addresses or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`, `loopback`).
 */
export function parseTrustProxy(v: string): boolean | number | string {
  const s = v.trim();
  if (!s || s === 'false' || s === '0') return false;
  if (s === 'true') return true;
  if (/^\d+$/.test(s)) return Number(s);
  return s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(',');
}

/** Reads the environment once. Nothing else in the API reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`配置错误: ${msg}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.WORKER_DEAD_AFTER_SECONDS < e.WORKER_HEARTBEAT_SECONDS * 2) {
    throw new Error('配置错误: WORKER_DEAD_AFTER_SECONDS 至少是 WORKER_HEARTBEAT_SECONDS 的两倍');
  }
  const isTest = e.NODE_ENV === 'test';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: overrides.jwtSecret ?? resolveJwtSecret(dataDir, e.JWT_SECRET),
    jwtExpireDays: e.JWT_EXPIRE_DAYS,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    storage: {
      kind: e.STORAGE,
      s3:
        e.STORAGE === 's3'
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKey: e.S3_ACCESS_KEY,
              secretKey: e.S3_SECRET_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
              redirect: e.S3_REDIRECT ?? false,
              redirectSeconds: e.S3_REDIRECT_SECONDS,
            }
          : undefined,
    },
    serveStatic: !e.API_ONLY,
    runWorker: !e.NO_WORKER,
    supervisorPid: e.WENKU_SUPERVISOR_PID,
    logLevel: e.LOG_LEVEL,
    bodyLimit: Math.round(e.BODY_LIMIT_MB * 1024 * 1024),
    vectorMemoryBytes: Math.round(e.VECTOR_MEMORY_MB * 1024 * 1024),
    webDist: e.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'),
    adminDist: e.ADMIN_DIST ?? path.join(REPO_ROOT, 'apps/admin/dist'),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    isTest,
    workerHeartbeat: { beatMs: Math.round(e.WORKER_HEARTBEAT_SECONDS * 1000), deadAfterMs: Math.round(e.WORKER_DEAD_AFTER_SECONDS * 1000) },
    testConvertDelayMs: isTest ? e.WENKU_TEST_CONVERT_DELAY_MS : 0,
    spiderAllowHosts: e.SPIDER_ALLOW_HOSTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    outboundAllowHosts: e.OUTBOUND_ALLOW_HOSTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ...overrides,
  };
}
