import { useEffect, useRef, useState } from 'react';
import { Collapse, Drawer } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CategoryType } from '@wenku/contracts/enums';
import { useSession } from '../session';
import { useCategoryTree } from '../../features/category/api';
import { articleCategoryHref, documentCategoryHref, type CategoryNode } from '../../features/category/lib';
import { useNavigation } from '../../features/navigation/api';
import type { NavNode } from '../../features/navigation/lib';
import { useSettings, useSiteName } from '../../features/settings/api';
import { UserAvatar } from '../../features/user/components/user-avatar';
import { VipBadge } from '../../features/user/components/vip-badge';
import { SignInButton } from '../../features/user/components/sign-in-button';
import { useUserMenuEntries } from '../../features/user/components/user-menu-items';
import { useLogout } from '../../features/user/use-logout';
import { LazyRechargeModal } from '../../features/order/components/recharge-modal-lazy';
import { HeaderSearch } from './header-search';
import { AuthLinks } from './header-user';
import { SmartLink } from './nav-link';

/** Spec §9: the mobile drawer is 60% wide. */
const MOBILE_DRAWER_WIDTH = '60%';

function CategoryLinks({ tree, href }: { tree: CategoryNode[]; href: (id: number) => string }) {
  if (tree.length === 0) return <div className="wk-drawer-empty">暂无分类</div>;
  return (
    <ul className="wk-drawer-list">
      {tree.map((c) => (
        <li key={c.id}>
          <Link to={href(c.id)}>{c.title}</Link>
          {c.children.length > 0 && (
            <ul className="wk-drawer-sublist">
              {c.children.map((s) => (
                <li key={s.id}>
                  <Link to={href(s.id)}>{s.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function NavLinks({ nodes, domain }: { nodes: NavNode[]; domain: string }) {
  return (
    <ul className="wk-drawer-list">
      {nodes.map((n) => (
        <li key={n.id}>
          <SmartLink href={n.href} target={n.target} domain={domain} style={n.color ? { color: n.color } : undefined}>
            {n.title}
          </SmartLink>
          {n.children.length > 0 && (
            <ul className="wk-drawer-sublist">
              {n.children.map((c) => (
                <li key={c.id}>
                  <SmartLink href={c.href} target={c.target} domain={domain} style={c.color ? { color: c.color } : undefined}>
                    {c.title}
                  </SmartLink>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const entries = useUserMenuEntries();
  const doLogout = useLogout();
  const docs = useCategoryTree(CategoryType.Document);
  const articles = useCategoryTree(CategoryType.Article);
  const nav = useNavigation();
  const { domain } = useSettings().system;
  const sitename = useSiteName();
  const [rechargeOpen, setRechargeOpen] = useState(false);

  // any navigation closes the drawer (not its first render: it is mounted when it first opens)
  const shownAt = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (shownAt.current === `${pathname}${search}`) return;
    shownAt.current = `${pathname}${search}`;
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        placement="left"
        size={MOBILE_DRAWER_WIDTH}
        title={sitename}
        className="wk-mobile-drawer"
        styles={{ body: { padding: 16 } }}
      >
        <div className="wk-drawer-user">
          {token ? (
            <Link to="/me" className="wk-drawer-user-info">
              <UserAvatar user={user} size={40} />
              <span className="wk-drawer-username">{user?.username ?? '我的'}</span>
              <VipBadge isVip={user?.is_vip} />
            </Link>
          ) : (
            <AuthLinks />
          )}
        </div>
        <HeaderSearch className="wk-drawer-search" onSearched={onClose} />
        {token && (
          <div className="wk-drawer-sign">
            <SignInButton block />
          </div>
        )}
        {token && (
          <ul className="wk-drawer-actions">
            {entries.map((e) => (
              <li key={e.key}>
                {e.href ? (
                  <a href={e.href}>
                    {e.icon}
                    <span>{e.label}</span>
                    <RightOutlined className="wk-drawer-arrow" />
                  </a>
                ) : (
                  <button
                    type="button"
                    className={e.danger ? 'is-danger' : undefined}
                    onClick={() => {
                      if (e.to) navigate(e.to);
                      else if (e.action === 'recharge') setRechargeOpen(true);
                      else if (e.action === 'logout') {
                        onClose();
                        void doLogout();
                      }
                    }}
                  >
                    {e.icon}
                    <span>{e.label}</span>
                    <RightOutlined className="wk-drawer-arrow" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Collapse
          ghost
          size="small"
          defaultActiveKey={['nav']}
          className="wk-drawer-collapse"
          items={[
            { key: 'nav', label: '网站导航', children: <NavLinks nodes={nav} domain={domain} /> },
            { key: 'doc', label: '文档分类', children: <CategoryLinks tree={docs.tree} href={documentCategoryHref} /> },
            { key: 'article', label: '文章分类', children: <CategoryLinks tree={articles.tree} href={articleCategoryHref} /> },
          ]}
        />
      </Drawer>
      <LazyRechargeModal open={rechargeOpen} onClose={() => setRechargeOpen(false)} />
    </>
  );
}
