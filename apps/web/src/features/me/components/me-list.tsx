import type { ReactNode } from 'react';
import { Pagination, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { ExtBadge } from './ext-badge';

export interface MeListItem {
  key: number | string;
  /** the file extension badge; left out for items that are not files (articles) */
  ext?: string;
  title: string;
  /** the document page; no link when the document is gone */
  to?: string;
  meta: ReactNode[];
  extra?: ReactNode;
}

/** The phone layout of the personal centre's tables: one row per document or article, its facts below the title. */
export function MeList({
  items,
  loading,
  empty,
  page,
  size,
  total,
  onPage,
}: {
  items: MeListItem[] | undefined;
  loading: boolean;
  empty: ReactNode;
  page: number;
  size: number;
  total: number;
  onPage: (p: number) => void;
}) {
  if (loading && !items) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!items || items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="wk-me-list">
        {items.map((it) => (
          <li key={it.key}>
            {it.ext !== undefined && <ExtBadge ext={it.ext} />}
            <div className="wk-me-list-main">
              {it.to ? (
                <Link to={it.to} className="wk-me-list-title" title={it.title}>
                  {it.title}
                </Link>
              ) : (
                <span className="wk-me-list-title wk-me-muted">{it.title}</span>
              )}
              <div className="wk-me-list-meta">
                {it.meta.map((m, i) => (
                  <span key={i}>{m}</span>
                ))}
              </div>
            </div>
            {it.extra && <div className="wk-me-list-extra">{it.extra}</div>}
          </li>
        ))}
      </ul>
      {total > size && (
        <Pagination simple size="small" current={page} pageSize={size} total={total} onChange={onPage} style={{ marginTop: 12, justifyContent: 'center' }} />
      )}
    </>
  );
}
