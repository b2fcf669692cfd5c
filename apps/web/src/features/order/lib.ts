import { ORDER_STATUS_OPTIONS, OrderStatus, OrderType, PAYMENT_METHOD_OPTIONS, PaymentMethod, VIP_CARD_OPTIONS } from '@wenku/contracts/enums';
import type { TOrder, TOrderItem } from '@wenku/contracts/schemas';

/** Integer fen as yuan with two decimals and the currency sign: 1230 → '¥12.30'. The one money formatter of orders. */
export function formatFen(fen: number): string {
  if (!Number.isFinite(fen)) return '¥0.00';
  const sign = fen < 0 ? '-' : '';
  const abs = Math.round(Math.abs(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The order page's address. */
export function orderHref(orderNo: string): string {
  return `/order?order_no=${encodeURIComponent(orderNo)}`;
}

/** 待支付 / 已支付 / 已关闭, and the antd Tag colour. */
export function orderStatusView(status: number): { label: string; color: string } {
  const label = ORDER_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? '未知';
  const color = status === OrderStatus.Paid ? 'success' : status === OrderStatus.Closed ? 'default' : status === OrderStatus.Pending ? 'warning' : 'default';
  return { label, color };
}

/** The payment method's label (微信支付, 支付宝, 积分, ...); '—' before one is chosen. */
export function paymentMethodLabel(type: number, creditName = '积分'): string {
  if (!type) return '—';
  if (type === PaymentMethod.Credit) return `${creditName}支付`;
  return PAYMENT_METHOD_OPTIONS.find((o) => o.value === type)?.label ?? '其他';
}

/** One line of an order in words: '充值 100 积分', 'VIP年卡（365 天）', the document's title. */
export function orderItemText(item: TOrderItem, creditName = '积分'): string {
  if (item.kind === OrderType.Recharge) return `充值 ${item.quantity} ${creditName}`;
  if (item.kind === OrderType.BuyVip) {
    const card = VIP_CARD_OPTIONS.find((o) => o.value === item.vip_card);
    const days = item.vip_days ?? card?.days;
    return `VIP${card?.label ?? '会员'}${days ? `（${days} 天）` : ''}`;
  }
  return item.document_title || '文档';
}

/** The online methods (WeChat, Alipay, Hupijiao) of GET /settings/recharge's pay_methods, in that order. */
export const ONLINE_METHOD_ORDER = [PaymentMethod.Wechat, PaymentMethod.Alipay, PaymentMethod.Hupijiao] as const;
export type BuyerPayMethod = (typeof ONLINE_METHOD_ORDER)[number] | typeof PaymentMethod.Credit;

export function onlinePayMethods(payMethods: readonly number[] | undefined): BuyerPayMethod[] {
  const set = new Set(payMethods ?? []);
  return ONLINE_METHOD_ORDER.filter((m) => set.has(m));
}

/** The methods the order page offers: the online ones, then credits when the order has a credit price. */
export function orderPayMethods(payMethods: readonly number[] | undefined, order: Pick<TOrder, 'credit_price'>): BuyerPayMethod[] {
  const list = onlinePayMethods(payMethods);
  if (order.credit_price > 0) list.push(PaymentMethod.Credit);
  return list;
}

/**
 * Why a recharge quantity cannot be ordered, or null when it can: a positive whole multiple of credit_exchange
 * (the server's rule), so the price is whole fen.
 */
export function rechargeQuantityError(quantity: number | null | undefined, creditExchange: number, creditName = '积分'): string | null {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity) || quantity <= 0) return `请输入充值${creditName}数量`;
  if (!Number.isInteger(quantity)) return `充值${creditName}数量必须是整数`;
  const step = creditExchange > 0 ? creditExchange : 1;
  if (quantity % step !== 0) return `充值数量必须是 ${step} 的整数倍（1 元 = ${step} ${creditName}）`;
  return null;
}

/** 'Alipay: the mobile cashier' — a phone by its user agent or a narrow screen. */
export function isPhoneBrowser(isMobileScreen: boolean, userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return isMobileScreen || /Android|iPhone|iPod|Mobile|HarmonyOS/i.test(userAgent);
}

/** Poll the status of a pending order for this long after the page opened. */
export const ORDER_POLL_MS = 2000;
export const ORDER_POLL_LIMIT_MS = 15 * 60_000;
