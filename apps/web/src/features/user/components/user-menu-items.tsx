import type { ReactNode } from 'react';
import {
  CloudUploadOutlined,
  DashboardOutlined,
  EditOutlined,
  HomeOutlined,
  LogoutOutlined,
  MessageOutlined,
  PayCircleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useSession } from '../../../app/session';
import { useRechargeSettings, useSettings } from '../../settings/api';

export interface UserMenuEntry {
  key: string;
  label: string;
  icon: ReactNode;
  /** a site route */
  to?: string;
  /** a full page load (the admin is another app) */
  href?: string;
  /** an action handled by the menu owner */
  action?: 'recharge' | 'logout';
  danger?: boolean;
}

/** Pure: the user dropdown's entries (spec §2); AI对话 only when the site's AI features are on (`settings.llm.enable`). */
export function userMenuEntries(opts: { userId: number; rechargeEnabled: boolean; allowPages: readonly string[]; chatEnabled?: boolean }): UserMenuEntry[] {
  const entries: UserMenuEntry[] = [
    { key: 'home', label: '个人主页', icon: <HomeOutlined />, to: `/user/${opts.userId}` },
    { key: 'me', label: '个人中心', icon: <UserOutlined />, to: '/me' },
  ];
  if (opts.rechargeEnabled) entries.push({ key: 'recharge', label: '积分充值', icon: <PayCircleOutlined />, action: 'recharge' });
  entries.push(
    { key: 'upload', label: '上传文档', icon: <CloudUploadOutlined />, to: '/upload' },
    { key: 'post', label: '发布文章', icon: <EditOutlined />, to: '/post' },
  );
  if (opts.chatEnabled) entries.push({ key: 'chat', label: 'AI对话', icon: <MessageOutlined />, to: '/chat' });
  if (opts.allowPages.length > 0) entries.push({ key: 'admin', label: '管理后台', icon: <DashboardOutlined />, href: '/admin/' });
  entries.push({ key: 'logout', label: '退出登录', icon: <LogoutOutlined />, action: 'logout', danger: true });
  return entries;
}

export function useUserMenuEntries(): UserMenuEntry[] {
  const user = useSession((s) => s.user);
  const allowPages = useSession((s) => s.allowPages);
  const recharge = useRechargeSettings();
  const chatEnabled = useSettings().llm.enable;
  if (!user) return [];
  return userMenuEntries({ userId: user.id, rechargeEnabled: Boolean(recharge.data?.enable), allowPages, chatEnabled });
}
