import { z } from 'zod';
import { zPatch, zQueryArray, zTimestamp, zNullableTimestamp, zId, zInt4, INT4_MAX } from '../common/schemas';
import { zMobile, zNewPassword } from './fields';
import { USERNAME_PATTERN } from './constants';

export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string().optional(),
  email: z.string().optional(),
  mobile: z.string().optional(),
  avatar: z.string(),
  address: z.string().optional(),
  signature: z.string(),
  identity: z.string().optional(),
  is_vip: z.boolean(),
  vip_expire_at: zNullableTimestamp.optional(),
  credit_count: z.number().int().optional(),
  doc_count: z.number().int(),
  article_count: z.number().int(),
  favorite_count: z.number().int(),
  comment_count: z.number().int(),
  group_id: z.array(z.number().int()).optional(),
  login_at: zNullableTimestamp.optional(),
  created_at: zTimestamp,
  updated_at: zTimestamp.optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZAuthResult = z.object({ user: ZUser, token: z.string() });
export type TAuthResult = z.infer<typeof ZAuthResult>;

const zUsername = z
  .string({ error: '请输入您的登录用户名' })
  .trim()
  .min(1, '请输入您的登录用户名')
  .regex(USERNAME_PATTERN, '用户名为3-32位字母、数字、下划线或中文');
const zPassword = z.string({ error: '请输入密码' }).min(8, '密码至少8位').max(64, '密码最多64位');

export const ZRegisterBody = z.object({
  username: zUsername,
  password: zPassword,
  email: z.email('请输入正确的电子邮箱').optional().or(z.literal('')),
  captcha: z.string().optional(),
  captcha_id: z.string().optional(),
  code: z.string().optional(),
});
export const ZLoginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64),
  captcha: z.string().optional(),
  captcha_id: z.string().optional(),
});
export const ZGetUserQuery = z.object({ id: zInt4.positive().optional() });

export const ZPermission = z.object({
  id: z.number().int(),
  method: z.string(),
  path: z.string(),
  title: z.string(),
  module: z.string(),
  description: z.string().optional(),
  /** moredoc's field (its permission list shows it) */
  created_at: z.string().optional(),
});
export type TPermission = z.infer<typeof ZPermission>;

export const ZGroup = z.object({
  id: z.number().int(),
  title: z.string(),
  color: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  is_display: z.boolean(),
  sort: z.number().int(),
  user_count: z.number().int(),
  enable_upload: z.boolean(),
  enable_document_review: z.boolean(),
  enable_comment: z.boolean(),
  enable_comment_approval: z.boolean(),
  enable_article: z.boolean(),
  enable_article_approval: z.boolean(),
  created_at: zTimestamp,
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZListUsersQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  wd: z.string().trim().max(64).optional(),
  id: zQueryArray(zInt4),
  group_id: zQueryArray(zInt4),
  sort: z.string().optional(),
});

// ---------- admin: users ----------
export const ZCreateUserBody = z.object({
  username: z
    .string({ error: '请输入用户名' })
    .trim()
    .regex(/^[a-zA-Z0-9_\u4e00-\u9fa5]{3,32}$/, '用户名为3-32位字母、数字、下划线或中文'),
  password: zNewPassword,
  email: z.union([z.literal(''), z.email('请输入正确的电子邮箱')]).default(''),
  mobile: z.union([z.literal(''), zMobile]).default(''),
  group_id: z.array(z.number().int().positive().max(INT4_MAX)).default([]),
});
export const ZSetUserBody = z.object({
  id: z.number().int().positive().max(INT4_MAX),
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_\u4e00-\u9fa5]{3,32}$/, '用户名为3-32位字母、数字、下划线或中文')
    .optional(),
  password: z.union([z.literal(''), zNewPassword]).optional(),
  email: z.union([z.literal(''), z.email('请输入正确的电子邮箱')]).optional(),
  mobile: z.union([z.literal(''), zMobile]).optional(),
  group_id: z.array(z.number().int().positive().max(INT4_MAX)).optional(),
});
export const ZDeleteUserQuery = z.object({
  id: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(zId).min(1, '请选择要删除的用户')),
  password: z.string({ error: '请输入您的登录密码以确认' }).min(1, '请输入您的登录密码以确认'),
});

// ---------- admin: groups & permissions ----------
export const ZGroupBody = z.object({
  title: z.string({ error: '请输入分组名称' }).trim().min(1, '请输入分组名称').max(64),
  color: z.string().max(32).default(''),
  description: z.string().max(255).default(''),
  is_default: z.boolean().default(false),
  is_display: z.boolean().default(false),
  sort: z.number().int().default(0),
  enable_upload: z.boolean().default(false),
  enable_document_review: z.boolean().default(false),
  enable_comment: z.boolean().default(true),
  enable_comment_approval: z.boolean().default(false),
  enable_article: z.boolean().default(true),
  enable_article_approval: z.boolean().default(false),
});
export const ZUpdateGroupBody = zPatch(ZGroupBody).extend({ id: z.number().int().positive().max(INT4_MAX) });
export const ZGroupPermissionQuery = z.object({ id: zId });
export const ZGroupPermission = z.object({ group_id: z.number().int(), permission_id: z.array(z.number().int()) });
export const ZSetGroupPermissionBody = z.object({
  group_id: z.number().int().positive().max(INT4_MAX),
  permission_id: z.array(z.number().int().positive().max(INT4_MAX)),
});
export const ZUpdatePermissionBody = z.object({
  id: z.number().int().positive().max(INT4_MAX),
  title: z.string().trim().min(1, '请输入权限名称').max(128),
  description: z.string().max(255).default(''),
});
