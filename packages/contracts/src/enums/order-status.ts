import { z } from 'zod';
import type { TEnumOption } from './enum-option';

/** Order lifecycle, spec §4. */
export const OrderStatus = {
  Pending: 1,
  Paid: 2,
  Closed: 3,
} as const;
export const ZOrderStatus = z.enum(OrderStatus);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

export const ORDER_STATUS_OPTIONS = [
  { value: OrderStatus.Pending, label: '待支付', status: 'Warning' },
  { value: OrderStatus.Paid, label: '已支付', status: 'Success' },
  { value: OrderStatus.Closed, label: '已关闭', status: 'Default' },
] as const satisfies readonly TEnumOption<TOrderStatus>[];
