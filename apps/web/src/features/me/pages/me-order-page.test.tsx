import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import type { TOrder } from '@wenku/contracts/schemas';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi } from '../../../test/fetch';
import { testOrder, testUser } from '../../../test/fixtures';
import { session } from '../../../app/session';
import MeOrderPage from './me-order-page';

const RECHARGE = { enable: true, credit_name: '积分', credit_exchange: 10, recharge_discount: '100:1', pay_methods: [1] };

function mockApi(orders: () => TOrder[], onClose: (orderNo: string) => void = () => {}) {
  return stubApi((u, init) => {
    const method = init?.method ?? 'GET';
    if (u.pathname === '/api/v1/settings/recharge') return json(RECHARGE);
    if (u.pathname === '/api/v1/user/order') {
      const status = u.searchParams.getAll('status').map(Number);
      const list = orders().filter((o) => status.length === 0 || status.includes(o.status));
      return json({ total: list.length, order: list });
    }
    if (u.pathname === '/api/v1/order/close' && method === 'PUT') {
      const { order_no } = JSON.parse(String(init!.body)) as { order_no: string };
      onClose(order_no);
      return json(testOrder({ order_no, status: 3 }));
    }
    return undefined;
  });
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice' })));
  session.reset();
});

describe('<MeOrderPage>', () => {
  it('lists my orders with amount, method and status, filters by status, and closes a pending one after a confirmation', async () => {
    const orders = [
      testOrder({ id: 1, order_no: '20261124000000000001', title: '充值 100 积分', amount: 1000, status: 1 }),
      testOrder({ id: 2, order_no: '20261124000000000002', title: 'VIP年卡', order_type: 2, amount: 19900, status: 2, payment_type: 2 }),
    ];
    const closed: string[] = [];
    const fetchMock = mockApi(
      () => orders,
      (no) => {
        closed.push(no);
        orders[0] = { ...orders[0], status: 3 };
      },
    );
    renderAt(<MeOrderPage />, '/me/order');
    const row1 = (await screen.findByText('充值 100 积分')).closest('tr')!;
    expect(within(row1).getByText('¥10.00')).toBeTruthy();
    expect(within(row1).getByText('待支付')).toBeTruthy();
    expect(within(row1).getByRole('link', { name: '去支付' }).getAttribute('href')).toBe('/order?order_no=20261124000000000001');
    const row2 = screen.getByText('VIP年卡').closest('tr')!;
    expect(within(row2).getByText('¥199.00')).toBeTruthy();
    expect(within(row2).getByText('支付宝')).toBeTruthy();
    expect(within(row2).getByText('已支付')).toBeTruthy();
    expect(within(row2).queryByRole('button', { name: /关\s*闭/ })).toBeNull();

    fireEvent.click(within(row1).getByRole('button', { name: /关\s*闭/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确定关闭' }));
    await waitFor(() => expect(closed).toEqual(['20261124000000000001']));
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByText('充值 100 积分').closest('tr')!).getByText('已关闭')).toBeTruthy());

    fireEvent.click(screen.getByRole('tab', { name: '已支付' }));
    await waitFor(() => expect(screen.queryByText('充值 100 积分')).toBeNull());
    expect(screen.getByText('VIP年卡')).toBeTruthy();
    const statuses = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/v1/user/order')
      .map((u) => u.searchParams.get('status'));
    expect(statuses).toContain('2');
    expect(statuses[0]).toBeNull();
  });

  it('lists orders as cards at 390 px', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      mockApi(() => [testOrder({ id: 1, order_no: '20261124000000000001', title: '充值 100 积分', amount: 1000, status: 1 })]);
      renderAt(<MeOrderPage />, '/me/order');
      const title = await screen.findByText('充值 100 积分');
      expect(title.closest('a')?.getAttribute('href')).toBe('/order?order_no=20261124000000000001');
      const card = title.closest('li')!;
      expect(card.closest('table')).toBeNull();
      expect(within(card).getByText('¥10.00')).toBeTruthy();
      expect(within(card).getByText('待支付')).toBeTruthy();
      expect(within(card).getByRole('button', { name: /关\s*闭/ })).toBeTruthy();
    } finally {
      window.innerWidth = width;
    }
  });

  it('shows the empty state', async () => {
    mockApi(() => []);
    renderAt(<MeOrderPage />, '/me/order');
    expect(await screen.findByText('暂无订单')).toBeTruthy();
  });
});
