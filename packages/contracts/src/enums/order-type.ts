import type { TEnumOption } from './enum-option';

/** What an order buys (`order_type`; the spec's "order item kinds"), spec §3. */
export const OrderType = {
  BuyDocument: 1,
  BuyVip: 2,
  Recharge: 3,
} as const;
export type TOrderType = (typeof OrderType)[keyof typeof OrderType];

export const ORDER_TYPE_OPTIONS = [
  { value: OrderType.BuyDocument, label: '购买文档' },
  { value: OrderType.BuyVip, label: '购买VIP' },
  { value: OrderType.Recharge, label: '积分充值' },
] as const satisfies readonly TEnumOption<TOrderType>[];
