import { useRef, type Key } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Popconfirm, Space, Typography } from 'antd';
import type { TComment } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { deleteByIds } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { commentColumns } from './columns';

async function check(ids: readonly Key[], status: 1 | 2): Promise<boolean> {
  try {
    await client.call(api.checkComment, { body: { id: ids.map(Number), status } });
    toast.success(status === 1 ? '已通过' : '已拒绝');
    return true;
  } catch (err) {
    toast.fail(err);
    return false;
  }
}

export default function CommentPage() {
  const actionRef = useRef<ActionType>(null);
  const reload = () => actionRef.current?.reload();
  const columns = commentColumns({
    onCheck: async (row, status) => (await check([row.id], status)) && reload(),
    onDelete: async (row) => (await deleteByIds(api.deleteComment, [row.id])) && reload(),
  });

  return (
    <AdminPage subTitle="文档与文章的全部评论；需要审核的评论通过后才在前台显示">
      <ProTable<TComment>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="评论列表"
        request={listRequest(api.listComments, 'comment', { base: { with_document_title: true } })}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: SEARCH_SPAN }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        scroll={{ x: 1050 }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => {
          const after = (ok: boolean) => ok && (onCleanSelected(), reload());
          return (
            <Space size={16}>
              <Typography.Link onClick={async () => after(await check(selectedRowKeys, 1))}>批量通过</Typography.Link>
              <Typography.Link type="warning" onClick={async () => after(await check(selectedRowKeys, 2))}>批量拒绝</Typography.Link>
              <Popconfirm
                title={`确定删除选中的 ${selectedRowKeys.length} 条评论吗？`}
                description="删除后不可恢复，评论下的回复也会一并删除。"
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={async () => after(await deleteByIds(api.deleteComment, selectedRowKeys))}
              >
                <Typography.Link type="danger">批量删除</Typography.Link>
              </Popconfirm>
              <Typography.Link onClick={onCleanSelected}>取消选择</Typography.Link>
            </Space>
          );
        }}
      />
    </AdminPage>
  );
}
