import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useScreen } from '@wenku/ui';
import { ME_SECTIONS } from '../me-menu';

/** /me: login required (access redirects); a side menu and the section. */
export default function MeLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isMobile } = useScreen();
  const current = pathname.replace(/^\/me\/?/, '').split('/')[0] ?? '';
  const items = ME_SECTIONS.map((s) => ({ key: s.path, icon: s.icon, label: s.label }));
  return (
    <div className="wk-container wk-page wk-me">
      <aside className="wk-card wk-me-menu">
        <Menu
          mode={isMobile ? 'horizontal' : 'inline'}
          selectedKeys={[current]}
          items={items}
          onClick={({ key }) => navigate(key ? `/me/${key}` : '/me')}
          style={{ borderInlineEnd: 'none' }}
        />
      </aside>
      <section className="wk-me-content">
        <Outlet />
      </section>
    </div>
  );
}
