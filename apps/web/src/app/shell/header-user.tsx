import { useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../session';
import { authHref } from '../access';
import { UserAvatar } from '../../features/user/components/user-avatar';
import { VipBadge } from '../../features/user/components/vip-badge';
import { useUserMenuEntries } from '../../features/user/components/user-menu-items';
import { useLogout } from '../../features/user/use-logout';
import { LazyRechargeModal } from '../../features/order/components/recharge-modal-lazy';
import { useSettings } from '../../features/settings/api';

/** Login / register links for visitors. */
export function AuthLinks({ compact }: { compact?: boolean }) {
  const { pathname, search } = useLocation();
  const { security } = useSettings();
  return (
    <div className="wk-auth-links">
      <Link to={authHref('/login', pathname, search)}>
        <Button type={compact ? 'link' : 'text'} size={compact ? 'small' : 'middle'}>
          登录
        </Button>
      </Link>
      {security.enable_register && (
        <Link to={authHref('/register', pathname, search)}>
          <Button type="primary" size={compact ? 'small' : 'middle'} shape="round">
            注册
          </Button>
        </Link>
      )}
    </div>
  );
}

/** The logged-in user's dropdown (spec §2). */
export function HeaderUser() {
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const entries = useUserMenuEntries();
  const navigate = useNavigate();
  const doLogout = useLogout();
  const [rechargeOpen, setRechargeOpen] = useState(false);

  if (!token) return <AuthLinks />;

  const items: MenuProps['items'] = entries.flatMap((e) => [
    ...(e.key === 'logout' ? [{ type: 'divider' as const }] : []),
    {
      key: e.key,
      icon: e.icon,
      danger: e.danger,
      label: e.href ? <a href={e.href}>{e.label}</a> : e.label,
    },
  ]);
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const e = entries.find((x) => x.key === key);
    if (!e) return;
    if (e.to) navigate(e.to);
    else if (e.action === 'recharge') setRechargeOpen(true);
    else if (e.action === 'logout') void doLogout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
        <button type="button" className="wk-user-trigger" aria-label="用户菜单">
          <UserAvatar user={user} size={32} />
          <span className="wk-user-name">{user?.username ?? '我的'}</span>
          <VipBadge isVip={user?.is_vip} />
          <DownOutlined className="wk-user-caret" />
        </button>
      </Dropdown>
      <LazyRechargeModal open={rechargeOpen} onClose={() => setRechargeOpen(false)} />
    </>
  );
}
