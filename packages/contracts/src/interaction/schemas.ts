import { z } from 'zod';
import { zQueryArray, zTimestamp, zBoolItem, zInt4, INT4_MAX } from '../common/schemas';
import { ZDocument } from '../document/schemas';
import { TargetType } from '../enums/target-type';
import { ZTargetType } from '../enums/schemas';

const zPage = zInt4.min(1).default(1);

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
