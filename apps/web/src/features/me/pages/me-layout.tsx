import { useEffect, useRef } from 'react';
import { Menu } from 'antd';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useScreen } from '@wenku/ui';
import { ME_SECTIONS } from '../me-menu';

/** /me: login required (access redirects); a side menu (a scrollable tab bar on phones) and the section. */
export default function MeLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isMobile } = useScreen();
  const current = pathname.replace(/^\/me\/?/, '').split('/')[0] ?? '';
  const tabs = useRef<HTMLElement>(null);
  // on phones the tab bar scrolls sideways: keep the current section in view
  useEffect(() => {
    const nav = tabs.current;
    const active = nav?.querySelector<HTMLElement>('.is-active');
    if (!nav || !active || typeof nav.scrollTo !== 'function') return;
    const offset = active.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
    nav.scrollTo({ left: offset - (nav.clientWidth - active.offsetWidth) / 2, behavior: 'smooth' });
  }, [current, isMobile]);
  return (
    <div className="wk-container wk-page wk-me">
      {isMobile ? (
        <nav ref={tabs} className="wk-card wk-me-tabs" aria-label="个人中心">
          {ME_SECTIONS.map((s) => (
            <NavLink key={s.path} to={s.path ? `/me/${s.path}` : '/me'} end className={s.path === current ? 'is-active' : undefined}>
              {s.label}
            </NavLink>
          ))}
        </nav>
      ) : (
        <aside className="wk-card wk-me-menu">
          <Menu
            mode="inline"
            selectedKeys={[current]}
            items={ME_SECTIONS.map((s) => ({ key: s.path, icon: s.icon, label: s.label }))}
            onClick={({ key }) => navigate(key ? `/me/${key}` : '/me')}
            style={{ borderInlineEnd: 'none' }}
          />
        </aside>
      )}
      <section className="wk-me-content">
        <Outlet />
      </section>
    </div>
  );
}
