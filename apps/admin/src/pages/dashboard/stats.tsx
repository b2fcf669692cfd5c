import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CommentOutlined,
  DownloadOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  LinkOutlined,
  ReadOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { TStatsAnswer } from '@wenku/contracts';
import { api, client } from '../../lib/api';

export interface StatDef {
  key: string;
  title: string;
  /** admin page the card links to (when the viewer may open it) */
  page: string;
  icon: ReactNode;
  color: string;
  /** undefined when the answer lacks it (GET /stats without its permission gives the public counts only) */
  value: (s: TStatsAnswer) => number | undefined;
}

/** The cards of the dashboard; every number comes from the one GET /stats answer. */
export const STATS: StatDef[] = [
  { key: 'user', title: '注册用户', page: '/user/list', icon: <TeamOutlined />, color: '#1677ff', value: (s) => s.user_count },
  { key: 'document', title: '文档', page: '/document/list', icon: <FileTextOutlined />, color: '#52c41a', value: (s) => s.document_count },
  { key: 'download', title: '下载次数', page: '/document/list', icon: <DownloadOutlined />, color: '#faad14', value: (s) => s.download_count },
  { key: 'article', title: '文章', page: '/article/list', icon: <ReadOutlined />, color: '#13c2c2', value: (s) => s.article_count },
  { key: 'comment', title: '评论', page: '/comment', icon: <CommentOutlined />, color: '#722ed1', value: (s) => s.comment_count },
  { key: 'category', title: '分类', page: '/document/category', icon: <FolderOpenOutlined />, color: '#fa8c16', value: (s) => s.category_count },
  { key: 'friendlink', title: '友情链接', page: '/friendlink', icon: <LinkOutlined />, color: '#2f54eb', value: (s) => s.friendlink_count },
  { key: 'report', title: '待办举报', page: '/report', icon: <WarningOutlined />, color: '#f5222d', value: (s) => s.report_count },
];

export const STATS_KEY = ['dashboard', 'stats'] as const;

/** GET /stats: one request for every card. */
export function useStats() {
  return useQuery({ queryKey: STATS_KEY, queryFn: ({ signal }) => client.call(api.getStats, { signal }), staleTime: 30_000 });
}
