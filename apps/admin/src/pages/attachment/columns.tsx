import type { ProColumns } from '@ant-design/pro-components';
import { Badge, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { ATTACHMENT_TYPE_OPTIONS, formatBytes, labelOf, toValueEnum, type TAttachment } from '@wenku/contracts';
import { DeleteLink } from '../../components/table-actions';
import { formatDateTime } from '../../lib/dates';

/** `3f2a9c1d…7be04a`: a hash short enough for a table cell. */
export function shortHash(hash: string, head = 8, tail = 6): string {
  return hash.length > head + tail + 1 ? `${hash.slice(0, head)}…${hash.slice(-tail)}` : hash;
}

const TYPE_COLORS: Record<number, string> = { 1: 'cyan', 2: 'blue', 3: 'geekblue', 4: 'purple', 5: 'magenta', 6: 'gold', 7: 'lime', 8: 'orange' };

export interface AttachmentColumnActions {
  onEdit: (row: TAttachment) => void;
  onToggle: (row: TAttachment, enable: boolean) => Promise<unknown>;
  onDelete: (row: TAttachment) => Promise<unknown>;
}

export function attachmentColumns(a: AttachmentColumnActions): ProColumns<TAttachment>[] {
  return [
    { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: { placeholder: '文件名、描述或哈希' } },
    { title: 'ID', dataIndex: 'id', width: 64, align: 'center', search: false },
    {
      title: '文件名',
      dataIndex: 'name',
      width: 220,
      search: false,
      render: (_, row) => (
        <div style={{ lineHeight: 1.5, minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: row.name }} style={{ display: 'block', maxWidth: 204 }}>{row.name || '（未命名）'}</Typography.Text>
          {row.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} style={{ display: 'block', maxWidth: 204, fontSize: 12 }}>
              {row.description}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: '文件哈希',
      dataIndex: 'hash',
      width: 170,
      search: false,
      render: (_, row) => (
        <Tooltip title={row.hash}>
          <Typography.Text copyable={{ text: row.hash, tooltips: ['复制完整哈希', '已复制'] }} style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 12 }}>
            {shortHash(row.hash)}
          </Typography.Text>
        </Tooltip>
      ),
    },
    { title: '上传者', dataIndex: 'username', width: 90, ellipsis: true, search: false, render: (_, row) => row.username || `ID ${row.user_id}` },
    {
      title: '类型',
      dataIndex: 'type',
      width: 84,
      valueType: 'select',
      valueEnum: toValueEnum(ATTACHMENT_TYPE_OPTIONS),
      fieldProps: { placeholder: '全部类型' },
      render: (_, row) => <Tag color={TYPE_COLORS[row.type]}>{labelOf(ATTACHMENT_TYPE_OPTIONS, row.type)}</Tag>,
    },
    { title: '大小', dataIndex: 'size', width: 90, align: 'right', search: false, render: (_, row) => formatBytes(row.size) },
    {
      title: '扩展名',
      dataIndex: 'ext',
      width: 76,
      align: 'center',
      fieldProps: { placeholder: '如 pdf' },
      render: (_, row) => <Typography.Text code>{row.ext.replace(/^\./, '') || '—'}</Typography.Text>,
    },
    {
      title: '状态',
      dataIndex: 'enable',
      width: 84,
      valueType: 'select',
      valueEnum: { true: { text: '正常' }, false: { text: '已封禁' } },
      fieldProps: { placeholder: '全部' },
      render: (_, row) => (row.enable ? <Badge status="success" text="正常" /> : <Badge status="error" text="已封禁" />),
    },
    { title: '上传时间', dataIndex: 'created_at', width: 100, search: false, render: (_, row) => <Tooltip title={formatDateTime(row.created_at, true)}>{formatDateTime(row.created_at).slice(0, 10)}</Tooltip> },
    {
      title: '操作',
      valueType: 'option',
      width: 130,
      fixed: 'right',
      render: (_, row) => [
        <a key="edit" onClick={() => a.onEdit(row)}>编辑</a>,
        row.enable ? (
          <Popconfirm
            key="ban"
            title="确定封禁该文件吗？"
            description="禁用后，相同内容的文件将无法再上传"
            okText="封禁"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => a.onToggle(row, false)}
          >
            <Typography.Link type="warning">封禁</Typography.Link>
          </Popconfirm>
        ) : (
          <Popconfirm key="ban" title="确定解封该文件吗？" description="解封后，相同内容的文件可以再次上传" okText="解封" cancelText="取消" onConfirm={() => a.onToggle(row, true)}>
            <a>解封</a>
          </Popconfirm>
        ),
        <DeleteLink key="delete" onConfirm={() => a.onDelete(row)} description="仅删除附件记录，已发布的文档不受影响。" />,
      ],
    },
  ];
}
