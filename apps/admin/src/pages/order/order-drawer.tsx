import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Result, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { ORDER_EVENT_LABELS, ORDER_TYPE_OPTIONS, VIP_CARD_OPTIONS, labelOf, type TOrderEvent, type TOrderItem } from '@wenku/contracts';
import { muted } from '../../components/crud';
import { api, client, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { formatFen } from '../../lib/money';
import { siteUrl } from '../../lib/session';
import { Buyer, OrderStatusCell, OrderTypeTag, PaymentMethodText } from './shared';

const EVENT_COLORS: Partial<Record<TOrderEvent['type'], string>> = {
  created: 'blue',
  pay_requested: 'blue',
  notified: 'blue',
  rejected: 'red',
  paid: 'green',
  refunded: 'orange',
  closed: 'gray',
  deleted: 'gray',
};

export const orderDetailKey = (orderNo: string) => ['order', 'detail', orderNo] as const;

/** What one line of an order buys, in words. */
function itemText(item: TOrderItem, creditName: string) {
  if (item.document_id || item.document_title) {
    const title = item.document_title || `文档 #${item.document_id}`;
    return item.document_uuid ? (
      <Typography.Link href={siteUrl(`/document/${item.document_uuid}`)} target="_blank" rel="noopener noreferrer">
        {title}
      </Typography.Link>
    ) : (
      title
    );
  }
  if (item.vip_card !== undefined) return `VIP ${labelOf(VIP_CARD_OPTIONS, item.vip_card)}${item.vip_days ? `（${item.vip_days}天）` : ''}`;
  return `${item.quantity.toLocaleString('zh-CN')} ${creditName}`;
}

function EventLog({ events }: { events: TOrderEvent[] }) {
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无事件记录" />;
  return (
    <Timeline
      items={events.map((e) => ({
        key: e.id,
        color: EVENT_COLORS[e.type] ?? 'gray',
        content: (
          <div data-testid="order-event">
            <Space size={6} wrap>
              <Typography.Text strong>{ORDER_EVENT_LABELS[e.type] ?? e.type}</Typography.Text>
              {e.payment_type > 0 && (
                <Tag style={{ marginInlineEnd: 0 }}>
                  <PaymentMethodText value={e.payment_type} />
                </Tag>
              )}
              {e.operator_id > 0 && <Typography.Text type="secondary">操作人 ID {e.operator_id}</Typography.Text>}
            </Space>
            {e.message && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', marginTop: 2 }}>{e.message}</div>}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {formatDateTime(e.created_at, true)}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}

/** GET /order?order_no: the order, its lines and (for administrators) its event log. */
export function OrderDrawer({ orderNo, creditName, onClose }: { orderNo: string; creditName: string; onClose: () => void }) {
  const q = useQuery({
    queryKey: orderDetailKey(orderNo),
    queryFn: ({ signal }) => client.call(api.getOrder, { query: { order_no: orderNo }, signal }),
  });
  const o = q.data;
  return (
    <Drawer open onClose={onClose} size={640} title={`订单详情：${orderNo}`} destroyOnHidden>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : q.isError ? (
        <Result status="error" title="加载订单失败" subTitle={errorMessage(q.error)} />
      ) : (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="订单号" span={{ xs: 1, sm: 2 }}>
              <Typography.Text copyable style={{ fontFamily: 'Menlo, Consolas, monospace' }}>
                {o!.order_no}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="标题" span={{ xs: 1, sm: 2 }}>
              {o!.title || muted}
            </Descriptions.Item>
            <Descriptions.Item label="类型">
              <OrderTypeTag value={o!.order_type} />
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <OrderStatusCell order={o!} />
            </Descriptions.Item>
            <Descriptions.Item label="金额">{formatFen(o!.amount)}</Descriptions.Item>
            <Descriptions.Item label={`${creditName}价`}>
              {o!.credit_price > 0 ? `${o!.credit_price.toLocaleString('zh-CN')} ${creditName}` : muted}
            </Descriptions.Item>
            <Descriptions.Item label="买家">
              <Buyer order={o!} />
            </Descriptions.Item>
            <Descriptions.Item label="支付方式">
              <PaymentMethodText value={o!.payment_type} />
            </Descriptions.Item>
            <Descriptions.Item label="交易号" span={{ xs: 1, sm: 2 }}>
              {o!.transaction_id ? <Typography.Text copyable>{o!.transaction_id}</Typography.Text> : muted}
            </Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatDateTime(o!.created_at, true)}</Descriptions.Item>
            <Descriptions.Item label="支付期限">{formatDateTime(o!.expire_at, true) || muted}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{formatDateTime(o!.paid_at, true) || muted}</Descriptions.Item>
            <Descriptions.Item label="关闭时间">{formatDateTime(o!.closed_at, true) || muted}</Descriptions.Item>
            <Descriptions.Item label="备注" span={{ xs: 1, sm: 2 }}>
              {o!.remark || muted}
            </Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>订单内容</Typography.Title>
            <Table<TOrderItem & { line: number }>
              size="small"
              rowKey="line"
              pagination={false}
              dataSource={o!.items.map((item, line) => ({ ...item, line }))}
              scroll={{ x: 380 }}
              locale={{ emptyText: '无' }}
              columns={[
                { title: '类型', dataIndex: 'kind', width: 96, render: (v: number) => labelOf(ORDER_TYPE_OPTIONS, v) },
                { title: '内容', key: 'what', render: (_, item) => itemText(item, creditName) },
                { title: '数量', dataIndex: 'quantity', width: 72, align: 'right' },
                { title: '金额', dataIndex: 'amount', width: 100, align: 'right', render: (v: number) => formatFen(v) },
              ]}
            />
          </div>

          <div>
            <Typography.Title level={5}>事件记录</Typography.Title>
            <EventLog events={o!.events ?? []} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
