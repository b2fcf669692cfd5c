import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import type { TGroup } from '@wenku/contracts';
import { DeleteLink } from '../../components/table-actions';
import { formatDateTime } from '../../lib/dates';
import { GROUP_FLAGS, SUPER_GROUP_ID } from './form-values';

export interface GroupColumnActions {
  onEdit: (row: TGroup) => void;
  onPermission: (row: TGroup) => void;
  onDelete: (row: TGroup) => Promise<unknown>;
}

/** The six ability switches as a compact ✓ / – grid. */
function Abilities({ row }: { row: TGroup }) {
  const flags = GROUP_FLAGS.filter((f) => f.name !== 'is_default' && f.name !== 'is_display');
  return (
    <Space size={[10, 2]} wrap style={{ maxWidth: 300 }}>
      {flags.map((f) => (
        <Tooltip key={f.name} title={`${f.label}：${row[f.name] ? '是' : '否'}`}>
          <span style={{ whiteSpace: 'nowrap', fontSize: 12, color: row[f.name] ? '#389e0d' : '#bfbfbf' }}>
            {row[f.name] ? <CheckCircleFilled /> : <MinusCircleOutlined />} {f.label}
          </span>
        </Tooltip>
      ))}
    </Space>
  );
}

export function groupColumns(a: GroupColumnActions): ProColumns<TGroup>[] {
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '分组名称' } },
    { title: 'ID', dataIndex: 'id', width: 64, align: 'center', search: false },
    {
      title: '名称',
      dataIndex: 'title',
      width: 200,
      search: false,
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={row.color || (row.id === SUPER_GROUP_ID ? 'red' : 'blue')} style={{ fontSize: 13, padding: '1px 8px' }}>
            {row.title}
          </Tag>
          {row.is_default && <Tag color="green">默认</Tag>}
          {row.is_display && <Tag color="cyan">公开</Tag>}
        </Space>
      ),
    },
    { title: '用户数', dataIndex: 'user_count', width: 80, align: 'right', search: false },
    { title: '分组权益', key: 'abilities', width: 320, search: false, render: (_, row) => <Abilities row={row} /> },
    { title: '排序', dataIndex: 'sort', width: 70, align: 'center', search: false, tooltip: '数值越大越靠前' },
    {
      title: '描述',
      dataIndex: 'description',
      ellipsis: true,
      search: false,
      render: (_, row) => row.description || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: '创建时间', dataIndex: 'created_at', width: 150, search: false, render: (_, row) => formatDateTime(row.created_at) },
    {
      title: '操作',
      valueType: 'option',
      width: 150,
      fixed: 'right',
      render: (_, row) => [
        <a key="edit" onClick={() => a.onEdit(row)}>
          编辑
        </a>,
        <a key="perm" onClick={() => a.onPermission(row)}>
          权限
        </a>,
        row.id === SUPER_GROUP_ID ? (
          <Tooltip key="delete" title="超级管理员组不能删除">
            <Typography.Text type="secondary" style={{ cursor: 'not-allowed' }}>
              删除
            </Typography.Text>
          </Tooltip>
        ) : (
          <DeleteLink
            key="delete"
            onConfirm={() => a.onDelete(row)}
            description={row.user_count > 0 ? `该分组下还有 ${row.user_count} 个用户，需先移出才能删除。` : undefined}
          />
        ),
      ],
    },
  ];
}
