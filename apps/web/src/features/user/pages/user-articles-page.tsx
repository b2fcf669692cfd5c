import { PlaceholderCard } from '../../../app/shell/page';

export default function UserArticlesPage() {
  return <PlaceholderCard title="文章列表即将上线" description="该用户发布的文章列表正在建设中。" />;
}
