import { useNavigate } from 'react-router-dom';
import { ProFormRadio, ProFormTextArea } from '@ant-design/pro-components';
import { Badge, Descriptions, Tag, Tooltip, Typography } from 'antd';
import { REPORT_REASON_OPTIONS, labelOf, relativeTime, type RouteResponse } from '@wenku/contracts';
import { CrudPage, crudForm, saveTo, col, muted } from '../../components/crud';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { listRequest } from '../../lib/pro-table';
import { siteUrl } from '../../lib/session';

type ReportRow = RouteResponse<typeof api.listReports>['report'][number];

const REASON_COLORS: Record<number, string> = { 1: 'orange', 2: 'magenta', 3: 'gold', 4: 'red', 5: 'volcano', 6: 'purple' };

interface HandleValues {
  status: boolean;
  remark: string;
}

export default function ReportPage() {
  const navigate = useNavigate();

  /** PUT /report: mark handled (or not) with a note of what was done. */
  const form = crudForm<ReportRow, HandleValues>({
    title: '处理举报',
    initialValues: (r) => ({ status: true, remark: r?.remark ?? '' }),
    update: saveTo(api.updateReport, (v: HandleValues, r: ReportRow) => ({ id: r.id, status: v.status, remark: v.remark ?? '' })),
    fields: (record) =>
      record && (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 20 }} styles={{ label: { width: 96 } }}>
            <Descriptions.Item label="被举报文档">
              {record.document_title}
              <Typography.Link style={{ marginInlineStart: 12 }} onClick={() => navigate(`/document/list?wd=${encodeURIComponent(record.document_title)}`)}>
                在文档列表中管理
              </Typography.Link>
            </Descriptions.Item>
            <Descriptions.Item label="举报原因">{labelOf(REPORT_REASON_OPTIONS, record.reason)}</Descriptions.Item>
            <Descriptions.Item label="举报人">
              {record.username || `ID ${record.user_id}`} · {formatDateTime(record.created_at)}
            </Descriptions.Item>
          </Descriptions>
          <ProFormRadio.Group
            name="status"
            label="处理结果"
            radioType="button"
            options={[
              { value: true, label: '已处理' },
              { value: false, label: '未处理' },
            ]}
          />
          <ProFormTextArea
            name="remark"
            label="处理备注"
            placeholder="如：已禁用该文档 / 经核实无违规"
            fieldProps={{ autoSize: { minRows: 3, maxRows: 6 }, maxLength: 500, showCount: true }}
          />
        </>
      ),
  });

  return (
    <CrudPage<ReportRow>
      subTitle="用户对文档的举报；核实后可在文档列表中禁用或删除违规文档"
      headerTitle="举报列表"
      request={listRequest(api.listReports, 'report')}
      remove={{ route: api.deleteReport }}
      form={form}
      table={{ scroll: { x: 1100 } }}
      columns={(c) => [
        col.keyword('文档标题'),
        col.id(64),
        {
          title: '被举报文档',
          dataIndex: 'document_title',
          width: 280,
          search: false,
          render: (_, row) =>
            row.document_uuid ? (
              <Typography.Link
                href={siteUrl(`/document/${row.document_uuid}`)}
                target="_blank"
                rel="noopener noreferrer"
                ellipsis
                style={{ maxWidth: 260 }}
                title={row.document_title}
              >
                {row.document_title}
              </Typography.Link>
            ) : (
              <Tooltip title="文档已被删除">
                <Typography.Text type="secondary" delete ellipsis style={{ maxWidth: 260 }}>
                  {row.document_title || `#${row.document_id}`}
                </Typography.Text>
              </Tooltip>
            ),
        },
        {
          title: '举报原因',
          dataIndex: 'reason',
          width: 110,
          search: false,
          render: (_, row) => <Tag color={REASON_COLORS[row.reason]}>{labelOf(REPORT_REASON_OPTIONS, row.reason)}</Tag>,
        },
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
        col.option(110, (row) => [c.editLink(row, row.status ? '修改' : '处理'), c.deleteLink(row)]),
      ]}
    />
  );
}
