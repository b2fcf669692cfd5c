import { Empty } from 'antd';

/** /user/{id}/article: articles arrive in a later release. */
export default function UserArticlesPage() {
  return (
    <div className="wk-card wk-user-panel">
      <h2 className="wk-user-panel-title">文章</h2>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无文章，文章功能即将上线" />
    </div>
  );
}
