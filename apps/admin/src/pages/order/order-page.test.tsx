// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteDef, TOrder, TOrderDetail, TOrderList, TUser } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { installDomShims, renderPage, slow, testSession } from '../../test/dom';
import OrderPage from './index';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const base: TOrder = {
  id: 1,
  order_no: '20261124000000000001',
  order_type: 3,
  status: 2,
  amount: 1230,
  credit_price: 0,
  payment_type: 1,
  title: '充值 123 积分',
  items: [{ kind: 3, quantity: 123, amount: 1230 }],
  user_id: 5,
  username: 'alice',
  remark: '',
  paid_after_close: false,
  created_at: '2026-11-24T10:00:00.000Z',
  expire_at: '2026-11-24T12:00:00.000Z',
  paid_at: '2026-11-24T10:01:00.000Z',
  closed_at: null,
};

const pending: TOrder = {
  ...base,
  id: 2,
  order_no: '20261124000000000002',
  status: 1,
  payment_type: 0,
  title: '购买VIP 月卡',
  order_type: 2,
  amount: 990,
  paid_at: null,
};
const closedLate: TOrder = {
  ...base,
  id: 3,
  order_no: '20261124000000000003',
  status: 3,
  title: '购买文档 《三体》',
  order_type: 1,
  amount: 500,
  paid_after_close: true,
  closed_at: '2026-11-24T12:00:00.000Z',
};

const list: TOrderList = {
  total: 3,
  order: [base, pending, closedLate],
  totals: { count: 42, amount: 123450, paid_count: 30, paid_amount: 98760 },
};

const detail: TOrderDetail = {
  ...base,
  transaction_id: '4200001234',
  events: [
    { id: 11, type: 'created', payment_type: 0, message: '', operator_id: 0, created_at: '2026-11-24T10:00:00.000Z' },
    { id: 12, type: 'pay_requested', payment_type: 1, message: 'native 下单', operator_id: 0, created_at: '2026-11-24T10:00:05.000Z' },
    { id: 13, type: 'rejected', payment_type: 1, message: '签名校验失败', operator_id: 0, created_at: '2026-11-24T10:00:30.000Z' },
    { id: 14, type: 'paid', payment_type: 1, message: '交易号 4200001234', operator_id: 0, created_at: '2026-11-24T10:01:00.000Z' },
  ],
};

const alice = { id: 5, username: 'alice', avatar: '', email: 'a@example.com', mobile: '' } as unknown as TUser;

/** A fake API answering by route. */
function fakeApi(answers: Map<RouteDef, unknown>) {
  return vi.spyOn(client, 'call').mockImplementation(async (route) => {
    if (!answers.has(route)) throw new Error(`unexpected call ${route.method} ${route.path}`);
    return answers.get(route) as never;
  });
}

const session = testSession({ settings: { system: { credit_name: '魔豆' } } as never });
const open = () => renderPage(<OrderPage />, { path: '/order', title: '订单管理', session });

describe('order page', () => {
  it('shows the rows of the list answer and the filtered totals above the table', async () => {
    const call = fakeApi(new Map<RouteDef, unknown>([[api.listOrders, list]]));
    open();
    expect(await screen.findByText('充值 123 积分', {}, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.listOrders, { query: { page: 1, size: 10 } });
    // rows: amounts in yuan, buyer, status with the 关闭后到账 flag, 未支付 as —
    expect(screen.getByText('¥12.30')).toBeTruthy();
    expect(screen.getByText('¥9.90')).toBeTruthy();
    expect(screen.getAllByText('alice').length).toBe(3);
    expect(screen.getByText('关闭后到账')).toBeTruthy();
    expect(screen.getByText('20261124000000000002')).toBeTruthy();
    // totals of the whole filtered set, not of the page
    const bar = screen.getByLabelText('筛选结果合计');
    expect(within(bar).getByText('42')).toBeTruthy();
    expect(within(bar).getByText('¥1,234.50')).toBeTruthy();
    expect(within(bar).getByText('30')).toBeTruthy();
    expect(within(bar).getByText('¥987.60')).toBeTruthy();
    // the totals land in the page's state: that must not make the table ask again
    await new Promise((r) => setTimeout(r, 500));
    expect(call.mock.calls.filter(([route]) => route === api.listOrders).length).toBe(1);
  });

  it('offers 关闭 for pending orders only and closes after the confirmation; 删除 only for closed ones', async () => {
    const call = fakeApi(
      new Map<RouteDef, unknown>([
        [api.listOrders, list],
        [api.closeOrder, { ...pending, status: 3 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('充值 123 积分', {}, slow);
    expect(screen.getAllByText('关闭').length).toBe(1);
    expect(screen.getAllByText('删除').length).toBe(1);
    expect(screen.getAllByText('详情').length).toBe(3);
    fireEvent.click(screen.getByText('关闭'));
    expect(await screen.findByText('确定关闭该订单吗？', {}, slow)).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith(api.closeOrder, expect.anything());
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-popover button')].find((b) => b.textContent?.replace(/\s/g, '') === '关闭订单')!;
    fireEvent.click(ok);
    await waitFor(() => expect(call).toHaveBeenCalledWith(api.closeOrder, { body: { order_no: pending.order_no } }), slow);
    await waitFor(() => expect(success).toHaveBeenCalledWith('订单已关闭'), slow);
    await waitFor(() => expect(call.mock.calls.filter(([route]) => route === api.listOrders).length).toBeGreaterThanOrEqual(2), slow);
  });

  it('opens the detail drawer with the items and the event log', async () => {
    const call = fakeApi(
      new Map<RouteDef, unknown>([
        [api.listOrders, list],
        [api.getOrder, detail],
      ]),
    );
    open();
    await screen.findByText('充值 123 积分', {}, slow);
    fireEvent.click(screen.getAllByText('详情')[0]);
    await waitFor(() => expect(document.querySelectorAll('[data-testid="order-event"]').length).toBe(4), slow);
    expect(call).toHaveBeenCalledWith(api.getOrder, expect.objectContaining({ query: { order_no: base.order_no } }));
    const drawer = document.querySelector<HTMLElement>('.ant-drawer')!;
    const d = within(drawer);
    for (const label of ['创建订单', '发起支付', '拒绝支付通知', '支付成功并发货']) expect(d.getByText(label)).toBeTruthy();
    expect(d.getByText('签名校验失败')).toBeTruthy();
    expect(d.getAllByText('微信支付').length).toBeGreaterThanOrEqual(3);
    expect(d.getByText('4200001234')).toBeTruthy();
    // the recharge line, in the site's credit name
    expect(d.getByText('123 魔豆')).toBeTruthy();
  });

  it('系统充值 sends the picked user, the credits and the remark', async () => {
    const call = fakeApi(
      new Map<RouteDef, unknown>([
        [api.listOrders, list],
        [api.listUsers, { total: 1, user: [alice] }],
        [api.systemRecharge, { ...base, payment_type: 6 }],
      ]),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    open();
    await screen.findByText('充值 123 积分', {}, slow);
    fireEvent.click(screen.getByText('系统充值'));
    const dialog = await screen.findByRole('dialog', {}, slow);
    // pick the user in the search select
    const select = dialog.querySelector<HTMLElement>('.ant-select')!;
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    const option = await waitFor(() => {
      const el = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent?.includes('alice'));
      if (!el) throw new Error('no option yet');
      return el;
    }, slow);
    fireEvent.click(option);
    fireEvent.change(within(dialog).getByPlaceholderText('请输入充值的魔豆数量'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByPlaceholderText('充值原因（可选），记录在订单中'), { target: { value: ' 活动补偿 ' } });
    fireEvent.click(within(dialog).getByText('确定充值'));
    await waitFor(() => expect(call).toHaveBeenCalledWith(api.systemRecharge, { body: { user_id: 5, quantity: 100, remark: '活动补偿' } }), slow);
    await waitFor(() => expect(success).toHaveBeenCalledWith('充值成功'), slow);
  });
});
