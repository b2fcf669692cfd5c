import { Carousel } from 'antd';
import type { TBanner } from '@wenku/contracts/schemas';
import { apiUrl } from '../../lib/api';
import './banner.css';

type BannerItem = Partial<TBanner> & { id: number };

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** The home page carousel of website banners: image, optional title and link. */
export function BannerCarousel({ banners }: { banners: BannerItem[] }) {
  return (
    <div className="wk-banner-carousel" aria-label="横幅">
      <Carousel autoplay autoplaySpeed={5000} draggable dots={banners.length > 1}>
        {banners.map((b) => {
          const img = (
            <div className="wk-banner-slide" style={{ backgroundImage: `url("${apiUrl(b.path ?? '').replace(/"/g, '%22')}")` }} role="img" aria-label={b.title}>
              {(b.title || b.description) && (
                <div className="wk-banner-caption">
                  {b.title && <strong>{b.title}</strong>}
                  {b.description && <span>{b.description}</span>}
                </div>
              )}
            </div>
          );
          return (
            <div key={b.id}>
              {b.url ? (
                <a href={b.url} target={isExternal(b.url) ? '_blank' : undefined} rel={isExternal(b.url) ? 'noopener noreferrer' : undefined}>
                  {img}
                </a>
              ) : (
                img
              )}
            </div>
          );
        })}
      </Carousel>
    </div>
  );
}
