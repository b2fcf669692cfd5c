import { z } from 'zod';
import { zCaptcha, zNewPassword } from '../user/fields';

export const ZEmailCodeBody = z.object({ email: z.email('请输入正确的电子邮箱'), type: z.union([z.literal(0), z.literal(1)]).default(0), ...zCaptcha });
export const ZFindPasswordStepOneBody = z.object({ email: z.email('请输入正确的电子邮箱'), ...zCaptcha });
export const ZFindPasswordStepTwoBody = z.object({
  email: z.email('请输入正确的电子邮箱'),
  token: z.string().min(1, '链接无效或已过期'),
  password: zNewPassword,
  ...zCaptcha,
});
