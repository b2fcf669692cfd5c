import { PlaceholderCard } from '../../../app/shell/page';

export default function UserIndexPage() {
  return <PlaceholderCard title="个人动态即将上线" description="用户的上传、收藏与评论动态正在建设中。" />;
}
