import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { TOrderList } from '@wenku/contracts';
import { formatFen } from '../../lib/money';

type Totals = TOrderList['totals'];

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {label}
      </Typography.Text>
      <div style={{ fontSize: 20, fontWeight: 600, lineHeight: 1.4, color, fontVariantNumeric: 'tabular-nums', wordBreak: 'break-all' }}>{value}</div>
    </div>
  );
}

/** Sums over the whole filtered set, as the list answer carries them (not only the rows of this page). */
export function OrderTotalsBar({ totals }: { totals?: Totals }) {
  return (
    <Card variant="borderless" size="small" styles={{ body: { padding: '12px 24px' } }} aria-label="筛选结果合计">
      {totals ? (
        <Row gutter={[24, 8]}>
          <Col xs={12} md={6}>
            <Figure label="订单数" value={totals.count.toLocaleString('zh-CN')} />
          </Col>
          <Col xs={12} md={6}>
            <Figure label="金额" value={formatFen(totals.amount)} />
          </Col>
          <Col xs={12} md={6}>
            <Figure label="已支付" value={totals.paid_count.toLocaleString('zh-CN')} color="#52c41a" />
          </Col>
          <Col xs={12} md={6}>
            <Figure label="已收款" value={formatFen(totals.paid_amount)} color="#52c41a" />
          </Col>
        </Row>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 1, width: '100%' }} />
      )}
    </Card>
  );
}
