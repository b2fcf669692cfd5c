import { useState } from 'react';
import { App, Button, Segmented } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../lib/api';
import { MeSection } from '../../me/components/me-section';
import { useArticleList, useDeleteArticles } from '../api';
import { ArticleList } from '../components/article-list';
import '../article.css';

const SIZE = 10;
type Filter = 'all' | 'published' | 'pending' | 'rejected' | 'draft';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'published', label: '已发布' },
  { value: 'pending', label: '审核中' },
  { value: 'rejected', label: '未通过' },
  { value: 'draft', label: '草稿' },
];

/** /me/article: my articles with their review state, reject reasons, drafts, edit and delete. */
export default function MeArticlesPage() {
  const { message } = App.useApp();
  const userId = useSession((s) => s.user?.id);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const status = filter === 'published' ? [1] : filter === 'pending' ? [0] : filter === 'rejected' ? [2] : undefined;
  const isDraft = filter === 'draft' ? true : filter === 'all' ? undefined : false;
  const q = useArticleList({ page, size: SIZE, user_id: userId ? [userId] : undefined, status, is_draft: isDraft }, !!userId);
  const del = useDeleteArticles();
  return (
    <MeSection
      path="article"
      extra={
        <Link to="/post">
          <Button type="primary" icon={<EditOutlined />}>
            发布文章
          </Button>
        </Link>
      }
    >
      <Segmented<Filter>
        value={filter}
        options={FILTERS}
        onChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <ArticleList
        query={q}
        page={page}
        size={SIZE}
        onPage={setPage}
        owner
        showAuthor={false}
        onDelete={async (a) => {
          try {
            await del.mutateAsync([a.id]);
            message.success('已删除');
          } catch (e) {
            message.error(errorMessage(e, '删除失败'));
          }
        }}
        empty="还没有文章，写下第一篇吧"
      />
    </MeSection>
  );
}
