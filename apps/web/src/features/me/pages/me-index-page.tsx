import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Pagination, Skeleton, Table, Tag, Timeline } from 'antd';
import { CrownOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { relativeTime } from '@wenku/contracts/format';
import { useScreen } from '@wenku/ui';
import { useDocumentTitle } from '../../../app/title';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../lib/api';
import { useCreditName, useSettings } from '../../settings/api';
import { UserAvatar } from '../../user/components/user-avatar';
import { VipBadge } from '../../user/components/vip-badge';
import { SignInButton } from '../../user/components/sign-in-button';
import { useCreditLogs, useMyDynamics } from '../api';
import { creditReasonLabel, formatDelta } from '../lib';
import '../me.css';

const CREDIT_PAGE_SIZE = 10;

function CreditHistory({ creditName }: { creditName: string }) {
  const [page, setPage] = useState(1);
  const q = useCreditLogs(page, CREDIT_PAGE_SIZE);
  const { isMobile } = useScreen();
  if (q.isError) return <Alert type="error" showIcon title={errorMessage(q.error, `${creditName}明细加载失败`)} />;
  if (isMobile) {
    if (q.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
    const rows = q.data?.log ?? [];
    if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${creditName}记录`} />;
    return (
      <>
        <ul className="wk-me-credit-list">
          {rows.map((r) => (
            <li key={r.id}>
              <div className="wk-me-credit-list-main">
                <div>{creditReasonLabel(r.reason, r.remark)}</div>
                <span>{dayjs(r.created_at).format('YYYY-MM-DD HH:mm')}</span>
              </div>
              <div className="wk-me-credit-list-side">
                <strong className={r.delta >= 0 ? 'wk-delta-plus' : 'wk-delta-minus'}>{formatDelta(r.delta)}</strong>
                <span>余额 {r.balance_after}</span>
              </div>
            </li>
          ))}
        </ul>
        {(q.data?.total ?? 0) > CREDIT_PAGE_SIZE && (
          <Pagination
            simple
            size="small"
            current={page}
            pageSize={CREDIT_PAGE_SIZE}
            total={q.data?.total ?? 0}
            onChange={setPage}
            style={{ marginTop: 12, justifyContent: 'center' }}
          />
        )}
      </>
    );
  }
  return (
    <Table
      size="middle"
      rowKey="id"
      loading={q.isFetching && !q.data}
      dataSource={q.data?.log ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${creditName}记录`} /> }}
      pagination={{
        current: page,
        pageSize: CREDIT_PAGE_SIZE,
        total: q.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
        hideOnSinglePage: true,
        size: 'small',
      }}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: '时间',
          dataIndex: 'created_at',
          width: 150,
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
        },
        {
          title: '变动',
          dataIndex: 'delta',
          width: 90,
          align: 'right',
          render: (v: number) => <span className={v >= 0 ? 'wk-delta-plus' : 'wk-delta-minus'}>{formatDelta(v)}</span>,
        },
        { title: '余额', dataIndex: 'balance_after', width: 90, align: 'right' },
        {
          title: '原因',
          dataIndex: 'reason',
          render: (v: string, row) => {
            const label = creditReasonLabel(v, row.remark);
            return (
              <>
                {label}
                {row.remark && row.remark !== label && <span className="wk-me-remark">{row.remark}</span>}
              </>
            );
          },
        },
      ]}
    />
  );
}

function RecentActivity() {
  const q = useMyDynamics(1, 8);
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (q.isError) return <Alert type="error" showIcon title={errorMessage(q.error, '动态加载失败')} />;
  const items = q.data?.dynamic ?? [];
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />;
  return (
    <Timeline
      className="wk-me-feed"
      items={items.map((d) => ({
        key: d.id,
        content: (
          <>
            {d.content}
            <span className="wk-me-feed-time" title={dayjs(d.created_at).format('YYYY-MM-DD HH:mm:ss')}>
              {relativeTime(d.created_at)}
            </span>
          </>
        ),
      }))}
    />
  );
}

/** /me: greeting, balance and today's sign-in, credit history, VIP status, recent activity, account details. */
export default function MeIndexPage() {
  useDocumentTitle('个人中心');
  const user = useSession((s) => s.user);
  const groups = useSession((s) => s.groups);
  const creditName = useCreditName();
  const { vip } = useSettings();
  if (!user) {
    return (
      <div className="wk-card wk-me-card">
        <Skeleton avatar active paragraph={{ rows: 3 }} />
      </div>
    );
  }
  const vipText = user.is_vip ? `有效期至 ${user.vip_expire_at ? dayjs(user.vip_expire_at).format('YYYY-MM-DD') : '长期'}` : '未开通';
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
          <Link to="/me/profile">
            <Button>编辑资料</Button>
          </Link>
          <Link to={`/user/${user.id}`}>
            <Button>我的主页</Button>
          </Link>
        </div>
      </div>

      <div className="wk-me-grid">
        <div className="wk-me-side" style={{ minWidth: 0 }}>
          <div className="wk-me-credit">
            <div className="wk-me-credit-main">
              <div className="wk-me-credit-label">我的{creditName}</div>
              <div className="wk-me-credit-value" data-testid="credit-balance">
                {user.credit_count ?? 0}
              </div>
            </div>
            <SignInButton className="wk-sign-on-dark" />
          </div>
          <div className="wk-me-stats">
            {[
              { label: '文档', value: user.doc_count, to: '/me/document' },
              { label: '文章', value: user.article_count, to: '/me/article' },
              { label: '收藏', value: user.favorite_count, to: '/me/favorite' },
              { label: '评论', value: user.comment_count },
            ].map((s) => {
              const body = (
                <>
                  <strong>{s.value}</strong>
                  <span>{s.label}</span>
                </>
              );
              return s.to ? (
                <Link key={s.label} to={s.to} className="wk-card wk-me-stat">
                  {body}
                </Link>
              ) : (
                <div key={s.label} className="wk-card wk-me-stat">
                  {body}
                </div>
              );
            })}
          </div>
          <div className="wk-card wk-me-card">
            <div className="wk-me-block-head">
              <h3>{creditName}明细</h3>
            </div>
            <CreditHistory creditName={creditName} />
          </div>
        </div>
        <div className="wk-me-side">
          {vip.enable && (
            <div className="wk-card wk-me-card">
              <div className="wk-me-vip-mini">
                <CrownOutlined />
                <div>
                  <strong>{user.is_vip ? 'VIP会员' : '普通会员'}</strong>
                  <span>{vipText}</span>
                </div>
                <Link to={user.is_vip ? '/me/vip' : '/joinvip'}>
                  <Button type={user.is_vip ? 'default' : 'primary'} size="small">
                    {user.is_vip ? '查看' : '开通VIP'}
                  </Button>
                </Link>
              </div>
            </div>
          )}
          <div className="wk-card wk-me-card">
            <div className="wk-me-block-head">
              <h3>最近动态</h3>
              <Link to={`/user/${user.id}`} className="wk-me-muted">
                更多 <RightOutlined />
              </Link>
            </div>
            <RecentActivity />
          </div>
          <div className="wk-card wk-me-card">
            <Descriptions
              title="账号信息"
              size="small"
              column={1}
              items={[
                { key: 'id', label: '用户ID', children: user.id },
                { key: 'email', label: '电子邮箱', children: user.email || '未设置' },
                { key: 'mobile', label: '手机号码', children: user.mobile || '未设置' },
                { key: 'created', label: '注册时间', children: dayjs(user.created_at).format('YYYY-MM-DD HH:mm') },
                { key: 'login', label: '最近登录', children: user.login_at ? dayjs(user.login_at).format('YYYY-MM-DD HH:mm') : '—' },
              ]}
            />
          </div>
        </div>
      </div>
    </>
  );
}
