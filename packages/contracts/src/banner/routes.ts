import { defineRoute } from '../common/route';
import { ZIdQuery, ZIdsQuery, ZOk, zList } from '../common/schemas';
import { ZBanner, ZBannerBody, ZListBannersQuery, ZUpdateBannerBody } from './schemas';

/** Banners (moredoc's BannerAPI): list and get are public for enabled banners. */
export const bannerRoutes = {
  createBanner: defineRoute({
    method: 'POST',
    path: '/banner',
    grpc: 'BannerAPI/CreateBanner',
    auth: 'admin',
    module: 'banner',
    summary: '新增横幅',
    body: ZBannerBody,
    response: ZBanner,
  }),
  updateBanner: defineRoute({
    method: 'PUT',
    path: '/banner',
    grpc: 'BannerAPI/UpdateBanner',
    auth: 'admin',
    module: 'banner',
    summary: '修改横幅',
    body: ZUpdateBannerBody,
    response: ZBanner,
  }),
  deleteBanner: defineRoute({
    method: 'DELETE',
    path: '/banner',
    grpc: 'BannerAPI/DeleteBanner',
    auth: 'admin',
    module: 'banner',
    summary: '删除横幅',
    query: ZIdsQuery,
    response: ZOk,
  }),
  getBanner: defineRoute({
    method: 'GET',
    path: '/banner',
    grpc: 'BannerAPI/GetBanner',
    auth: 'public',
    permission: true,
    module: 'banner',
    summary: '横幅详情',
    query: ZIdQuery,
    response: ZBanner,
  }),
  listBanners: defineRoute({
    method: 'GET',
    path: '/banner/list',
    grpc: 'BannerAPI/ListBanner',
    auth: 'public',
    permission: true,
    list: true,
    module: 'banner',
    summary: '横幅列表',
    query: ZListBannersQuery,
    response: zList('banner', ZBanner.partial().required({ id: true })),
  }),
};
