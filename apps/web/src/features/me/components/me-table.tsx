import type { ReactNode } from 'react';
import { Alert, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { useScreen } from '@wenku/ui';
import { errorMessage } from '../../../lib/api';
import { ExtBadge } from './ext-badge';
import { MeList, type MeListItem } from './me-list';

/**
 * One page of the personal centre's records (documents, downloads, favourites): the error, or the phone list, or the
 * desktop table — the same rows, empty state and pager in each.
 */
export function MeTable<T extends { id: number }>({
  query,
  rows,
  errorText,
  empty,
  page,
  size,
  onPage,
  item,
  columns,
}: {
  query: { isError: boolean; error: unknown; isLoading: boolean; isFetching: boolean; data?: { total: number } };
  rows: T[] | undefined;
  /** the alert's text when the list cannot be loaded */
  errorText: string;
  empty: ReactNode;
  page: number;
  size: number;
  onPage: (page: number) => void;
  /** a row as the phone list shows it */
  item: (row: T) => MeListItem;
  columns: TableColumnsType<T>;
}) {
  const { isMobile } = useScreen();
  const total = query.data?.total ?? 0;
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(query.error, errorText)} />;
  if (isMobile) {
    return <MeList loading={query.isLoading} empty={empty} page={page} size={size} total={total} onPage={onPage} items={rows?.map(item)} />;
  }
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={query.isFetching && !query.data}
      dataSource={rows ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      pagination={{ current: page, pageSize: size, total, onChange: onPage, showSizeChanger: false, hideOnSinglePage: true }}
      columns={columns}
    />
  );
}

/** The title cell of a record: the file badge (when it is a file) and the link. */
export function MeTitleCell({ ext, to, title }: { ext?: string; to: string; title: string }) {
  return (
    <span className="wk-me-doc-title">
      {ext ? <ExtBadge ext={ext} /> : null}
      <Link to={to} title={title}>
        {title}
      </Link>
    </span>
  );
}
