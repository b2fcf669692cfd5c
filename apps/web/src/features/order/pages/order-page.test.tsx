import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import type { TOrder } from '@wenku/contracts/schemas';
import { renderAt } from '../../../test/render';
import { jsonResponse as json, stubApi, testSettings } from '../../../test/fetch';
import { testOrder, testUser } from '../../../test/fixtures';
import { session } from '../../../app/session';
import OrderPage from './order-page';

const NO = '20261124000000000001';
const RECHARGE = { enable: true, credit_name: '金币', credit_exchange: 10, recharge_discount: '100:1', pay_methods: [1, 2, 8] };
const SETTINGS = testSettings({ system: { credit_name: '金币' } });

interface Fake {
  order: () => TOrder;
  status?: () => number;
  pay?: (body: Record<string, unknown>) => Promise<Response>;
  close?: () => Promise<Response>;
}

function mockApi(f: Fake) {
  return stubApi((u, init) => {
    const method = init?.method ?? 'GET';
    if (u.pathname === '/api/v1/settings/recharge') return json(RECHARGE);
    if (u.pathname === '/api/v1/order' && method === 'GET') return json(f.order());
    if (u.pathname === '/api/v1/order/status') {
      const o = f.order();
      return json({ order_no: o.order_no, status: f.status ? f.status() : o.status, payment_type: o.payment_type, paid_at: null, closed_at: null });
    }
    if (u.pathname === '/api/v1/order/pay' && method === 'POST') return f.pay?.(JSON.parse(String(init!.body)));
    if (u.pathname === '/api/v1/order/close' && method === 'PUT') return f.close?.();
    return undefined;
  }, SETTINGS);
}

const open = () => renderAt(<OrderPage />, `/order?order_no=${NO}`);

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice', credit_count: 100 })));
  session.reset();
});

describe('<OrderPage>', () => {
  it('shows a pending order and pays it with WeChat: the answer is a QR code', async () => {
    const bodies: unknown[] = [];
    mockApi({
      order: () => testOrder({ order_no: NO, amount: 1230, title: '充值 100 金币' }),
      pay: (b) => {
        bodies.push(b);
        return json({ order_no: NO, payment_type: 1, status: 1, code_url: 'weixin://wxpay/bizpayurl?pr=abc' });
      },
    });
    open();
    expect(await screen.findByText('选择支付方式')).toBeTruthy();
    expect(screen.getAllByText('¥12.30').length).toBeGreaterThan(0);
    expect(screen.getByText('待支付')).toBeTruthy();
    expect(screen.getByText('充值 100 金币', { selector: '.wk-order-items span' })).toBeTruthy();
    const methods = screen.getAllByRole('radio').map((r) => r.textContent);
    expect(methods).toEqual(['微信支付', '支付宝', '虎皮椒']);
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByText('请使用微信扫码支付')).toBeTruthy();
    expect(screen.getByTestId('wechat-qr').querySelector('svg')).toBeTruthy();
    expect(bodies).toEqual([{ order_no: NO, payment_type: 1, mobile: false }]);
    expect(screen.getByRole('button', { name: '我已支付' })).toBeTruthy();
  });

  it('shows the QR image of Hupijiao and a link to its payment page', async () => {
    mockApi({
      order: () => testOrder({ order_no: NO }),
      pay: () =>
        json({ order_no: NO, payment_type: 8, status: 1, pay_url: 'https://api.xunhupay.com/pay/abc', qrcode_url: 'https://api.xunhupay.com/qrcode/abc.png' }),
    });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: /虎皮椒/ }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    const img = (await screen.findByAltText('虎皮椒支付二维码')) as HTMLImageElement;
    expect(img.src).toBe('https://api.xunhupay.com/qrcode/abc.png');
    expect(screen.getByRole('link', { name: '打开支付页面' }).getAttribute('href')).toBe('https://api.xunhupay.com/pay/abc');
  });

  it('polls the status and shows 支付成功 once the order is paid', async () => {
    let paid = false;
    let statusCalls = 0;
    const fetchMock = mockApi({
      order: () =>
        testOrder({
          order_no: NO,
          order_type: 2,
          title: 'VIP年卡',
          amount: 19900,
          items: [{ kind: 2, quantity: 1, amount: 19900, vip_card: 0, vip_days: 365 }],
          status: paid ? 2 : 1,
          paid_at: paid ? '2026-11-24T08:01:00Z' : null,
        }),
      status: () => {
        statusCalls += 1;
        if (statusCalls >= 2) paid = true;
        return paid ? 2 : 1;
      },
    });
    open();
    expect(await screen.findByText('VIP年卡（365 天）')).toBeTruthy();
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看会员权益' }).getAttribute('href')).toBe('/me/vip');
    // the order itself is fetched again once paid (everything under 'me' is invalidated)
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === '/api/v1/order').length).toBeGreaterThan(1));
    const polled = statusCalls;
    await new Promise((r) => setTimeout(r, 2500));
    expect(statusCalls).toBe(polled);
  });

  it('shows a closed order with the way to buy again', async () => {
    mockApi({
      order: () =>
        testOrder({
          order_no: NO,
          order_type: 1,
          status: 3,
          title: '购买文档：线性代数',
          items: [{ kind: 1, quantity: 1, amount: 300, document_id: 9, document_uuid: 'abc123', document_title: '线性代数' }],
          closed_at: '2026-11-24T09:00:00Z',
        }),
    });
    open();
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回文档重新购买' }).getAttribute('href')).toBe('/document/abc123');
    expect(screen.getByRole('link', { name: '线性代数' }).getAttribute('href')).toBe('/document/abc123');
    expect(screen.queryByText('选择支付方式')).toBeNull();
  });

  it('pays with credits at once, showing the cost and the balance', async () => {
    const bodies: unknown[] = [];
    let paid = false;
    mockApi({
      order: () =>
        testOrder({
          order_no: NO,
          order_type: 1,
          credit_price: 30,
          amount: 300,
          title: '购买文档：线性代数',
          items: [{ kind: 1, quantity: 1, amount: 300, document_id: 9, document_uuid: 'abc123', document_title: '线性代数' }],
          status: paid ? 2 : 1,
        }),
      pay: (b) => {
        bodies.push(b);
        paid = true;
        return json({ order_no: NO, payment_type: 5, status: 2 });
      },
    });
    open();
    const credit = await screen.findByRole('radio', { name: /金币支付/ });
    expect(credit.textContent).toContain('需 30 金币，余额 100 金币');
    fireEvent.click(credit);
    expect(screen.getByText('30 金币', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(bodies).toEqual([{ order_no: NO, payment_type: 5, mobile: false }]);
    expect(screen.getByRole('link', { name: '返回文档下载' }).getAttribute('href')).toBe('/document/abc123');
  });

  it('cancels a pending order after a confirmation', async () => {
    let closed = false;
    mockApi({
      order: () => testOrder({ order_no: NO, status: closed ? 3 : 1 }),
      close: () => {
        closed = true;
        return json(testOrder({ order_no: NO, status: 3 }));
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定取消' }));
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    expect(closed).toBe(true);
  });

  it('says 订单不存在 for an unknown order', async () => {
    stubApi((u) => (u.pathname === '/api/v1/order' ? json({ code: 'not_found', message: '订单不存在' }, 404) : undefined), SETTINGS);
    open();
    expect(await screen.findByText('订单不存在')).toBeTruthy();
  });
});
