import { PlaceholderPage } from '../../../app/shell/page';

export default function ArticlePage() {
  return <PlaceholderPage title="文章详情" crumbs={[{ title: '文章资讯', to: '/article' }, { title: '文章详情' }]} description="文章阅读、评论与分享正在建设中。" />;
}
