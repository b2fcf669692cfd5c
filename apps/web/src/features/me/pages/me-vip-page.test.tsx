import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi } from '../../../test/fetch';
import { testOrder, testUser } from '../../../test/fixtures';
import { session } from '../../../app/session';
import MeVipPage from './me-vip-page';

const VIP = {
  enable: true,
  is_vip: true,
  vip_expire_at: '2027-03-01T12:00:00Z',
  cards: [
    { card: 0, title: '年卡', days: 365, price: 199 },
    { card: 1, title: '季卡', days: 92, price: 69 },
    { card: 2, title: '月卡', days: 31, price: 29 },
  ],
  free_download: false,
  times_every_day: 0,
};

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice', is_vip: true })));
  session.reset();
});

describe('<MeVipPage>', () => {
  it('shows the expiry, the VIP orders, and renews with the chosen card', async () => {
    const bodies: unknown[] = [];
    stubApi((u, init) => {
      if (u.pathname === '/api/v1/user/vip') return json(VIP);
      if (u.pathname === '/api/v1/user/vip/order') {
        return json({
          total: 1,
          order: [testOrder({ id: 3, order_no: '20261101000000000003', order_type: 2, title: 'VIP年卡', amount: 19900, status: 2, payment_type: 1 })],
        });
      }
      if (u.pathname === '/api/v1/order' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return json(testOrder({ order_no: '20261124000000000042', order_type: 2 }));
      }
      return undefined;
    });
    renderAt(<MeVipPage />, '/me/vip');
    expect(await screen.findByText(/有效期至 2027年3月1日/)).toBeTruthy();
    expect(await screen.findByText('¥199.00')).toBeTruthy();
    expect(screen.getByText('已支付')).toBeTruthy();
    expect(screen.getByText('微信支付')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /季卡/ }));
    fireEvent.click(screen.getByRole('button', { name: /立即续费 · 季卡/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order?order_no=20261124000000000042'));
    expect(bodies).toEqual([{ order_type: 2, vip_card: 1 }]);
  });
});
