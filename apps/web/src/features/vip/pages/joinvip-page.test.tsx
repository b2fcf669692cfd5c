import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi, testSettings } from '../../../test/fetch';
import { testOrder, testUser } from '../../../test/fixtures';
import { session } from '../../../app/session';
import JoinVipPage from './joinvip-page';

const VIP = {
  enable: true,
  is_vip: false,
  vip_expire_at: null,
  cards: [
    { card: 0, title: '年卡', days: 365, price: 199 },
    { card: 1, title: '季卡', days: 92, price: 69 },
    { card: 2, title: '月卡', days: 31, price: 29 },
  ],
  free_download: true,
  times_every_day: 20,
};

function signIn() {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice' })));
  session.reset();
}

function mockApi(vip: object, createOrder: (b: unknown) => Promise<Response> = () => json(testOrder())) {
  return stubApi(
    (u, init) => {
      if (u.pathname === '/api/v1/user/vip') return json(vip);
      if (u.pathname === '/api/v1/order' && init?.method === 'POST') return createOrder(JSON.parse(String(init.body)));
      return undefined;
    },
    testSettings({ vip: { enable: true } }),
  );
}

beforeEach(() => {
  localStorage.clear();
  session.reset();
});

describe('<JoinVipPage>', () => {
  it('creates the VIP order of the chosen card and opens its page', async () => {
    signIn();
    const bodies: unknown[] = [];
    mockApi(VIP, (b) => {
      bodies.push(b);
      return json(testOrder({ order_no: '20261124000000000099', order_type: 2 }));
    });
    renderAt(<JoinVipPage />, '/joinvip');
    // the benefits come from GET /user/vip
    expect(await screen.findByText('每天下载 20 次')).toBeTruthy();
    expect(screen.getByText('付费文档免费下载')).toBeTruthy();
    expect(screen.getByText('您还不是VIP会员')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /月卡/ }));
    fireEvent.click(screen.getByRole('button', { name: /立即开通 · 月卡/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order?order_no=20261124000000000099'));
    expect(bodies).toEqual([{ order_type: 2, vip_card: 2 }]);
  });

  it('offers 续费 to a VIP and shows the server message when the order fails', async () => {
    signIn();
    mockApi({ ...VIP, is_vip: true, vip_expire_at: '2027-01-01T00:00:00Z' }, () => json({ code: 'bad_request', message: 'VIP功能未开启' }, 400));
    renderAt(<JoinVipPage />, '/joinvip');
    fireEvent.click(await screen.findByRole('button', { name: /立即续费 · 年卡/ }));
    expect(await screen.findByText('VIP功能未开启')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/joinvip');
  });

  it('says so when VIP is off', async () => {
    signIn();
    mockApi({ ...VIP, enable: false });
    renderAt(<JoinVipPage />, '/joinvip');
    expect(await screen.findByText('VIP 功能未开启')).toBeTruthy();
  });

  it('sends anonymous visitors to login to buy', async () => {
    mockApi(VIP);
    renderAt(<JoinVipPage />, '/joinvip');
    const link = (await screen.findByText('登录后开通')).closest('a');
    expect(link?.getAttribute('href')).toBe('/login?redirect=%2Fjoinvip');
  });
});
