import { describe, expect, it, beforeEach, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { HeaderSearch, searchPlaceholder, searchTypeFor, searchUrl } from './header-search';
import { SiteHeader } from './site-header';

beforeEach(() => {
  // no API in unit tests: every call fails fast and the shell falls back
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('offline'))),
  );
});

describe('search rules', () => {
  it('searches articles on article routes and documents elsewhere', () => {
    expect(searchTypeFor('/article')).toBe(1);
    expect(searchTypeFor('/article/12')).toBe(1);
    expect(searchTypeFor('/articles')).toBe(0);
    expect(searchTypeFor('/')).toBe(0);
    expect(searchTypeFor('/category/2')).toBe(0);
    expect(searchTypeFor('/search', '?wd=a&type=1')).toBe(1);
    expect(searchTypeFor('/search', '?wd=a&type=0')).toBe(0);
  });
  it('has Chinese placeholders', () => {
    expect(searchPlaceholder(1)).toBe('搜索文章');
    expect(searchPlaceholder(0)).toBe('搜索文档');
  });
  it('builds the search URL and refuses an empty keyword', () => {
    expect(searchUrl('  机器 学习 ', 0)).toBe('/search?wd=%E6%9C%BA%E5%99%A8%20%E5%AD%A6%E4%B9%A0&type=0');
    expect(searchUrl('a&b', 1)).toBe('/search?wd=a%26b&type=1');
    expect(searchUrl('   ', 0)).toBeNull();
  });
});

describe('<HeaderSearch>', () => {
  it('uses the route to pick its placeholder', () => {
    renderAt(<HeaderSearch />, '/article/3');
    expect(screen.getByPlaceholderText('搜索文章')).toBeTruthy();
  });

  it('does nothing for an empty keyword', () => {
    renderAt(<HeaderSearch />, '/category');
    const input = screen.getByPlaceholderText('搜索文档');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('location').textContent).toBe('/category');
  });

  it('goes to /search with wd and type, then clears the box', () => {
    const onSearched = vi.fn();
    renderAt(<HeaderSearch onSearched={onSearched} />, '/article');
    const input = screen.getByPlaceholderText('搜索文章') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '量子 计算' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('location').textContent).toBe('/search?wd=%E9%87%8F%E5%AD%90%20%E8%AE%A1%E7%AE%97&type=1');
    expect(input.value).toBe('');
    expect(onSearched).toHaveBeenCalledTimes(1);
  });
});

describe('<SiteHeader> search box on desktop', () => {
  beforeEach(() => {
    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
  });

  it('is shown on ordinary pages', () => {
    renderAt(<SiteHeader />, '/category');
    expect(screen.queryByPlaceholderText('搜索文档')).toBeTruthy();
  });

  it('is hidden on the search page', () => {
    renderAt(<SiteHeader />, '/search?wd=a&type=0');
    expect(screen.queryByPlaceholderText('搜索文档')).toBeNull();
    expect(screen.queryByPlaceholderText('搜索文章')).toBeNull();
  });
});
