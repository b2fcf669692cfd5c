import type { FormRule as Rule } from 'antd';
import { MOBILE_PATTERN } from '@wenku/contracts/format';

/** Whole seconds left until `deadline` (ms), never negative. */
export function secondsLeft(deadline: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** The SMS code button's text: a countdown while a new code may not be asked for yet. */
export function smsButtonLabel(left: number): string {
  return left > 0 ? `${left}秒后重新获取` : '获取验证码';
}

/** Mobile number rules (spec §5, §9): required, then the mainland pattern. */
export const mobileRules: Rule[] = [
  { required: true, whitespace: true, message: '请输入手机号' },
  { pattern: MOBILE_PATTERN, message: '请输入正确的手机号' },
];

export const smsCodeRules: Rule[] = [
  { required: true, whitespace: true, message: '请输入短信验证码' },
  { min: 4, max: 8, message: '请输入短信验证码' },
];

/** New-password rules shared by the reset, mobile and change-password forms (the contract's limits). */
export function newPasswordRules(requiredMessage = '请输入您的新密码'): Rule[] {
  return [
    { required: true, message: requiredMessage },
    { min: 8, message: '密码至少8位' },
    { max: 64, message: '密码最多64位' },
  ];
}

/** The confirmation must equal `field`. */
export function confirmRule(field: string, mismatch: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_, value) => (!value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(mismatch))),
  });
}

/** The daily sign-in button (spec §4): once signed it reads 今日已签到 and stays disabled for the day. */
export function signInButtonState(input: { loggedIn: boolean; signed: boolean; pending: boolean }): { label: string; disabled: boolean; signed: boolean } {
  if (input.signed) return { label: '今日已签到', disabled: true, signed: true };
  return { label: '每日签到', disabled: !input.loggedIn || input.pending, signed: false };
}
