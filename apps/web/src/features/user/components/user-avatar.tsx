import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { TUser } from '@wenku/contracts/schemas';

export function UserAvatar({ user, size = 32 }: { user: Pick<TUser, 'avatar' | 'username'> | null; size?: number }) {
  if (user?.avatar) return <Avatar size={size} src={user.avatar} alt={user.username} />;
  if (user?.username) {
    return (
      <Avatar size={size} style={{ background: '#1677ff', fontSize: size * 0.45 }}>
        {user.username.slice(0, 1).toUpperCase()}
      </Avatar>
    );
  }
  return <Avatar size={size} icon={<UserOutlined />} />;
}
