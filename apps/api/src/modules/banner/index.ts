import { defineModule } from '../../kernel/module';
import { BannerService } from './banner.service';
import { bannerRoutes } from './banner.routes';

declare module '../../kernel/module' {
  interface Services {
    banners: BannerService;
  }
}

/** Banners of the website, the mini program and the app. */
export default defineModule({
  name: 'banner',
  create: ({ db, caches }) => {
    const banners = new BannerService(db, caches);
    return { banners };
  },
  routes: bannerRoutes,
});
