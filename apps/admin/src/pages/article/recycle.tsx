import type { Key } from 'react';
import { App, Button, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import type { TArticle } from '@wenku/contracts';
import { CrudPage, col, type CrudActions } from '../../components/crud';
import { DeleteLink } from '../../components/table-actions';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';

const PURGE_NOTE = '文章及其评论、收藏将被永久删除，无法恢复';

const restore = (c: CrudActions, ids: readonly Key[]) => c.run(api.restoreRecycleArticles, { body: { id: ids.map(Number) } }, { success: '已恢复' });
const purge = (c: CrudActions, ids: readonly Key[]) => c.run(api.deleteRecycleArticles, { query: { id: ids.map(Number) } }, { success: '已彻底删除' });

/** /admin/article/recycle: deleted articles — restore, delete for good, empty the bin. */
export default function ArticleRecyclePage() {
  const { modal } = App.useApp();
  return (
    <CrudPage<TArticle>
      subTitle="被删除的文章，可以恢复或彻底删除"
      headerTitle="文章回收站"
      request={listRequest(api.listRecycleArticles, 'article')}
      search={{ defaultCollapsed: true }}
      batchActions={(c) => [
        { key: 'restore', label: '批量恢复', run: (ids) => restore(c, ids) },
        {
          key: 'purge',
          label: '彻底删除',
          type: 'danger',
          confirm: { title: (n) => `彻底删除选中的 ${n} 篇文章？`, description: PURGE_NOTE, okText: '删除' },
          run: (ids) => purge(c, ids),
        },
      ]}
      toolbar={(c) => [
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
              onOk: () => c.run(api.emptyRecycleArticles, {}, { success: '回收站已清空' }),
            })
          }
        >
          清空回收站
        </Button>,
      ]}
      columns={(c) => [
        col.keyword(),
        col.id(64),
        { title: '标题', dataIndex: 'title', search: false, ellipsis: true, render: (_, r) => <Typography.Text strong>{r.title}</Typography.Text> },
        { title: '作者', dataIndex: 'username', width: 120, search: false },
        { title: '删除时间', dataIndex: 'deleted_at', valueType: 'dateTime', width: 180, search: false },
        col.option(160, (r) => [
          <a key="restore" onClick={() => void restore(c, [r.id])}>
            恢复
          </a>,
          <DeleteLink key="purge" title="彻底删除这篇文章？" description={PURGE_NOTE} onConfirm={() => purge(c, [r.id])} />,
        ]),
      ]}
    />
  );
}
