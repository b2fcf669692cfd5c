import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import type { TOrderStats } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';
import { formatFen } from '../../lib/money';

const DAYS = 30;
const CHART_HEIGHT = 120;
/** each day's slot in viewBox units; the bar takes most of it, the rest is the gap */
const SLOT = 10;
const BAR = 7;

type Day = TOrderStats['days'][number];

/** `2026-11-24` → `11-24` (any other text as it came). */
const shortDate = (date: string) => (/^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(5, 10) : date);

/** Bar heights in viewBox units: the best day reaches the top; a day with any money stays visible (at least 2). */
export function barHeights(days: readonly Pick<Day, 'amount'>[], height = CHART_HEIGHT): number[] {
  const max = Math.max(0, ...days.map((d) => d.amount));
  return days.map((d) => (max > 0 && d.amount > 0 ? Math.max(2, Math.round((d.amount / max) * height)) : 0));
}

/** Paid amount per day as SVG bars (no chart library): stretched to the card's width, a tooltip per day. */
function DailyBars({ days }: { days: Day[] }) {
  const heights = barHeights(days);
  const width = days.length * SLOT;
  const mid = days[Math.floor(days.length / 2)];
  return (
    <div>
      <svg
        role="img"
        aria-label={`近${days.length}天每日收款`}
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        style={{ display: 'block', width: '100%', height: CHART_HEIGHT }}
      >
        <line x1={0} x2={width} y1={CHART_HEIGHT - 0.5} y2={CHART_HEIGHT - 0.5} stroke="#f0f0f0" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {days.map((d, i) => (
          <g key={d.date} data-date={d.date}>
            <title>{`${d.date}：${formatFen(d.amount)}（${d.count} 笔）`}</title>
            {/* the whole column answers the hover, not only the bar */}
            <rect x={i * SLOT} y={0} width={SLOT} height={CHART_HEIGHT} fill="transparent" />
            <rect
              className="order-stats-bar"
              x={i * SLOT + (SLOT - BAR) / 2}
              y={CHART_HEIGHT - heights[i]}
              width={BAR}
              height={heights[i]}
              rx={1}
              fill={i === days.length - 1 ? '#1677ff' : '#69b1ff'}
            />
          </g>
        ))}
      </svg>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 4, fontSize: 12, color: '#8c8c8c' }}>
        <span>{shortDate(days[0].date)}</span>
        {days.length > 2 && <span>{shortDate(mid.date)}</span>}
        <span>{shortDate(days[days.length - 1].date)}</span>
      </div>
    </div>
  );
}

/** 近30天收款: GET /order/stats?days=30, the total on top and the paid amount per day below. */
export function OrderStatsCard() {
  const q = useQuery({
    queryKey: ['dashboard', 'order-stats', DAYS],
    queryFn: ({ signal }) => client.call(api.orderStats, { query: { days: DAYS }, signal }),
    staleTime: 60_000,
  });
  const s = q.data;
  return (
    <Card title={`近${DAYS}天收款`} variant="borderless" extra={<Link to="/order">查看订单</Link>}>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : q.isError ? (
        <Alert
          type="warning"
          showIcon
          title="收款统计加载失败"
          description={errorMessage(q.error)}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space size={[16, 4]} wrap align="baseline">
            <span style={{ fontSize: 26, fontWeight: 600, color: '#1f1f1f', fontVariantNumeric: 'tabular-nums' }}>{formatFen(s!.total_amount)}</span>
            <Typography.Text type="secondary">共 {s!.total_count.toLocaleString('zh-CN')} 笔已支付订单</Typography.Text>
          </Space>
          {s!.days.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无收款数据" /> : <DailyBars days={s!.days} />}
        </Space>
      )}
    </Card>
  );
}
