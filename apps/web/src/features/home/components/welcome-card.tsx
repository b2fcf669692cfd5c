import { Button } from 'antd';
import { CloudUploadOutlined, EditOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../../app/session';
import { authHref } from '../../../app/access';
import { useCreditName, useSettings, useSiteName } from '../../settings/api';
import { UserAvatar } from '../../user/components/user-avatar';
import { VipBadge } from '../../user/components/vip-badge';

/** Right of the banner: who you are and what to do next. */
export function WelcomeCard() {
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const { security } = useSettings();
  const sitename = useSiteName();
  const creditName = useCreditName();
  const { pathname } = useLocation();

  if (!token) {
    return (
      <div className="wk-card wk-welcome">
        <UserAvatar user={null} size={56} />
        <div className="wk-welcome-title">欢迎来到{sitename}</div>
        <p className="wk-welcome-desc">登录后可上传文档、发布文章、收藏与下载资料</p>
        <div className="wk-welcome-actions">
          <Link to={authHref('/login', pathname)}>
            <Button type="primary" block>
              登录
            </Button>
          </Link>
          {security.enable_register && (
            <Link to={authHref('/register', pathname)}>
              <Button block>注册</Button>
            </Link>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="wk-card wk-welcome">
      <Link to={user ? `/user/${user.id}` : '/me'}>
        <UserAvatar user={user} size={56} />
      </Link>
      <div className="wk-welcome-title">
        {user?.username ?? '欢迎回来'} <VipBadge isVip={user?.is_vip} />
      </div>
      <div className="wk-welcome-stats">
        <div>
          <strong>{user?.doc_count ?? 0}</strong>
          <span>文档</span>
        </div>
        <div>
          <strong>{user?.article_count ?? 0}</strong>
          <span>文章</span>
        </div>
        <div>
          <strong>{user?.credit_count ?? 0}</strong>
          <span>{creditName}</span>
        </div>
      </div>
      <div className="wk-welcome-actions">
        <Link to="/upload">
          <Button type="primary" block icon={<CloudUploadOutlined />}>
            上传文档
          </Button>
        </Link>
        <Link to="/post">
          <Button block icon={<EditOutlined />}>
            发布文章
          </Button>
        </Link>
      </div>
    </div>
  );
}
