import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi } from '../../../test/fetch';
import { testOrder, testUser } from '../../../test/fixtures';
import { session } from '../../../app/session';
import { RechargeModal } from './recharge-modal';

const RECHARGE = { enable: true, credit_name: '金币', credit_exchange: 10, recharge_discount: '100:1\n500:0.9', pay_methods: [1, 2] };

function mockApi(createOrder: (body: Record<string, unknown>) => Promise<Response>, recharge: object = RECHARGE) {
  return stubApi((u, init) => {
    if (u.pathname === '/api/v1/settings/recharge') return json(recharge);
    if (u.pathname === '/api/v1/order' && init?.method === 'POST') return createOrder(JSON.parse(String(init.body)));
    return undefined;
  });
}

const location = () => screen.getByTestId('location').textContent;
const payButton = () => screen.getByRole('button', { name: /立即充值/ });

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice' })));
  session.reset();
});

describe('<RechargeModal>', () => {
  it('shows each tier with its badge and price, titled with the credit name', async () => {
    mockApi(() => json(testOrder()));
    renderAt(<RechargeModal open onClose={() => {}} />, '/');
    expect(await screen.findByText('无折扣')).toBeTruthy();
    expect(screen.getByText('金币充值')).toBeTruthy();
    expect(screen.getByText('9.0折')).toBeTruthy();
    // 100 / 10 × 1 and 500 / 10 × 0.9, the undiscounted 50.00 struck through
    expect(screen.getByText('¥10.00')).toBeTruthy();
    expect(screen.getByText('¥45.00')).toBeTruthy();
    expect(screen.getByText('¥50.00').tagName).toBe('S');
    expect(payButton().textContent).toContain('¥10.00');
  });

  it('says inline that a custom amount must be a positive multiple of credit_exchange, and prices it at the tier discount', async () => {
    const bodies: unknown[] = [];
    mockApi((b) => {
      bodies.push(b);
      return json(testOrder());
    });
    renderAt(<RechargeModal open onClose={() => {}} />, '/');
    const input = await screen.findByRole('spinbutton');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '15' } });
    expect(await screen.findByText('充值数量必须是 10 的整数倍（1 元 = 10 金币）')).toBeTruthy();
    fireEvent.click(payButton());
    expect(bodies).toEqual([]);
    fireEvent.change(input, { target: { value: '600' } });
    // 600 / 10 × 0.9 (the 500 tier's discount)
    expect(await screen.findByText('¥54.00（9.0折）')).toBeTruthy();
    expect(screen.queryByText(/整数倍（/)).toBeNull();
  });

  it('creates the recharge order and opens its page', async () => {
    const bodies: unknown[] = [];
    mockApi((b) => {
      bodies.push(b);
      return json(testOrder({ order_no: '20261124000000000077' }));
    });
    let closed = false;
    renderAt(<RechargeModal open onClose={() => (closed = true)} />, '/');
    fireEvent.click(await screen.findByText('9.0折').then((badge) => badge.closest('.ant-ribbon-wrapper')!.querySelector('button')!));
    expect(payButton().textContent).toContain('¥45.00');
    fireEvent.click(payButton());
    await waitFor(() => expect(location()).toBe('/order?order_no=20261124000000000077'));
    expect(bodies).toEqual([{ order_type: 3, quantity: 500 }]);
    expect(closed).toBe(true);
  });

  it('shows the server message, or 订单创建失败 when there is none', async () => {
    let answer = () => json({ code: 'bad_request', message: '充值功能未开启' }, 400);
    mockApi(() => answer());
    renderAt(<RechargeModal open onClose={() => {}} />, '/');
    await screen.findByText('无折扣');
    fireEvent.click(payButton());
    expect(await screen.findByText('充值功能未开启')).toBeTruthy();
    answer = () => Promise.resolve(new Response('Bad Gateway', { status: 502 }));
    fireEvent.click(payButton());
    expect(await screen.findByText('订单创建失败')).toBeTruthy();
    expect(location()).toBe('/');
  });

  it('says so when recharge is off', async () => {
    mockApi(() => json(testOrder()), { ...RECHARGE, enable: false });
    renderAt(<RechargeModal open onClose={() => {}} />, '/');
    expect(await screen.findByText('网站暂未开启金币充值')).toBeTruthy();
  });
});
