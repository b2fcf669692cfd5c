import type { TEnumOption } from './enum-option';

/** How an order is paid, spec §3. */
export const PaymentMethod = {
  Wechat: 1,
  Alipay: 2,
  BankCard: 3,
  Cash: 4,
  Credit: 5,
  SystemRecharge: 6,
  Other: 7,
  Hupijiao: 8,
  DownloadCode: 9,
  Advertising: 10,
} as const;
export type TPaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

export const PAYMENT_METHOD_OPTIONS = [
  { value: PaymentMethod.Wechat, label: '微信支付' },
  { value: PaymentMethod.Alipay, label: '支付宝' },
  { value: PaymentMethod.BankCard, label: '银行卡' },
  { value: PaymentMethod.Cash, label: '现金' },
  { value: PaymentMethod.Credit, label: '积分' },
  { value: PaymentMethod.SystemRecharge, label: '系统充值' },
  { value: PaymentMethod.Other, label: '其他' },
  { value: PaymentMethod.Hupijiao, label: '虎皮椒' },
  { value: PaymentMethod.DownloadCode, label: '下载码' },
  { value: PaymentMethod.Advertising, label: '广告' },
] as const satisfies readonly TEnumOption<TPaymentMethod>[];
