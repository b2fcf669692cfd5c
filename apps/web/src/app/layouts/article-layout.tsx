import { Outlet, useLocation } from 'react-router-dom';
import { SiteHeader } from '../shell/site-header';
import { SiteFooter } from '../shell/site-footer';
import { RightBar } from '../shell/right-bar';

/** The article list page has no footer (spec §2). */
export function showsArticleFooter(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') !== '/article';
}

/** Header and footer around article pages. */
export default function ArticleLayout() {
  const { pathname } = useLocation();
  return (
    <div className="wk-app">
      <SiteHeader />
      <main className="wk-main">
        <Outlet />
      </main>
      {showsArticleFooter(pathname) && <SiteFooter />}
      <RightBar />
    </div>
  );
}
