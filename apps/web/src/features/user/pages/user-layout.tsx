import { Skeleton } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { NavLink, Outlet, useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { Page } from '../../../app/shell/page';
import { NotFound } from '../../../app/not-found';
import { useUserQuery } from '../api';
import { UserAvatar } from '../components/user-avatar';
import { VipBadge } from '../components/vip-badge';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';
import '../user.css';

/** /user/{id}: a personal home page with child pages document and article. */
export default function UserLayout() {
  const { id } = useParams();
  const userId = Number(id);
  const { data: user, isLoading, isError } = useUserQuery(userId);
  const ads = usePositionAds(['user_top']).data;

  if (!Number.isInteger(userId) || userId <= 0 || isError) return <NotFound />;
  return (
    <Page title={user ? `${user.username}的主页` : '个人主页'}>
      <AdSlot position="user_top" ads={ads} />
      <div className="wk-card wk-profile">
        <div className="wk-profile-cover" />
        {isLoading || !user ? (
          <Skeleton avatar active paragraph={{ rows: 2 }} className="wk-profile-skeleton" />
        ) : (
          <div className="wk-profile-body">
            <div className="wk-profile-avatar">
              <UserAvatar user={user} size={88} />
            </div>
            <div className="wk-profile-info">
              <h1>
                {user.username} <VipBadge isVip={user.is_vip} />
              </h1>
              <p className="wk-profile-signature">{user.signature || '这个人很懒，什么都没有留下。'}</p>
              <p className="wk-profile-meta">
                <CalendarOutlined /> {dayjs(user.created_at).format('YYYY年M月D日')} 加入
              </p>
            </div>
            <div className="wk-profile-stats">
              <div>
                <strong>{user.doc_count}</strong>
                <span>文档</span>
              </div>
              <div>
                <strong>{user.article_count}</strong>
                <span>文章</span>
              </div>
              <div>
                <strong>{user.favorite_count}</strong>
                <span>收藏</span>
              </div>
            </div>
          </div>
        )}
        <nav className="wk-profile-tabs">
          <NavLink to={`/user/${userId}`} end>
            主页
          </NavLink>
          <NavLink to={`/user/${userId}/document`}>文档</NavLink>
          <NavLink to={`/user/${userId}/article`}>文章</NavLink>
        </nav>
      </div>
      <Outlet />
    </Page>
  );
}
