// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { TOrder } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { installDomShims, renderPage, slow } from '../../test/dom';
import { CrudPage } from './crud-page';
import { col } from './columns';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('col.dateRange', () => {
  it('sends the picked range as [from, to] in ISO 8601', async () => {
    const call = vi.spyOn(client, 'call').mockResolvedValue({ total: 0, order: [], totals: { count: 0, amount: 0, paid_count: 0, paid_amount: 0 } } as never);
    const from = dayjs('2026-11-01T08:00:00.000Z');
    const to = dayjs('2026-11-24T20:30:00.000Z');
    renderPage(
      <CrudPage<TOrder>
        headerTitle="订单列表"
        request={listRequest(api.listOrders, 'order')}
        table={{ form: { initialValues: { created_at: [from, to] } } }}
        columns={() => [col.dateRange<TOrder>('创建时间', 'created_at'), { title: '订单号', dataIndex: 'order_no', search: false }]}
      />,
      { path: '/order', title: '订单管理' },
    );
    await waitFor(() => expect(call).toHaveBeenCalled(), slow);
    expect(call).toHaveBeenCalledWith(api.listOrders, { query: { page: 1, size: 10, created_at: ['2026-11-01T08:00:00.000Z', '2026-11-24T20:30:00.000Z'] } });
    expect(screen.getAllByText('创建时间').length).toBeGreaterThan(0);
  });
});
