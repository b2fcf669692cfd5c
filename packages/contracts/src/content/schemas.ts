import { z } from 'zod';
import { zPatch, zQueryArray, zQueryBool, zBoolItem, zTimestamp, zNullableTimestamp, zInt4, INT4_MAX } from '../common/schemas';
import { ADVERTISEMENT_POSITIONS } from '../enums/advertisement-position';

// ---- category ----
export const ZCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  title: z.string(),
  icon: z.string(),
  cover: z.string(),
  doc_count: z.number().int(),
  enable: z.boolean(),
  description: z.string(),
  show_description: z.boolean(),
  sort: z.number().int(),
  type: z.number().int(),
  created_at: zTimestamp,
});
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryBody = z.object({
  parent_id: z.number().int().min(0).default(0),
  title: z.string({ error: '请输入分类名称' }).trim().min(1, '请输入分类名称').max(64, '分类名称最多64个字符'),
  icon: z.string().max(255).default(''),
  cover: z.string().max(255).default(''),
  enable: z.boolean().default(true),
  description: z.string().max(1024).default(''),
  show_description: z.boolean().default(false),
  sort: z.number().int().default(0),
  type: z.union([z.literal(0), z.literal(1)]).default(0),
});
export const ZUpdateCategoryBody = zPatch(ZCategoryBody).extend({ id: z.number().int().positive().max(INT4_MAX) });
export const ZListCategoriesQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(10000).default(10000),
  parent_id: zQueryArray(zInt4),
  type: zQueryArray(zInt4),
  enable: zQueryArray(zBoolItem),
  wd: z.string().trim().max(64).optional(),
  field: zQueryArray(z.string().max(64)),
});

// ---- navigation ----
export const ZNavigation = z.object({
  id: z.number().int(),
  title: z.string(),
  href: z.string(),
  target: z.string(),
  color: z.string(),
  sort: z.number().int(),
  enable: z.boolean(),
  fixed: z.boolean(),
  parent_id: z.number().int(),
  description: z.string(),
  created_at: zTimestamp,
});
export type TNavigation = z.infer<typeof ZNavigation>;
export const ZNavigationBody = z.object({
  title: z.string({ error: '请输入导航名称' }).trim().min(1, '请输入导航名称').max(64),
  href: z.string({ error: '请输入链接地址' }).trim().min(1, '请输入链接地址').max(255),
  target: z.enum(['_self', '_blank']).default('_self'),
  color: z.string().max(32).default(''),
  sort: z.number().int().default(0),
  enable: z.boolean().default(true),
  fixed: z.boolean().default(false),
  parent_id: z.number().int().min(0).default(0),
  description: z.string().max(255).default(''),
});
export const ZUpdateNavigationBody = zPatch(ZNavigationBody).extend({ id: z.number().int().positive().max(INT4_MAX) });
export const ZListNavigationsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(10000).default(10000),
  wd: z.string().trim().max(64).optional(),
  enable: zQueryArray(zBoolItem),
  field: zQueryArray(z.string().max(64)),
});

// ---- friend link ----
export const ZFriendlink = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  description: z.string().optional(),
  sort: z.number().int().optional(),
  enable: z.boolean().optional(),
  created_at: zTimestamp.optional(),
});
export type TFriendlink = z.infer<typeof ZFriendlink>;
export const ZFriendlinkBody = z.object({
  title: z.string({ error: '请输入友链名称' }).trim().min(1, '请输入友链名称').max(64),
  link: z
    .string({ error: '请输入友链地址' })
    .trim()
    .regex(/^https?:\/\/\S+$/, '请输入以 http:// 或 https:// 开头的链接'),
  description: z.string().max(255).default(''),
  sort: z.number().int().default(0),
  enable: z.boolean().default(true),
});
export const ZUpdateFriendlinkBody = zPatch(ZFriendlinkBody).extend({ id: z.number().int().positive().max(INT4_MAX) });
export const ZListFriendlinksQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(10000).default(100),
  wd: z.string().trim().max(64).optional(),
  enable: zQueryBool,
  field: zQueryArray(z.string().max(64)),
});

// ---- advertisement ----
export const zAdPosition = z.enum(ADVERTISEMENT_POSITIONS as unknown as [string, ...string[]]);
export const ZAdvertisement = z.object({
  id: z.number().int(),
  position: z.string(),
  title: z.string(),
  content: z.string(),
  enable: z.boolean(),
  start_time: zNullableTimestamp,
  end_time: zNullableTimestamp,
  remark: z.string(),
  created_at: zTimestamp,
});
export type TAdvertisement = z.infer<typeof ZAdvertisement>;
export const ZAdvertisementBody = z.object({
  position: zAdPosition,
  title: z.string({ error: '请输入广告名称' }).trim().min(1, '请输入广告名称').max(128),
  content: z.string().max(65536).default(''),
  enable: z.boolean().default(true),
  start_time: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }).nullable().optional(),
  end_time: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).nullable().optional(),
  remark: z.string().max(255).default(''),
});
export const ZUpdateAdvertisementBody = zPatch(ZAdvertisementBody).extend({ id: z.number().int().positive().max(INT4_MAX) });
export const ZListAdvertisementsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  wd: z.string().trim().max(64).optional(),
  position: zQueryArray(z.string()),
  enable: zQueryArray(zBoolItem),
});
export const ZAdvertisementPositionQuery = z.object({
  position: zQueryArray(z.string()),
  /** a position group: `global` means every global_* position */
  group: z.string().optional(),
});
