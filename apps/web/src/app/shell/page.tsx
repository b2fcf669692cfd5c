import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../title';

export interface Crumb {
  title: string;
  to?: string;
}

/** A page inside the content width, with its document title ("页面名 - 站点名"). */
export function Page({ title, crumbs, className, children }: { title?: string; crumbs?: Crumb[]; className?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={['wk-container', 'wk-page', className].filter(Boolean).join(' ')}>
      {crumbs && crumbs.length > 0 && (
        <Breadcrumb
          className="wk-breadcrumb"
          items={[{ title: <Link to="/">首页</Link> }, ...crumbs.map((c) => ({ title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title }))]}
        />
      )}
      {children}
    </div>
  );
}
