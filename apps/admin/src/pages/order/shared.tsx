import { Badge, Space, Tag, Tooltip, Typography } from 'antd';
import { ORDER_STATUS_OPTIONS, ORDER_TYPE_OPTIONS, OrderStatus, PAYMENT_METHOD_OPTIONS, labelOf, type TOrder } from '@wenku/contracts';
import { muted } from '../../components/crud';

const BADGE = { Warning: 'warning', Success: 'success', Default: 'default' } as const;

/** 待支付 / 已支付 / 已关闭, and a red 关闭后到账 when a payment arrived after the order had been closed. */
export function OrderStatusCell({ order }: { order: Pick<TOrder, 'status' | 'paid_after_close'> }) {
  const o = ORDER_STATUS_OPTIONS.find((x) => x.value === order.status);
  return (
    <Space size={4} wrap>
      <Badge status={o ? BADGE[o.status] : 'default'} text={o?.label ?? `状态${order.status}`} />
      {order.paid_after_close && (
        <Tooltip title="订单关闭后才收到付款，系统已照常发货，请核对款项">
          <Tag color="red" style={{ marginInlineEnd: 0 }}>
            关闭后到账
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** The payment method's name; `—` while none was chosen (0). */
export function PaymentMethodText({ value }: { value: number }) {
  return value ? <>{labelOf(PAYMENT_METHOD_OPTIONS, value)}</> : muted;
}

const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'green' };

export function OrderTypeTag({ value }: { value: number }) {
  return <Tag color={TYPE_COLORS[value]}>{labelOf(ORDER_TYPE_OPTIONS, value)}</Tag>;
}

/** The buyer: username over the user id. */
export function Buyer({ order }: { order: Pick<TOrder, 'username' | 'user_id'> }) {
  return (
    <span style={{ lineHeight: 1.4 }}>
      {order.username || '（已删除）'}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        ID {order.user_id}
      </Typography.Text>
    </span>
  );
}

export const isPending = (o: Pick<TOrder, 'status'>) => o.status === OrderStatus.Pending;
export const isClosed = (o: Pick<TOrder, 'status'>) => o.status === OrderStatus.Closed;
