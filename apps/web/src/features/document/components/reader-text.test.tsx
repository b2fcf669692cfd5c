import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { jsonResponse, stubApi } from '../../../test/fetch';
import type { DocumentDetail } from '../api';
import { DocumentReader } from './document-reader';
import { boxStyle, pageLink, parsePageBox, progressKey, reflow, stepHit } from '../lib/text-layer';

const UUID = 'abcdef0123456789';

function doc(pages: number, preview: number): DocumentDetail {
  return {
    id: 1,
    uuid: UUID,
    title: '测试文档',
    pages,
    preview,
    width: 600,
    height: 800,
    page_urls: Array.from({ length: preview }, (_, i) => `/view/page/${UUID}/${i + 1}.gzip.svg`),
  } as unknown as DocumentDetail;
}

const layerOf = (page: number) => ({
  page,
  width: 600,
  height: 800,
  spans: [
    { text: `第 ${page} 页的第一句话。`, x: 60, y: 100, w: 300, h: 24, br: 1 },
    { text: 'Debian reference', x: 60, y: 130, w: 200, h: 24, br: 2 },
  ],
});

let calls: string[] = [];
const OUTLINE = [
  { title: '第一章 简介', page: 1, level: 1 },
  { title: '2.1 安装步骤', page: 5, level: 2 },
  { title: '附录 参考资料', page: 30, level: 1 },
];
function stub(info: { can_copy?: boolean; progress?: number } = {}) {
  calls = [];
  return stubApi((u) => {
    calls.push(`${u.pathname}${u.search}`);
    if (u.pathname === '/api/v1/document/reader')
      return jsonResponse({ readable: 12, has_text: true, text_key: 'k1', can_copy: info.can_copy ?? true, outline: OUTLINE, progress: info.progress ?? 0 });
    const m = /^\/view\/text\/\w+\/(\d+)\.json$/.exec(u.pathname);
    if (m) return jsonResponse(layerOf(Number(m[1])));
    if (u.pathname === '/api/v1/document/find')
      return jsonResponse({
        total: 3,
        readable: 12,
        truncated: false,
        pages: [
          { page: 2, count: 1, snippet: '…Debian reference…', rects: [{ x: 60, y: 130, w: 120, h: 24 }] },
          { page: 9, count: 2, snippet: '…Debian…', rects: [{ x: 60, y: 130, w: 60, h: 24 }] },
        ],
      });
    return undefined;
  });
}

const scrolled: string[] = [];
const origScroll = HTMLElement.prototype.scrollIntoView;
beforeEach(() => {
  scrolled.length = 0;
  HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this.dataset.page ?? '');
  };
  localStorage.clear();
});
afterEach(() => {
  HTMLElement.prototype.scrollIntoView = origScroll;
  vi.unstubAllGlobals();
});

describe('text layer helpers', () => {
  it('places page boxes in percentages, reads the page box, steps through hits, links a page', () => {
    expect(boxStyle({ x: 60, y: 100, w: 300, h: 24 }, 600, 800)).toEqual({ left: '10%', top: '12.5%', width: '50%', height: '3%' });
    expect(parsePageBox(' 57 ', 60)).toBe(57);
    expect(parsePageBox('61', 60)).toBeUndefined();
    expect(parsePageBox('abc', 60)).toBeUndefined();
    expect(parsePageBox('0', 60)).toBeUndefined();
    expect([stepHit(3, -1, 1), stepHit(3, 2, 1), stepHit(3, 0, -1), stepHit(0, 0, 1)]).toEqual([0, 0, 2, -1]);
    expect(pageLink('https://wenku.example/document/abc?page=3#x', 12)).toBe('https://wenku.example/document/abc?page=12');
  });

  it('reflows a page: lines joined (a space between Latin words, none in Chinese), paragraphs kept', () => {
    const s = (text: string, br?: 1 | 2) => ({ text, x: 0, y: 0, w: 1, h: 1, br });
    expect(
      reflow({ spans: [s('The installer asks', 1), s('for the network', 2), s('第二段的文字', 1), s('接着上一行。', 2), s('inter-', 1), s('national')] }),
    ).toEqual(['The installer asks for the network', '第二段的文字接着上一行。', 'international']);
  });
});

// antd renders slowly in jsdom on a busy machine: generous time-outs
describe('DocumentReader: text, find, pages', () => {
  it('lays each readable page’s words over its image, selectable where drawn', async () => {
    stub();
    renderAt(<DocumentReader doc={doc(15, 12)} pagesPerRead={5} downloadButton={null} />, `/document/${UUID}`);
    const layer = await screen.findByTestId('text-layer-1');
    expect(layer.classList.contains('is-locked')).toBe(false);
    const runs = layer.querySelectorAll<HTMLElement>('.wk-text-run');
    expect(runs).toHaveLength(2);
    expect(runs[0]!.textContent).toBe('第 1 页的第一句话。');
    expect([runs[0]!.style.left, runs[0]!.style.top]).toEqual(['10%', '12.5%']);
    expect(await screen.findByTestId('text-layer-2')).toBeTruthy();
    // the layer's version is in its URL (cached for good); no page past those shown is asked for
    expect(calls).toContain(`/view/text/${UUID}/1.json?v=k1`);
    expect(calls.some((c) => c.startsWith(`/view/text/${UUID}/3.json`))).toBe(false);
  });

  it('where copying is not allowed the layer is locked: no selection, copy refused', async () => {
    stub({ can_copy: false });
    renderAt(<DocumentReader doc={doc(3, 3)} pagesPerRead={5} downloadButton={null} />, `/document/${UUID}`);
    const layer = await screen.findByTestId('text-layer-1');
    expect(layer.classList.contains('is-locked')).toBe(true);
    const copy = new Event('copy', { bubbles: true, cancelable: true });
    layer.dispatchEvent(copy);
    expect(copy.defaultPrevented).toBe(true);
  });

  it('finds in the document: hits per page, next goes to a later page, its hit highlighted there', async () => {
    stub();
    renderAt(<DocumentReader doc={doc(15, 12)} pagesPerRead={5} downloadButton={null} />, `/document/${UUID}`);
    fireEvent.click(screen.getByRole('button', { name: '查找' }));
    const box = await screen.findByRole('textbox', { name: '查找内容' });
    fireEvent.change(box, { target: { value: 'Debian' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByText('第 2 页 · 1 处')).toBeTruthy();
    expect(screen.getByText('第 9 页 · 2 处')).toBeTruthy();
    expect(calls).toContain(`/api/v1/document/find?uuid=${UUID}&wd=Debian`);
    await waitFor(() => expect(document.querySelector('[data-page="2"] .wk-find-hit.is-current')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '下一处' }));
    // page 9 is brought on screen (past the first two pages shown) and scrolled to, its hit highlighted
    await waitFor(() => expect(document.querySelector('[data-page="9"] .wk-find-hit.is-current')).toBeTruthy());
    expect(scrolled).toContain('9');
    expect(document.querySelector('[data-page="2"] .wk-find-hit.is-current')).toBeNull();
    expect(document.querySelector('[data-page="2"] .wk-find-hit')).toBeTruthy();
  });

  it('the page box goes to a page; past the readable pages the reader stops and says so', async () => {
    stub();
    renderAt(<DocumentReader doc={doc(15, 12)} pagesPerRead={5} downloadButton={<button type="button">下载</button>} />, `/document/${UUID}`);
    const box = screen.getByRole('textbox', { name: '页码' });
    fireEvent.change(box, { target: { value: '7' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(scrolled).toContain('7'));
    expect(document.querySelectorAll('.wk-reader-page')).toHaveLength(7);
    expect(screen.queryByTestId('reader-limit')).toBeNull();
    fireEvent.change(box, { target: { value: '14' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByTestId('reader-limit')).textContent).toContain('第 14 页需下载后阅读');
    expect(document.querySelectorAll('.wk-reader-page')).toHaveLength(12);
    expect(scrolled.at(-1)).toBe('12');
  });

  it('a link past the preview (a citation of page 28) opens at the last readable page with the plain reason', async () => {
    stub();
    renderAt(<DocumentReader doc={doc(36, 12)} pagesPerRead={5} downloadButton={<button type="button">下载</button>} />, `/document/${UUID}?page=28`);
    const limit = await screen.findByTestId('reader-limit');
    expect(limit.textContent).toContain('第 28 页需下载后阅读');
    expect(limit.querySelector('button')?.textContent).toBe('下载');
    expect(document.querySelectorAll('.wk-reader-page')).toHaveLength(12);
    expect(scrolled).toContain('12');
  });

  it('PgDn and → go to the next page when the reader has focus; copy link copies ?page=N', async () => {
    stub();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: (t: string) => (copied.push(t), Promise.resolve()) }, configurable: true });
    renderAt(<DocumentReader doc={doc(15, 12)} pagesPerRead={5} downloadButton={null} />, `/document/${UUID}`);
    const reader = document.querySelector<HTMLElement>('.wk-reader')!;
    fireEvent.keyDown(reader, { key: 'PageDown' });
    await waitFor(() => expect(scrolled).toContain('2'));
    fireEvent.click(screen.getByRole('button', { name: '复制本页链接' }));
    await waitFor(() => expect(copied).toHaveLength(1));
    expect(copied[0]).toMatch(/\?page=1$/);
  });

  it('offers to continue where an anonymous reader stopped (kept in the browser)', async () => {
    stub();
    localStorage.setItem(progressKey(UUID), '9');
    renderAt(<DocumentReader doc={doc(15, 12)} pagesPerRead={5} downloadButton={null} />, `/document/${UUID}`);
    const offer = screen.getByText('上次读到第 9 页，').parentElement!;
    fireEvent.click(within(offer).getByRole('button', { name: '接着读第 9 页' }));
    await waitFor(() => expect(scrolled).toContain('9'));
    expect(document.querySelectorAll('.wk-reader-page')).toHaveLength(9);
  });

  it('the outline and the thumbnails jump to their page; an entry past the preview says why', async () => {
    stub();
    renderAt(<DocumentReader doc={doc(36, 12)} pagesPerRead={5} downloadButton={null} />, `/document/${UUID}`);
    fireEvent.click(screen.getByRole('button', { name: '目录' }));
    fireEvent.click(await screen.findByRole('button', { name: /2\.1 安装步骤/ }));
    await waitFor(() => expect(scrolled).toContain('5'));
    expect(document.querySelectorAll('.wk-reader-page')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '目录' }));
    fireEvent.click(await screen.findByRole('button', { name: /附录 参考资料/ }));
    expect((await screen.findByTestId('reader-limit')).textContent).toContain('第 30 页需下载后阅读');
    fireEvent.click(screen.getByRole('button', { name: '目录' }));
    fireEvent.click(await screen.findByText('缩略图'));
    const thumbs = await screen.findAllByRole('button', { name: /^第 \d+ 页$/ });
    expect(thumbs).toHaveLength(12);
    scrolled.length = 0;
    fireEvent.click(thumbs[7]!);
    await waitFor(() => expect(scrolled).toContain('8'));
  });

  it('on a phone the 文字版 shows the readable pages’ text reflowed at 16 px, adjustable', async () => {
    stub();
    const orig = window.matchMedia;
    window.matchMedia = ((q: string) => ({
      matches: q.includes('max-width'),
      media: q,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as never;
    try {
      renderAt(<DocumentReader doc={doc(15, 3)} pagesPerRead={5} downloadButton={null} />, `/document/${UUID}`);
      fireEvent.click(await screen.findByRole('button', { name: '文字版' }));
      const view = await screen.findByTestId('reader-text-view');
      expect(view.style.fontSize).toBe('16px');
      await waitFor(() => expect(view.querySelectorAll('p:not(.wk-reader-text-missing)')).toHaveLength(3));
      expect(view.textContent).toContain('第 3 页的第一句话。Debian reference');
      expect(view.querySelectorAll('section')).toHaveLength(3);
      expect(calls.some((c) => c.startsWith(`/view/text/${UUID}/4.json`))).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: '放大文字' }));
      expect(view.style.fontSize).toBe('18px');
    } finally {
      window.matchMedia = orig;
    }
  });

  it('the 文字版 fetches the first pages at once and each further page as it approaches the viewport', async () => {
    stub();
    const orig = window.matchMedia;
    window.matchMedia = ((q: string) => ({
      matches: q.includes('max-width'),
      media: q,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as never;
    // an IntersectionObserver the test drives: which sections it watches, and "this one came near"
    const observers: { cb: IntersectionObserverCallback; els: Element[]; margin?: string }[] = [];
    class FakeObserver {
      entry: (typeof observers)[number];
      constructor(cb: IntersectionObserverCallback, opts?: IntersectionObserverInit) {
        this.entry = { cb, els: [], margin: opts?.rootMargin };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.els.push(el);
      }
      unobserve() {}
      disconnect() {
        this.entry.els = [];
      }
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const layerCalls = () =>
      calls
        .map((c) => /^\/view\/text\/\w+\/(\d+)\.json/.exec(c)?.[1])
        .filter(Boolean)
        .map(Number);
    try {
      renderAt(<DocumentReader doc={doc(40, 30)} pagesPerRead={5} downloadButton={null} />, `/document/${UUID}`);
      fireEvent.click(await screen.findByRole('button', { name: '文字版' }));
      const view = await screen.findByTestId('reader-text-view');
      // every readable page keeps its separator; only the first three pages' text is asked for
      expect(view.querySelectorAll('.wk-reader-text-sep')).toHaveLength(30);
      await waitFor(() => expect(view.querySelectorAll('section:not(.is-pending)').length).toBeGreaterThanOrEqual(3));
      expect(view.textContent).toContain('第 3 页的第一句话。');
      expect(Math.max(...layerCalls())).toBeLessThanOrEqual(3);
      // page 12's place comes near the viewport: its text is fetched, and nothing further
      const watcher = observers.find((o) => o.els.some((el) => (el as HTMLElement).dataset.page === '12'))!;
      expect(watcher.margin).toMatch(/%/);
      const twelve = watcher.els.find((el) => (el as HTMLElement).dataset.page === '12')!;
      act(() => watcher.cb([{ target: twelve, isIntersecting: true, intersectionRatio: 0 } as unknown as IntersectionObserverEntry], watcher as never));
      await waitFor(() => expect(view.textContent).toContain('第 12 页的第一句话。'));
      expect(new Set(layerCalls())).toEqual(new Set([1, 2, 3, 12]));
      expect(view.querySelector('section[data-page="13"]')!.classList.contains('is-pending')).toBe(true);
    } finally {
      window.matchMedia = orig;
    }
  });
});
