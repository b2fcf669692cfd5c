import { PlaceholderCard } from '../../../app/shell/page';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';

export default function UserDocumentsPage() {
  const ads = usePositionAds(['user_document_top']).data;
  return (
    <>
      <AdSlot position="user_document_top" ads={ads} />
      <PlaceholderCard title="文档列表即将上线" description="该用户分享的文档列表正在建设中。" />
    </>
  );
}
