import type { ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CopyOutlined, IdcardOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { api, client } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/feedback';
import { clearSession, goToSite, readToken, siteUrl } from '../../lib/session';

/** After 退出成功 is shown, the admin leaves for the public site. */
export const LOGOUT_REDIRECT_DELAY_MS = 800;

const items: MenuProps['items'] = [
  { key: 'profile', icon: <IdcardOutlined />, label: '个人资料' },
  { key: 'password', icon: <LockOutlined />, label: '修改密码' },
  { key: 'token', icon: <CopyOutlined />, label: '复制 JSON Web Token' },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
];

export function UserMenu({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    switch (key) {
      case 'profile':
        window.open(siteUrl('/me/profile'), '_blank', 'noopener');
        return;
      case 'password':
        window.open(siteUrl('/me/password'), '_blank', 'noopener');
        return;
      case 'token':
        try {
          await copyText(readToken() ?? '');
          toast.success('您的 JSON Web Token 已复制到剪贴板');
        } catch (err) {
          toast.fail(err, '复制失败，请手动复制');
        }
        return;
      case 'logout':
        // The server revokes the token; the local session is cleared whatever it answers.
        await client.call(api.logout).catch(() => undefined);
        clearSession();
        queryClient.clear();
        toast.success('退出成功');
        window.setTimeout(() => goToSite('/'), LOGOUT_REDIRECT_DELAY_MS);
        return;
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" arrow>
      {children}
    </Dropdown>
  );
}
