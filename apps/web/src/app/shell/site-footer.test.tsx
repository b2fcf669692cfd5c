import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { testSettings } from '../../test/fetch';
import { SiteFooter } from './site-footer';

const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/v1/friendlink/list') {
        expect(u.searchParams.get('enable')).toBe('true');
        expect(u.searchParams.getAll('field')).toEqual(['id', 'title', 'link']);
        return json({ total: 1, friendlink: [{ id: 1, title: '开源中国', link: 'https://www.oschina.net' }] });
      }
      if (u.pathname === '/api/v1/settings') {
        return json(
          testSettings({
            system: {
              sitename: '测试文库',
              copyright_start_year: 2020,
              icp: '京ICP备1号',
              sec_icp: '京公网安备 123号',
              enable_powered_by: true,
              version: '1.2.3',
            },
            footer: { about: '/article/about', agreement: '', contact: '', feedback: '', copyright: '' },
            display: { copyright_statement: '<p>版权<b>声明</b></p>' },
          }),
        );
      }
      return Promise.reject(new Error('unexpected'));
    }),
  );
});

describe('<SiteFooter>', () => {
  it('shows friend links on the home page and the configured footer', async () => {
    renderAt(<SiteFooter />, '/');
    expect(await screen.findByText('开源中国')).toBeTruthy();
    expect(await screen.findByText(/测试文库/)).toBeTruthy();
    const year = new Date().getFullYear();
    expect(screen.getByText(`© 2020-${year} 测试文库`)).toBeTruthy();
    expect(screen.getByText('关于我们')).toBeTruthy();
    expect(screen.queryByText('文库协议')).toBeNull();
    expect(screen.getByText('站点地图').getAttribute('href')).toBe('/sitemap.xml');
    expect(screen.getByText('京ICP备1号').getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(screen.getByText('京公网安备 123号').closest('a')?.getAttribute('href')).toBe('http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=123');
    expect(screen.getByText('声明').tagName).toBe('B');
    expect(screen.getByText(/Powered by Wenku/).textContent).toBe('Powered by Wenku v1.2.3');
  });

  it('has no friend links elsewhere', async () => {
    renderAt(<SiteFooter />, '/category');
    expect(await screen.findByText(/测试文库/)).toBeTruthy();
    expect(screen.queryByText('友情链接')).toBeNull();
  });
});
