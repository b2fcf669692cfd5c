import { describe, expect, it } from 'vitest';
import { secondsLeft, signInButtonState, smsButtonLabel } from './lib';

describe('signInButtonState', () => {
  it('offers 每日签到 to a logged-in user who has not signed', () => {
    expect(signInButtonState({ loggedIn: true, signed: false, pending: false })).toEqual({ label: '每日签到', disabled: false, signed: false });
  });
  it('reads 今日已签到 and is disabled once signed', () => {
    expect(signInButtonState({ loggedIn: true, signed: true, pending: false })).toEqual({ label: '今日已签到', disabled: true, signed: true });
  });
  it('is disabled while signing and without a login', () => {
    expect(signInButtonState({ loggedIn: true, signed: false, pending: true }).disabled).toBe(true);
    expect(signInButtonState({ loggedIn: false, signed: false, pending: false }).disabled).toBe(true);
  });
});

describe('SMS code countdown', () => {
  it('counts whole seconds and never goes negative', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_100)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
  it('labels the button', () => {
    expect(smsButtonLabel(0)).toBe('获取验证码');
    expect(smsButtonLabel(42)).toBe('42秒后重新获取');
  });
});
