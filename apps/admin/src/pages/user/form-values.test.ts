import { describe, expect, it } from 'vitest';
import type { TUser } from '@wenku/contracts';
import { canDeleteUser, profileFormInitial, toAiQuotaBody, toCreateUserBody, toProfileBody, toSetUserBody, userFormInitial } from './form-values';

const user = {
  id: 7,
  username: 'alice',
  realname: '爱丽丝',
  email: 'a@example.com',
  mobile: '',
  avatar: '',
  signature: 'hi',
  identity: '',
  address: '',
  is_vip: false,
  doc_count: 0,
  article_count: 0,
  favorite_count: 0,
  comment_count: 0,
  group_id: [2, 3],
  created_at: '2026-01-01T00:00:00Z',
} as TUser;

describe('user form ↔ body', () => {
  it('fills the edit form from the row with a blank password', () => {
    expect(userFormInitial(user)).toEqual({ username: 'alice', password: '', email: 'a@example.com', mobile: '', group_id: [2, 3] });
    expect(userFormInitial(undefined, [2])).toMatchObject({ username: '', group_id: [2] });
  });

  it('creates with trimmed fields', () => {
    expect(toCreateUserBody({ username: ' bob ', password: 'secret1', email: ' b@x.cn ', mobile: undefined, group_id: [2] })).toEqual({
      username: 'bob',
      password: 'secret1',
      email: 'b@x.cn',
      mobile: '',
      group_id: [2],
    });
  });

  it('leaves the password out of PUT /user when blank', () => {
    const body = toSetUserBody(7, { username: 'alice', password: '', email: '', mobile: '13800138000', group_id: [] });
    expect(body).toEqual({ id: 7, username: 'alice', email: '', mobile: '13800138000', group_id: [] });
    expect(toSetUserBody(7, { username: 'alice', password: 'newpass1' }).password).toBe('newpass1');
  });

  it('maps profile fields and sends a remark only when given', () => {
    const init = profileFormInitial(user);
    expect(init).toEqual({ realname: '爱丽丝', identity: '', address: '', signature: 'hi', remark: '' });
    expect(toProfileBody(7, init)).toEqual({ id: 7, realname: '爱丽丝', identity: '', address: '', signature: 'hi' });
    expect(toProfileBody(7, { ...init, remark: ' 重点用户 ' }).remark).toBe('重点用户');
  });

  it('sets the AI quota, -1 meaning the site default', () => {
    expect(toAiQuotaBody(7, { use_default: true, daily_limit: 5, extra: 3 })).toEqual({ user_id: 7, daily_limit: -1, extra: 3 });
    expect(toAiQuotaBody(7, { use_default: false, daily_limit: 20.7, extra: undefined })).toEqual({ user_id: 7, daily_limit: 20, extra: 0 });
  });

  it('never deletes user 1', () => {
    expect(canDeleteUser({ id: 1 })).toBe(false);
    expect(canDeleteUser({ id: 2 })).toBe(true);
  });
});
