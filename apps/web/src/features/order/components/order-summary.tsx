import { Descriptions, type DescriptionsProps } from 'antd';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { OrderType } from '@wenku/contracts/enums';
import type { TOrder } from '@wenku/contracts/schemas';
import { documentHref } from '../../document/lib/href';
import { formatFen, orderItemText, paymentMethodLabel } from '../lib';
import { OrderStatusTag } from './order-status-tag';

const TIME = 'YYYY-MM-DD HH:mm:ss';
type Item = NonNullable<DescriptionsProps['items']>[number];

/** What the order buys, its amount, status and times. */
export function OrderSummary({ order, creditName }: { order: TOrder; creditName: string }) {
  const rows: Item[] = [{ key: 'title', label: '商品', span: 'filled', children: <strong>{order.title}</strong> }];
  if (order.items.length > 0) {
    rows.push({
      key: 'items',
      label: '明细',
      span: 'filled',
      children: (
        <ul className="wk-order-items">
          {order.items.map((it, i) => (
            <li key={i}>
              {it.kind === OrderType.BuyDocument && it.document_uuid ? (
                <Link to={documentHref({ uuid: it.document_uuid })}>{orderItemText(it, creditName)}</Link>
              ) : (
                <span>{orderItemText(it, creditName)}</span>
              )}
              {order.items.length > 1 && <span className="wk-order-item-amount">{formatFen(it.amount)}</span>}
            </li>
          ))}
        </ul>
      ),
    });
  }
  rows.push(
    { key: 'no', label: '订单号', children: <span className="wk-order-no">{order.order_no}</span> },
    { key: 'status', label: '状态', children: <OrderStatusTag status={order.status} /> },
    { key: 'amount', label: '金额', children: <span className="wk-order-amount">{formatFen(order.amount)}</span> },
  );
  if (order.payment_type) rows.push({ key: 'pay', label: '支付方式', children: paymentMethodLabel(order.payment_type, creditName) });
  rows.push({ key: 'created', label: '创建时间', children: dayjs(order.created_at).format(TIME) });
  if (order.paid_at) rows.push({ key: 'paid', label: '支付时间', children: dayjs(order.paid_at).format(TIME) });
  else if (order.closed_at) rows.push({ key: 'closed', label: '关闭时间', children: dayjs(order.closed_at).format(TIME) });
  else if (order.expire_at) rows.push({ key: 'expire', label: '支付截止', children: dayjs(order.expire_at).format(TIME) });
  return <Descriptions className="wk-order-summary" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} size="small" items={rows} />;
}
