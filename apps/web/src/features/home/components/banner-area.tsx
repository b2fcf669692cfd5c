import { FileTextOutlined, ReadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { BannerKind } from '@wenku/contracts/enums';
import { useSiteName } from '../../settings/api';
import { useBanners } from '../../banner/api';
import { BannerCarousel } from '../../banner/banner-carousel';

/** Banner area: the website banners managed in the admin; a designed placeholder while there are none. */
export function BannerArea() {
  const sitename = useSiteName();
  const banners = useBanners(BannerKind.Website).data;
  if (banners?.length) return <BannerCarousel banners={banners} />;
  return (
    <div className="wk-banner" role="img" aria-label={`${sitename}横幅`}>
      <div className="wk-banner-text">
        <div className="wk-banner-kicker">{sitename} · 知识共享</div>
        <div className="wk-banner-title">海量优质文档，随时随地在线阅读</div>
        <div className="wk-banner-points">
          <span>
            <FileTextOutlined /> 多格式在线预览
          </span>
          <span>
            <ReadOutlined /> 精选文章资讯
          </span>
          <span>
            <SafetyCertificateOutlined /> 安全可靠
          </span>
        </div>
      </div>
      <div className="wk-banner-art" aria-hidden="true">
        <div className="wk-banner-doc wk-banner-doc-1" />
        <div className="wk-banner-doc wk-banner-doc-2" />
        <div className="wk-banner-doc wk-banner-doc-3" />
      </div>
    </div>
  );
}
