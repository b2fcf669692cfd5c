import type { ReactNode } from 'react';
import { PageContainer } from '@ant-design/pro-components';
import { useRouteHandles } from '../app/route-handle';

/** Page frame with header and breadcrumb; title and breadcrumb come from the matched routes' `handle` unless given. */
export function AdminPage({
  title,
  subTitle,
  extra,
  children,
  content,
}: {
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  content?: ReactNode;
  children: ReactNode;
}) {
  const handles = useRouteHandles();
  const page = handles[handles.length - 1];
  return (
    <PageContainer
      title={title ?? page?.title}
      subTitle={subTitle}
      extra={extra}
      content={content}
      breadcrumb={{ items: [{ title: '管理后台' }, ...handles.map((h) => ({ title: h.title }))] }}
    >
      {children}
    </PageContainer>
  );
}
