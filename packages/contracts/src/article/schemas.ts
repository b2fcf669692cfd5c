import { z } from 'zod';
import { zBoolItem, zQueryArray, zTimestamp, zNullableTimestamp, zId, zInt4, INT4_MAX, zDateString, ZUserBrief, ZUserCard } from '../common/schemas';
import { ZSearchDocumentsQuery } from '../search/schemas';

/** Footer pages are articles with these fixed identifiers (seeded on first start). */
export const FOOTER_ARTICLE_IDENTIFIERS = ['about', 'agreement', 'contact', 'feedback', 'copyright'] as const;

/** An identifier is a slug used in `/article/{identifier}`; a plain number would be mistaken for an id. */
export const zArticleIdentifier = z
  .string()
  .trim()
  .min(1, '请输入文章标识')
  .max(64, '文章标识最多64个字符')
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9_-]*$/, '文章标识只能包含字母、数字、下划线和短横线')
  .refine((s) => !/^\d+$/.test(s), '文章标识不能是纯数字');

export const ZArticle = z.object({
  id: z.number().int(),
  identifier: z.string(),
  user_id: z.number().int(),
  username: z.string().optional(),
  user_avatar: z.string().optional(),
  /** the author as moredoc nests it (public fields only); absent when the account is gone */
  user: ZUserBrief.optional(),
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  /** markdown source; lists leave it out */
  content: z.string().optional(),
  /** 0 pending, 1 approved, 2 rejected (ArticleAudit) */
  status: z.number().int(),
  is_draft: z.boolean(),
  reject_reason: z.string(),
  view_count: z.number().int(),
  favorite_count: z.number().int(),
  comment_count: z.number().int(),
  is_recommend: z.boolean(),
  recommend_at: zNullableTimestamp,
  category_id: z.array(z.number().int()),
  created_at: zTimestamp,
  updated_at: zTimestamp,
  deleted_at: zNullableTimestamp.optional(),
});
export type TArticle = z.infer<typeof ZArticle>;

export const ZArticleDetail = ZArticle.extend({
  /** the author's card on the article page: public fields only */
  user: ZUserCard.optional(),
  content: z.string(),
  /** the markdown rendered and sanitised by the shared renderer (the same HTML crawlers get) */
  content_html: z.string(),
  category: z.array(z.object({ id: z.number().int(), title: z.string(), parent_id: z.number().int() })),
  is_favorite: z.boolean(),
});
export type TArticleDetail = z.infer<typeof ZArticleDetail>;

const zTitle = z.string({ error: '请输入文章标题' }).trim().min(1, '请输入文章标题').max(255, '标题最多255个字符');
export const ZCreateArticleBody = z.object({
  /** administrators only; others get a generated one */
  identifier: zArticleIdentifier.optional(),
  title: zTitle,
  keywords: z.string().trim().max(255, '关键词最多255个字符').default(''),
  description: z.string().trim().max(1024, '摘要最多1024个字符').default(''),
  content: z.string({ error: '请输入文章内容' }).max(200_000, '文章内容最多20万个字符').default(''),
  category_id: z.array(z.number().int().positive().max(INT4_MAX)).max(10, '最多选择10个分类').default([]),
  /** save as draft: only the author sees it; submitting (false) sends it to review or publishes it */
  is_draft: z.boolean().default(false),
});
export const ZUpdateArticleBody = z.object({
  id: z.number().int().positive().max(INT4_MAX),
  identifier: zArticleIdentifier.optional(),
  title: zTitle.optional(),
  keywords: z.string().trim().max(255).optional(),
  description: z.string().trim().max(1024).optional(),
  content: z.string().max(200_000, '文章内容最多20万个字符').optional(),
  category_id: z.array(z.number().int().positive().max(INT4_MAX)).max(10).optional(),
  is_draft: z.boolean().optional(),
  /** administrators only */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  reject_reason: z.string().max(255).optional(),
});
export const ZGetArticleQuery = z
  .object({
    id: zInt4.positive().optional(),
    identifier: z.string().trim().max(64).optional(),
    /** count this as a page view (the article page); admin and editor reads leave it off */
    with_view: zBoolItem.optional(),
  })
  .refine((q) => q.id !== undefined || (q.identifier !== undefined && q.identifier !== ''), { message: '缺少文章 id' });

export const ARTICLE_SORTS = ['latest', 'popular', 'views', 'recommend', 'comments'] as const;
export const ZListArticlesQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(100).default(20),
  wd: z.string().trim().max(100).optional(),
  category_id: zQueryArray(zInt4),
  is_recommend: zQueryArray(zBoolItem),
  status: zQueryArray(zInt4),
  user_id: zQueryArray(zInt4),
  /** [from, to] ISO dates */
  created_at: zQueryArray(zDateString),
  /** owners: true lists only drafts, false only submitted ones */
  is_draft: zBoolItem.optional(),
  sort: z.enum(ARTICLE_SORTS).optional(),
  order: z.string().max(32).optional(),
  field: zQueryArray(z.string().max(64)),
});
export const ZArticleList = z.object({ total: z.number().int(), article: z.array(ZArticle) });

export const ZArticleIdsBody = z.object({ id: z.array(zId).min(1, '请选择文章') });
export const ZSetArticlesCategoryBody = z.object({
  article_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1, '请选择文章'),
  category_id: z.array(z.number().int().positive().max(INT4_MAX)).max(10),
});
export const ZRecommendArticlesBody = z.object({
  article_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1, '请选择文章'),
  is_recommend: z.boolean(),
});
export const ZCheckArticlesBody = z.object({
  article_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1, '请选择文章'),
  status: z.union([z.literal(1), z.literal(2)], { error: '请选择审核结果' }),
  reject_reason: z.string().trim().max(255, '拒绝原因最多255个字').default(''),
});
export const ZRelatedArticlesQuery = z
  .object({ id: zInt4.positive().optional(), identifier: z.string().trim().max(64).optional(), limit: zInt4.min(1).max(20).default(10) })
  .refine((q) => q.id !== undefined || !!q.identifier, { message: '缺少文章 id' });

/** Article search: the document search's query (wd, page, size, category, user, dates, sort). */
export const ZSearchArticlesQuery = ZSearchDocumentsQuery.pick({ wd: true, page: true, size: true, category_id: true, user_id: true, created_at: true }).extend(
  {
    sort: z.enum(['relevance', 'latest', 'views']).default('relevance'),
  },
);
export const ZArticleSearchHit = ZArticle.extend({ highlight_title: z.string(), highlight_snippet: z.string(), rank: z.number() });
export const ZSearchArticlesResult = z.object({
  total: z.number().int(),
  spend: z.number(),
  max_page: z.number().int(),
  article: z.array(ZArticleSearchHit),
  words: z.array(z.string()),
});

export const ZMarkdownToDocxBody = z.object({
  markdown: z.string({ error: '没有可导出的内容' }).min(1, '没有可导出的内容').max(100_000, '内容过长（最多 10 万字），无法导出'),
  title: z.string().trim().max(255).optional(),
});

export const ZSitemapResult = z.object({
  ok: z.boolean(),
  documents: z.number().int(),
  articles: z.number().int(),
  files: z.array(z.string()),
  updated_at: zTimestamp,
});
