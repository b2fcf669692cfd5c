import { PUBLIC_PAGES } from '@wenku/contracts/paths';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from './chunk-reload';
import { AppRoot, FullPageSpin } from './root';
import { RouteError } from './route-error';

const page = lazyPage;

/** A public page's path (contracts PUBLIC_PAGES, shared with the API's crawler HTML) relative to its parent route. */
function at(path: string, parent = '/'): string {
  if (!path.startsWith(parent)) throw new Error(`${path} is not below ${parent}`);
  return path.slice(parent.length).replace(/^\//, '');
}

/** Page routes inside a layout; errors of a page show inside the layout. */
function inLayout(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, children }];
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      {
        lazy: page(() => import('./layouts/default-layout')),
        children: inLayout([
          { index: true, lazy: page(() => import('../features/home/pages/home-page')) },
          { path: at(PUBLIC_PAGES.categories), lazy: page(() => import('../features/category/pages/category-page')) },
          { path: at(PUBLIC_PAGES.category), lazy: page(() => import('../features/category/pages/category-page')) },
          { path: 'document', element: <Navigate to="/category" replace /> },
          { path: at(PUBLIC_PAGES.document), lazy: page(() => import('../features/document/pages/document-page')) },
          { path: at(PUBLIC_PAGES.search), lazy: page(() => import('../features/search/pages/search-page')) },
          { path: 'login', lazy: page(() => import('../features/user/pages/login-page')) },
          { path: 'register', lazy: page(() => import('../features/user/pages/register-page')) },
          { path: 'findpassword', lazy: page(() => import('../features/user/pages/findpassword-page')) },
          { path: 'findpassword-mobile', lazy: page(() => import('../features/user/pages/findpassword-mobile-page')) },
          { path: 'joinvip', lazy: page(() => import('../features/vip/pages/joinvip-page')) },
          { path: 'oauth/wechatmp', lazy: page(() => import('../features/oauth/pages/wechatmp-page')) },
          { path: 'oauth/:type', lazy: page(() => import('../features/oauth/pages/oauth-page')) },
          {
            path: at(PUBLIC_PAGES.user),
            lazy: page(() => import('../features/user/pages/user-layout')),
            children: [
              { index: true, lazy: page(() => import('../features/user/pages/user-index-page')) },
              { path: at(PUBLIC_PAGES.userDocuments, PUBLIC_PAGES.user), lazy: page(() => import('../features/user/pages/user-documents-page')) },
              { path: at(PUBLIC_PAGES.userArticles, PUBLIC_PAGES.user), lazy: page(() => import('../features/article/pages/user-articles-page')) },
            ],
          },
          { path: 'upload', lazy: page(() => import('../features/upload/pages/upload-page')) },
          { path: 'order', lazy: page(() => import('../features/order/pages/order-page')) },
          {
            path: 'me',
            lazy: page(() => import('../features/me/pages/me-layout')),
            children: [
              { index: true, lazy: page(() => import('../features/me/pages/me-index-page')) },
              { path: 'profile', lazy: page(() => import('../features/me/pages/me-profile-page')) },
              { path: 'password', lazy: page(() => import('../features/me/pages/me-password-page')) },
              { path: 'vip', lazy: page(() => import('../features/me/pages/me-vip-page')) },
              { path: 'order', lazy: page(() => import('../features/me/pages/me-order-page')) },
              { path: 'download', lazy: page(() => import('../features/me/pages/me-download-page')) },
              { path: 'reading', lazy: page(() => import('../features/me/pages/me-reading-page')) },
              { path: 'favorite', lazy: page(() => import('../features/me/pages/me-favorite-page')) },
              { path: 'document', lazy: page(() => import('../features/me/pages/me-document-page')) },
              { path: 'article', lazy: page(() => import('../features/article/pages/me-articles-page')) },
            ],
          },
          { path: '404', lazy: page(() => import('./not-found-page')) },
          { path: '*', lazy: page(() => import('./not-found-page')) },
        ]),
      },
      {
        lazy: page(() => import('./layouts/article-layout')),
        children: inLayout([
          { path: at(PUBLIC_PAGES.articles), lazy: page(() => import('../features/article/pages/article-list-page')) },
          { path: at(PUBLIC_PAGES.article), lazy: page(() => import('../features/article/pages/article-page')) },
          { path: 'post', lazy: page(() => import('../features/article/pages/post-page')) },
        ]),
      },
      {
        path: 'chat',
        lazy: page(() => import('./layouts/chat-layout')),
        children: inLayout([
          { index: true, lazy: page(() => import('../features/chat/pages/chat-new-page')) },
          { path: 'dialog', lazy: page(() => import('../features/chat/pages/chat-new-page')) },
          { path: 'search', lazy: page(() => import('../features/chat/pages/chat-new-page')) },
          { path: 'history', lazy: page(() => import('../features/chat/pages/chat-history-page')) },
          { path: ':id', lazy: page(() => import('../features/chat/pages/chat-topic-page')) },
        ]),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
