import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import type { TNavigation } from '@wenku/contracts';
import type { TreeNode } from '../../lib/pro-table';
import { DeleteLink, EnableSwitch } from '../../components/table-actions';

export type NavigationRow = TreeNode<TNavigation>;

export const TARGET_LABELS: Record<string, string> = { _self: '当前窗口', _blank: '新窗口' };

export interface NavigationColumnActions {
  onEdit: (row: NavigationRow) => void;
  onAddChild: (row: NavigationRow) => void;
  onDelete: (row: NavigationRow) => Promise<unknown>;
  onToggle: (row: NavigationRow, enable: boolean) => Promise<unknown>;
}

export function navigationColumns(a: NavigationColumnActions): ProColumns<NavigationRow>[] {
  return [
    {
      title: '导航名称',
      dataIndex: 'title',
      width: 220,
      render: (_, row) => (
        <Space size={8}>
          <span style={{ color: row.color || undefined, fontWeight: row.parent_id === 0 ? 600 : 400 }}>{row.title}</span>
          {row.fixed && <Tag color="blue">固定</Tag>}
        </Space>
      ),
    },
    { title: 'ID', dataIndex: 'id', width: 72, align: 'center' },
    {
      title: '链接地址',
      dataIndex: 'href',
      ellipsis: true,
      render: (_, row) => (
        <Typography.Link href={row.href} target="_blank" rel="noopener noreferrer">
          {row.href}
        </Typography.Link>
      ),
    },
    { title: '打开方式', dataIndex: 'target', width: 100, align: 'center', valueEnum: { _self: { text: '当前窗口' }, _blank: { text: '新窗口' } } },
    { title: '排序', dataIndex: 'sort', width: 80, align: 'center', tooltip: '数值越大越靠前' },
    {
      title: '状态',
      dataIndex: 'enable',
      width: 96,
      align: 'center',
      render: (_, row) => <EnableSwitch checked={row.enable} onChange={(next) => a.onToggle(row, next)} />,
    },
    { title: '描述', dataIndex: 'description', ellipsis: true, width: 180, render: (_, row) => row.description || <Typography.Text type="secondary">—</Typography.Text> },
    { title: '创建时间', dataIndex: 'created_at', valueType: 'dateTime', width: 172 },
    {
      title: '操作',
      valueType: 'option',
      width: 180,
      fixed: 'right',
      render: (_, row) => [
        <a key="edit" onClick={() => a.onEdit(row)}>编辑</a>,
        row.parent_id === 0 ? <a key="child" onClick={() => a.onAddChild(row)}>添加子导航</a> : null,
        <DeleteLink key="delete" onConfirm={() => a.onDelete(row)} description={row.children?.length ? '该导航下还有子导航。' : undefined} />,
      ],
    },
  ];
}
