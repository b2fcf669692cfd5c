import { PlaceholderPage } from '../../../app/shell/page';

export default function JoinVipPage() {
  return <PlaceholderPage title="开通VIP" description="VIP 会员可免费下载付费文档、无广告浏览，开通功能正在建设中。" />;
}
