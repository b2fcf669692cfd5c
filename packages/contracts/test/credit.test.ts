import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDIT_NAME, creditName, signInSuccessMessage } from '../src';

describe('creditName', () => {
  it('defaults to 积分', () => {
    expect(DEFAULT_CREDIT_NAME).toBe('积分');
    expect(creditName()).toBe('积分');
    expect(creditName(null)).toBe('积分');
    expect(creditName({})).toBe('积分');
    expect(creditName({ credit_name: '' })).toBe('积分');
    expect(creditName({ credit_name: '   ' })).toBe('积分');
    expect(creditName({ credit_name: 42 })).toBe('积分');
    expect(creditName({ system: null })).toBe('积分');
  });

  it('reads recharge settings, then site settings', () => {
    expect(creditName({ credit_name: '金币' })).toBe('金币');
    expect(creditName({ credit_name: ' 魔豆 ' })).toBe('魔豆');
    expect(creditName({ system: { credit_name: '金币' } })).toBe('金币');
    expect(creditName({ credit_name: '魔豆', system: { credit_name: '金币' } })).toBe('魔豆');
    expect(creditName({ credit_name: '', system: { credit_name: '金币' } })).toBe('金币');
  });
});

describe('signInSuccessMessage', () => {
  it('matches spec §8 word for word', () => {
    expect(signInSuccessMessage(5)).toBe('签到成功，获得 5 积分奖励');
    expect(signInSuccessMessage(10, '金币')).toBe('签到成功，获得 10 金币奖励');
    expect(signInSuccessMessage(0, '')).toBe('签到成功，获得 0 积分奖励');
    expect(signInSuccessMessage(3, null)).toBe('签到成功，获得 3 积分奖励');
    expect(signInSuccessMessage(3, creditName({ system: { credit_name: '魔豆' } }))).toBe('签到成功，获得 3 魔豆奖励');
  });
});
