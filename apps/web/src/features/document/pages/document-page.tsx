import { Watermark } from 'antd';
import { Page, PlaceholderCard } from '../../../app/shell/page';
import { useSiteConfig, useSettingsQuery } from '../../settings/api';
import { settingValue } from '../../settings/site-config';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';

/** /document/{id}: a watermark overlay when the watermark setting is on (spec §2). */
export default function DocumentPage() {
  const { data } = useSettingsQuery();
  const { sitename } = useSiteConfig();
  const ads = usePositionAds(['document_top', 'document_bottom']).data;
  const watermarkOn = settingValue(data, 'system', 'enable_watermark') === true;
  const text = String(settingValue(data, 'system', 'watermark') ?? '').trim() || sitename;
  const body = (
    <>
      <AdSlot position="document_top" ads={ads} />
      <PlaceholderCard title="文档预览即将上线" description="文档在线阅读、收藏、评分与下载正在建设中。" />
      <AdSlot position="document_bottom" ads={ads} />
    </>
  );
  return (
    <Page title="文档详情" crumbs={[{ title: '文库资料', to: '/category' }, { title: '文档详情' }]}>
      {watermarkOn ? (
        <Watermark content={text} font={{ color: 'rgba(0,0,0,0.08)' }}>
          {body}
        </Watermark>
      ) : (
        body
      )}
    </Page>
  );
}
