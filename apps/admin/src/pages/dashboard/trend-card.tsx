import { Suspense, lazy, useMemo, useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Segmented, Skeleton, Statistic } from 'antd';
import { QUICK_DATE_RANGES, TREND_SERIES, TREND_SERIES_LABELS, type TStatsTrend, type TTrendSeries } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';
import type { ChartOption } from './echart';

// the chart library is its own chunk: the dashboard's cards show before it has loaded
const EChart = lazy(() => import('./echart'));

export const TREND_COLORS: Record<TTrendSeries, string> = {
  users: '#1677ff',
  documents: '#52c41a',
  downloads: '#faad14',
  paid_orders: '#eb2f96',
  chat_messages: '#722ed1',
};

/** `2026-11-24` → `11-24`. */
const shortDate = (d: string) => d.slice(5);

/**
 * The chart of GET /stats/trend: one line per series over the range; bars when the range is a week or less (a
 * line through one or seven points says less than bars do).
 */
export function trendOption(data: TStatsTrend, compact = false): ChartOption {
  const bars = data.days.length <= 7;
  return {
    color: TREND_SERIES.map((k) => TREND_COLORS[k]),
    tooltip: { trigger: 'axis', axisPointer: { type: bars ? 'shadow' : 'line' } },
    // on a phone the totals above the chart name the colours; the legend would take two rows
    legend: { show: !compact, top: 0, left: 0, icon: 'roundRect', itemWidth: 12, itemHeight: 8, textStyle: { color: '#595959' } },
    grid: { left: 8, right: 16, top: compact ? 16 : 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: bars,
      data: data.days.map((d) => shortDate(d.date)),
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisTick: { show: false },
      axisLabel: { color: '#8c8c8c', hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitLine: { lineStyle: { color: '#f0f0f0' } },
      axisLabel: { color: '#8c8c8c' },
    },
    series: TREND_SERIES.map((k) =>
      bars
        ? { type: 'bar' as const, name: TREND_SERIES_LABELS[k], data: data.days.map((d) => d[k]), barMaxWidth: 18, itemStyle: { borderRadius: [3, 3, 0, 0] } }
        : {
            type: 'line' as const,
            name: TREND_SERIES_LABELS[k],
            data: data.days.map((d) => d[k]),
            smooth: true,
            showSymbol: data.days.length <= 31,
            symbolSize: 5,
            lineStyle: { width: 2 },
          },
    ),
  };
}

/** 运营趋势: per-day new users, uploads, downloads, paid orders and AI questions over the spec's quick ranges. */
export function TrendCard() {
  const [days, setDays] = useState<number>(7);
  const q = useQuery({
    queryKey: ['dashboard', 'trend', days],
    queryFn: ({ signal }) => client.call(api.getStatsTrend, { query: { days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const compact = typeof window !== 'undefined' && window.innerWidth < 576;
  const option = useMemo(() => (q.data ? trendOption(q.data, compact) : undefined), [q.data, compact]);
  const ranges = (
    <Segmented
      size="small"
      value={days}
      onChange={(v) => setDays(Number(v))}
      options={QUICK_DATE_RANGES.map((r) => ({ label: r.label.replace(/^近/, ''), value: r.days }))}
      aria-label="时间范围"
    />
  );
  return (
    // a phone has no room beside the title: the ranges go on their own line
    <Card title="运营趋势" variant="borderless" extra={compact ? undefined : ranges}>
      {compact && <div style={{ marginBottom: 16 }}>{ranges}</div>}
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : q.isError ? (
        <Alert
          type="warning"
          showIcon
          title="趋势数据加载失败"
          description={errorMessage(q.error)}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          <Row gutter={[16, 12]} style={{ marginBottom: 12 }}>
            {TREND_SERIES.map((k) => (
              <Col key={k} xs={12} sm={8} md={4} xl={4}>
                <Statistic
                  title={
                    <span>
                      <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 2, background: TREND_COLORS[k], marginRight: 6 }} />
                      {TREND_SERIES_LABELS[k]}
                    </span>
                  }
                  value={q.data.totals[k]}
                  styles={{ content: { fontSize: 20, fontVariantNumeric: 'tabular-nums' } }}
                />
              </Col>
            ))}
          </Row>
          <div style={{ fontSize: 12, color: '#8c8c8c', marginBottom: 4 }} data-testid="trend-range">
            {q.data.start === q.data.end ? q.data.end : `${q.data.start} 至 ${q.data.end}`}
          </div>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: compact ? 260 : 320 }} />}>
            <EChart option={option!} height={compact ? 260 : 320} label={`近${q.data.days.length}天运营趋势`} />
          </Suspense>
        </>
      )}
    </Card>
  );
}
