import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FolderOpenOutlined, LinkOutlined, NotificationOutlined, CompassOutlined, ReadOutlined, TeamOutlined } from '@ant-design/icons';
import { api, client } from '../../lib/api';

export interface StatDef {
  key: string;
  title: string;
  /** admin page the card links to (and that must be allowed to show it) */
  page: string;
  icon: ReactNode;
  color: string;
  load: (signal: AbortSignal) => Promise<number>;
}

/** Counts read from the `total` of existing list endpoints (a single row is requested). */
export const STATS: StatDef[] = [
  {
    key: 'user',
    title: '注册用户',
    page: '/user/list',
    icon: <TeamOutlined />,
    color: '#1677ff',
    load: async (signal) => (await client.call(api.listUsers, { query: { page: 1, size: 1 }, signal })).total,
  },
  {
    key: 'doc-category',
    title: '文档分类',
    page: '/document/category',
    icon: <FolderOpenOutlined />,
    color: '#faad14',
    load: async (signal) => (await client.call(api.listCategories, { query: { type: [0], page: 1, size: 1 }, signal })).total,
  },
  {
    key: 'article-category',
    title: '文章分类',
    page: '/article/category',
    icon: <ReadOutlined />,
    color: '#13c2c2',
    load: async (signal) => (await client.call(api.listCategories, { query: { type: [1], page: 1, size: 1 }, signal })).total,
  },
  {
    key: 'navigation',
    title: '导航',
    page: '/navigation',
    icon: <CompassOutlined />,
    color: '#722ed1',
    load: async (signal) => (await client.call(api.listNavigations, { query: { page: 1, size: 1 }, signal })).total,
  },
  {
    key: 'friendlink',
    title: '友情链接',
    page: '/friendlink',
    icon: <LinkOutlined />,
    color: '#52c41a',
    load: async (signal) => (await client.call(api.listFriendlinks, { query: { page: 1, size: 1 }, signal })).total,
  },
  {
    key: 'advertisement',
    title: '广告',
    page: '/advertisement',
    icon: <NotificationOutlined />,
    color: '#eb2f96',
    load: async (signal) => (await client.call(api.listAdvertisements, { query: { page: 1, size: 1 }, signal })).total,
  },
];

export function useStat(def: StatDef) {
  return useQuery({ queryKey: ['dashboard', 'stat', def.key], queryFn: ({ signal }) => def.load(signal), staleTime: 30_000 });
}
