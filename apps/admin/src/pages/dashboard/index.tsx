import { Link } from 'react-router-dom';
import { Avatar, Button, Card, Col, Descriptions, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { ExportOutlined, SettingOutlined, WarningOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { AdminPage } from '../../components/admin-page';
import { siteNameOf, useAdminSession } from '../../app/session';
import { errorMessage } from '../../lib/api';
import { siteUrl } from '../../lib/session';
import { greeting } from './greeting';
import { STATS, useStats, type StatDef } from './stats';
import { EnvsCard } from './envs-card';
import { OrderStatsCard } from './order-stats-card';
import { TrendCard } from './trend-card';
import { DeviceCard } from './device-card';
import { ReleaseCard } from './release-card';
import { ReindexCard } from '../config/reindex-card';

/** Pages offered as shortcuts, in order, when the admin may open them. */
const QUICK_LINKS = [
  '/config/system',
  '/config/security',
  '/config/display',
  '/config/footer',
  '/document/category',
  '/article/category',
  '/navigation',
  '/friendlink',
  '/advertisement',
  '/document/list',
  '/article/list',
  '/user/list',
];

function StatCard({ def, stats, linked }: { def: StatDef; stats: ReturnType<typeof useStats>; linked: boolean }) {
  const card = (
    <Card variant="borderless" hoverable={linked} styles={{ body: { padding: 20 } }}>
      <Space size={16} align="center">
        <span
          style={{
            width: 48,
            height: 48,
            borderRadius: 12,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 22,
            color: def.color,
            background: `${def.color}14`,
          }}
        >
          {def.icon}
        </span>
        <div>
          <Typography.Text type="secondary">{def.title}</Typography.Text>
          <div style={{ fontSize: 26, fontWeight: 600, lineHeight: 1.3, color: '#1f1f1f', fontVariantNumeric: 'tabular-nums' }} data-stat={def.key}>
            {stats.isPending ? (
              <Skeleton.Button active size="small" style={{ width: 56 }} />
            ) : stats.isError ? (
              <Tooltip title={errorMessage(stats.error)}>
                <WarningOutlined style={{ color: '#faad14', fontSize: 20 }} />
              </Tooltip>
            ) : (
              (def.value(stats.data)?.toLocaleString('zh-CN') ?? '—')
            )}
          </div>
        </div>
      </Space>
    </Card>
  );
  return linked ? <Link to={def.page}>{card}</Link> : card;
}

/** The cards, from one GET /stats. */
function StatCards({ allowedPages }: { allowedPages: string[] }) {
  const stats = useStats();
  return (
    <Row gutter={[16, 16]}>
      {STATS.map((s) => (
        <Col key={s.key} xs={12} md={8} lg={6} xxl={3}>
          <StatCard def={s} stats={stats} linked={allowedPages.includes(s.page)} />
        </Col>
      ))}
    </Row>
  );
}

export default function DashboardPage() {
  const { user, settings, allowedPages, permissions, pages } = useAdminSession();
  const siteName = siteNameOf(settings);
  const name = user?.realname || user?.username || '管理员';
  const now = dayjs();
  // GET /stats, /stats/trend, /device and /release belong to the config module, whose pages start at /config/system
  const operator = allowedPages.includes('/config/system');
  const quick = QUICK_LINKS.filter((p) => allowedPages.includes(p))
    .map((p) => pages.find((r) => r.path === p)!)
    .filter(Boolean);
  const modules = new Set(permissions.map((p) => p.module)).size;
  const system: Partial<NonNullable<typeof settings>['system']> = settings?.system ?? {};
  const text = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : '—');

  return (
    <AdminPage title="控制面板">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" styles={{ body: { padding: 24 } }}>
          <Row align="middle" gutter={[24, 16]} justify="space-between">
            <Col>
              <Space size={20} align="center">
                <Avatar size={64} src={user?.avatar || undefined} style={{ backgroundColor: '#1677ff', fontSize: 26 }}>
                  {name.slice(0, 1).toUpperCase()}
                </Avatar>
                <div>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {greeting(now.hour())}，{name}，欢迎回到{siteName}管理后台
                  </Typography.Title>
                  <Typography.Text type="secondary">
                    今天是 {now.format('YYYY年M月D日 dddd')}
                    {user?.login_at ? `，最近登录于 ${dayjs(user.login_at).format('YYYY-MM-DD HH:mm')}` : ''}
                  </Typography.Text>
                </div>
              </Space>
            </Col>
            <Col>
              <Space wrap>
                <Button icon={<ExportOutlined />} href={siteUrl('/')} target="_blank">
                  访问前台
                </Button>
                {allowedPages.includes('/config/system') && (
                  <Link to="/config/system">
                    <Button type="primary" icon={<SettingOutlined />}>
                      系统设置
                    </Button>
                  </Link>
                )}
              </Space>
            </Col>
          </Row>
        </Card>

        {operator && <StatCards allowedPages={allowedPages} />}

        {operator && <TrendCard />}

        {/* the order module's list permission unlocks /order, and with it the payment figures */}
        {allowedPages.includes('/order') && <OrderStatsCard />}

        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card title="快捷入口" variant="borderless" style={{ height: '100%' }}>
              {quick.length ? (
                <Row gutter={[12, 12]}>
                  {quick.map((r) => (
                    <Col key={r.path} xs={12} sm={8} md={6}>
                      <Link to={r.path}>
                        <Card size="small" hoverable styles={{ body: { textAlign: 'center', padding: '16px 8px' } }}>
                          <div style={{ fontSize: 22, color: '#1677ff', marginBottom: 6 }}>{r.icon}</div>
                          <Typography.Text>{r.title}</Typography.Text>
                        </Card>
                      </Link>
                    </Col>
                  ))}
                </Row>
              ) : (
                <Typography.Text type="secondary">暂无可用的快捷入口</Typography.Text>
              )}
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title="站点信息" variant="borderless" style={{ height: '100%' }}>
              <Descriptions column={1} size="small" styles={{ label: { width: 110, color: '#8c8c8c' } }}>
                <Descriptions.Item label="网站名称">{siteName}</Descriptions.Item>
                <Descriptions.Item label="网站域名">{text(system.domain)}</Descriptions.Item>
                <Descriptions.Item label="程序版本">{text(system.version)}</Descriptions.Item>
                <Descriptions.Item label="当前账号">
                  <Space size={6}>
                    {user?.username ?? '—'}
                    {user?.is_vip && <Tag color="gold">VIP</Tag>}
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label="可管理模块">{modules} 个</Descriptions.Item>
                <Descriptions.Item label="网站状态">
                  {settings?.security?.is_close === true ? <Tag color="red">已关闭</Tag> : <Tag color="green">正常开放</Tag>}
                  {settings?.security?.login_required === true && <Tag color="orange">需登录访问</Tag>}
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
        </Row>

        {operator && (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <DeviceCard />
            </Col>
            <Col xs={24} xl={10}>
              <ReleaseCard />
            </Col>
          </Row>
        )}

        {/* the card keeps the bottom margin it has on the settings page; the column's gap already spaces it here */}
        {operator && (
          <div style={{ marginBottom: -16 }}>
            <ReindexCard />
          </div>
        )}

        {operator && <EnvsCard />}
      </Space>
    </AdminPage>
  );
}
