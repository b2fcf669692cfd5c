import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ZIdQuery, ZIdsQuery, ZOk, zList } from '../common/schemas';
import {
  ZCategory, ZCategoryBody, ZUpdateCategoryBody, ZListCategoriesQuery,
  ZNavigation, ZNavigationBody, ZUpdateNavigationBody, ZListNavigationsQuery,
  ZFriendlink, ZFriendlinkBody, ZUpdateFriendlinkBody, ZListFriendlinksQuery,
  ZAdvertisement, ZAdvertisementBody, ZUpdateAdvertisementBody, ZListAdvertisementsQuery, ZAdvertisementPositionQuery,
} from './schemas';

export const categoryRoutes = {
  createCategory: defineRoute({ method: 'POST', path: '/category', auth: 'admin', module: 'category', summary: '新增分类', body: ZCategoryBody, response: ZCategory }),
  updateCategory: defineRoute({ method: 'PUT', path: '/category', auth: 'admin', module: 'category', summary: '修改分类', body: ZUpdateCategoryBody, response: ZCategory }),
  deleteCategory: defineRoute({ method: 'DELETE', path: '/category', auth: 'admin', module: 'category', summary: '删除分类', query: ZIdsQuery, response: ZOk }),
  getCategory: defineRoute({ method: 'GET', path: '/category', auth: 'public', permission: true, module: 'category', summary: '分类详情', query: ZIdQuery, response: ZCategory }),
  listCategories: defineRoute({ method: 'GET', path: '/category/list', auth: 'public', permission: true, list: true, module: 'category', summary: '分类列表', query: ZListCategoriesQuery, response: zList('category', ZCategory.partial().required({ id: true })) }),
};

export const navigationRoutes = {
  createNavigation: defineRoute({ method: 'POST', path: '/navigation', auth: 'admin', module: 'navigation', summary: '新增导航', body: ZNavigationBody, response: ZNavigation }),
  updateNavigation: defineRoute({ method: 'PUT', path: '/navigation', auth: 'admin', module: 'navigation', summary: '修改导航', body: ZUpdateNavigationBody, response: ZNavigation }),
  deleteNavigation: defineRoute({ method: 'DELETE', path: '/navigation', auth: 'admin', module: 'navigation', summary: '删除导航', query: ZIdsQuery, response: ZOk }),
  getNavigation: defineRoute({ method: 'GET', path: '/navigation', auth: 'admin', module: 'navigation', summary: '导航详情', query: ZIdQuery, response: ZNavigation }),
  listNavigations: defineRoute({ method: 'GET', path: '/navigation/list', auth: 'public', permission: true, list: true, module: 'navigation', summary: '导航列表', query: ZListNavigationsQuery, response: zList('navigation', ZNavigation.partial().required({ id: true })) }),
};

export const friendlinkRoutes = {
  createFriendlink: defineRoute({ method: 'POST', path: '/friendlink', auth: 'admin', module: 'friendlink', summary: '新增友链', body: ZFriendlinkBody, response: ZFriendlink }),
  updateFriendlink: defineRoute({ method: 'PUT', path: '/friendlink', auth: 'admin', module: 'friendlink', summary: '修改友链', body: ZUpdateFriendlinkBody, response: ZFriendlink }),
  deleteFriendlink: defineRoute({ method: 'DELETE', path: '/friendlink', auth: 'admin', module: 'friendlink', summary: '删除友链', query: ZIdsQuery, response: ZOk }),
  getFriendlink: defineRoute({ method: 'GET', path: '/friendlink', auth: 'admin', module: 'friendlink', summary: '友链详情', query: ZIdQuery, response: ZFriendlink }),
  listFriendlinks: defineRoute({ method: 'GET', path: '/friendlink/list', auth: 'public', permission: true, list: true, module: 'friendlink', summary: '友链列表', query: ZListFriendlinksQuery, response: zList('friendlink', ZFriendlink.partial().required({ id: true, title: true, link: true })) }),
};

export const advertisementRoutes = {
  createAdvertisement: defineRoute({ method: 'POST', path: '/advertisement', auth: 'admin', module: 'advertisement', summary: '新增广告', body: ZAdvertisementBody, response: ZAdvertisement }),
  updateAdvertisement: defineRoute({ method: 'PUT', path: '/advertisement', auth: 'admin', module: 'advertisement', summary: '修改广告', body: ZUpdateAdvertisementBody, response: ZAdvertisement }),
  deleteAdvertisement: defineRoute({ method: 'DELETE', path: '/advertisement', auth: 'admin', module: 'advertisement', summary: '删除广告', query: ZIdsQuery, response: ZOk }),
  getAdvertisement: defineRoute({ method: 'GET', path: '/advertisement', auth: 'admin', module: 'advertisement', summary: '广告详情', query: ZIdQuery, response: ZAdvertisement }),
  listAdvertisements: defineRoute({ method: 'GET', path: '/advertisement/list', auth: 'admin', list: true, module: 'advertisement', summary: '广告列表', query: ZListAdvertisementsQuery, response: zList('advertisement', ZAdvertisement) }),
  getAdvertisementsByPosition: defineRoute({ method: 'GET', path: '/advertisement/position', auth: 'public', summary: '按位置获取有效广告（VIP 用户为空）', query: ZAdvertisementPositionQuery, response: z.object({ advertisement: z.array(ZAdvertisement) }) }),
};
