import { Button, Descriptions, Tag } from 'antd';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { useDocumentTitle } from '../../../app/title';
import { useSession } from '../../../app/session';
import { useSiteConfig } from '../../settings/api';
import { UserAvatar } from '../../user/components/user-avatar';
import { VipBadge } from '../../user/components/vip-badge';
import { SignInButton } from '../../user/components/sign-in-button';

export default function MeIndexPage() {
  useDocumentTitle('个人中心');
  const user = useSession((s) => s.user);
  const groups = useSession((s) => s.groups);
  const { creditName, vip } = useSiteConfig();
  if (!user) return <div className="wk-card wk-me-card">加载中…</div>;
  return (
    <>
      <div className="wk-card wk-me-card wk-me-hello">
        <UserAvatar user={user} size={72} />
        <div className="wk-me-hello-info">
          <h1>
            {user.username} <VipBadge isVip={user.is_vip} />
          </h1>
          <p>{user.signature || '这个人很懒，什么都没有留下。'}</p>
          <div>
            {groups.map((g) => (
              <Tag key={g.id} color={g.color || 'blue'}>
                {g.title}
              </Tag>
            ))}
          </div>
        </div>
        <div className="wk-me-hello-actions">
          <SignInButton />
          <Link to={`/user/${user.id}`}>
            <Button>我的主页</Button>
          </Link>
        </div>
      </div>
      <div className="wk-me-stats">
        {[
          { label: creditName, value: user.credit_count ?? 0 },
          { label: '文档', value: user.doc_count },
          { label: '文章', value: user.article_count },
          { label: '收藏', value: user.favorite_count },
          { label: '评论', value: user.comment_count },
        ].map((s) => (
          <div key={s.label} className="wk-card wk-me-stat">
            <strong>{s.value}</strong>
            <span>{s.label}</span>
          </div>
        ))}
      </div>
      <div className="wk-card wk-me-card">
        <Descriptions
          title="账号信息"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'id', label: '用户ID', children: user.id },
            { key: 'email', label: '电子邮箱', children: user.email || '未设置' },
            { key: 'mobile', label: '手机号码', children: user.mobile || '未设置' },
            { key: 'created', label: '注册时间', children: dayjs(user.created_at).format('YYYY-MM-DD HH:mm') },
            { key: 'login', label: '最近登录', children: user.login_at ? dayjs(user.login_at).format('YYYY-MM-DD HH:mm') : '—' },
            ...(vip.enable
              ? [{ key: 'vip', label: 'VIP会员', children: user.is_vip ? `有效期至 ${user.vip_expire_at ? dayjs(user.vip_expire_at).format('YYYY-MM-DD') : '长期'}` : '未开通' }]
              : []),
          ]}
        />
      </div>
    </>
  );
}
