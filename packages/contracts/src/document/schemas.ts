import { z } from 'zod';
import { zPatch, zQueryArray, zTimestamp, zNullableTimestamp, zId, zBoolItem, zInt4, INT4_MAX, zDateString, ZUserBrief, ZUserCard } from '../common/schemas';
import { ZCategory } from '../content/schemas';
import { TargetType } from '../enums/target-type';
import { ZTargetType } from '../enums/schemas';

const zPage = zInt4.min(1).default(1);

// ---------------- attachments & upload ----------------
export const ZAttachment = z.object({
  id: z.number().int(),
  /**
   * The file's view key (`sha256("wenku-view:" + content hash)`): the same for every copy of the same bytes, so an
   * administrator still sees duplicates, but never the content hash itself, which names the file to the instant
   * upload (moredoc's admin shows it in its HASH column).
   */
  hash: z.string(),
  user_id: z.number().int(),
  username: z.string().optional(),
  type: z.number().int(),
  type_id: z.number().int(),
  enable: z.boolean(),
  name: z.string(),
  size: z.number(),
  ext: z.string(),
  description: z.string(),
  /** public URL for images (`/uploads/...`) */
  url: z.string().optional(),
  created_at: zTimestamp,
});
export type TAttachment = z.infer<typeof ZAttachment>;

/** Answer of POST /upload/document (moredoc wraps it in `data`). */
export const ZUploadResult = z.object({ data: ZAttachment });
/**
 * Instant upload (秒传) in two steps. 1: the browser sends the file's SHA-256 and size; when the server holds those
 * bytes it answers a challenge: byte ranges it picked at random and a signed token. 2: the browser sends the same
 * body plus the token and `proof`, the SHA-256 of those ranges' bytes one after the other; only then is the
 * attachment made. The content hash alone never gets a file: whoever learnt it must still show the bytes.
 */
export const ZCheckHashBody = z.object({
  hash: z.string().regex(/^[a-f0-9]{64}$/, '文件哈希格式不正确'),
  name: z.string().trim().min(1, '缺少文件名').max(255),
  size: z.number().int().min(1, '文件为空').max(Number.MAX_SAFE_INTEGER),
  /** the token of the challenge answered (step 2) */
  challenge: z.string().max(2048).optional(),
  /** SHA-256 (hex) of the challenge's ranges, read from the file in the order given */
  proof: z
    .string()
    .regex(/^[a-f0-9]{64}$/, '校验值格式不正确')
    .optional(),
});
/** A range of the file: `length` bytes from `offset`. */
export const ZByteRange = z.object({ offset: z.number().int().min(0), length: z.number().int().min(1) });
export const ZUploadChallenge = z.object({ token: z.string(), ranges: z.array(ZByteRange) });
export type TUploadChallenge = z.infer<typeof ZUploadChallenge>;
/**
 * `exists`: the server holds these bytes. `attachment`: made once possession is proven (step 2). `challenge`: what
 * to prove (step 1, or a step 2 whose token was stale); absent when there is nothing to prove or the proof failed.
 */
export const ZCheckHashResult = z.object({
  exists: z.boolean(),
  attachment: ZAttachment.nullable(),
  challenge: ZUploadChallenge.nullable().optional(),
});

export const ZListAttachmentsQuery = z.object({
  page: zPage,
  size: zInt4.min(1).max(1000).default(10),
  wd: z.string().trim().max(64).optional(),
  enable: zQueryArray(zBoolItem),
  user_id: zQueryArray(zInt4),
  type: zQueryArray(zInt4),
  ext: z.string().optional(),
});
export const ZUpdateAttachmentBody = z.object({
  id: z.number().int().positive().max(INT4_MAX),
  name: z.string().trim().max(255).optional(),
  description: z.string().max(1024).optional(),
  enable: z.boolean().optional(),
});

// ---------------- documents ----------------
export const ZDocument = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  user_id: z.number().int(),
  username: z.string().optional(),
  user_avatar: z.string().optional(),
  /** the uploader as moredoc nests it (public fields only); absent when the account is gone */
  user: ZUserBrief.optional(),
  ext: z.string(),
  size: z.number(),
  pages: z.number().int(),
  preview: z.number().int(),
  width: z.number(),
  height: z.number(),
  price: z.number().int(),
  status: z.number().int(),
  language: z.string(),
  download_count: z.number().int(),
  view_count: z.number().int(),
  favorite_count: z.number().int(),
  comment_count: z.number().int(),
  score: z.number().int(),
  score_count: z.number().int(),
  is_recommend: z.boolean(),
  enable_gzip: z.boolean(),
  convert_error: z.string(),
  category_id: z.array(z.number().int()),
  cover: z.string(),
  content: z.string().optional(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
  deleted_at: zNullableTimestamp.optional(),
});
export type TDocument = z.infer<typeof ZDocument>;

/**
 * moredoc's `attachment.hash` on a document: the key its clients build page and cover URLs from
 * (`/view/page/{hash}/{n}.gzip.svg`, `/view/cover/{hash}`). It is the file's view key — a digest of the content
 * hash, never the content hash itself, which proves possession of the file to the instant upload (POST /upload/check).
 */
export const ZDocumentAttachment = z.object({ hash: z.string() });

export const ZDocumentDetail = ZDocument.extend({
  /** the uploader's card (with_author): public fields only */
  user: ZUserCard.optional(),
  attachment: ZDocumentAttachment,
  category: z.array(ZCategory.partial().required({ id: true, title: true })),
  /** page image URLs of the pages one may read online */
  page_urls: z.array(z.string()),
  is_favorite: z.boolean(),
  my_score: z.number().int(),
  /** already paid/downloaded within the free re-download window, or own/free/VIP */
  can_download_free: z.boolean(),
});

const zTitle = z.string({ error: '请输入文档标题' }).trim().min(1, '请输入文档标题').max(255, '标题最多255个字符');
export const ZCreateDocumentsBody = z.object({
  category_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1, '请选择文档分类').max(10),
  document: z
    .array(
      z.object({
        attachment_id: z.number().int().positive().max(INT4_MAX),
        title: zTitle,
        price: z.number().int().min(0, '价格不能为负数').max(100000).default(0),
        language: z.string().max(16).default('zh-cn'),
        keywords: z.string().trim().max(255).default(''),
        description: z.string().trim().max(1024).default(''),
      }),
    )
    .min(1, '请上传文档')
    .max(50, '一次最多提交50个文档'),
});
export const ZUpdateDocumentBody = z.object({
  id: z.number().int().positive().max(INT4_MAX),
  title: zTitle.optional(),
  keywords: z.string().trim().max(255).optional(),
  description: z.string().trim().max(1024).optional(),
  price: z.number().int().min(0).max(100000).optional(),
  language: z.string().max(16).optional(),
  category_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1, '请选择文档分类').optional(),
  /** admin only: 0 pending (reconvert), 2 converted, 4 disabled ... */
  status: z.number().int().min(0).max(7).optional(),
});
/**
 * A document by id or uuid. moredoc clients send both, with `id=0` when they only know the uuid (a 16-character
 * page path): 0 means "not given", so the uuid decides.
 */
const zDocumentRef = {
  id: zInt4
    .min(0, '参数 id 不正确')
    .optional()
    .transform((v) => (v ? v : undefined)),
  uuid: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => (v ? v : undefined)),
};
const hasDocumentRef = (q: { id?: number; uuid?: string }) => q.id !== undefined || q.uuid !== undefined;
export const ZGetDocumentQuery = z
  .object({
    ...zDocumentRef,
    with_author: zBoolItem.optional(),
  })
  .refine(hasDocumentRef, { message: '缺少文档 id' });
/** GET /document/related: the document by id, or by uuid with id=0 (as GET /document). */
export const ZRelatedDocumentsQuery = z.object(zDocumentRef).refine(hasDocumentRef, { message: '缺少文档 id' });

export const DOCUMENT_SORTS = ['latest', 'popular', 'downloads', 'views', 'score', 'recommend'] as const;
export const ZListDocumentsQuery = z.object({
  page: zPage,
  size: zInt4.min(1).max(100).default(20),
  wd: z.string().trim().max(100).optional(),
  category_id: zQueryArray(zInt4),
  user_id: zQueryArray(zInt4),
  status: zQueryArray(zInt4),
  is_recommend: zQueryArray(zBoolItem),
  ext: z.enum(['pdf', 'word', 'ppt', 'excel', 'text', 'epub', 'mobi', 'chm', 'umd', 'other', 'doc', 'xls', 'txt']).optional(),
  fee_type: z.enum(['free', 'charge']).optional(),
  language: zQueryArray(z.string()),
  order: z.string().max(32).optional(),
  sort: z.enum(DOCUMENT_SORTS).optional(),
  created_at: zQueryArray(zDateString),
  field: zQueryArray(z.string().max(64)),
  limit: zInt4.min(0).max(100).optional(),
  /** admin list of the recycle bin */
  deleted: zBoolItem.optional(),
});
export const ZDocumentList = z.object({ total: z.number().int(), document: z.array(ZDocument) });

export const ZHomeDocumentsQuery = z.object({ limit: zInt4.min(1).max(100).default(8) });
export const ZHomeDocuments = z.object({
  document: z.array(z.object({ category_id: z.number().int(), category_name: z.string(), category_cover: z.string(), document: z.array(ZDocument) })),
  recommend: z.array(ZDocument),
  latest: z.array(ZDocument),
});

export const ZSetRecommendBody = z.object({
  id: z.array(z.number().int().positive().max(INT4_MAX)).min(1),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export const ZCheckDocumentBody = z.object({
  id: z.array(z.number().int().positive().max(INT4_MAX)).min(1),
  status: z.union([z.literal(0), z.literal(7)]),
  reason: z.string().max(255).default(''),
});
export const ZSetDocumentsCategoryBody = z.object({
  document_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1),
  category_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1, '请选择文档分类'),
});
export const ZSetDocumentsLanguageBody = z.object({
  document_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1),
  language: z.string().min(1).max(16),
});
export const ZReconvertBody = z.object({ id: z.array(z.number().int().positive().max(INT4_MAX)).optional() });

export const ZDownloadResult = z.object({ url: z.string() });
export const ZScoreBody = z.object({
  document_id: z.number().int().positive().max(INT4_MAX),
  score: z.number().int().min(100, '评分为1-5星').max(500, '评分为1-5星'),
});
export const ZMyScore = z.object({ score: z.number().int() });

// ---------------- favourites, comments, reports, downloads ----------------
export const ZFavorite = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  type: z.number().int(),
  created_at: zTimestamp,
  document: ZDocument.optional(),
  /** type 1: the favourited article (absent when it was deleted) */
  article: z.object({ id: z.number().int(), title: z.string(), identifier: z.string() }).optional(),
});
export const ZFavoriteBody = z.object({ document_id: z.number().int().positive().max(INT4_MAX), type: ZTargetType.default(TargetType.Document) });
export const ZFavoriteQuery = z.object({ document_id: zInt4.positive(), type: z.coerce.number().pipe(ZTargetType).default(TargetType.Document) });
export const ZListFavoritesQuery = z.object({
  page: zPage,
  size: zInt4.min(1).max(100).default(20),
  type: z.coerce.number().pipe(ZTargetType).default(TargetType.Document),
  user_id: zInt4.positive().optional(),
});

export const ZComment = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  user_avatar: z.string(),
  parent_id: z.number().int(),
  document_id: z.number().int(),
  document_title: z.string().optional(),
  type: z.number().int(),
  content: z.string(),
  status: z.number().int(),
  comment_count: z.number().int(),
  created_at: zTimestamp,
});
export type TComment = z.infer<typeof ZComment>;
export const ZCreateCommentBody = z.object({
  document_id: z.number().int().positive().max(INT4_MAX),
  parent_id: z.number().int().min(0).default(0),
  content: z.string({ error: '请输入评论内容' }).trim().min(1, '请输入评论内容').max(2000, '评论最多2000个字'),
  type: ZTargetType.default(TargetType.Document),
  captcha: z.string().optional(),
  captcha_id: z.string().optional(),
});
export const ZListCommentsQuery = z.object({
  page: zPage,
  size: zInt4.min(1).max(100).default(20),
  document_id: zInt4.positive().optional(),
  type: zQueryArray(zInt4),
  status: zQueryArray(zInt4),
  user_id: zQueryArray(zInt4),
  parent_id: zQueryArray(zInt4),
  wd: z.string().trim().max(64).optional(),
  with_document_title: zBoolItem.optional(),
});
/** PUT /comment (administrators): the text and/or the review state of one comment. */
export const ZUpdateCommentBody = z
  .object({
    id: z.number({ error: '请指定评论' }).int().positive().max(INT4_MAX),
    content: z.string({ error: '评论内容必须是文字' }).trim().min(1, '请输入评论内容').max(2000, '评论最多2000个字').optional(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '评论状态只能是 0（待审核）、1（已通过）或 2（已拒绝）' }).optional(),
  })
  .refine((b) => b.content !== undefined || b.status !== undefined, '请提供要修改的评论内容或状态');
export const ZCheckCommentBody = z.object({
  id: z.array(z.number().int().positive().max(INT4_MAX)).min(1),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});

export const ZReport = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  document_title: z.string(),
  document_uuid: z.string().optional(),
  user_id: z.number().int(),
  username: z.string(),
  reason: z.number().int(),
  status: z.boolean(),
  remark: z.string(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
});
export const ZCreateReportBody = z.object({
  document_id: z.number().int().positive().max(INT4_MAX),
  reason: z.number().int().min(1, '请选择举报原因').max(6),
  remark: z.string().trim().max(500).default(''),
});
export const ZUpdateReportBody = z.object({ id: z.number().int().positive().max(INT4_MAX), status: z.boolean(), remark: z.string().max(500).default('') });
export const ZListReportsQuery = z.object({
  page: zPage,
  size: zInt4.min(1).max(1000).default(10),
  status: zQueryArray(zBoolItem),
  wd: z.string().trim().max(64).optional(),
});

export const ZDownloadRecord = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  document_uuid: z.string(),
  title: z.string(),
  ext: z.string(),
  size: z.number(),
  pages: z.number().int(),
  score: z.number().int(),
  price: z.number().int(),
  is_pay: z.boolean(),
  created_at: zTimestamp,
});

// ---------------- languages, envs ----------------
export const ZLanguageBody = z.object({
  language: z.string().trim().min(1, '请输入语言名称').max(64),
  code: z.string().trim().min(1, '请输入语言代码').max(16),
  enable: z.boolean().default(true),
  sort: z.number().int().default(0),
});
export const ZUpdateLanguageBody = zPatch(ZLanguageBody).extend({ id: z.number().int().positive().max(INT4_MAX) });
export const ZLanguageStatusBody = z.object({ id: z.array(z.number().int().positive().max(INT4_MAX)).min(1), enable: z.boolean() });
export const ZEnv = z.object({ name: z.string(), installed: z.boolean(), version: z.string(), description: z.string(), required: z.boolean() });

export const ZIdArrayQuery = z.object({ id: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(zId).min(1, '请选择记录')) });
