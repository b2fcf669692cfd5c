import { z } from 'zod';
import { defineRoute } from '../common/route';
import { QUICK_DATE_RANGES } from '../format/date-range';

const zNullable = z.string().nullable();

export const ZHealth = z.object({ status: z.literal('ok'), database: z.string(), uptime: z.number(), version: z.string() });

/**
 * The counts anyone may read (moredoc's GetStats answers these to every caller; its home and search pages show
 * them): registered users (plus display.virtual_register_count), published documents and published articles.
 */
export const ZPublicStats = z.object({
  user_count: z.number().int(),
  document_count: z.number().int(),
  article_count: z.number().int(),
});
export type TPublicStats = z.infer<typeof ZPublicStats>;

/** Everything GET /stats tells a holder of its permission (every user, every document, every article counted). */
export const ZStats = z.object({
  user_count: z.number().int(),
  document_count: z.number().int(),
  category_count: z.number().int(),
  article_count: z.number().int(),
  comment_count: z.number().int(),
  report_count: z.number().int(),
  friendlink_count: z.number().int(),
  banner_count: z.number().int(),
  attachment_count: z.number().int(),
  documents_by_status: z.record(z.string(), z.number().int()),
  version: z.string(),
  node: z.string(),
  os: z.string(),
  database: z.string(),
  // moredoc's build fields, and the counts the dashboard's cards show (all from the one /stats query)
  hash: z.string(),
  build_at: z.string(),
  document_category_count: z.number().int(),
  article_category_count: z.number().int(),
  navigation_count: z.number().int(),
  advertisement_count: z.number().int(),
  download_count: z.number().int(),
  paid_order_count: z.number().int(),
  chat_message_count: z.number().int(),
  pending_comment_count: z.number().int(),
});
export type TStats = z.infer<typeof ZStats>;
/** GET /stats: the public counts for everyone, the rest only with the route's permission (dual mode, as moredoc). */
export const ZStatsAnswer = ZPublicStats.extend(ZStats.omit({ user_count: true, document_count: true, article_count: true }).partial().shape);
export type TStatsAnswer = z.infer<typeof ZStatsAnswer>;
/** A full answer (the caller holds the permission): every field is there. */
export function isFullStats(s: TStatsAnswer): s is TStats {
  return typeof s.category_count === 'number' && typeof s.version === 'string';
}
/** The spec's quick date ranges (days): day, week, month, three months, half year, year. */
export const TREND_RANGES = QUICK_DATE_RANGES.map((r) => r.days);
export const TREND_MAX_DAYS = 366;
export const ZStatsTrendQuery = z.object({
  days: z.coerce
    .number({ error: '天数必须是数字' })
    .int('天数必须是整数')
    .min(1, '天数至少为 1')
    .max(TREND_MAX_DAYS, `天数最多为 ${TREND_MAX_DAYS}`)
    .default(7),
});
/** The series of GET /stats/trend, in the order the dashboard draws them. */
export const TREND_SERIES = ['users', 'documents', 'downloads', 'paid_orders', 'chat_messages'] as const;
export type TTrendSeries = (typeof TREND_SERIES)[number];
export const TREND_SERIES_LABELS: Record<TTrendSeries, string> = {
  users: '新增用户',
  documents: '上传文档',
  downloads: '下载次数',
  paid_orders: '支付订单',
  chat_messages: 'AI 提问',
};
const ZTrendCounts = z.object({
  users: z.number().int(),
  documents: z.number().int(),
  downloads: z.number().int(),
  paid_orders: z.number().int(),
  chat_messages: z.number().int(),
});
export const ZStatsTrend = z.object({
  /** first and last calendar day (YYYY-MM-DD) in the site's time zone; the last one is today */
  start: z.string(),
  end: z.string(),
  timezone: z.string(),
  /** one entry per calendar day, oldest first, every day present (0 when nothing happened) */
  days: z.array(ZTrendCounts.extend({ date: z.string() })),
  totals: ZTrendCounts,
});
export type TStatsTrend = z.infer<typeof ZStatsTrend>;

/**
 * GET /device: a superset of moredoc's DeviceInfo (cpu {cores, model_name, mhz, percent}, memory {total, available,
 * used, free, percent}, disk [{disk_name, total, used, free, percent}]) so its clients read it as they are; the rest
 * (database, queue, engines) is Wenku's.
 */
export const ZDevice = z.object({
  cpu: z.object({
    cores: z.number().int(),
    model_name: z.string(),
    mhz: z.number(),
    /** busy share of all cores over the last sampling interval, 0-100 */
    percent: z.number(),
    /** the older field names, kept for existing clients */
    model: z.string(),
    load: z.array(z.number()),
  }),
  memory: z.object({
    total: z.number(),
    available: z.number(),
    used: z.number(),
    free: z.number(),
    percent: z.number(),
    process_rss: z.number(),
  }),
  /** the data folder's file system (moredoc: every mounted disk) */
  disk: z.array(z.object({ path: z.string(), disk_name: z.string(), total: z.number(), used: z.number(), free: z.number(), percent: z.number() })),
  database: z.object({ kind: z.string(), size: z.number() }),
  /** pg-boss jobs by state; `available` false when this process runs no queue (its tables do not exist yet) */
  queue: z.object({
    available: z.boolean(),
    pending: z.number().int(),
    active: z.number().int(),
    failed: z.number().int(),
    queues: z.array(z.object({ name: z.string(), pending: z.number().int(), active: z.number().int(), failed: z.number().int() })),
  }),
  engines: z.array(z.object({ name: z.string(), installed: z.boolean(), version: z.string(), required: z.boolean() })),
  uptime: z.number(),
  process_uptime: z.number(),
  node: z.string(),
  os: z.string(),
  sampled_at: z.string(),
});
export type TDevice = z.infer<typeof ZDevice>;

export const ZLicense = z.object({
  name: z.string(),
  edition: z.string(),
  license: z.string(),
  license_name: z.string(),
  license_url: z.string(),
  /** where the running program's source is offered (AGPL §13); empty when the operator has not set one */
  source_url: z.string(),
  version: z.string(),
});
export type TLicense = z.infer<typeof ZLicense>;

/**
 * GET/POST /release: moredoc's Release (tag_name, name, body, release_at, ignore, source, current) plus the build,
 * whether an update is worth showing, and the reason when the source could not be read.
 */
export const ZRelease = z.object({
  tag_name: z.string(),
  name: z.string(),
  body: z.string(),
  release_at: z.string(),
  /** a version the administrator chose to ignore */
  ignore: z.string(),
  source: z.string(),
  current: z.string(),
  build: z.string(),
  build_at: z.string(),
  /** the release page, when the source gives one */
  url: z.string(),
  checked_at: zNullable,
  /** until when "remind me later" hides the notice */
  remind_at: zNullable,
  /** a newer release exists, it is not ignored and not snoozed */
  has_update: z.boolean(),
  /** empty when the last check worked */
  error: z.string(),
});
export type TRelease = z.infer<typeof ZRelease>;
export const ZRefreshReleaseBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    /** "remind me later": hide the notice for this many days */
    remind_after_days: z.number({ error: '提醒天数必须是数字' }).int('提醒天数必须是整数').min(1, '提醒天数至少为 1').max(90, '提醒天数最多为 90').optional(),
  }),
);
export const ZIgnoreReleaseBody = z.object({
  tag_name: z
    .string({ error: '请指定要忽略的版本' })
    .trim()
    .max(64, '版本号太长')
    .regex(/^[\w.+-]*$/, '版本号格式不正确'),
});
export const ZReleaseSourceBody = z.object({
  source: z
    .string({ error: '请填写版本源地址' })
    .trim()
    .max(500, '版本源地址太长')
    .refine((v) => v === '' || v === 'none' || /^https?:\/\/[^\s]+$/i.test(v), '版本源地址须以 http:// 或 https:// 开头'),
});
export const ZSqlModeResult = z.object({ ok: z.boolean(), message: z.string() });

export const systemRoutes = {
  getStats: defineRoute({
    method: 'GET',
    path: '/stats',
    grpc: 'ConfigAPI/GetStats',
    auth: 'public',
    permission: true,
    module: 'config',
    summary: '站点统计（所有人可见用户、文档、文章数；有权限者可见全部统计与程序信息）',
    response: ZStatsAnswer,
  }),
  getStatsTrend: defineRoute({
    method: 'GET',
    path: '/stats/trend',
    auth: 'admin',
    module: 'config',
    summary: '站点趋势（每日新增用户、上传、下载、支付订单、AI 提问）',
    query: ZStatsTrendQuery,
    response: ZStatsTrend,
  }),
  getDevice: defineRoute({
    method: 'GET',
    path: '/device',
    grpc: 'ConfigAPI/GetDeviceInfo',
    auth: 'admin',
    module: 'config',
    summary: '服务器资源',
    response: ZDevice,
  }),
  getLicense: defineRoute({ method: 'GET', path: '/license', auth: 'admin', module: 'config', summary: '授权信息', response: ZLicense }),
  getRelease: defineRoute({
    method: 'GET',
    path: '/release',
    grpc: 'ConfigAPI/GetLatestRelease',
    auth: 'admin',
    module: 'config',
    summary: '当前版本与最新发布版本',
    response: ZRelease,
  }),
  refreshRelease: defineRoute({
    method: 'POST',
    path: '/release',
    grpc: 'ConfigAPI/RefreshLatestRelease',
    auth: 'admin',
    module: 'config',
    summary: '重新检查最新版本（可设置稍后提醒）',
    body: ZRefreshReleaseBody,
    response: ZRelease,
  }),
  ignoreRelease: defineRoute({
    method: 'PUT',
    path: '/release/ignore',
    grpc: 'ConfigAPI/IgnoreRelease',
    auth: 'admin',
    module: 'config',
    summary: '忽略某个版本',
    body: ZIgnoreReleaseBody,
    response: ZRelease,
  }),
  setReleaseSource: defineRoute({
    method: 'PUT',
    path: '/release/source',
    grpc: 'ConfigAPI/SetReleaseSource',
    auth: 'admin',
    module: 'config',
    summary: '设置版本源',
    body: ZReleaseSourceBody,
    response: ZRelease,
  }),
  setSqlMode: defineRoute({
    method: 'PUT',
    path: '/sqlmode',
    grpc: 'ConfigAPI/SetSQLMode',
    auth: 'admin',
    module: 'config',
    summary: '修复 SQL 模式（MySQL 专用，PostgreSQL 无需操作）',
    response: ZSqlModeResult,
  }),
  health: defineRoute({ method: 'GET', path: '/health', auth: 'public', switches: 'exempt', summary: '健康检查', response: ZHealth }),
  ping: defineRoute({
    method: 'GET',
    path: '/ping',
    auth: 'public',
    switches: 'exempt',
    summary: 'Ping',
    query: z.object({ name: z.string().max(64).optional() }),
    response: z.object({ name: z.string(), created_at: z.string() }),
  }),
};
