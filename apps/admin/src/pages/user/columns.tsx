import type { ProColumns } from '@ant-design/pro-components';
import { Avatar, Dropdown, Space, Tag, Tooltip, Typography } from 'antd';
import { CrownFilled, DownOutlined } from '@ant-design/icons';
import { relativeTime, type TGroup, type TUser } from '@wenku/contracts';
import { GroupTags } from '../../components/group-tags';
import { formatDateTime, isPast } from '../../lib/dates';
import { canDeleteUser } from './form-values';

export interface UserColumnActions {
  groups: TGroup[];
  onEdit: (row: TUser) => void;
  onProfile: (row: TUser) => void;
  onVip: (row: TUser) => void;
  onAiQuota: (row: TUser) => void;
  onPunish: (row: TUser) => void;
  onDelete: (row: TUser) => void;
}

const muted = <Typography.Text type="secondary">—</Typography.Text>;

export function VipUntil({ value }: { value?: string | null }) {
  if (!value) return muted;
  const expired = isPast(value);
  return (
    <Tooltip title={expired ? 'VIP 已过期' : 'VIP 有效期至'}>
      <Space size={4} style={{ whiteSpace: 'nowrap' }}>
        <CrownFilled style={{ color: expired ? '#bfbfbf' : '#faad14' }} />
        <Typography.Text type={expired ? 'secondary' : undefined} delete={expired}>
          {formatDateTime(value).slice(0, 10)}
        </Typography.Text>
      </Space>
    </Tooltip>
  );
}

export function UserCell({ user, sub }: { user: Pick<TUser, 'id' | 'username' | 'avatar'>; sub?: React.ReactNode }) {
  return (
    <Space size={10}>
      <Avatar size={36} src={user.avatar || undefined} style={{ backgroundColor: '#1677ff', flex: 'none' }}>
        {user.username.slice(0, 1).toUpperCase()}
      </Avatar>
      <div style={{ lineHeight: 1.4, minWidth: 0 }}>
        <Typography.Text strong>{user.username}</Typography.Text>
        {user.id === 1 && (
          <Tag color="red" style={{ marginInlineStart: 6 }}>
            创始人
          </Tag>
        )}
        <div style={{ fontSize: 12, color: '#8c8c8c' }}>{sub ?? `ID ${user.id}`}</div>
      </div>
    </Space>
  );
}

/** Email on top, mobile below (one column keeps the table within a 1440 px screen). */
export function ContactCell({ user }: { user: Pick<TUser, 'email' | 'mobile'> }) {
  return (
    <div style={{ lineHeight: 1.5, minWidth: 0 }}>
      <Typography.Text ellipsis={{ tooltip: user.email }} style={{ display: 'block', maxWidth: 184 }}>
        {user.email || '—'}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {user.mobile || '未绑定手机'}
      </Typography.Text>
    </div>
  );
}

export function userColumns(a: UserColumnActions): ProColumns<TUser>[] {
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '用户名、邮箱或手机号' } },
    {
      title: '用户组',
      dataIndex: 'group_id',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: '全部用户组', options: a.groups.map((g) => ({ value: g.id, label: g.title })) },
    },
    {
      title: '用户',
      dataIndex: 'username',
      width: 190,
      search: false,
      render: (_, row) => <UserCell user={row} sub={row.realname ? `${row.realname} · ID ${row.id}` : undefined} />,
    },
    {
      title: '邮箱 / 手机号',
      key: 'contact',
      width: 200,
      search: false,
      render: (_, row) => <ContactCell user={row} />,
    },
    { title: '用户组', key: 'groups', width: 140, search: false, render: (_, row) => <GroupTags ids={row.group_id} groups={a.groups} /> },
    { title: '积分', dataIndex: 'credit_count', width: 64, align: 'right', search: false },
    { title: '文档', dataIndex: 'doc_count', width: 56, align: 'right', search: false },
    { title: 'VIP 到期', dataIndex: 'vip_expire_at', width: 112, search: false, render: (_, row) => <VipUntil value={row.vip_expire_at} /> },
    {
      title: '注册时间',
      dataIndex: 'created_at',
      width: 100,
      search: false,
      render: (_, row) => <Tooltip title={formatDateTime(row.created_at, true)}>{formatDateTime(row.created_at).slice(0, 10)}</Tooltip>,
    },
    {
      title: '最后登录',
      dataIndex: 'login_at',
      width: 92,
      search: false,
      render: (_, row) =>
        row.login_at ? (
          <Tooltip title={formatDateTime(row.login_at, true)}>{relativeTime(row.login_at)}</Tooltip>
        ) : (
          <Typography.Text type="secondary">从未登录</Typography.Text>
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 136,
      fixed: 'right',
      render: (_, row) => [
        <a key="edit" onClick={() => a.onEdit(row)}>
          编辑
        </a>,
        <a key="profile" onClick={() => a.onProfile(row)}>
          资料
        </a>,
        <Dropdown
          key="more"
          trigger={['click']}
          menu={{
            items: [
              { key: 'vip', label: '开通/延长 VIP', onClick: () => a.onVip(row) },
              { key: 'ai', label: 'AI 额度', onClick: () => a.onAiQuota(row) },
              { key: 'punish', label: '处罚用户', disabled: row.id === 1, onClick: () => a.onPunish(row) },
              { type: 'divider' },
              canDeleteUser(row)
                ? { key: 'delete', label: '删除用户', danger: true, onClick: () => a.onDelete(row) }
                : { key: 'delete', label: '创始人不可删除', disabled: true },
            ],
          }}
        >
          <a onClick={(e) => e.preventDefault()}>
            更多 <DownOutlined style={{ fontSize: 10 }} />
          </a>
        </Dropdown>,
      ],
    },
  ];
}
