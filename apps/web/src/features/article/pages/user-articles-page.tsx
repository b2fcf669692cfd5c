import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useArticleList } from '../api';
import { ArticleList } from '../components/article-list';
import '../article.css';

const SIZE = 10;

/** /user/{id}/article: the user's published articles. */
export default function UserArticlesPage() {
  const userId = Number(useParams().id);
  const [page, setPage] = useState(1);
  const q = useArticleList({ page, size: SIZE, user_id: [userId] }, userId > 0);
  return (
    <div className="wk-card wk-user-panel">
      <h2 className="wk-user-panel-title">文章{q.data ? <span className="wk-user-panel-count">{q.data.total}</span> : null}</h2>
      <ArticleList query={q} page={page} size={SIZE} onPage={setPage} showAuthor={false} empty="还没有发布过文章" />
    </div>
  );
}
