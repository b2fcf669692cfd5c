import { Outlet } from 'react-router-dom';
import { AdSlot } from '../../features/advertisement/components/ad-slot';
import { SiteHeader } from '../shell/site-header';
import { SiteFooter } from '../shell/site-footer';
import { RightBar } from '../shell/right-bar';

/** Header, global ads, content, footer, fixed right bar. */
export default function DefaultLayout() {
  return (
    <div className="wk-app">
      <SiteHeader />
      <AdSlot position="global_top" className="wk-container wk-ad-global" />
      <main className="wk-main">
        <Outlet />
      </main>
      <AdSlot position="global_bottom" className="wk-container wk-ad-global" />
      <SiteFooter />
      <RightBar />
    </div>
  );
}
