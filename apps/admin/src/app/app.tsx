import { useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { bindMessage } from '../lib/feedback';
import { flattenRoutes } from './access';
import { AdminShell } from './layout/admin-layout';
import { ADMIN_ROUTES } from './routes';

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

const pages = flattenRoutes(ADMIN_ROUTES).filter((r): r is typeof r & { component: ComponentType } => !!r.component);

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntdApp>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/admin">
            <Routes>
              <Route element={<AdminShell />}>
                <Route index element={<Navigate to="/dashboard" replace />} />
                <Route path="index" element={<Navigate to="/dashboard" replace />} />
                {pages.map((r) => (
                  <Route key={r.path} path={r.path.slice(1)} element={<r.component key={r.path} />} />
                ))}
                <Route path="*" element={<Navigate to="/" replace />} />
              </Route>
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
