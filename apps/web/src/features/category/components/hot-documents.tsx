import { FireOutlined } from '@ant-design/icons';
import { Empty, Skeleton } from 'antd';
import { useDocumentList } from '../../document/api';
import { DocumentLine } from '../../document/components/document-card';

/** The most read documents of the categories (or the site), for the side column. */
export function HotDocuments({ categoryIds, title }: { categoryIds: number[]; title: string }) {
  const q = useDocumentList({ page: 1, size: 10, sort: 'popular', ...(categoryIds.length ? { category_id: categoryIds } : {}) });
  const docs = q.data?.document ?? [];
  return (
    <section className="wk-card wk-side-card">
      <h3>
        <FireOutlined /> {title}
      </h3>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ) : docs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无文档" />
      ) : (
        <ol className="wk-rank-list">
          {docs.map((d, i) => (
            <li key={d.id}>
              <span className="wk-rank-no">{i + 1}</span>
              <DocumentLine doc={d} extra="none" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
