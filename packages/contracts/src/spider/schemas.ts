import { z } from 'zod';
import { INT4_MAX, zInt4, zNullableTimestamp, zQueryArray, zTimestamp } from '../common/schemas';
import { ZSpiderUrlStatus, ZSpiderDocumentStatus } from '../enums/schemas';

const zId = z.number().int().positive().max(INT4_MAX, '数值超出范围');

/** At most this many start URLs in one request (one per line in the admin's textarea). */
export const MAX_SPIDER_URLS = 100;
/** Deepest list-page nesting a start URL may ask for. */
export const MAX_SPIDER_DEPTH = 3;

/** An absolute http(s) URL (other schemes are refused here; the fetcher checks the address again). */
export const zSpiderUrl = z
  .string()
  .trim()
  .min(1, '请输入网址')
  .max(2048, '网址太长（最多 2048 个字符）')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
    } catch {
      return false;
    }
  }, '只能采集 http:// 或 https:// 开头的网址（不能带用户名和密码）');

/** A start URL of the collector with its settings and progress (spec §4: pending 0, collecting 1, done 2, failed 3). */
export const ZSpiderUrl = z.object({
  id: z.number().int(),
  url: z.string(),
  category_id: z.array(z.number().int()),
  user_id: z.number().int(),
  username: z.string(),
  price: z.number().int(),
  language: z.string(),
  pattern: z.string(),
  depth: z.number().int(),
  auto_publish: z.boolean(),
  status: ZSpiderUrlStatus,
  /** why it failed, readable */
  error: z.string(),
  /** pages fetched */
  pages: z.number().int(),
  /** document links found */
  documents: z.number().int(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
  finished_at: zNullableTimestamp,
});
export type TSpiderUrl = z.infer<typeof ZSpiderUrl>;

export const ZCreateSpiderUrlBody = z.object({
  url: z.array(zSpiderUrl).min(1, '请至少输入一个网址').max(MAX_SPIDER_URLS, `一次最多添加 ${MAX_SPIDER_URLS} 个网址`),
  category_id: z.array(zId).min(1, '请选择分类').max(20, '分类太多'),
  /** the uploader of published documents (default: the admin) */
  user_id: zId.optional(),
  price: z.number().int().min(0, '价格不能为负数').max(1_000_000, '价格太大').default(0),
  language: z.string().trim().max(16, '语言代码太长').default('zh-cn'),
  /** a glob (`*.pdf`, `https://example.com/docs/**`) or a regex written `/.../` */
  pattern: z.string().trim().max(512, '匹配规则太长').default(''),
  depth: z.number().int().min(0, '深度不能为负数').max(MAX_SPIDER_DEPTH, `深度最多为 ${MAX_SPIDER_DEPTH}`).default(1),
  auto_publish: z.boolean().default(false),
});

export const ZListSpiderUrlsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  status: zQueryArray(z.coerce.number().pipe(ZSpiderUrlStatus)),
  /** URL contains */
  wd: z.string().trim().max(256).optional(),
});

/** A collected document link on its way to publication (spec §4: pending 0 … published 7, publish failed 8). */
export const ZSpiderDocument = z.object({
  id: z.number().int(),
  spider_url_id: z.number().int(),
  url: z.string(),
  /** the page the link was found on */
  source_url: z.string(),
  title: z.string(),
  ext: z.string(),
  size: z.number(),
  /** the downloaded file's view key (never its content hash: see ZAttachment) */
  hash: z.string(),
  attachment_id: z.number().int().nullable(),
  document_id: z.number().int().nullable(),
  /** the published document's uuid ('' until published) */
  document_uuid: z.string(),
  status: ZSpiderDocumentStatus,
  error: z.string(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
});
export type TSpiderDocument = z.infer<typeof ZSpiderDocument>;

export const ZListSpiderDocumentsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  status: zQueryArray(z.coerce.number().pipe(ZSpiderDocumentStatus)),
  spider_url_id: z.coerce.number().int().positive().max(INT4_MAX, '数值超出范围').optional(),
  /** URL or title contains */
  wd: z.string().trim().max(256).optional(),
  ext: z.string().trim().max(16).optional(),
});

export const ZSpiderIdsBody = z.object({ id: z.array(zId).min(1, '请选择记录').max(1000, '一次最多 1000 条') });
export const ZPublishSpiderDocumentsBody = ZSpiderIdsBody.extend({
  /** publish into these categories instead of the start URL's */
  category_id: z.array(zId).max(20, '分类太多').optional(),
});
export const ZSpiderCount = z.object({ count: z.number().int() });
