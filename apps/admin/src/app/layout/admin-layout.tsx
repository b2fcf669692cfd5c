import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Button, Spin, Tooltip } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import type { TPermission } from '@wenku/contracts';
import { isUnauthorized, errorMessage } from '../../lib/api';
import { goToSite, siteUrl } from '../../lib/session';
import { FullPageError, FullPageLoading } from '../../components/full-page-state';
import { PageErrorBoundary } from '../../components/page-error-boundary';
import { SIDER_WIDTH, computeAllowedPages, decideAccess, filterMenu, flattenRoutes, shouldCollapse } from '../access';
import { usePageHandle } from '../route-handle';
import { ADMIN_ROUTES, type AdminRoute } from '../routes';
import { SessionProvider, siteNameOf, useAuthToken, useCurrentUser, usePermissions, useSettings } from '../session';
import { SiteLogo } from './site-logo';
import { UserMenu } from './user-menu';

function toMenuData(routes: AdminRoute[]): MenuDataItem[] {
  return routes.map((r) => ({
    path: r.path,
    key: r.path,
    name: r.title,
    icon: r.icon,
    children: r.children ? toMenuData(r.children) : undefined,
  }));
}

/** Collapsed under 1000 px (spec §9), re-evaluated only when the window crosses that width. */
function useAutoCollapse() {
  const [collapsed, setCollapsed] = useState(() => shouldCollapse(window.innerWidth));
  useEffect(() => {
    let prev = shouldCollapse(window.innerWidth);
    const onResize = () => {
      const next = shouldCollapse(window.innerWidth);
      if (next !== prev) {
        prev = next;
        setCollapsed(next);
      }
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return [collapsed, setCollapsed] as const;
}

function useFavicon(href: unknown) {
  useEffect(() => {
    if (typeof href !== 'string' || !href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
  }, [href]);
}

/** Every page of the route table, for links between pages (the dashboard's shortcuts). */
const PAGES = flattenRoutes(ADMIN_ROUTES)
  .filter((r) => r.component)
  .map((r) => ({ path: r.path, title: r.title, icon: r.icon }));

const PageFallback = (
  <div style={{ padding: 96, textAlign: 'center' }}>
    <Spin />
  </div>
);

/** Guard + layout of every admin page. */
export function AdminShell() {
  const token = useAuthToken();
  const permissions = usePermissions(token);
  const location = useLocation();
  const navigate = useNavigate();

  const decision = decideAccess({ token, permissions: permissions.data?.permission, pathname: location.pathname, routes: ADMIN_ROUTES });
  const unauthorized = permissions.isError && isUnauthorized(permissions.error);

  useEffect(() => {
    if (decision.kind === 'leave' || unauthorized) goToSite('/');
    else if (decision.kind === 'redirect') navigate('/', { replace: true });
  }, [decision.kind, unauthorized, navigate]);

  if (permissions.isError && !unauthorized) {
    return <FullPageError title="获取权限失败" message={errorMessage(permissions.error)} onRetry={() => permissions.refetch()} />;
  }
  if (decision.kind !== 'allow' || !token || !permissions.data) return <FullPageLoading tip="正在进入管理后台…" />;
  return <AdminFrame token={token} permissions={permissions.data.permission} />;
}

function AdminFrame({ token, permissions }: { token: string; permissions: TPermission[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useAutoCollapse();
  const user = useCurrentUser(token).data;
  const settings = useSettings().data;
  const siteName = siteNameOf(settings);
  const logo = typeof settings?.system?.logo === 'string' ? settings.system.logo : '';
  useFavicon(settings?.system?.favicon);

  const allowedPages = useMemo(() => computeAllowedPages(permissions, ADMIN_ROUTES), [permissions]);
  const menu = useMemo(() => toMenuData(filterMenu(ADMIN_ROUTES, allowedPages)), [allowedPages]);
  const current = usePageHandle();

  useEffect(() => {
    document.title = `${current?.title ?? '控制面板'} - ${siteName}管理后台`;
  }, [current?.title, siteName]);

  const session = useMemo(() => ({ token, permissions, allowedPages, pages: PAGES, user, settings }), [token, permissions, allowedPages, user, settings]);

  return (
    <SessionProvider value={session}>
      <ProLayout
        layout="mix"
        title={`${siteName}管理后台`}
        logo={<SiteLogo src={logo} name={siteName} />}
        siderWidth={SIDER_WIDTH}
        breakpoint={false}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        fixSiderbar
        fixedHeader
        splitMenus={false}
        locale="zh-CN"
        menu={{ locale: false, autoClose: false }}
        location={{ pathname: location.pathname }}
        route={{ path: '/', children: menu }}
        pageTitleRender={false}
        onMenuHeaderClick={() => navigate('/dashboard')}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
        avatarProps={{
          src: user?.avatar || undefined,
          title: user?.username ?? '管理员',
          size: 'small',
          style: user?.avatar ? undefined : { backgroundColor: '#1677ff' },
          children: user?.avatar ? undefined : (user?.username ?? '管').slice(0, 1).toUpperCase(),
          render: (_props, dom) => <UserMenu>{dom}</UserMenu>,
        }}
        actionsRender={() => [
          <Tooltip key="site" title="在新窗口打开网站前台">
            <Button type="text" icon={<HomeOutlined />} href={siteUrl('/')} target="_blank">
              前台首页
            </Button>
          </Tooltip>,
        ]}
        token={{
          header: { heightLayoutHeader: 56 },
          sider: { colorMenuBackground: '#fff', colorTextMenuSelected: '#1677ff', colorBgMenuItemSelected: '#e6f4ff' },
          pageContainer: { paddingBlockPageContainerContent: 16, paddingInlinePageContainerContent: 24 },
        }}
        footerRender={() => (
          <div style={{ textAlign: 'center', color: '#8c8c8c', fontSize: 12, padding: '16px 0 24px' }}>
            {siteName} · 管理后台
            {typeof settings?.system?.version === 'string' && settings.system.version ? ` · v${settings.system.version}` : ''}
          </div>
        )}
      >
        <PageErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={PageFallback}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </ProLayout>
    </SessionProvider>
  );
}
