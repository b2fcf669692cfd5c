import { describe, expect, it } from 'vitest';
import { creditReasonLabel, formatDelta, lockedContactFields, passwordFormErrors, profileUpdateBody } from './lib';

describe('credit history', () => {
  it('labels reasons in Chinese, falling back to the remark', () => {
    expect(creditReasonLabel('sign_in')).toBe('每日签到');
    expect(creditReasonLabel('register', '注册奖励')).toBe('注册奖励');
    expect(creditReasonLabel('download_document', '下载文档《x》')).toBe('下载文档');
    expect(creditReasonLabel('lottery', '抽奖')).toBe('抽奖');
    expect(creditReasonLabel('lottery')).toBe('其他');
  });
  it('signs the delta', () => {
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-3)).toBe('-3');
    expect(formatDelta(0)).toBe('0');
  });
});

describe('profile', () => {
  it('locks email and mobile once set', () => {
    expect(lockedContactFields({ email: 'a@b.cn', mobile: '' })).toEqual({ email: true, mobile: false });
    expect(lockedContactFields({ email: '', mobile: '13800138000' })).toEqual({ email: false, mobile: true });
    expect(lockedContactFields(null)).toEqual({ email: false, mobile: false });
  });
  it('sends trimmed fields and never the locked ones', () => {
    const body = profileUpdateBody(
      { username: ' alice ', realname: ' 张三 ', identity: '', email: 'x@y.cn', mobile: '13900139000', address: ' 北京 ', signature: 'hi' },
      { email: 'old@y.cn', mobile: '' },
    );
    expect(body).toEqual({ username: 'alice', realname: '张三', identity: '', address: '北京', signature: 'hi', mobile: '13900139000' });
  });
  it('leaves an empty contact field out', () => {
    const body = profileUpdateBody({ username: 'alice', email: ' ', mobile: '' }, { email: '', mobile: '' });
    expect('email' in body).toBe(false);
    expect('mobile' in body).toBe(false);
  });
});

describe('passwordFormErrors', () => {
  it('asks for every field with the exact messages', () => {
    expect(passwordFormErrors({})).toEqual({ old_password: '请输入您的原密码', new_password: '请输入您的新密码', confirm_password: '请再次输入您的新密码' });
  });
  it('requires the confirmation to match', () => {
    expect(passwordFormErrors({ old_password: 'a', new_password: 'secret-12', confirm_password: 'secret-21' })).toEqual({
      confirm_password: '新密码和确认密码不一致',
    });
  });
  it('accepts a valid change', () => {
    expect(passwordFormErrors({ old_password: 'a', new_password: 'secret-12', confirm_password: 'secret-12' })).toEqual({});
  });
  it('keeps the contract length limits', () => {
    expect(passwordFormErrors({ old_password: 'a', new_password: '123', confirm_password: '123' }).new_password).toBe('密码至少8位');
  });
});
