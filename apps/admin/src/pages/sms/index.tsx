import { Tag, Tooltip, Typography } from 'antd';
import { SMS_PURPOSE_OPTIONS, SMS_STATUS_OPTIONS, labelOf, toValueEnum, type RouteResponse } from '@wenku/contracts';
import { CrudPage, col, muted } from '../../components/crud';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';

type SmsRow = RouteResponse<typeof api.listSms>['sms'][number];

const STATUS_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };
const PURPOSE_COLORS: Record<number, string> = { 0: 'blue', 1: 'cyan', 2: 'purple' };

export default function SmsPage() {
  return (
    <CrudPage<SmsRow>
      subTitle="短信验证码的发送记录（注册、登录、找回密码）"
      headerTitle="短信记录"
      request={listRequest(api.listSms, 'sms')}
      remove={{ route: api.deleteSms }}
      search={{ span: SEARCH_SPAN }}
      table={{ pagination: { defaultPageSize: 20, showSizeChanger: true }, scroll: { x: 1080 } }}
      columns={(c) => [
        col.id(64),
        {
          title: '手机号',
          dataIndex: 'mobile',
          width: 140,
          fieldProps: { placeholder: '手机号' },
          render: (_, row) => <Typography.Text copyable>{row.mobile}</Typography.Text>,
        },
        {
          title: '用途',
          dataIndex: 'purpose',
          width: 96,
          valueType: 'select',
          valueEnum: toValueEnum(SMS_PURPOSE_OPTIONS),
          fieldProps: { placeholder: '全部用途' },
          render: (_, row) => <Tag color={PURPOSE_COLORS[row.purpose]}>{labelOf(SMS_PURPOSE_OPTIONS, row.purpose)}</Tag>,
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 100,
          valueType: 'select',
          valueEnum: toValueEnum(SMS_STATUS_OPTIONS),
          fieldProps: { placeholder: '全部状态' },
          render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{labelOf(SMS_STATUS_OPTIONS, row.status)}</Tag>,
        },
        { title: '服务商', dataIndex: 'provider', width: 90, search: false, render: (_, row) => row.provider || muted },
        {
          title: '失败原因',
          dataIndex: 'error',
          ellipsis: true,
          search: false,
          render: (_, row) =>
            row.error ? (
              <Tooltip title={row.error}>
                <Typography.Text type="danger">{row.error}</Typography.Text>
              </Tooltip>
            ) : (
              muted
            ),
        },
        { title: 'IP', dataIndex: 'ip', width: 120, search: false, render: (_, row) => row.ip || muted },
        { title: '用户 ID', dataIndex: 'user_id', width: 72, align: 'center', search: false, render: (_, row) => row.user_id || muted },
        { title: '发送时间', dataIndex: 'created_at', width: 170, search: false, render: (_, row) => formatDateTime(row.created_at, true) },
        col.option(70, (row) => [c.deleteLink(row)]),
      ]}
    />
  );
}
