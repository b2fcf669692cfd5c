import { useRef } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Space, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import type { TArticle } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { DeleteLink } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { run } from './shared';

/** /admin/article/recycle: deleted articles — restore, delete for good, empty the bin. */
export default function ArticleRecyclePage() {
  const { modal } = App.useApp();
  const actionRef = useRef<ActionType>(null);
  const done = () => {
    actionRef.current?.clearSelected?.();
    actionRef.current?.reload();
  };
  const restore = async (ids: number[]) => (await run(() => client.call(api.restoreRecycleArticles, { body: { id: ids } }), '已恢复')) && done();
  const purge = async (ids: number[]) => (await run(() => client.call(api.deleteRecycleArticles, { query: { id: ids } }), '已彻底删除')) && done();
  const columns: ProColumns<TArticle>[] = [
    { title: '关键词', dataIndex: 'wd', hideInTable: true },
    { title: 'ID', dataIndex: 'id', width: 64, align: 'center', search: false },
    { title: '标题', dataIndex: 'title', search: false, ellipsis: true, render: (_, r) => <Typography.Text strong>{r.title}</Typography.Text> },
    { title: '作者', dataIndex: 'username', width: 120, search: false },
    { title: '删除时间', dataIndex: 'deleted_at', valueType: 'dateTime', width: 180, search: false },
    {
      title: '操作',
      valueType: 'option',
      width: 160,
      render: (_, r) => [
        <a key="restore" onClick={() => void restore([r.id])}>
          恢复
        </a>,
        <DeleteLink key="purge" title="彻底删除这篇文章？" description="文章及其评论、收藏将被永久删除，无法恢复" onConfirm={() => purge([r.id])} />,
      ],
    },
  ];
  return (
    <AdminPage subTitle="被删除的文章，可以恢复或彻底删除">
      <ProTable<TArticle>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="文章回收站"
        request={listRequest(api.listRecycleArticles, 'article')}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 10 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys }) => (
          <Space>
            <a onClick={() => void restore(selectedRowKeys.map(Number))}>批量恢复</a>
            <a style={{ color: '#ff4d4f' }} onClick={() => void purge(selectedRowKeys.map(Number))}>
              彻底删除
            </a>
          </Space>
        )}
        toolBarRender={() => [
          <Button
            key="empty"
            danger
            icon={<ClearOutlined />}
            onClick={() =>
              modal.confirm({
                title: '清空文章回收站',
                content: '回收站中的全部文章及其评论、收藏将被永久删除，无法恢复。',
                okText: '清空',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: async () => {
                  if (await run(() => client.call(api.emptyRecycleArticles), '回收站已清空')) done();
                },
              })
            }
          >
            清空回收站
          </Button>,
        ]}
      />
    </AdminPage>
  );
}
