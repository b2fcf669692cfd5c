import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageContainer } from '@ant-design/pro-components';
import { findRoute } from '../app/access';
import { ADMIN_ROUTES } from '../app/routes';

/** Breadcrumb: the menu group (if any) and the page, from the route table. */
function breadcrumbOf(pathname: string) {
  const page = findRoute(ADMIN_ROUTES, pathname);
  const group = ADMIN_ROUTES.find((r) => r.children?.some((c) => c.path === page?.path));
  return [{ title: '管理后台' }, ...(group ? [{ title: group.title }] : []), ...(page ? [{ title: page.title }] : [])];
}

/** Page frame with header and breadcrumb; the title comes from the route table unless given. */
export function AdminPage({ title, subTitle, extra, children, content }: {
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  content?: ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const route = findRoute(ADMIN_ROUTES, pathname);
  return (
    <PageContainer
      title={title ?? route?.title}
      subTitle={subTitle}
      extra={extra}
      content={content}
      breadcrumb={{ items: breadcrumbOf(pathname) }}
    >
      {children}
    </PageContainer>
  );
}
