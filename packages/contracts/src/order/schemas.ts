import { z } from 'zod';
import { INT4_MAX, zDateString, zInt4, zNullableTimestamp, zQueryArray, zQueryBool, zTimestamp } from '../common/schemas';
import { ZOrderStatus, ZOrderType, ZPaymentMethod, ZVipCard } from '../enums/schemas';
import { OrderType } from '../enums/order-type';
import { PaymentMethod } from '../enums/payment-method';

/** Order numbers are ours (digits, 20–32 long); anything else never reaches a query. */
export const zOrderNo = z
  .string({ error: '请提供订单号' })
  .trim()
  .regex(/^[0-9A-Za-z]{6,32}$/, '订单号格式不正确');

/** The largest recharge in credits, and the largest order amount in fen (1 000 000 yuan). */
export const MAX_RECHARGE_CREDITS = 100_000_000;
export const MAX_ORDER_FEN = 100_000_000;

/**
 * POST /order. The server computes every amount from the settings and the document; a client never sends a price.
 * - recharge (3): `quantity` credits, a positive multiple of pay.credit_exchange;
 * - VIP (2): `vip_card` 0 year / 1 season / 2 month;
 * - document (1): `document_id` of a document priced in credits.
 */
export const ZCreateOrderBody = z
  .object({
    order_type: ZOrderType,
    quantity: zInt4.min(1, '充值数量必须大于 0').max(MAX_RECHARGE_CREDITS, '单次充值数量过大').optional(),
    document_id: zInt4.positive().optional(),
    vip_card: ZVipCard.optional(),
  })
  .refine((b) => b.order_type !== OrderType.Recharge || b.quantity !== undefined, { message: '请输入充值数量', path: ['quantity'] })
  .refine((b) => b.order_type !== OrderType.BuyVip || b.vip_card !== undefined, { message: '请选择VIP卡', path: ['vip_card'] })
  .refine((b) => b.order_type !== OrderType.BuyDocument || b.document_id !== undefined, { message: '请选择要购买的文档', path: ['document_id'] });
export type TCreateOrderBody = z.input<typeof ZCreateOrderBody>;

/** One line of an order: what it buys. */
export const ZOrderItem = z.object({
  kind: ZOrderType,
  quantity: z.number().int(),
  /** price of the line in fen */
  amount: z.number().int(),
  document_id: z.number().int().optional(),
  document_uuid: z.string().optional(),
  document_title: z.string().optional(),
  vip_card: ZVipCard.optional(),
  vip_days: z.number().int().optional(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  order_type: ZOrderType,
  status: ZOrderStatus,
  /** integer fen */
  amount: z.number().int(),
  /** credits it costs when paid with credits; 0 when credits cannot pay it (a recharge) */
  credit_price: z.number().int(),
  /** 0 until a payment method is chosen */
  payment_type: z.number().int(),
  title: z.string(),
  items: z.array(ZOrderItem),
  user_id: z.number().int(),
  username: z.string().optional(),
  remark: z.string(),
  /** the vendor's transaction number once paid */
  transaction_id: z.string().optional(),
  /** a payment arrived after the order had been closed (delivered anyway; the admin sees the flag) */
  paid_after_close: z.boolean(),
  created_at: zTimestamp,
  expire_at: zNullableTimestamp,
  paid_at: zNullableTimestamp,
  closed_at: zNullableTimestamp,
});
export type TOrder = z.infer<typeof ZOrder>;

export const ORDER_EVENT_TYPES = ['created', 'pay_requested', 'notified', 'rejected', 'paid', 'refunded', 'closed', 'deleted'] as const;
export const ORDER_EVENT_LABELS: Record<(typeof ORDER_EVENT_TYPES)[number], string> = {
  created: '创建订单',
  pay_requested: '发起支付',
  notified: '收到支付通知',
  rejected: '拒绝支付通知',
  paid: '支付成功并发货',
  refunded: '退还付款',
  closed: '关闭订单',
  deleted: '删除订单',
};
export const ZOrderEvent = z.object({
  id: z.number().int(),
  type: z.enum(ORDER_EVENT_TYPES),
  payment_type: z.number().int(),
  message: z.string(),
  operator_id: z.number().int(),
  created_at: zTimestamp,
});
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

/** GET /order: the order; its event log for administrators. */
export const ZOrderDetail = ZOrder.extend({ events: z.array(ZOrderEvent).optional() });
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

export const ZOrderNoQuery = z.object({ order_no: zOrderNo });
/** `check=1` ("I have paid"): also ask the gateway, in case its notification is late or cannot reach the site */
export const ZOrderStatusQuery = z.object({ order_no: zOrderNo, check: zQueryBool });
export const ZOrderNoBody = z.object({ order_no: zOrderNo });

export const ZOrderStatusAnswer = z.object({
  order_no: z.string(),
  status: ZOrderStatus,
  payment_type: z.number().int(),
  paid_at: zNullableTimestamp,
  closed_at: zNullableTimestamp,
});
export type TOrderStatusAnswer = z.infer<typeof ZOrderStatusAnswer>;

/** Payment methods a buyer can choose on the order page. */
export const ONLINE_PAYMENT_METHODS = [PaymentMethod.Wechat, PaymentMethod.Alipay, PaymentMethod.Hupijiao] as const;
export const BUYER_PAYMENT_METHODS = [...ONLINE_PAYMENT_METHODS, PaymentMethod.Credit] as const;

export const ZPayOrderBody = z.object({
  order_no: zOrderNo,
  payment_type: z.union(BUYER_PAYMENT_METHODS.map((m) => z.literal(m)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<8>, z.ZodLiteral<5>], {
    error: '不支持的支付方式',
  }),
  /** Alipay: the mobile cashier (alipay.trade.wap.pay) instead of the desktop one */
  mobile: z.boolean().default(false),
});
export type TPayOrderBody = z.input<typeof ZPayOrderBody>;

/** What the order page does next: show `code_url` as a QR code (WeChat), open `pay_url` (Alipay, Hupijiao), or nothing (paid). */
export const ZPayOrderAnswer = z.object({
  order_no: z.string(),
  payment_type: z.number().int(),
  status: ZOrderStatus,
  code_url: z.string().optional(),
  pay_url: z.string().optional(),
  /** Hupijiao: an image URL of its QR code */
  qrcode_url: z.string().optional(),
});
export type TPayOrderAnswer = z.infer<typeof ZPayOrderAnswer>;

export const ZListMyOrdersQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(100).default(10),
  status: zQueryArray(z.coerce.number().pipe(ZOrderStatus)),
  order_type: zQueryArray(z.coerce.number().pipe(ZOrderType)),
});

export const ZListOrdersQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(1000).default(10),
  /** order number, title or buyer's username */
  wd: z.string().trim().max(64).optional(),
  status: zQueryArray(z.coerce.number().pipe(ZOrderStatus)),
  order_type: zQueryArray(z.coerce.number().pipe(ZOrderType)),
  payment_type: zQueryArray(z.coerce.number().pipe(ZPaymentMethod)),
  user_id: zQueryArray(zInt4.positive()),
  /** [from, to] */
  created_at: zQueryArray(zDateString),
  /** only orders paid after they had been closed */
  paid_after_close: z.preprocess((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === true), z.boolean().optional()),
});
export type TListOrdersQuery = z.input<typeof ZListOrdersQuery>;

/** Sums over the whole filtered set (not just the page). */
export const ZOrderTotals = z.object({
  count: z.number().int(),
  amount: z.number().int(),
  paid_count: z.number().int(),
  paid_amount: z.number().int(),
});
export const ZOrderList = z.object({ total: z.number().int(), order: z.array(ZOrder), totals: ZOrderTotals });
export type TOrderList = z.infer<typeof ZOrderList>;

export const ZSystemRechargeBody = z.object({
  user_id: z.number({ error: '请选择用户' }).int().positive().max(INT4_MAX),
  quantity: z.number({ error: '请输入充值数量' }).int('充值数量必须是整数').min(1, '充值数量必须大于 0').max(MAX_RECHARGE_CREDITS, '单次充值数量过大'),
  remark: z.string().trim().max(255, '备注最多255个字符').default(''),
});

export const ZDeleteOrdersQuery = z.object({
  id: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(zInt4.positive()).min(1, '请选择要删除的订单')),
});

/** Paid amount per day (the dashboard's card). */
export const ZOrderStatsQuery = z.object({ days: zInt4.min(1).max(366).default(30) });
export const ZOrderStats = z.object({
  days: z.array(z.object({ date: z.string(), amount: z.number().int(), count: z.number().int() })),
  total_amount: z.number().int(),
  total_count: z.number().int(),
});
export type TOrderStats = z.infer<typeof ZOrderStats>;

/** Admin "test connection": a signed query to one gateway, and what it answered. */
export const ZTestPayBody = z.object({
  payment_type: z.union([z.literal(PaymentMethod.Wechat), z.literal(PaymentMethod.Alipay), z.literal(PaymentMethod.Hupijiao)], { error: '不支持的支付方式' }),
});
export const ZTestPayAnswer = z.object({ ok: z.boolean(), message: z.string(), latency_ms: z.number() });

/** WeChat Pay platform certificates (the platform-certificate mode), as downloaded and stored. */
export const ZWechatpayCerts = z.object({
  mode: z.enum(['public_key', 'certificate']),
  certificates: z.array(z.object({ serial_no: z.string(), effective_time: z.string(), expire_time: z.string() })),
});
