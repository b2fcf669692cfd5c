import { describe, expect, it } from 'vitest';
import { ZCreateOrderBody, ZListOrdersQuery, ZPayOrderBody, ZSystemRechargeBody, zOrderNo } from '../src/order/schemas';

describe('order schemas', () => {
  it('a recharge needs a positive whole quantity, a VIP order a card, a document order a document', () => {
    expect(ZCreateOrderBody.parse({ order_type: 3, quantity: 100 })).toEqual({ order_type: 3, quantity: 100 });
    expect(ZCreateOrderBody.safeParse({ order_type: 3 }).error?.issues[0].message).toBe('请输入充值数量');
    expect(ZCreateOrderBody.safeParse({ order_type: 2 }).error?.issues[0].message).toBe('请选择VIP卡');
    expect(ZCreateOrderBody.safeParse({ order_type: 1 }).error?.issues[0].message).toBe('请选择要购买的文档');
    expect(ZCreateOrderBody.safeParse({ order_type: 3, quantity: 0 }).success).toBe(false);
    expect(ZCreateOrderBody.safeParse({ order_type: 3, quantity: 2.5 }).success).toBe(false);
    expect(ZCreateOrderBody.safeParse({ order_type: 4, quantity: 10 }).success).toBe(false);
    expect(ZCreateOrderBody.safeParse({ order_type: 2, vip_card: 3 }).success).toBe(false);
  });

  it('a client-sent price is not part of the body', () => {
    expect(ZCreateOrderBody.parse({ order_type: 3, quantity: 10, amount: 1 } as never)).not.toHaveProperty('amount');
  });

  it('order numbers are 6–32 letters and digits', () => {
    expect(zOrderNo.parse(' 2026112418593312345678 ')).toBe('2026112418593312345678');
    for (const bad of ["1' OR '1'='1", 'abc', 'x'.repeat(33), '１２３４５６７', '123456\u0000']) expect(zOrderNo.safeParse(bad).success).toBe(false);
  });

  it('a buyer pays by WeChat, Alipay, Hupijiao or credits; never by system recharge or cash', () => {
    for (const m of [1, 2, 5, 8]) expect(ZPayOrderBody.safeParse({ order_no: '2026112400000000000001', payment_type: m }).success).toBe(true);
    for (const m of [0, 3, 4, 6, 7, 9, 10, '1'])
      expect(ZPayOrderBody.safeParse({ order_no: '2026112400000000000001', payment_type: m }).error?.issues[0].message).toBe('不支持的支付方式');
    expect(ZPayOrderBody.parse({ order_no: '2026112400000000000001', payment_type: 2 }).mobile).toBe(false);
  });

  it('the admin list reads repeated and comma-separated filters from a query string', () => {
    expect(ZListOrdersQuery.parse({ status: ['1', '2'], payment_type: '1,8', paid_after_close: 'true' })).toMatchObject({
      status: [1, 2],
      payment_type: [1, 8],
      paid_after_close: true,
    });
    expect(ZListOrdersQuery.safeParse({ status: '9' }).success).toBe(false);
    expect(ZListOrdersQuery.safeParse({ created_at: ['garbage'] }).success).toBe(false);
  });

  it('system recharge: a whole positive number of credits', () => {
    expect(ZSystemRechargeBody.safeParse({ user_id: 2, quantity: -1 }).error?.issues[0].message).toBe('充值数量必须大于 0');
    expect(ZSystemRechargeBody.safeParse({ user_id: 2, quantity: 1.5 }).error?.issues[0].message).toBe('充值数量必须是整数');
    expect(ZSystemRechargeBody.parse({ user_id: 2, quantity: 5 })).toEqual({ user_id: 2, quantity: 5, remark: '' });
  });
});
