import { z } from 'zod';
import { zBoolItem, zPatch, zQueryArray, zTimestamp, zInt4, INT4_MAX } from '../common/schemas';

export const ZBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  /** image URL */
  path: z.string(),
  /** where a click goes (empty: nowhere) */
  url: z.string(),
  sort: z.number().int(),
  enable: z.boolean(),
  /** 0 website, 1 mini program, 2 app (BannerKind) */
  type: z.number().int(),
  description: z.string(),
  created_at: zTimestamp,
});
export type TBanner = z.infer<typeof ZBanner>;

const zSafeUrl = (msg: string) =>
  z
    .string()
    .trim()
    .max(255)
    .refine((s) => s === '' || /^(https?:\/\/|\/(?!\/))\S*$/i.test(s), msg);
export const ZBannerBody = z.object({
  title: z.string({ error: '请输入横幅名称' }).trim().min(1, '请输入横幅名称').max(128, '横幅名称最多128个字符'),
  path: zSafeUrl('图片地址须以 http(s):// 或 / 开头').refine((s) => s !== '', '请上传横幅图片'),
  url: zSafeUrl('链接须以 http(s):// 或 / 开头').default(''),
  sort: z.number().int().default(0),
  enable: z.boolean().default(true),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  description: z.string().max(255).default(''),
});
export const ZUpdateBannerBody = zPatch(ZBannerBody).extend({ id: z.number().int().positive().max(INT4_MAX) });
export const ZListBannersQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(20),
  wd: z.string().trim().max(64).optional(),
  type: zQueryArray(zInt4),
  enable: zQueryArray(zBoolItem),
  field: zQueryArray(z.string().max(64)),
});
