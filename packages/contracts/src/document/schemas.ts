import { z } from 'zod';
import { zQueryArray, zTimestamp, zNullableTimestamp, zBoolItem, zInt4, INT4_MAX, zDateString, ZUserBrief, ZUserCard } from '../common/schemas';
import { ZCategory } from '../content/schemas';

const zPage = zInt4.min(1).default(1);

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
