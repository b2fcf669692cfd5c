// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { TOrderStats } from '@wenku/contracts';
import { ApiError, api, client } from '../../lib/api';
import { installDomShims, renderPage, slow, testSession } from '../../test/dom';
import { OrderStatsCard, barHeights } from './order-stats-card';
import DashboardPage from './index';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const stats: TOrderStats = {
  days: Array.from({ length: 30 }, (_, i) => {
    const date = `2026-11-${String(i + 1).padStart(2, '0')}`;
    return { date, amount: i === 29 ? 5000 : i === 10 ? 2500 : 0, count: i === 29 ? 2 : i === 10 ? 1 : 0 };
  }),
  total_amount: 7500,
  total_count: 3,
};

const bars = () => [...document.querySelectorAll<SVGRectElement>('rect.order-stats-bar')];

describe('barHeights', () => {
  it('scales to the best day and keeps small days visible', () => {
    expect(barHeights([{ amount: 0 }, { amount: 1 }, { amount: 50 }, { amount: 100 }], 120)).toEqual([0, 2, 60, 120]);
    expect(barHeights([{ amount: 0 }, { amount: 0 }], 120)).toEqual([0, 0]);
    expect(barHeights([], 120)).toEqual([]);
  });
});

describe('近30天收款', () => {
  it('draws one bar per day with the total on top', async () => {
    const call = vi.spyOn(client, 'call').mockResolvedValue(stats as never);
    renderPage(<OrderStatsCard />);
    expect(await screen.findByText('¥75.00', {}, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.orderStats, expect.objectContaining({ query: { days: 30 } }));
    expect(screen.getByText('近30天收款')).toBeTruthy();
    expect(screen.getByText('共 3 笔已支付订单')).toBeTruthy();
    expect(bars().length).toBe(30);
    expect(bars()[29].getAttribute('height')).toBe('120');
    expect(bars()[10].getAttribute('height')).toBe('60');
    expect(bars()[0].getAttribute('height')).toBe('0');
    expect(document.querySelector('g[data-date="2026-11-30"] title')?.textContent).toBe('2026-11-30：¥50.00（2 笔）');
    expect(screen.getByText('11-01')).toBeTruthy();
    expect(screen.getByText('11-30')).toBeTruthy();
  });

  it('says so when the statistics cannot be loaded', async () => {
    vi.spyOn(client, 'call').mockRejectedValue(new ApiError(403, '没有权限'));
    renderPage(<OrderStatsCard />);
    expect(await screen.findByText('收款统计加载失败', {}, slow)).toBeTruthy();
    expect(screen.getByText('没有权限')).toBeTruthy();
  });

  it('is on the dashboard only for those who may open the order page', async () => {
    const call = vi.spyOn(client, 'call').mockResolvedValue(stats as never);
    const view = renderPage(<DashboardPage />, { path: '/dashboard', title: '控制面板', session: testSession({ allowedPages: ['/dashboard', '/order'] }) });
    expect(await screen.findByText('近30天收款', {}, slow)).toBeTruthy();
    await waitFor(() => expect(bars().length).toBe(30), slow);
    view.unmount();
    call.mockClear();

    renderPage(<DashboardPage />, { path: '/dashboard', title: '控制面板', session: testSession({ allowedPages: ['/dashboard'] }) });
    expect(await screen.findByText('快捷入口', {}, slow)).toBeTruthy();
    expect(screen.queryByText('近30天收款')).toBeNull();
    expect(call).not.toHaveBeenCalledWith(api.orderStats, expect.anything());
  });
});
