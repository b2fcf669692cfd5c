import { useState } from 'react';
import { Alert, App, Button, Empty, Popconfirm, Table } from 'antd';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatBytes } from '@wenku/contracts';
import { useScreen } from '@wenku/ui';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { ExtBadge } from '../components/ext-badge';
import { MeList } from '../components/me-list';
import { MeSection } from '../components/me-section';
import { meDataKeys, useMyFavorites } from '../api';

const SIZE = 10;

/** /me/favorite: GET /favorite/list, with 取消收藏 (DELETE /favorite?id=). */
export default function MeFavoritePage() {
  const [page, setPage] = useState(1);
  const q = useMyFavorites(page, SIZE);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [removing, setRemoving] = useState<number | null>(null);
  const { isMobile } = useScreen();

  async function remove(id: number) {
    setRemoving(id);
    try {
      await apiClient.call(api.deleteFavorite, { query: { id: [id] } });
      message.success('已取消收藏');
      await qc.invalidateQueries({ queryKey: meDataKeys.favoritesAll });
    } catch (e) {
      message.error(errorMessage(e, '取消收藏失败'));
    } finally {
      setRemoving(null);
    }
  }

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无收藏">
      <Link to="/category">
        <Button size="small">去发现好文档</Button>
      </Link>
    </Empty>
  );
  const removeButton = (id: number) => (
    <Popconfirm title="确定取消收藏吗？" okText="确定" cancelText="取消" onConfirm={() => remove(id)}>
      <Button type="link" size="small" danger loading={removing === id}>
        取消收藏
      </Button>
    </Popconfirm>
  );

  return (
    <MeSection path="favorite">
      {q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error, '收藏加载失败')} />
      ) : isMobile ? (
        <MeList
          loading={q.isLoading}
          empty={empty}
          page={page}
          size={SIZE}
          total={q.data?.total ?? 0}
          onPage={setPage}
          items={q.data?.favorite.map((r) => ({
            key: r.id,
            ext: r.document?.ext ?? '',
            title: r.document?.title ?? '文档已删除',
            to: r.document ? `/document/${r.document_id}` : undefined,
            meta: [r.document ? `${r.document.pages} 页` : '', r.document ? formatBytes(r.document.size) : '', `收藏于 ${dayjs(r.created_at).format('YYYY-MM-DD')}`].filter(Boolean),
            extra: removeButton(r.id),
          }))}
        />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={q.isFetching && !q.data}
          dataSource={q.data?.favorite ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: empty }}
          pagination={{ current: page, pageSize: SIZE, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            {
              title: '文档',
              key: 'title',
              render: (_, r) =>
                r.document ? (
                  <span className="wk-me-doc-title">
                    <ExtBadge ext={r.document.ext} />
                    <Link to={`/document/${r.document_id}`} title={r.document.title}>
                      {r.document.title}
                    </Link>
                  </span>
                ) : (
                  <span className="wk-me-muted">文档已删除</span>
                ),
            },
            { title: '页数', key: 'pages', width: 70, align: 'right', render: (_, r) => r.document?.pages ?? '—' },
            { title: '大小', key: 'size', width: 100, align: 'right', render: (_, r) => (r.document ? formatBytes(r.document.size) : '—') },
            { title: '收藏时间', dataIndex: 'created_at', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            {
              title: '操作',
              key: 'action',
              width: 90,
              render: (_, r) => removeButton(r.id),
            },
          ]}
        />
      )}
    </MeSection>
  );
}
