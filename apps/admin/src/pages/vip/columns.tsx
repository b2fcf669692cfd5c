import type { ProColumns } from '@ant-design/pro-components';
import { Popconfirm, Tag, Typography } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import type { TUser } from '@wenku/contracts';
import { formatDateTime, isPast, untilText } from '../../lib/dates';
import { ContactCell, UserCell } from '../user/columns';

export interface VipColumnActions {
  onGrant: (row: TUser) => void;
  onRevoke: (row: TUser) => Promise<unknown>;
}

export function vipColumns(a: VipColumnActions): ProColumns<TUser>[] {
  const muted = <Typography.Text type="secondary">—</Typography.Text>;
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '用户名、邮箱或手机号' } },
    { title: '包含已过期', dataIndex: 'expired', hideInTable: true, valueType: 'switch', fieldProps: { checkedChildren: '是', unCheckedChildren: '否' } },
    { title: '用户', dataIndex: 'username', width: 220, search: false, render: (_, row) => <UserCell user={row} /> },
    { title: '邮箱 / 手机号', key: 'contact', width: 200, search: false, render: (_, row) => <ContactCell user={row} /> },
    {
      title: '状态',
      key: 'state',
      width: 100,
      search: false,
      render: (_, row) =>
        isPast(row.vip_expire_at) ? (
          <Tag>已过期</Tag>
        ) : (
          <Tag color="gold" icon={<CrownOutlined />}>
            VIP
          </Tag>
        ),
    },
    { title: '到期时间', dataIndex: 'vip_expire_at', width: 160, search: false, render: (_, row) => formatDateTime(row.vip_expire_at) || muted },
    {
      title: '剩余',
      key: 'left',
      width: 120,
      search: false,
      render: (_, row) => <Typography.Text type={isPast(row.vip_expire_at) ? 'secondary' : 'success'}>{untilText(row.vip_expire_at)}</Typography.Text>,
    },
    { title: '注册时间', dataIndex: 'created_at', width: 110, search: false, render: (_, row) => formatDateTime(row.created_at).slice(0, 10) },
    {
      title: '操作',
      valueType: 'option',
      width: 130,
      fixed: 'right',
      render: (_, row) => [
        <a key="grant" onClick={() => a.onGrant(row)}>
          {isPast(row.vip_expire_at) ? '续费' : '延长'}
        </a>,
        isPast(row.vip_expire_at) ? null : (
          <Popconfirm
            key="revoke"
            title={`确定取消「${row.username}」的 VIP 吗？`}
            description="取消后立即失效，剩余时长不予保留。"
            okText="取消 VIP"
            cancelText="再想想"
            okButtonProps={{ danger: true }}
            onConfirm={() => a.onRevoke(row)}
          >
            <Typography.Link type="danger">取消 VIP</Typography.Link>
          </Popconfirm>
        ),
      ],
    },
  ];
}
