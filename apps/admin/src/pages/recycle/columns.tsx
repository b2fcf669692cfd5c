import type { ProColumns } from '@ant-design/pro-components';
import { Popconfirm, Space, Typography } from 'antd';
import { formatBytes, type TDocument } from '@wenku/contracts';
import { FileTypeTag } from '../../components/file-type-tag';
import { formatDateTime } from '../../lib/dates';
import { DocumentStatusBadge } from '../document/columns';

export interface RecycleColumnActions {
  onRestore: (row: TDocument) => void;
  onPurge: (row: TDocument) => Promise<unknown>;
}

export function recycleColumns(a: RecycleColumnActions): ProColumns<TDocument>[] {
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '文档标题' } },
    {
      title: '文档',
      dataIndex: 'title',
      width: 320,
      search: false,
      render: (_, row) => (
        <div style={{ lineHeight: 1.5 }}>
          <Space size={8}>
            <FileTypeTag ext={row.ext} />
            <Typography.Text ellipsis={{ tooltip: row.title }} style={{ maxWidth: 250 }}>{row.title}</Typography.Text>
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, paddingInlineStart: 48 }}>
            ID {row.id} · {row.pages} 页 · {formatBytes(row.size)}
          </Typography.Text>
        </div>
      ),
    },
    { title: '上传者', dataIndex: 'username', width: 120, search: false, render: (_, row) => row.username || `ID ${row.user_id}` },
    { title: '删除前状态', key: 'status', width: 130, search: false, render: (_, row) => <DocumentStatusBadge doc={row} /> },
    { title: '删除时间', dataIndex: 'deleted_at', width: 160, search: false, render: (_, row) => formatDateTime(row.deleted_at) || '—' },
    { title: '上传时间', dataIndex: 'created_at', width: 160, search: false, render: (_, row) => formatDateTime(row.created_at) },
    {
      title: '操作',
      valueType: 'option',
      width: 140,
      fixed: 'right',
      render: (_, row) => [
        <a key="restore" onClick={() => a.onRestore(row)}>恢复</a>,
        <Popconfirm
          key="purge"
          title="确定彻底删除该文档吗？"
          description="文档及其预览、文字内容、评论、收藏将被永久删除，无法恢复！"
          okText="彻底删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => a.onPurge(row)}
        >
          <Typography.Link type="danger">彻底删除</Typography.Link>
        </Popconfirm>,
      ],
    },
  ];
}
