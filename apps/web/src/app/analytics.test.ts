import { beforeEach, describe, expect, it, vi } from 'vitest';
import { injectAnalytics, trackPageView } from './analytics';

beforeEach(() => {
  document.head.querySelectorAll('[data-wenku-analytics]').forEach((n) => n.remove());
});

describe('injectAnalytics', () => {
  it('creates real script elements from the snippet, once', () => {
    expect(injectAnalytics('<script src="https://hm.baidu.com/hm.js?abc" async></script><script>var a = 1;</script>')).toBe(true);
    const scripts = document.head.querySelectorAll('script[data-wenku-analytics]');
    expect(scripts).toHaveLength(2);
    expect(scripts[0].getAttribute('src')).toBe('https://hm.baidu.com/hm.js?abc');
    expect(scripts[0].hasAttribute('async')).toBe(true);
    expect(scripts[1].textContent).toBe('var a = 1;');
    expect(injectAnalytics('<script>var b = 2;</script>')).toBe(false);
    expect(document.head.querySelectorAll('script[data-wenku-analytics]')).toHaveLength(2);
  });

  it('wraps bare script text', () => {
    injectAnalytics('var _hmt = _hmt || [];');
    expect(document.head.querySelector('script[data-wenku-analytics]')?.textContent).toBe('var _hmt = _hmt || [];');
  });

  it('ignores an empty snippet', () => {
    expect(injectAnalytics('   ')).toBe(false);
  });
});

describe('trackPageView', () => {
  it('pushes to Baidu Tongji and calls gtag when present', () => {
    const hmt: unknown[][] = [];
    const gtag = vi.fn();
    trackPageView('/category/1?x=1', { _hmt: hmt, gtag });
    expect(hmt).toEqual([['_trackPageview', '/category/1?x=1']]);
    expect(gtag).toHaveBeenCalledWith('event', 'page_view', { page_path: '/category/1?x=1' });
  });
  it('does nothing without analytics', () => {
    expect(() => trackPageView('/', {})).not.toThrow();
  });
});
