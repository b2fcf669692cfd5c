import { useState, type Key } from 'react';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { formatBytes, type TDocument } from '@wenku/contracts';
import { CrudPage, col, type CrudActions } from '../../components/crud';
import { FileTypeTag } from '../../components/file-type-tag';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { listRequest } from '../../lib/pro-table';
import { DocumentStatusBadge } from '../document/columns';

const listRecycle = listRequest(api.listRecycleDocuments, 'document');
const PURGE_NOTE = '文档及其预览、文字内容、评论、收藏将被永久删除，无法恢复！';

const restore = (c: CrudActions, ids: readonly Key[]) => c.run(api.restoreRecycleDocuments, { body: { id: ids.map(Number) } }, { success: '恢复成功' });
const purge = (c: CrudActions, ids: readonly Key[]) => c.run(api.deleteRecycleDocuments, { query: { id: ids.map(Number) } }, { success: '删除成功' });

export default function RecyclePage() {
  const [emptying, setEmptying] = useState(false);
  const [total, setTotal] = useState(0);

  return (
    <CrudPage<TDocument>
      subTitle="被删除的文档会先进入回收站；恢复后重新在前台展示，彻底删除后无法找回"
      headerTitle="回收站"
      request={async (params) => {
        const res = await listRecycle(params);
        if (!params.wd) setTotal(res.total);
        return res;
      }}
      table={{ scroll: { x: 1050 } }}
      batchActions={(c) => [
        { key: 'restore', label: '批量恢复', run: (ids) => restore(c, ids) },
        {
          key: 'purge',
          label: '彻底删除',
          type: 'danger',
          confirm: { title: (n) => `确定彻底删除选中的 ${n} 篇文档吗？`, description: PURGE_NOTE },
          run: (ids) => purge(c, ids),
        },
      ]}
      toolbar={() => [
        <Tooltip key="empty" title={total ? undefined : '回收站是空的'}>
          <Button danger icon={<ClearOutlined />} disabled={!total} onClick={() => setEmptying(true)}>
            清空回收站
          </Button>
        </Tooltip>,
      ]}
      columns={(c) => [
        col.keyword('文档标题'),
        {
          title: '文档',
          dataIndex: 'title',
          width: 320,
          search: false,
          render: (_, row) => (
            <div style={{ lineHeight: 1.5 }}>
              <Space size={8}>
                <FileTypeTag ext={row.ext} />
                <Typography.Text ellipsis={{ tooltip: row.title }} style={{ maxWidth: 250 }}>
                  {row.title}
                </Typography.Text>
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
        col.option(140, (row) => [
          <a key="restore" onClick={() => restore(c, [row.id])}>
            恢复
          </a>,
          <Popconfirm
            key="purge"
            title="确定彻底删除该文档吗？"
            description={PURGE_NOTE}
            okText="彻底删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => purge(c, [row.id])}
          >
            <Typography.Link type="danger">彻底删除</Typography.Link>
          </Popconfirm>,
        ]),
      ]}
    >
      {(c) => (
        <TypeToConfirm
          open={emptying}
          title="清空回收站"
          phrase="清空回收站"
          okText="永久删除全部"
          description={
            <Typography.Text>
              回收站中的{' '}
              <Typography.Text strong type="danger">
                全部 {total} 篇文档
              </Typography.Text>{' '}
              及其预览、文字内容、评论和收藏都将被永久删除，<Typography.Text strong>此操作不可恢复</Typography.Text>。
            </Typography.Text>
          }
          onCancel={() => setEmptying(false)}
          onOk={async () => {
            if (await c.run(api.emptyRecycleDocuments, {}, { success: '回收站已清空' })) setEmptying(false);
          }}
        />
      )}
    </CrudPage>
  );
}
