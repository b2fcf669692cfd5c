import { useCallback, useState } from 'react';
import { Button } from 'antd';
import { MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { useScreen } from '@wenku/ui';
import { useSession } from '../session';
import { authHref } from '../access';
import { UserAvatar } from '../../features/user/components/user-avatar';
import { HeaderNav } from './header-nav';
import { HeaderSearch } from './header-search';
import { HeaderUser } from './header-user';
import { SiteLogo } from './site-logo';
import { lazyWhenOpen } from '../../lib/lazy-when-open';

/** the phone menu: its code loads the first time it opens */
const MobileDrawer = lazyWhenOpen(() => import('./mobile-drawer').then((m) => m.MobileDrawer));

function MobileHeader() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  return (
    <header className="wk-header is-mobile">
      <div className="wk-header-inner">
        <Button type="text" className="wk-header-burger" aria-label="打开菜单" icon={<MenuOutlined />} onClick={() => setOpen(true)} />
        <SiteLogo />
        <div className="wk-header-spacer" />
        <Button type="text" aria-label="搜索" icon={<SearchOutlined />} onClick={() => setOpen(true)} />
        {token ? (
          <Link to="/me" aria-label="个人中心">
            <UserAvatar user={user} size={30} />
          </Link>
        ) : (
          <Link to={authHref('/login', pathname, search)} className="wk-header-login">
            登录
          </Link>
        )}
      </div>
      <MobileDrawer open={open} onClose={close} />
    </header>
  );
}

function DesktopHeader() {
  const { pathname } = useLocation();
  return (
    <header className="wk-header">
      <div className="wk-container wk-header-inner">
        <SiteLogo />
        <HeaderNav />
        <div className="wk-header-spacer" />
        {/* the search page has its own big box */}
        {pathname !== '/search' && <HeaderSearch className="wk-header-search" />}
        <HeaderUser />
      </div>
    </header>
  );
}

export function SiteHeader() {
  const { isMobile } = useScreen();
  return isMobile ? <MobileHeader /> : <DesktopHeader />;
}
