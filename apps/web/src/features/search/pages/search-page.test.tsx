import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@wenku/contracts/client';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { testSettings } from '../../../test/fetch';
import SearchPage from './search-page';

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const hit = {
  id: 1,
  uuid: 'abc123',
  title: '机器学习入门',
  keywords: '',
  description: '',
  user_id: 3,
  username: 'alice',
  ext: 'pdf',
  size: 2048,
  pages: 12,
  preview: 0,
  width: 0,
  height: 0,
  price: 5,
  status: 2,
  language: 'zh-cn',
  download_count: 1,
  view_count: 2,
  favorite_count: 0,
  comment_count: 0,
  score: 0,
  score_count: 0,
  is_recommend: false,
  enable_gzip: true,
  convert_error: '',
  category_id: [],
  cover: '',
  created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
  updated_at: new Date().toISOString(),
  highlight_title: '机器<em>学习</em>入门',
  highlight_snippet: '监督<em>学习</em> &lt;b&gt; <img src=x onerror=alert(1)>',
  rank: 1,
};

function mockApi(search: (q: URLSearchParams) => unknown) {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/v1/document/search') {
        calls.push(u.searchParams);
        return json(search(u.searchParams));
      }
      if (u.pathname === '/api/v1/search/hot') return json({ words: ['热门一', '热门二'] });
      if (u.pathname === '/api/v1/settings') return json(testSettings({ system: { recommend_words: ['推荐甲', '推荐乙'], credit_name: '金币' } }));
      return json({ code: ErrorCode.NotFound, message: '接口不存在' }, 404);
    }),
  );
  return calls;
}

beforeEach(() => {
  act(() => {
    window.innerWidth = 1280;
    window.dispatchEvent(new Event('resize'));
  });
});

describe('<SearchPage>', () => {
  it('shows highlighted, sanitised hits with the summary and a capped pager', async () => {
    const calls = mockApi(() => ({ total: 2000, spend: 0.0234, max_page: 100, document: [hit], words: ['学习'] }));
    const { container } = renderAt(<SearchPage />, '/search?wd=%E5%AD%A6%E4%B9%A0&type=0&ext=pdf&sort=latest');
    expect(await screen.findByText('找到约 2,000 条结果（用时 0.02 秒）')).toBeTruthy();
    const title = container.querySelector('.wk-search-hit-title')!;
    expect(title.innerHTML).toContain('<em>学习</em>');
    const snippet = container.querySelector('.wk-search-hit-snippet')!;
    expect(snippet.querySelector('img')).toBeNull();
    expect(snippet.textContent).toContain('<b>');
    expect(container.querySelector('a[href="/document/abc123"]')).toBeTruthy();
    expect(screen.getByText('12 页')).toBeTruthy();
    expect(screen.getByText('2.00 KB')).toBeTruthy();
    expect(screen.getByText('2小时前')).toBeTruthy();
    expect(screen.getByText('最多显示前 100 页')).toBeTruthy();
    expect(calls[0].get('wd')).toBe('学习');
    expect(calls[0].get('ext')).toBe('pdf');
    expect(calls[0].get('sort')).toBe('latest');
    expect(calls[0].get('size')).toBe('10');
  });

  it('keeps filters in the URL and goes back to page 1 when one changes', async () => {
    mockApi(() => ({ total: 30, spend: 0.01, max_page: 100, document: [hit], words: [] }));
    renderAt(<SearchPage />, '/search?wd=x&type=0&page=2');
    await screen.findByText(/找到约 30 条结果/);
    fireEvent.click(screen.getByRole('group', { name: '费用' }).querySelector('a[href*="fee_type=free"]')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search?wd=x&type=0&fee_type=free'));
  });

  it('suggests recommended and hot words when nothing is found', async () => {
    mockApi(() => ({ total: 0, spend: 0.003, max_page: 0, document: [], words: ['无'] }));
    renderAt(<SearchPage />, '/search?wd=%E6%97%A0&type=0');
    expect(await screen.findByText('没有找到与“无”相关的文档')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '推荐甲' })).toBeTruthy();
    expect((await screen.findAllByRole('link', { name: '热门一' })).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '推荐甲' }).getAttribute('href')).toBe('/search?wd=%E6%8E%A8%E8%8D%90%E7%94%B2&type=0');
  });

  it('does not search without a keyword, and an empty box does nothing', async () => {
    const calls = mockApi(() => ({ total: 0, spend: 0, max_page: 0, document: [], words: [] }));
    renderAt(<SearchPage />, '/search?type=0');
    expect(await screen.findByText('输入关键词开始搜索')).toBeTruthy();
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(screen.getByTestId('location').textContent).toBe('/search?type=0');
    fireEvent.change(box, { target: { value: ' 量子 ' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search?wd=%E9%87%8F%E5%AD%90&type=0'));
    expect(calls.length).toBeLessThanOrEqual(1);
  });
});
