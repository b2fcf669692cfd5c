import { describe, expect, it } from 'vitest';
import { testOrder } from '../../test/fixtures';
import {
  formatFen,
  isPhoneBrowser,
  onlinePayMethods,
  orderHref,
  orderItemText,
  orderPayMethods,
  orderStatusView,
  paymentMethodLabel,
  rechargeQuantityError,
} from './lib';

describe('order lib', () => {
  it('formats fen as yuan with two decimals', () => {
    expect(formatFen(1230)).toBe('¥12.30');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(19900)).toBe('¥199.00');
    expect(formatFen(-250)).toBe('-¥2.50');
    expect(formatFen(Number.NaN)).toBe('¥0.00');
  });
  it('links to the order page', () => {
    expect(orderHref('2026 1')).toBe('/order?order_no=2026%201');
  });
  it('labels statuses, methods and items', () => {
    expect(orderStatusView(1)).toEqual({ label: '待支付', color: 'warning' });
    expect(orderStatusView(2).label).toBe('已支付');
    expect(orderStatusView(3).label).toBe('已关闭');
    expect(paymentMethodLabel(0)).toBe('—');
    expect(paymentMethodLabel(1)).toBe('微信支付');
    expect(paymentMethodLabel(5, '金币')).toBe('金币支付');
    expect(paymentMethodLabel(8)).toBe('虎皮椒');
    expect(orderItemText({ kind: 3, quantity: 100, amount: 1000 }, '金币')).toBe('充值 100 金币');
    expect(orderItemText({ kind: 2, quantity: 1, amount: 19900, vip_card: 0, vip_days: 365 })).toBe('VIP年卡（365 天）');
    expect(orderItemText({ kind: 2, quantity: 1, amount: 2900, vip_card: 2 })).toBe('VIP月卡（31 天）');
    expect(orderItemText({ kind: 1, quantity: 1, amount: 100, document_title: '线性代数' })).toBe('线性代数');
  });
  it('offers the enabled online methods, then credits when the order has a credit price', () => {
    expect(onlinePayMethods([8, 2, 1, 5, 3])).toEqual([1, 2, 8]);
    expect(onlinePayMethods(undefined)).toEqual([]);
    expect(orderPayMethods([2], testOrder({ credit_price: 0 }))).toEqual([2]);
    expect(orderPayMethods([2], testOrder({ credit_price: 30 }))).toEqual([2, 5]);
    expect(orderPayMethods([], testOrder({ credit_price: 30 }))).toEqual([5]);
  });
  it('accepts only positive multiples of credit_exchange', () => {
    expect(rechargeQuantityError(100, 10)).toBeNull();
    expect(rechargeQuantityError(null, 10)).toBe('请输入充值积分数量');
    expect(rechargeQuantityError(0, 10)).toBe('请输入充值积分数量');
    expect(rechargeQuantityError(15, 10, '金币')).toBe('充值数量必须是 10 的整数倍（1 元 = 10 金币）');
    expect(rechargeQuantityError(1.5, 1)).toBe('充值积分数量必须是整数');
    expect(rechargeQuantityError(7, 0)).toBeNull();
  });
  it('tells a phone by its screen or user agent', () => {
    expect(isPhoneBrowser(true, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(isPhoneBrowser(false, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isPhoneBrowser(false, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe(false);
  });
});
