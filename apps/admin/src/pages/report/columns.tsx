import type { ProColumns } from '@ant-design/pro-components';
import { Badge, Tag, Tooltip, Typography } from 'antd';
import { REPORT_REASON_OPTIONS, labelOf, relativeTime, type RouteResponse, type api } from '@wenku/contracts';
import { DeleteLink } from '../../components/table-actions';
import { formatDateTime } from '../../lib/dates';
import { siteUrl } from '../../lib/session';

export type ReportRow = RouteResponse<typeof api.listReports>['report'][number];

const REASON_COLORS: Record<number, string> = { 1: 'orange', 2: 'magenta', 3: 'gold', 4: 'red', 5: 'volcano', 6: 'purple' };

export interface ReportColumnActions {
  onHandle: (row: ReportRow) => void;
  onDelete: (row: ReportRow) => Promise<unknown>;
}

export function reportColumns(a: ReportColumnActions): ProColumns<ReportRow>[] {
  const muted = <Typography.Text type="secondary">—</Typography.Text>;
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '文档标题' } },
    { title: 'ID', dataIndex: 'id', width: 64, align: 'center', search: false },
    {
      title: '被举报文档',
      dataIndex: 'document_title',
      width: 280,
      search: false,
      render: (_, row) =>
        row.document_uuid ? (
          <Typography.Link href={siteUrl(`/document/${row.document_uuid}`)} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 260 }} title={row.document_title}>
            {row.document_title}
          </Typography.Link>
        ) : (
          <Tooltip title="文档已被删除">
            <Typography.Text type="secondary" delete ellipsis style={{ maxWidth: 260 }}>{row.document_title || `#${row.document_id}`}</Typography.Text>
          </Tooltip>
        ),
    },
    { title: '举报原因', dataIndex: 'reason', width: 110, search: false, render: (_, row) => <Tag color={REASON_COLORS[row.reason]}>{labelOf(REPORT_REASON_OPTIONS, row.reason)}</Tag> },
    { title: '举报人', dataIndex: 'username', width: 120, search: false, render: (_, row) => row.username || `ID ${row.user_id}` },
    {
      title: '处理状态',
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: { false: { text: '未处理', status: 'Warning' }, true: { text: '已处理', status: 'Success' } },
      fieldProps: { placeholder: '全部' },
      render: (_, row) => (row.status ? <Badge status="success" text="已处理" /> : <Badge status="warning" text="未处理" />),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, search: false, render: (_, row) => row.remark || muted },
    {
      title: '举报时间',
      dataIndex: 'created_at',
      width: 100,
      search: false,
      render: (_, row) => <Tooltip title={formatDateTime(row.created_at, true)}>{relativeTime(row.created_at)}</Tooltip>,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 110,
      fixed: 'right',
      render: (_, row) => [
        <a key="handle" onClick={() => a.onHandle(row)}>{row.status ? '修改' : '处理'}</a>,
        <DeleteLink key="delete" onConfirm={() => a.onDelete(row)} />,
      ],
    },
  ];
}
