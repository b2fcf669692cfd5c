// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { TFriendlink } from '@wenku/contracts';
import { ApiError, api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest } from '../../lib/pro-table';
import { CrudPage } from './crud-page';
import { idColumn, keywordColumn, optionColumn } from './columns';
import { useCrudActions } from './use-crud-actions';
import { installDomShims } from '../../test/dom';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const row: TFriendlink = {
  id: 7,
  title: '开源中国',
  link: 'https://oschina.net',
  description: '',
  sort: 0,
  enable: true,
  created_at: '2026-01-01T00:00:00.000Z',
} as TFriendlink;

function FriendlinkTable() {
  return (
    <CrudPage<TFriendlink>
      headerTitle="友情链接列表"
      request={listRequest(api.listFriendlinks, 'friendlink')}
      remove={{ route: api.deleteFriendlink }}
      columns={(c) => [
        keywordColumn('友链名称或地址'),
        idColumn(),
        { title: '名称', dataIndex: 'title', search: false },
        optionColumn(120, (r) => [c.deleteLink(r)]),
      ]}
    />
  );
}

function renderPage(page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/friendlink', element: page, handle: { title: '友情链接' } }], { initialEntries: ['/friendlink'] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('CrudPage', () => {
  it('loads the first page through the contract list route and shows the rows and the route title', async () => {
    const call = vi.spyOn(client, 'call').mockResolvedValue({ total: 1, friendlink: [row] } as never);
    renderPage(<FriendlinkTable />);
    expect(await screen.findByText('开源中国')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.listFriendlinks, { query: { page: 1, size: 10 } });
    expect(screen.getAllByText('友情链接').length).toBeGreaterThan(0);
  });

  it('deletes a row only after the confirmation, then reloads', async () => {
    const call = vi.spyOn(client, 'call').mockImplementation(async (route) => (route === api.deleteFriendlink ? {} : { total: 1, friendlink: [row] }) as never);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    renderPage(<FriendlinkTable />);
    fireEvent.click(await screen.findByText('删除'));
    expect(call).not.toHaveBeenCalledWith(api.deleteFriendlink, expect.anything());
    expect(await screen.findByText('确定删除吗？')).toBeTruthy();
    // the confirmation's own 删除 button (getAllByRole walks the whole accessibility tree: slow in jsdom)
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-popover button')].find((b) => b.textContent?.replace(/\s/g, '') === '删除')!;
    fireEvent.click(ok);
    await waitFor(() => expect(call).toHaveBeenCalledWith(api.deleteFriendlink, { query: { id: [7] } }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('删除成功'));
    await waitFor(() => expect(call.mock.calls.filter(([route]) => route === api.listFriendlinks).length).toBeGreaterThanOrEqual(2));
  });
});

describe('useCrudActions', () => {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  }
  let queryClient: QueryClient;

  it('shows one error toast when a call fails and neither reloads nor invalidates', async () => {
    queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const err = new ApiError(400, '名称已存在');
    vi.spyOn(client, 'call').mockRejectedValue(err);
    const fail = vi.spyOn(toast, 'fail').mockImplementation(() => undefined as never);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useCrudActions({ onSuccess, invalidate: [['ref', 'languages']], remove: api.deleteLanguage }), { wrapper });
    let ok = true;
    await act(async () => {
      ok = await result.current.remove([3]);
    });
    expect(ok).toBe(false);
    expect(fail).toHaveBeenCalledTimes(1);
    expect(fail).toHaveBeenCalledWith(err, '删除失败');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reports success, reloads and invalidates the shared queries', async () => {
    queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const call = vi.spyOn(client, 'call').mockResolvedValue({} as never);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined as never);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useCrudActions({ onSuccess, invalidate: [['ref', 'languages']] }), { wrapper });
    await act(async () => {
      await result.current.setEnable(api.updateLanguage, 4, false);
    });
    expect(call).toHaveBeenCalledWith(api.updateLanguage, { body: { id: 4, enable: false } });
    expect(success).toHaveBeenCalledWith('已禁用');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ref', 'languages'] });
  });
});
