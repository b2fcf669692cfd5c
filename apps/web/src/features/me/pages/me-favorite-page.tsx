import { useState } from 'react';
import { App, Button, Empty, Popconfirm, Segmented } from 'antd';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatBytes } from '@wenku/contracts/format';
import { api, apiClient, errorMessage } from '../../../lib/api';
import { documentHref } from '../../document/lib/href';
import { articleHref } from '../../article/lib/href';
import { MeTable, MeTitleCell } from '../components/me-table';
import { MeSection } from '../components/me-section';
import { meDataKeys, useMyFavorites } from '../api';

const SIZE = 10;

type Kind = 0 | 1;
const KINDS: { label: string; value: Kind }[] = [
  { label: '文档', value: 0 },
  { label: '文章', value: 1 },
];

/** /me/favorite: GET /favorite/list for documents (type 0) or articles (type 1), with 取消收藏 (DELETE /favorite?id=). */
export default function MeFavoritePage() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<Kind>(0);
  const q = useMyFavorites(page, SIZE, kind);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [removing, setRemoving] = useState<number | null>(null);

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
      <Link to={kind === 0 ? '/category' : '/article'}>
        <Button size="small">{kind === 0 ? '去发现好文档' : '去看看文章'}</Button>
      </Link>
    </Empty>
  );
  type Row = NonNullable<typeof q.data>['favorite'][number];
  /** what a row links to and shows, whichever kind it is */
  const target = (r: Row) =>
    kind === 0
      ? r.document
        ? { title: r.document.title, to: documentHref(r.document), ext: r.document.ext }
        : undefined
      : r.article
        ? { title: r.article.title, to: articleHref(r.article), ext: undefined }
        : undefined;
  const gone = kind === 0 ? '文档已删除' : '文章已删除';
  const switcher = (
    <Segmented<Kind>
      className="wk-me-favorite-kind"
      options={KINDS}
      value={kind}
      onChange={(v) => {
        setKind(v);
        setPage(1);
      }}
    />
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
      <div className="wk-me-favorite-toolbar">{switcher}</div>
      <MeTable<Row>
        query={q}
        rows={q.data?.favorite}
        errorText="收藏加载失败"
        empty={empty}
        page={page}
        size={SIZE}
        onPage={setPage}
        item={(r) => ({
          key: r.id,
          ext: kind === 0 ? (target(r)?.ext ?? '') : undefined,
          title: target(r)?.title ?? gone,
          to: target(r)?.to,
          meta: [
            r.document ? `${r.document.pages} 页` : '',
            r.document ? formatBytes(r.document.size) : '',
            `收藏于 ${dayjs(r.created_at).format('YYYY-MM-DD')}`,
          ].filter(Boolean),
          extra: removeButton(r.id),
        })}
        columns={[
          {
            title: kind === 0 ? '文档' : '文章',
            key: 'title',
            render: (_, r) => {
              const t = target(r);
              return t ? <MeTitleCell ext={t.ext} to={t.to} title={t.title} /> : <span className="wk-me-muted">{gone}</span>;
            },
          },
          ...(kind === 0
            ? [
                { title: '页数', key: 'pages', width: 70, align: 'right' as const, render: (_: unknown, r: Row) => r.document?.pages ?? '—' },
                {
                  title: '大小',
                  key: 'size',
                  width: 100,
                  align: 'right' as const,
                  render: (_: unknown, r: Row) => (r.document ? formatBytes(r.document.size) : '—'),
                },
              ]
            : []),
          { title: '收藏时间', dataIndex: 'created_at', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          {
            title: '操作',
            key: 'action',
            width: 90,
            render: (_, r) => removeButton(r.id),
          },
        ]}
      />
    </MeSection>
  );
}
