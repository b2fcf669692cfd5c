import { PlaceholderPage } from '../../../app/shell/page';

export default function PostPage() {
  return <PlaceholderPage title="发布文章" description="支持 Markdown 与数学公式的文章编辑器正在建设中。" />;
}
