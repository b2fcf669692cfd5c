import { useMemo } from 'react';
import { Button, Empty, Pagination, Result, Skeleton } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { TAdvertisement } from '@wenku/contracts/schemas';
import { useDocumentList } from '../../document/api';
import { DocumentListItem } from '../../document/components/document-card';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { filtersFromSearch, filtersToSearch, listQueryOf, withFilter, LIST_PAGE_SIZE, DEFAULT_FILTERS } from '../filters';
import { DocumentFilterBar, DocumentSortTabs } from './document-filters';
import '../category.css';

/** Filters, sort, and the paginated document list of a category (or of every category when `categoryIds` is empty). */
export function CategoryDocuments({ categoryIds, ads, title }: { categoryIds: number[]; ads?: readonly TAdvertisement[]; title?: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const query = useMemo(() => listQueryOf(filters, categoryIds), [filters, categoryIds]);
  const list = useDocumentList(query);
  const docs = list.data?.document ?? [];
  const total = list.data?.total ?? 0;
  const filtered = filters.ext !== '' || filters.fee !== '';

  return (
    <>
      <div className="wk-card wk-filter-card">
        <DocumentFilterBar filters={filters} />
      </div>
      <AdSlot position="list_document_top" ads={ads} />
      <section className="wk-card wk-doc-list-card" aria-label={title ?? '文档列表'}>
        <header className="wk-doc-list-head">
          <DocumentSortTabs filters={filters} />
          <span className="wk-doc-list-total">{list.data ? `共 ${total.toLocaleString('zh-CN')} 篇文档` : ''}</span>
        </header>
        {list.isPending ? (
          <div className="wk-doc-list-loading">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} active avatar={{ shape: 'square', size: 64 }} paragraph={{ rows: 2 }} />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <Result
            status="warning"
            title="文档加载失败"
            subTitle="暂时无法获取文档列表，请稍后重试。"
            extra={<Button onClick={() => void list.refetch()}>重新加载</Button>}
          />
        ) : docs.length === 0 ? (
          <Empty className="wk-doc-list-empty" description={filtered ? '没有符合筛选条件的文档' : '该分类下暂无文档'} image={Empty.PRESENTED_IMAGE_SIMPLE}>
            {filtered && (
              <Button onClick={() => navigate(`${pathname}${filtersToSearch({ ...DEFAULT_FILTERS, sort: filters.sort })}`, { replace: true })}>清除筛选</Button>
            )}
          </Empty>
        ) : (
          <div className={['wk-doc-list', list.isPlaceholderData ? 'is-stale' : ''].join(' ')}>
            {docs.map((d) => (
              <DocumentListItem key={d.id} doc={d} />
            ))}
          </div>
        )}
        {total > LIST_PAGE_SIZE && (
          <div className="wk-doc-list-pager">
            <Pagination
              current={filters.page}
              pageSize={LIST_PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              onChange={(page) => navigate(`${pathname}${filtersToSearch(withFilter(filters, { page }))}`)}
            />
          </div>
        )}
      </section>
      <AdSlot position="list_document_bottom" ads={ads} />
    </>
  );
}
