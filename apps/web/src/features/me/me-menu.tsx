import type { ReactNode } from 'react';
import {
  CloudDownloadOutlined,
  CrownOutlined,
  DashboardOutlined,
  FileTextOutlined,
  IdcardOutlined,
  LockOutlined,
  ProfileOutlined,
  ReadOutlined,
  ShoppingOutlined,
  StarOutlined,
} from '@ant-design/icons';

export interface MeSection {
  path: string;
  label: string;
  icon: ReactNode;
  description: string;
}

/** The personal centre's child pages (spec §2), in menu order. */
export const ME_SECTIONS: MeSection[] = [
  { path: '', label: '个人概览', icon: <DashboardOutlined />, description: '' },
  { path: 'document', label: '我的文档', icon: <FileTextOutlined />, description: '管理您上传的文档。' },
  { path: 'article', label: '我的文章', icon: <ProfileOutlined />, description: '管理您发布的文章。' },
  { path: 'reading', label: '最近阅读', icon: <ReadOutlined />, description: '继续阅读您最近打开的文档。' },
  { path: 'download', label: '我的下载', icon: <CloudDownloadOutlined />, description: '查看您下载过的文档。' },
  { path: 'favorite', label: '我的收藏', icon: <StarOutlined />, description: '查看您收藏的文档。' },
  { path: 'order', label: '我的订单', icon: <ShoppingOutlined />, description: '查看充值、购买文档与开通VIP的订单。' },
  { path: 'vip', label: '会员中心', icon: <CrownOutlined />, description: '查看VIP会员权益与有效期。' },
  { path: 'profile', label: '个人资料', icon: <IdcardOutlined />, description: '修改用户名、真实姓名、联系邮箱、联系电话、地址与签名。' },
  { path: 'password', label: '修改密码', icon: <LockOutlined />, description: '修改您的登录密码。' },
];
