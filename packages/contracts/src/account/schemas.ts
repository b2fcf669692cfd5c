import { z } from 'zod';
import { zPatch, zQueryArray, zQueryBool, zTimestamp, zNullableTimestamp, zId, zInt4, INT4_MAX } from '../common/schemas';
import { ZPunishmentType, ZVipCard, ZSmsPurpose } from '../enums/schemas';
import { MOBILE_PATTERN } from '../format/mobile';
import { OAUTH_TYPES } from './constants';

const zMobile = z.string({ error: '请输入手机号' }).trim().regex(MOBILE_PATTERN, '请输入正确的手机号');
const zNewPassword = z.string({ error: '请输入您的新密码' }).min(8, '密码至少8位').max(64, '密码最多64位');
const zCaptcha = { captcha: z.string().max(16).optional(), captcha_id: z.string().max(64).optional() };

// ---------- profile & password ----------
export const ZUpdateProfileBody = z.object({
  /** admin only: edit someone else */
  id: z.number().int().positive().max(INT4_MAX).optional(),
  username: z.string({ error: '请输入您的登录用户名' }).trim().min(1, '请输入您的登录用户名').optional(),
  realname: z.string().trim().max(32, '姓名最多32个字符').optional(),
  identity: z.string().trim().max(32, '证件号码格式不正确').optional(),
  email: z.union([z.literal(''), z.email('请输入正确的电子邮箱')]).optional(),
  mobile: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号'),
    ])
    .optional(),
  address: z.string().trim().max(255, '地址最多255个字符').optional(),
  signature: z.string().trim().max(255, '签名最多255个字符').optional(),
  avatar: z.string().max(255).optional(),
  remark: z.string().max(255).optional(),
});

export const ZUpdatePasswordBody = z.object({
  id: z.number().int().positive().max(INT4_MAX).optional(),
  old_password: z.string({ error: '请输入您的原密码' }).max(64).default(''),
  new_password: zNewPassword,
});
export const ZUpdatePasswordResult = z.object({ ok: z.boolean(), token: z.string().optional() });

// ---------- sign-in ----------
export const ZSign = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** the calendar day in the site's time zone, as YYYYMMDD */
  sign_at: z.number().int(),
  award: z.number().int(),
  created_at: zTimestamp,
});
export type TSign = z.infer<typeof ZSign>;
export const ZSignResult = ZSign.extend({ credit_count: z.number().int() });
export const ZTodaySign = z.object({ sign: ZSign.nullable() });

// ---------- credits & activity ----------
export const ZCreditLog = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  remark: z.string(),
  created_at: zTimestamp,
});
export const ZDynamic = z.object({ id: z.number().int(), user_id: z.number().int(), type: z.number().int(), content: z.string(), created_at: zTimestamp });
export const ZUserPageQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(100).default(20),
  /** dynamic: someone else's public feed */
  id: zInt4.positive().optional(),
});

// ---------- captcha & codes ----------
export const CAPTCHA_TYPES = ['register', 'login', 'comment', 'find_password', 'upload'] as const;
export const ZCaptchaQuery = z.object({
  type: z.enum(CAPTCHA_TYPES).default('login'),
  /** a captcha even when the switch is off (the login answered captcha_required) */ force: zQueryBool,
});
export const ZCaptcha = z.object({ enable: z.boolean(), id: z.string(), captcha: z.string(), type: z.string() });

export const ZEmailCodeBody = z.object({ email: z.email('请输入正确的电子邮箱'), type: z.union([z.literal(0), z.literal(1)]).default(0), ...zCaptcha });
export const ZFindPasswordStepOneBody = z.object({ email: z.email('请输入正确的电子邮箱'), ...zCaptcha });
export const ZFindPasswordStepTwoBody = z.object({
  email: z.email('请输入正确的电子邮箱'),
  token: z.string().min(1, '链接无效或已过期'),
  password: zNewPassword,
  ...zCaptcha,
});
export const ZSendSmsBody = z.object({ mobile: zMobile, purpose: ZSmsPurpose, ...zCaptcha });
export const ZMobileRegisterBody = z.object({
  mobile: zMobile,
  code: z.string({ error: '请输入短信验证码' }).trim().min(4, '请输入短信验证码').max(8),
  password: zNewPassword,
  username: z.string().trim().optional(),
});
export const ZMobileLoginBody = z.object({ mobile: zMobile, code: z.string({ error: '请输入短信验证码' }).trim().min(4, '请输入短信验证码').max(8) });
export const ZMobileFindPasswordBody = z.object({
  mobile: zMobile,
  code: z.string({ error: '请输入短信验证码' }).trim().min(4, '请输入短信验证码').max(8),
  password: zNewPassword,
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

// ---------- admin: punishments ----------
export const ZPunishment = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  enable: z.boolean(),
  reason: z.string(),
  remark: z.string(),
  start_time: zTimestamp,
  end_time: zNullableTimestamp,
  operators: z.array(z.object({ user_id: z.number().int(), username: z.string(), action: z.string(), at: zTimestamp })),
  created_at: zTimestamp,
});
export type TPunishment = z.infer<typeof ZPunishment>;
export const ZCreatePunishmentBody = z.object({
  user_id: z.array(z.number().int().positive().max(INT4_MAX)).min(1, '请选择用户'),
  type: z.array(ZPunishmentType).min(1, '请选择惩罚类型'),
  enable: z.boolean().default(true),
  end_time: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).nullable().optional(),
  reason: z.string().trim().max(255).default(''),
  remark: z.string().max(255).default(''),
});
export const ZUpdatePunishmentBody = z.object({
  id: z.number().int().positive().max(INT4_MAX),
  enable: z.boolean().optional(),
  end_time: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).nullable().optional(),
  reason: z.string().trim().max(255).optional(),
  remark: z.string().max(255).optional(),
});
export const ZListPunishmentsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  user_id: zQueryArray(zInt4),
  type: zQueryArray(zInt4),
  enable: z.preprocess((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === true), z.boolean().optional()),
});
export const ZCancelPunishmentBody = z.object({ id: z.array(z.number().int().positive().max(INT4_MAX)).min(1) });

// ---------- VIP ----------
export const ZVipInfo = z.object({
  enable: z.boolean(),
  is_vip: z.boolean(),
  vip_expire_at: zNullableTimestamp,
  cards: z.array(z.object({ card: ZVipCard, title: z.string(), days: z.number().int(), price: z.number() })),
  free_download: z.boolean(),
  times_every_day: z.number().int(),
});
export const ZGrantVipBody = z
  .object({
    user_id: z.number().int().positive().max(INT4_MAX),
    /** add a card's duration, or a number of days, or set the expiry outright */
    card: ZVipCard.optional(),
    days: z.number().int().min(-3650).max(36500).optional(),
    expire_at: z.iso.datetime({ offset: true }).nullable().optional(),
    remark: z.string().max(255).default(''),
  })
  .refine((b) => b.card !== undefined || b.days !== undefined || b.expire_at !== undefined, { message: '请选择VIP卡、天数或到期时间' });
export const ZListVipUsersQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  wd: z.string().trim().max(64).optional(),
  /** only current VIPs (default) or also expired ones */
  expired: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});

// ---------- AI quota ----------
export const ZAiQuota = z.object({
  user_id: z.number().int(),
  daily_limit: z.number().int(),
  used_today: z.number().int(),
  /** what is left today (site time zone): daily_limit + extra − used_today, never below 0 */
  remaining: z.number().int(),
  total_used: z.number().int(),
  extra: z.number().int(),
});
export const ZSetAiQuotaBody = z.object({
  user_id: z.number().int().positive().max(INT4_MAX),
  daily_limit: z.number().int().min(-1).max(100000).optional(),
  extra: z.number().int().min(0).max(1000000).optional(),
});

// ---------- SMS log ----------
export const ZSmsLog = z.object({
  id: z.number().int(),
  mobile: z.string(),
  purpose: z.number().int(),
  status: z.number().int(),
  provider: z.string(),
  ip: z.string(),
  error: z.string(),
  user_id: z.number().int(),
  created_at: zTimestamp,
});
export const ZListSmsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  mobile: z.string().trim().optional(),
  status: zQueryArray(zInt4),
  purpose: zQueryArray(zInt4),
});

// ---------- OAuth ----------
export const ZOAuthType = z.enum(OAUTH_TYPES);
export const ZOAuthConfig = z.object({ type: ZOAuthType, title: z.string(), authorize_url: z.string() });
export const ZOAuthLoginBody = z.object({
  type: ZOAuthType,
  code: z.string().min(1, '授权码不能为空').max(512),
  state: z.string().max(512).optional(),
  redirect_uri: z.string().max(512).optional(),
  /** the nonce the browser kept when it started the flow (its sha256 went to GET /oauth/configs as `binding`) */
  nonce: z.string().max(128).optional(),
});
export const ZUserOAuth = z.object({ id: z.number().int(), type: z.string(), nickname: z.string(), avatar: z.string(), created_at: zTimestamp });
export const ZWechatScanCode = z.object({ code: z.string(), qrcode: z.string(), expires_at: zTimestamp });
export const ZWechatScanStatusBody = z.object({ code: z.string().min(1) });
export const ZWechatScanStatus = z.object({ status: z.enum(['waiting', 'confirmed', 'expired']), token: z.string().optional(), user: z.unknown().optional() });
export const ZWechatScanConfirmBody = z.object({ code: z.string().min(1), js_code: z.string().min(1) });
export const ZWxShareQuery = z.object({ url: z.string().min(1) });
export const ZWxShareSignature = z.object({ appid: z.string(), timestamp: z.number().int(), nonce_str: z.string(), signature: z.string() });
