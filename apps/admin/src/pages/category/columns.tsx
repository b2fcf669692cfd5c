import type { ProColumns } from '@ant-design/pro-components';
import { Avatar, Space, Tag, Typography } from 'antd';
import { FolderOutlined } from '@ant-design/icons';
import type { TCategory } from '@wenku/contracts';
import type { TreeNode } from '../../lib/pro-table';
import { DeleteLink, EnableSwitch } from '../../components/table-actions';

export type CategoryRow = TreeNode<TCategory>;

export interface CategoryColumnActions {
  countLabel: string;
  onEdit: (row: CategoryRow) => void;
  onAddChild: (row: CategoryRow) => void;
  onDelete: (row: CategoryRow) => Promise<unknown>;
  onToggle: (row: CategoryRow, enable: boolean) => Promise<unknown>;
}

export function categoryColumns(a: CategoryColumnActions): ProColumns<CategoryRow>[] {
  return [
    {
      title: '分类名称',
      dataIndex: 'title',
      width: 280,
      render: (_, row) => (
        <Space size={8}>
          {row.icon ? <Avatar shape="square" size={22} src={row.icon} /> : <FolderOutlined style={{ color: '#faad14' }} />}
          <Typography.Text strong={row.parent_id === 0}>{row.title}</Typography.Text>
          {row.children?.length ? <Tag variant="filled">{row.children.length} 个子分类</Tag> : null}
        </Space>
      ),
    },
    { title: 'ID', dataIndex: 'id', width: 72, align: 'center' },
    { title: '排序', dataIndex: 'sort', width: 80, align: 'center', tooltip: '数值越大越靠前' },
    { title: a.countLabel, dataIndex: 'doc_count', width: 96, align: 'center' },
    {
      title: '状态',
      dataIndex: 'enable',
      width: 96,
      align: 'center',
      render: (_, row) => <EnableSwitch checked={row.enable} onChange={(next) => a.onToggle(row, next)} />,
    },
    {
      title: '描述',
      dataIndex: 'description',
      ellipsis: true,
      render: (_, row) => row.description || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: '创建时间', dataIndex: 'created_at', valueType: 'dateTime', width: 172 },
    {
      title: '操作',
      valueType: 'option',
      width: 180,
      fixed: 'right',
      render: (_, row) => [
        <a key="edit" onClick={() => a.onEdit(row)}>
          编辑
        </a>,
        <a key="child" onClick={() => a.onAddChild(row)}>
          添加子分类
        </a>,
        <DeleteLink key="delete" onConfirm={() => a.onDelete(row)} description={row.children?.length ? '该分类下还有子分类，请先处理子分类。' : undefined} />,
      ],
    },
  ];
}
