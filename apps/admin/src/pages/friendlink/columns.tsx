import type { ProColumns } from '@ant-design/pro-components';
import { Typography } from 'antd';
import type { TFriendlink } from '@wenku/contracts';
import { DeleteLink, EnableSwitch } from '../../components/table-actions';
import { ENABLE_VALUE_ENUM } from '../../components/enable-enum';

export interface FriendlinkColumnActions {
  onEdit: (row: TFriendlink) => void;
  onDelete: (row: TFriendlink) => Promise<unknown>;
  onToggle: (row: TFriendlink, enable: boolean) => Promise<unknown>;
}

export function friendlinkColumns(a: FriendlinkColumnActions): ProColumns<TFriendlink>[] {
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '友链名称或地址' } },
    { title: 'ID', dataIndex: 'id', width: 72, align: 'center', search: false },
    { title: '名称', dataIndex: 'title', width: 180, search: false, render: (_, row) => <Typography.Text strong>{row.title}</Typography.Text> },
    {
      title: '链接地址',
      dataIndex: 'link',
      ellipsis: true,
      search: false,
      render: (_, row) => (
        <Typography.Link href={row.link} target="_blank" rel="noopener noreferrer">
          {row.link}
        </Typography.Link>
      ),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true, search: false, render: (_, row) => row.description || <Typography.Text type="secondary">—</Typography.Text> },
    { title: '排序', dataIndex: 'sort', width: 80, align: 'center', search: false, tooltip: '数值越大越靠前' },
    {
      title: '状态',
      dataIndex: 'enable',
      width: 96,
      align: 'center',
      valueType: 'select',
      valueEnum: ENABLE_VALUE_ENUM,
      render: (_, row) => <EnableSwitch checked={row.enable ?? true} onChange={(next) => a.onToggle(row, next)} />,
    },
    { title: '创建时间', dataIndex: 'created_at', valueType: 'dateTime', width: 172, search: false },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_, row) => [<a key="edit" onClick={() => a.onEdit(row)}>编辑</a>, <DeleteLink key="delete" onConfirm={() => a.onDelete(row)} />],
    },
  ];
}
