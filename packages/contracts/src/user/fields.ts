import { z } from 'zod';
import { MOBILE_PATTERN } from '../format/mobile';

/** Fields the account forms share (registration, password, codes): one rule and one message each. */
export const zMobile = z.string({ error: '请输入手机号' }).trim().regex(MOBILE_PATTERN, '请输入正确的手机号');
export const zNewPassword = z.string({ error: '请输入您的新密码' }).min(8, '密码至少8位').max(64, '密码最多64位');
export const zCaptcha = { captcha: z.string().max(16).optional(), captcha_id: z.string().max(64).optional() };
