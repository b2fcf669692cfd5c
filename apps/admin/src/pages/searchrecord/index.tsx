import { Tag, Tooltip, Typography } from 'antd';
import { CATEGORY_TYPE_OPTIONS, labelOf, toValueEnum, type RouteResponse } from '@wenku/contracts';
import { CrudPage, col, muted } from '../../components/crud';
import { UserSelect } from '../../components/user-select';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { listRequest } from '../../lib/pro-table';
import { siteUrl } from '../../lib/session';
import { formatSpendTime, siteSearchUrl } from './lib';

type SearchRecordRow = RouteResponse<typeof api.listSearchRecords>['search_record'][number];

const TYPE_COLORS: Record<number, string> = { 0: 'blue', 1: 'purple' };

/** /document/searchrecord: what visitors searched (GET /searchrecord/list), with single and batch delete. */
export default function SearchRecordPage() {
  return (
    <CrudPage<SearchRecordRow>
      subTitle="访客在前台的每次搜索：关键词、结果数与用时；保留天数见“系统配置 - 安全设置”"
      headerTitle="搜索记录"
      request={listRequest(api.listSearchRecords, 'search_record')}
      remove={{ route: api.deleteSearchRecords }}
      table={{ pagination: { defaultPageSize: 20, showSizeChanger: true }, scroll: { x: 1400 } }}
      columns={(c) => [
        col.keyword('搜索关键词'),
        { title: '用户', dataIndex: 'user_id', hideInTable: true, renderFormItem: () => <UserSelect placeholder="搜索用户" /> },
        col.id(70),
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
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  ID {row.user_id}
                </Typography.Text>
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
        col.option(70, (row) => [c.deleteLink(row)]),
      ]}
    />
  );
}
