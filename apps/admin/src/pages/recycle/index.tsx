import { useRef, useState, type Key } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import type { TDocument } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { api, client } from '../../lib/api';
import { runReported as run } from '../../lib/feedback';
import { listRequest } from '../../lib/pro-table';
import { recycleColumns } from './columns';


const listRecycle = listRequest(api.listRecycleDocuments, 'document');

export default function RecyclePage() {
  const { modal } = App.useApp();
  const actionRef = useRef<ActionType>(null);
  const [emptying, setEmptying] = useState(false);
  const [total, setTotal] = useState(0);
  const reload = () => actionRef.current?.reload();
  const done = () => {
    actionRef.current?.clearSelected?.();
    reload();
  };

  const restore = async (ids: number[]) => (await run(() => client.call(api.restoreRecycleDocuments, { body: { id: ids } }), '恢复成功')) && done();
  const purge = async (ids: readonly Key[]) => (await run(() => client.call(api.deleteRecycleDocuments, { query: { id: ids.map(Number) } }), '删除成功')) && done();

  return (
    <AdminPage subTitle="被删除的文档会先进入回收站；恢复后重新在前台展示，彻底删除后无法找回">
      <ProTable<TDocument>
        rowKey="id"
        actionRef={actionRef}
        columns={recycleColumns({ onRestore: (row) => restore([row.id]), onPurge: (row) => purge([row.id]) })}
        headerTitle="回收站"
        request={async (params) => {
          const res = await listRecycle(params);
          if (!params.wd) setTotal(res.total);
          return res;
        }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1050 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space size={16}>
            <Typography.Link onClick={() => restore(selectedRowKeys.map(Number))}>批量恢复</Typography.Link>
            <Typography.Link
              type="danger"
              onClick={() =>
                modal.confirm({
                  title: `确定彻底删除选中的 ${selectedRowKeys.length} 篇文档吗？`,
                  content: '文档及其预览、文字内容、评论、收藏将被永久删除，无法恢复！',
                  okText: '彻底删除',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: () => purge(selectedRowKeys),
                })
              }
            >
              彻底删除
            </Typography.Link>
            <Typography.Link onClick={onCleanSelected}>取消选择</Typography.Link>
          </Space>
        )}
        toolBarRender={() => [
          <Tooltip key="empty" title={total ? undefined : '回收站是空的'}>
            <Button danger icon={<ClearOutlined />} disabled={!total} onClick={() => setEmptying(true)}>
              清空回收站
            </Button>
          </Tooltip>,
        ]}
      />
      <TypeToConfirm
        open={emptying}
        title="清空回收站"
        phrase="清空回收站"
        okText="永久删除全部"
        description={
          <Typography.Text>
            回收站中的 <Typography.Text strong type="danger">全部 {total} 篇文档</Typography.Text> 及其预览、文字内容、评论和收藏都将被永久删除，<Typography.Text strong>此操作不可恢复</Typography.Text>。
          </Typography.Text>
        }
        onCancel={() => setEmptying(false)}
        onOk={async () => {
          if (await run(() => client.call(api.emptyRecycleDocuments, {}), '回收站已清空')) {
            setEmptying(false);
            done();
          }
        }}
      />
    </AdminPage>
  );
}
