import { Empty, Pagination, Skeleton } from 'antd';
import { EyeOutlined, CloudDownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { formatBytes } from '@wenku/contracts/format';
import type { TDocument } from '@wenku/contracts/schemas';
import { ExtBadge } from '../../me/components/ext-badge';
import { documentHref } from '../../document/lib/href';
import './user-document-list.css';

/** A tidy list of documents (a user's page): badge, title, pages, size, views, downloads, date; paged. */
export function UserDocumentList({
  documents,
  total,
  page,
  size,
  loading,
  onPage,
  empty,
  creditName,
}: {
  documents: readonly TDocument[] | undefined;
  total: number;
  page: number;
  size: number;
  loading: boolean;
  onPage: (p: number) => void;
  empty: string;
  creditName: string;
}) {
  if (loading && !documents) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (!documents || documents.length === 0) return <Empty className="wk-me-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <>
      <ul className="wk-doclist">
        {documents.map((d) => (
          <li key={d.id}>
            <ExtBadge ext={d.ext} />
            <div className="wk-doclist-main">
              <Link to={documentHref(d)} className="wk-doclist-title" title={d.title}>
                {d.title}
              </Link>
              <div className="wk-doclist-meta">
                <span>
                  <FileTextOutlined /> {d.pages} 页
                </span>
                <span>{formatBytes(d.size)}</span>
                <span>
                  <EyeOutlined /> {d.view_count}
                </span>
                <span>
                  <CloudDownloadOutlined /> {d.download_count}
                </span>
                <span>{dayjs(d.created_at).format('YYYY-MM-DD')}</span>
              </div>
            </div>
            <span className={d.price > 0 ? 'wk-doclist-price' : 'wk-doclist-free'}>{d.price > 0 ? `${d.price} ${creditName}` : '免费'}</span>
          </li>
        ))}
      </ul>
      {total > size && (
        <Pagination className="wk-doclist-pager" current={page} pageSize={size} total={total} onChange={onPage} showSizeChanger={false} size="small" />
      )}
    </>
  );
}
