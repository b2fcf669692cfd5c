import type { TEnumOption } from './enum-option';

/** Order lifecycle, spec §4. */
export const OrderStatus = {
  Pending: 1,
  Paid: 2,
  Closed: 3,
} as const;
export type TOrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const ORDER_STATUS_OPTIONS = [
  { value: OrderStatus.Pending, label: '待支付', status: 'Warning' },
  { value: OrderStatus.Paid, label: '已支付', status: 'Success' },
  { value: OrderStatus.Closed, label: '已关闭', status: 'Default' },
] as const satisfies readonly TEnumOption<TOrderStatus>[];
