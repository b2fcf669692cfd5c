import { z } from 'zod';
import { zQueryArray, zTimestamp, zInt4 } from '../common/schemas';
import { ZSmsPurpose } from '../enums/schemas';
import { zCaptcha, zMobile, zNewPassword } from '../user/fields';

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
