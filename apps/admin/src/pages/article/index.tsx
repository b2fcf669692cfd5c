import { useRef, useState, type Key } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Space } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { PlusOutlined } from '@ant-design/icons';
import type { TArticle } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { BatchDeleteBar } from '../../components/table-actions';
import { api, client } from '../../lib/api';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { articleColumns } from './columns';
import { ArticleEditor, ReviewForm, SetCategoryForm } from './forms';
import { run, useArticleCategories } from './shared';

type Dialog = { kind: 'edit'; id?: number } | { kind: 'review'; ids: number[]; title?: string } | { kind: 'category'; ids: number[] } | null;

/** /admin/article/list: every article — review (approve / reject with a reason), recommend, categories, edit, delete. */
export default function ArticleListPage() {
  const actionRef = useRef<ActionType>(null);
  const categories = useArticleCategories().data ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const [searchParams] = useSearchParams();
  const close = (open: boolean) => !open && setDialog(null);
  const done = () => {
    actionRef.current?.clearSelected?.();
    actionRef.current?.reload();
  };
  const ids = (keys: readonly Key[]) => keys.map(Number);
  const columns = articleColumns({
    categories,
    onEdit: (row) => setDialog({ kind: 'edit', id: row.id }),
    onReview: (row) => setDialog({ kind: 'review', ids: [row.id], title: row.title }),
    onRecommend: async (row, on) =>
      (await run(() => client.call(api.recommendArticles, { body: { article_id: [row.id], is_recommend: on } }), on ? '已推荐' : '已取消推荐')) && done(),
    onSetCategory: (row) => setDialog({ kind: 'category', ids: [row.id] }),
    onDelete: async (row) => (await run(() => client.call(api.deleteArticle, { query: { id: [row.id] } }), '已移入回收站')) && done(),
  });
  return (
    <AdminPage subTitle="网站的全部文章（含待审核、未通过和草稿）">
      <ProTable<TArticle>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle="文章列表"
        request={listRequest(api.listArticles, 'article')}
        form={{ initialValues: { wd: searchParams.get('wd') ?? undefined } }}
        search={{ labelWidth: 'auto', span: SEARCH_SPAN }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1020 }}
        // fits a 1366 px screen; 标识, 浏览 and 评论 can be switched on from the column settings (gear icon)
        columnsState={{ defaultValue: { identifier: { show: false }, view_count: { show: false }, comment_count: { show: false } } }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space>
            <a onClick={() => setDialog({ kind: 'review', ids: ids(selectedRowKeys) })}>批量审核</a>
            <a onClick={() => setDialog({ kind: 'category', ids: ids(selectedRowKeys) })}>设置分类</a>
            <a
              onClick={async () =>
                (await run(() => client.call(api.recommendArticles, { body: { article_id: ids(selectedRowKeys), is_recommend: true } }))) && done()
              }
            >
              推荐
            </a>
            <BatchDeleteBar
              count={selectedRowKeys.length}
              onClear={onCleanSelected}
              description="删除后进入文章回收站，可以恢复"
              onDelete={async () => (await run(() => client.call(api.deleteArticle, { query: { id: ids(selectedRowKeys) } }), '已移入回收站')) && done()}
            />
          </Space>
        )}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'edit' })}>
            新增文章
          </Button>,
        ]}
      />
      {dialog?.kind === 'edit' && <ArticleEditor id={dialog.id} onOpenChange={close} onDone={done} />}
      {dialog?.kind === 'review' && <ReviewForm ids={dialog.ids} title={dialog.title} onOpenChange={close} onDone={done} />}
      {dialog?.kind === 'category' && <SetCategoryForm ids={dialog.ids} onOpenChange={close} onDone={done} />}
    </AdminPage>
  );
}
