import { useEffect } from 'react';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { bindMessage } from '../lib/feedback';
import { AdminShell } from './layout/admin-layout';
import { ADMIN_ROUTES, toRouteObjects } from './routes';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/** Lets non-component code (adapters, mutations) show messages through antd's <App> context. */
function FeedbackBinder() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    bindMessage(message);
    return () => bindMessage(null);
  }, [message]);
  return null;
}

/** A data router, so that pages read their title and breadcrumb from the route table's `handle` (useMatches). */
const router = createBrowserRouter(
  [
    {
      element: <AdminShell />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        { path: 'index', element: <Navigate to="/dashboard" replace /> },
        ...toRouteObjects(ADMIN_ROUTES),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntdApp>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
