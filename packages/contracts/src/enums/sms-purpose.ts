import type { TEnumOption } from './enum-option';

/** What a text-message code is for, spec §3. */
export const SmsPurpose = {
  Register: 0,
  Login: 1,
  FindPassword: 2,
} as const;
export type TSmsPurpose = (typeof SmsPurpose)[keyof typeof SmsPurpose];

export const SMS_PURPOSE_OPTIONS = [
  { value: SmsPurpose.Register, label: '注册' },
  { value: SmsPurpose.Login, label: '登录' },
  { value: SmsPurpose.FindPassword, label: '找回密码' },
] as const satisfies readonly TEnumOption<TSmsPurpose>[];
