import { Button, Empty, Skeleton } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { UserAvatar } from '../../user/components/user-avatar';
import { useRelatedDocuments, type DocumentDetail } from '../api';
import { DocumentLine } from './document-card';

export function AuthorCard({ doc }: { doc: DocumentDetail }) {
  const name = doc.username || '匿名用户';
  return (
    <section className="wk-card wk-side-card wk-author-card" aria-label="上传者">
      <Link to={`/user/${doc.user_id}`} className="wk-author">
        <UserAvatar user={{ username: name, avatar: doc.user_avatar ?? '' }} size={48} />
        <span>
          <strong>{name}</strong>
          <small>上传于 {dayjs(doc.created_at).format('YYYY-MM-DD')}</small>
        </span>
      </Link>
      <Link to={`/user/${doc.user_id}/document`}>
        <Button block>TA 的文档</Button>
      </Link>
    </section>
  );
}

export function RelatedDocuments({ id }: { id: number }) {
  const q = useRelatedDocuments(id);
  const docs = q.data ?? [];
  return (
    <section className="wk-card wk-side-card" aria-labelledby="wk-related-title">
      <h3 id="wk-related-title">
        <FileSearchOutlined /> 相关文档
      </h3>
      {q.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : docs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无相关文档" />
      ) : (
        <div className="wk-related-list">
          {docs.map((d) => (
            <DocumentLine key={d.id} doc={d} />
          ))}
        </div>
      )}
    </section>
  );
}
