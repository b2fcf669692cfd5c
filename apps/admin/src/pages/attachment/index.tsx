import { Badge, Descriptions, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { ATTACHMENT_TYPE_OPTIONS, formatBytes, labelOf, toValueEnum, type TAttachment } from '@wenku/contracts';
import { CrudPage, TextAreaField, crudForm, saveTo, col, type CrudActions, RequiredTextField } from '../../components/crud';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';

/**
 * `3f2a9c1d…7be04a`: a file key short enough for a table cell. The API shows a file by its view key, the same for
 * identical files, never its content hash (which names the file to the instant upload).
 */
function shortHash(hash: string, head = 8, tail = 6): string {
  return hash.length > head + tail + 1 ? `${hash.slice(0, head)}…${hash.slice(-tail)}` : hash;
}

const TYPE_COLORS: Record<number, string> = { 1: 'cyan', 2: 'blue', 3: 'geekblue', 4: 'purple', 5: 'magenta', 6: 'gold', 7: 'lime', 8: 'orange' };

interface AttachmentFormValues {
  name: string;
  description: string;
}

/** PUT /attachment: name and description (enable is the 封禁/解封 action). */
const form = crudForm<TAttachment, AttachmentFormValues>({
  title: '编辑附件',
  initialValues: (r) => ({ name: r?.name ?? '', description: r?.description ?? '' }),
  update: saveTo(api.updateAttachment, (v: AttachmentFormValues, r: TAttachment) => ({ id: r.id, name: v.name.trim(), description: v.description ?? '' })),
  fields: (record) => (
    <>
      {record && (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 20 }}>
          <Descriptions.Item label="类型">{labelOf(ATTACHMENT_TYPE_OPTIONS, record.type)}</Descriptions.Item>
          <Descriptions.Item label="大小">{formatBytes(record.size)}</Descriptions.Item>
          <Descriptions.Item label="文件标识" span={2}>
            <Typography.Text copyable style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 12, wordBreak: 'break-all' }}>
              {record.hash}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      <RequiredTextField name="name" label="文件名" message="请输入文件名" max={255} />
      <TextAreaField name="description" label="描述" placeholder="附件说明（可选）" maxLength={1024} />
    </>
  ),
});

/** 封禁 (enable=false) keeps files with the same content hash from being uploaded again; 解封 lifts it. */
const setBanned = (c: CrudActions, row: TAttachment, enable: boolean) =>
  c.run(api.updateAttachment, { body: { id: row.id, enable } }, { success: enable ? '已解封' : '已封禁，相同内容的文件将无法再上传' });

const DELETE_NOTE = '仅删除附件记录，已发布的文档不受影响。';

export default function AttachmentPage() {
  return (
    <CrudPage<TAttachment>
      subTitle="用户上传的全部文件；封禁文件会按内容哈希拦截相同文件的再次上传"
      headerTitle="附件列表"
      request={listRequest(api.listAttachments, 'attachment')}
      remove={{ route: api.deleteAttachment, batchDescription: DELETE_NOTE }}
      form={form}
      search={{ defaultCollapsed: true, span: SEARCH_SPAN }}
      hiddenColumns={['id']}
      table={{ scroll: { x: 1060 } }}
      columns={(c) => [
        col.keyword('文件名或文件标识'),
        col.id(64),
        {
          title: '文件名',
          dataIndex: 'name',
          width: 220,
          search: false,
          render: (_, row) => (
            <div style={{ lineHeight: 1.5, minWidth: 0 }}>
              <Typography.Text strong ellipsis={{ tooltip: row.name }} style={{ display: 'block', maxWidth: 204 }}>
                {row.name || '（未命名）'}
              </Typography.Text>
              {row.description && (
                <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} style={{ display: 'block', maxWidth: 204, fontSize: 12 }}>
                  {row.description}
                </Typography.Text>
              )}
            </div>
          ),
        },
        {
          title: '文件标识',
          dataIndex: 'hash',
          width: 170,
          search: false,
          render: (_, row) => (
            <Tooltip title={row.hash}>
              <Typography.Text
                copyable={{ text: row.hash, tooltips: ['复制完整标识', '已复制'] }}
                style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 12 }}
              >
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
        {
          title: '上传时间',
          dataIndex: 'created_at',
          width: 100,
          search: false,
          render: (_, row) => <Tooltip title={formatDateTime(row.created_at, true)}>{formatDateTime(row.created_at).slice(0, 10)}</Tooltip>,
        },
        col.option(130, (row) => [
          c.editLink(row),
          row.enable ? (
            <Popconfirm
              key="ban"
              title="确定封禁该文件吗？"
              description="禁用后，相同内容的文件将无法再上传"
              okText="封禁"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => setBanned(c, row, false)}
            >
              <Typography.Link type="warning">封禁</Typography.Link>
            </Popconfirm>
          ) : (
            <Popconfirm
              key="ban"
              title="确定解封该文件吗？"
              description="解封后，相同内容的文件可以再次上传"
              okText="解封"
              cancelText="取消"
              onConfirm={() => setBanned(c, row, true)}
            >
              <a>解封</a>
            </Popconfirm>
          ),
          c.deleteLink(row, DELETE_NOTE),
        ]),
      ]}
    />
  );
}
