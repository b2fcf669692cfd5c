import { z } from 'zod';
import { zQueryArray, zQueryBool, zTimestamp, zNullableTimestamp, zInt4, INT4_MAX } from '../common/schemas';
import { ZPunishmentType, ZVipCard } from '../enums/schemas';
import { zNewPassword } from '../user/fields';

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
