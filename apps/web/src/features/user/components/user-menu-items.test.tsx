import { describe, expect, it } from 'vitest';
import { userMenuEntries } from './user-menu-items';
import { isSignedToday } from './sign-in-button';

describe('userMenuEntries', () => {
  it('lists the spec entries in order, without recharge and admin by default', () => {
    const e = userMenuEntries({ userId: 4, rechargeEnabled: false, allowPages: [] });
    expect(e.map((x) => x.label)).toEqual(['个人主页', '个人中心', '上传文档', '发布文章', '退出登录']);
    expect(e[0].to).toBe('/user/4');
    expect(e[1].to).toBe('/me');
  });
  it('adds 积分充值 when recharge is enabled and 管理后台 when admin pages are allowed', () => {
    const e = userMenuEntries({ userId: 4, rechargeEnabled: true, allowPages: ['/user/list'] });
    expect(e.map((x) => x.label)).toEqual(['个人主页', '个人中心', '积分充值', '上传文档', '发布文章', '管理后台', '退出登录']);
    expect(e.find((x) => x.key === 'admin')?.href).toBe('/admin/');
  });
});

describe('userMenuEntries: AI对话', () => {
  it('links to /chat only when the AI features are on (settings.llm.enable)', () => {
    expect(userMenuEntries({ userId: 4, rechargeEnabled: false, allowPages: [], chatEnabled: false }).some((x) => x.to?.startsWith('/chat'))).toBe(false);
    const e = userMenuEntries({ userId: 4, rechargeEnabled: false, allowPages: [], chatEnabled: true });
    expect(e.map((x) => x.label)).toEqual(['个人主页', '个人中心', '上传文档', '发布文章', 'AI对话', '退出登录']);
    expect(e.find((x) => x.key === 'chat')?.to).toBe('/chat');
  });
});

describe('isSignedToday', () => {
  it('reads a sign-in record', () => {
    expect(isSignedToday(undefined)).toBe(false);
    expect(isSignedToday({ sign: null })).toBe(false);
    expect(isSignedToday({ sign: { id: 3, award: 1 } })).toBe(true);
    expect(isSignedToday({ id: 0 })).toBe(false);
  });
});
