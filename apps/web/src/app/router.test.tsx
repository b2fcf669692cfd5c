import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { routes } from './router';
import { ErrorFallback, RouteErrorPage } from './error-page';
import { NOT_FOUND_MESSAGE } from './not-found';
import { testQueryClient } from '../test/render';
import { session } from './session';

function renderRoutes(r: RouteObject[], path: string) {
  const router = createMemoryRouter(r, { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  session.reset();
  // the API is unreachable: the shell must still work with its defaults
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('offline'))),
  );
  act(() => {
    window.innerWidth = 1280;
    window.dispatchEvent(new Event('resize'));
  });
});

describe('app routes', () => {
  it('shows the exact 404 message for unknown paths and /404', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByText(NOT_FOUND_MESSAGE)).toBeTruthy();
    expect(screen.getByText('返回首页')).toBeTruthy();
  });

  it('serves /404 too', async () => {
    renderRoutes(routes, '/404');
    expect(await screen.findByText('404 This page could not be found')).toBeTruthy();
  });

  it('sends anonymous visitors of /me to login with a redirect', async () => {
    const router = renderRoutes(routes, '/me/profile');
    await screen.findByText('账号登录');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fme%2Fprofile');
  });

  it('renders the header with the fallback navigation when the API is down', async () => {
    renderRoutes(routes, '/category');
    expect(await screen.findByText('文库资料', { selector: 'a.wk-nav-link' })).toBeTruthy();
    expect(screen.getByText('文章资讯', { selector: 'a.wk-nav-link' })).toBeTruthy();
  });
});

describe('error page', () => {
  it('shows the thrown message and a 返回首页 button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('数据加载失败');
    };
    renderRoutes([{ path: '/', element: <Boom />, errorElement: <RouteErrorPage /> }], '/');
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    expect(screen.getByText('返回首页').closest('a')?.getAttribute('href')).toBe('/');
  });

  it('has a plain fallback with a link home', () => {
    render(<ErrorFallback />);
    expect(screen.getByText('返回首页').getAttribute('href')).toBe('/');
  });
});
