import type { ProColumns } from '@ant-design/pro-components';
import { Tag, Tooltip, Typography } from 'antd';
import { CATEGORY_TYPE_OPTIONS, labelOf, toValueEnum, type RouteResponse, type api as Api } from '@wenku/contracts';
import { DeleteLink } from '../../components/table-actions';
import { UserSelect } from '../../components/user-select';
import { formatDateTime } from '../../lib/dates';
import { siteUrl } from '../../lib/session';
import { formatSpendTime, siteSearchUrl } from './lib';

export type SearchRecordRow = RouteResponse<typeof Api.listSearchRecords>['search_record'][number];

const TYPE_COLORS: Record<number, string> = { 0: 'blue', 1: 'purple' };

export function searchRecordColumns(onDelete: (row: SearchRecordRow) => Promise<unknown>): ProColumns<SearchRecordRow>[] {
  const muted = <Typography.Text type="secondary">—</Typography.Text>;
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '搜索关键词' } },
    { title: '用户', dataIndex: 'user_id', hideInTable: true, renderFormItem: () => <UserSelect placeholder="搜索用户" /> },
    { title: 'ID', dataIndex: 'id', width: 70, align: 'center', search: false },
    {
      title: '关键词',
      dataIndex: 'keywords',
      width: 200,
      search: false,
      ellipsis: true,
      render: (_, row) => (
        <Tooltip title="在前台打开这次搜索">
          <Typography.Link href={siteUrl(siteSearchUrl(row.keywords, row.type))} target="_blank" rel="noreferrer">
            {row.keywords}
          </Typography.Link>
        </Tooltip>
      ),
    },
    {
      title: '类型',
      dataIndex: 'type',
      width: 90,
      valueType: 'select',
      valueEnum: toValueEnum(CATEGORY_TYPE_OPTIONS),
      fieldProps: { placeholder: '全部类型' },
      render: (_, row) => <Tag color={TYPE_COLORS[row.type]}>{labelOf(CATEGORY_TYPE_OPTIONS, row.type)}</Tag>,
    },
    {
      title: '结果数',
      dataIndex: 'total',
      width: 90,
      align: 'right',
      search: false,
      render: (_, row) => (row.total > 0 ? row.total.toLocaleString('zh-CN') : <Typography.Text type="warning">0</Typography.Text>),
    },
    { title: '页码', dataIndex: 'page', width: 70, align: 'center', search: false },
    { title: '用时(秒)', dataIndex: 'spend_time', width: 100, align: 'right', search: false, render: (_, row) => formatSpendTime(row.spend_time) },
    {
      title: '用户',
      key: 'user',
      width: 140,
      search: false,
      render: (_, row) =>
        row.user_id > 0 ? (
          <span style={{ lineHeight: 1.4 }}>
            <Typography.Text>{row.username || '（已删除）'}</Typography.Text>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>ID {row.user_id}</Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">游客</Typography.Text>
        ),
    },
    { title: 'IP', dataIndex: 'ip', width: 140, fieldProps: { placeholder: 'IP 地址' }, render: (_, row) => row.ip || muted },
    {
      title: '用户代理',
      dataIndex: 'user_agent',
      search: false,
      ellipsis: { showTitle: false },
      render: (_, row) =>
        row.user_agent ? (
          <Tooltip title={row.user_agent} placement="topLeft">
            <span>{row.user_agent}</span>
          </Tooltip>
        ) : (
          muted
        ),
    },
    { title: '搜索时间', dataIndex: 'created_at', width: 170, search: false, render: (_, row) => formatDateTime(row.created_at, true) },
    { title: '操作', valueType: 'option', width: 70, fixed: 'right', render: (_, row) => [<DeleteLink key="delete" onConfirm={() => onDelete(row)} />] },
  ];
}
