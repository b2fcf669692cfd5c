import { Tag } from 'antd';
import { orderStatusView } from '../lib';

/** 待支付 / 已支付 / 已关闭 as a coloured tag. */
export function OrderStatusTag({ status }: { status: number }) {
  const v = orderStatusView(status);
  return <Tag color={v.color}>{v.label}</Tag>;
}
