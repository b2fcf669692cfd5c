import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { renderAt } from '../../test/render';
import { jsonResponse as json, stubApi } from '../../test/fetch';
import { testOrder, testUser } from '../../test/fixtures';
import { session } from '../../app/session';
import { useDocumentActions } from './use-document-actions';
import type { DocumentDetail } from './api';

const doc = { id: 9, uuid: 'abc123', title: '线性代数', price: 30, can_download_free: false } as DocumentDetail;

function Harness() {
  const a = useDocumentActions(doc);
  return (
    <button type="button" onClick={a.requestDownload}>
      下载文档
    </button>
  );
}

function mockApi(payMethods: number[], bodies: unknown[]) {
  return stubApi((u, init) => {
    if (u.pathname === '/api/v1/settings/recharge')
      return json({ enable: true, credit_name: '积分', credit_exchange: 10, recharge_discount: '', pay_methods: payMethods });
    if (u.pathname === '/api/v1/document/download') return json({ code: 'insufficient_credits', message: '积分不足' }, 400);
    if (u.pathname === '/api/v1/order' && init?.method === 'POST') {
      bodies.push(JSON.parse(String(init.body)));
      return json(testOrder({ order_no: '20261124000000000055', order_type: 1 }));
    }
    return undefined;
  });
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser({ id: 7, username: 'alice', credit_count: 0 })));
  session.reset();
});

describe('paid download short of credits', () => {
  it('offers 在线购买, which creates a document order and opens its page', async () => {
    const bodies: unknown[] = [];
    mockApi([1, 2], bodies);
    renderAt(<Harness />, '/document/abc123');
    fireEvent.click(screen.getByRole('button', { name: '下载文档' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认下载' }));
    fireEvent.click(await screen.findByRole('button', { name: '在线购买' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order?order_no=20261124000000000055'));
    expect(bodies).toEqual([{ order_type: 1, document_id: 9 }]);
  });

  it('only says 积分不足 when no online payment is enabled', async () => {
    mockApi([], []);
    renderAt(<Harness />, '/document/abc123');
    fireEvent.click(screen.getByRole('button', { name: '下载文档' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认下载' }));
    expect(await screen.findByText('积分不足')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '在线购买' })).toBeNull();
  });
});
