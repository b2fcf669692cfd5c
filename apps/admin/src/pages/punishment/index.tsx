import type { Key } from 'react';
import { Badge, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { PUNISHMENT_TYPE_OPTIONS, labelOf, toValueEnum, type TPunishment } from '@wenku/contracts';
import { CrudPage, col, muted, type CrudActions } from '../../components/crud';
import { UserSelect } from '../../components/user-select';
import { api } from '../../lib/api';
import { formatDateTime, untilText } from '../../lib/dates';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { punishmentState } from './form-values';
import { OperatorLog } from './operator-log';
import { punishmentForm } from './punishment-form';

const PUNISHMENT_TYPE_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'gold', 4: 'volcano', 5: 'purple', 6: 'magenta' };

const STATE_BADGES = {
  active: <Badge status="error" text="生效中" />,
  expired: <Badge status="default" text="已过期" />,
  cancelled: <Badge status="default" text="已取消" />,
};

/** PUT /punishment/cancel: lift punishments at once. */
const cancel = (c: CrudActions, ids: readonly Key[]) => c.run(api.cancelPunishment, { body: { id: ids.map(Number) } }, { success: '操作成功' });

const CANCEL_CONFIRM = { description: '取消后立即解除限制。', okText: '取消处罚', cancelText: '再想想' };

export default function PunishmentPage() {
  return (
    <CrudPage<TPunishment, { userIds?: number[] }>
      subTitle="对违规用户禁用账户、禁止评论、上传、下载、收藏或发布文章；到期后自动解除"
      headerTitle="处罚记录"
      request={listRequest(api.listPunishments, 'punishment')}
      form={punishmentForm}
      createText="新增处罚"
      search={{ span: SEARCH_SPAN }}
      table={{
        scroll: { x: 1150 },
        expandable: { expandedRowRender: (row) => <OperatorLog row={row} />, rowExpandable: (row) => row.operators.length > 0 },
        rowSelection: { getCheckboxProps: (row) => ({ disabled: !row.enable }) },
      }}
      batchActions={(c) => [
        {
          key: 'cancel',
          label: '批量取消',
          type: 'warning',
          confirm: { title: (n) => `确定取消选中的 ${n} 项处罚吗？`, ...CANCEL_CONFIRM },
          run: (ids) => cancel(c, ids),
        },
      ]}
      columns={(c) => [
        { title: '用户', dataIndex: 'user_id', hideInTable: true, renderFormItem: () => <UserSelect placeholder="搜索用户" /> },
        col.id(56),
        {
          title: '用户',
          key: 'user',
          width: 140,
          search: false,
          render: (_, row) => (
            <span style={{ lineHeight: 1.4 }}>
              <Typography.Text strong>{row.username || '（已删除）'}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                ID {row.user_id}
              </Typography.Text>
            </span>
          ),
        },
        {
          title: '处罚类型',
          dataIndex: 'type',
          width: 110,
          valueType: 'select',
          valueEnum: toValueEnum(PUNISHMENT_TYPE_OPTIONS),
          fieldProps: { placeholder: '全部类型' },
          render: (_, row) => <Tag color={PUNISHMENT_TYPE_COLORS[row.type]}>{labelOf(PUNISHMENT_TYPE_OPTIONS, row.type)}</Tag>,
        },
        {
          title: '状态',
          dataIndex: 'enable',
          width: 90,
          valueType: 'select',
          valueEnum: { true: { text: '已启用' }, false: { text: '已取消' } },
          fieldProps: { placeholder: '全部' },
          render: (_, row) => STATE_BADGES[punishmentState(row)],
        },
        { title: '处罚原因', dataIndex: 'reason', ellipsis: true, search: false, render: (_, row) => row.reason || muted },
        { title: '开始时间', dataIndex: 'start_time', width: 140, search: false, render: (_, row) => formatDateTime(row.start_time) },
        {
          title: '截止时间',
          dataIndex: 'end_time',
          width: 150,
          search: false,
          render: (_, row) =>
            row.end_time ? (
              <span style={{ lineHeight: 1.4 }}>
                {formatDateTime(row.end_time)}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {untilText(row.end_time)}
                </Typography.Text>
              </span>
            ) : (
              <Tag color="red">永久</Tag>
            ),
        },
        { title: '备注', dataIndex: 'remark', width: 120, ellipsis: true, search: false, render: (_, row) => row.remark || muted },
        col.option(100, (row) => [
          c.editLink(row),
          row.enable ? (
            <Popconfirm key="cancel" title="确定取消该处罚吗？" {...CANCEL_CONFIRM} onConfirm={() => cancel(c, [row.id])}>
              <Typography.Link type="warning">取消</Typography.Link>
            </Popconfirm>
          ) : (
            <Tooltip key="cancel" title="该处罚已取消">
              <Typography.Text type="secondary">取消</Typography.Text>
            </Tooltip>
          ),
        ]),
      ]}
    />
  );
}
