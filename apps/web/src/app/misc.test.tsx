import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { AdSlotView, screenClass } from '@wenku/ui';
import { pageTitle } from './title';
import { showsArticleFooter } from './layouts/article-layout';
import { describeError } from './error-page';

describe('screenClass', () => {
  it('follows the spec breakpoints', () => {
    expect(screenClass(390)).toBe('mobile');
    expect(screenClass(767)).toBe('mobile');
    expect(screenClass(768)).toBe('tablet');
    expect(screenClass(991)).toBe('tablet');
    expect(screenClass(992)).toBe('desktop');
  });
});

describe('pageTitle', () => {
  it('is "页面名 - 站点名", or the site title on the home page', () => {
    expect(pageTitle('登录', { title: '文库 - 文档分享平台', sitename: '文库' })).toBe('登录 - 文库');
    expect(pageTitle(undefined, { title: '文库 - 文档分享平台', sitename: '文库' })).toBe('文库 - 文档分享平台');
    expect(pageTitle('', { title: '', sitename: '文库' })).toBe('文库');
    expect(pageTitle(undefined, { title: '  ', sitename: '魔豆文库' })).toBe('魔豆文库');
    expect(pageTitle('登录', { title: '', sitename: ' ' })).toBe('登录 - 文库');
  });
});

describe('article layout', () => {
  it('has no footer on the article list page only', () => {
    expect(showsArticleFooter('/article')).toBe(false);
    expect(showsArticleFooter('/article/')).toBe(false);
    expect(showsArticleFooter('/article/12')).toBe(true);
    expect(showsArticleFooter('/post')).toBe(true);
  });
});

describe('describeError', () => {
  it('reads messages from anything thrown', () => {
    expect(describeError(new Error('炸了'))).toBe('炸了');
    expect(describeError('字符串错误')).toBe('字符串错误');
    expect(describeError(undefined)).toBe('未知错误');
  });
});

describe('<AdSlotView>', () => {
  const ads = [
    { id: 1, position: 'global_top', content: '<b>顶部广告</b>' },
    { id: 2, position: 'global_bottom', content: '<i>底部广告</i>' },
  ];
  it('renders only the ads of its position', () => {
    const { container } = render(<AdSlotView position="global_top" ads={ads} />);
    expect(container.textContent).toBe('顶部广告');
    expect(container.querySelector('b')).not.toBeNull();
  });
  it('renders nothing when the position has no ads', () => {
    const { container } = render(<AdSlotView position="search_top" ads={ads} />);
    expect(container.innerHTML).toBe('');
  });
});
