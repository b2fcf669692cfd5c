// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api, client } from '../../lib/api';
import { installDomShims, slow } from '../../test/dom';
import { TextLayerCard } from './text-layer-card';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TextLayerCard', () => {
  it('shows how many converted files have their text layers while the backfill runs', async () => {
    const call = vi.spyOn(client, 'call').mockImplementation(async (route) => {
      if (route !== api.getTextLayerStatus) throw new Error('unexpected');
      return { running: true, total: 40, done: 10, failed: 1, error: '', started_at: '2026-11-28T08:00:00Z', finished_at: null } as never;
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TextLayerCard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/已有文字层 10 \/ 40 个文件，1 个无法读取/, {}, slow)).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    expect(screen.getByRole('button', { name: /正在生成/ })).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.getTextLayerStatus, expect.anything());
  });
});
