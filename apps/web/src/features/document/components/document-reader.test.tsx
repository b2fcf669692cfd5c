import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import type { DocumentDetail } from '../api';
import { DocumentReader } from './document-reader';

function doc(pages: number, preview: number): DocumentDetail {
  return {
    id: 1,
    uuid: 'abcdef0123456789',
    title: '测试文档',
    pages,
    preview,
    width: 595,
    height: 842,
    page_urls: Array.from({ length: preview }, (_, i) => `/view/page/abcdef0123456789/${i + 1}.gzip.svg`),
  } as unknown as DocumentDetail;
}

const pagesShown = () => document.querySelectorAll('.wk-reader-page').length;

// antd renders slowly in jsdom on a busy machine: generous time-outs
describe('DocumentReader', () => {
  it('shows two pages, then pages_per_read more per 继续阅读, then the remaining pages with the download button', () => {
    renderAt(<DocumentReader doc={doc(15, 12)} pagesPerRead={5} downloadButton={<button type="button">下载</button>} />, '/document/abcdef0123456789');
    expect(pagesShown()).toBe(2);
    expect(screen.getByText(/第/).textContent).toContain('/ 15 页');
    fireEvent.click(screen.getByRole('button', { name: /继续阅读/ }));
    expect(pagesShown()).toBe(7);
    fireEvent.click(screen.getByRole('button', { name: /继续阅读/ }));
    expect(pagesShown()).toBe(12);
    expect(screen.queryByRole('button', { name: /继续阅读/ })).toBeNull();
    expect(screen.getByText(/页未读，下载后阅读全文/).textContent).toBe('剩余 3 页未读，下载后阅读全文');
    expect(screen.getByRole('button', { name: '下载' })).toBeTruthy();
  });

  it('?page=N (a chat reference) shows the pages up to N and scrolls to it, within the preview', () => {
    const scrolled: string[] = [];
    const orig = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.dataset.page ?? '');
    };
    try {
      renderAt(<DocumentReader doc={doc(15, 12)} pagesPerRead={5} downloadButton={null} />, '/document/abcdef0123456789?page=9');
      expect(pagesShown()).toBe(9);
      expect(scrolled).toEqual(['9']);
      fireEvent.click(screen.getByRole('button', { name: /继续阅读/ }));
      expect(pagesShown()).toBe(12);
      expect(scrolled).toEqual(['9']);
    } finally {
      HTMLElement.prototype.scrollIntoView = orig;
    }
  });

  it('reserves each page height from the first page ratio and lazy-loads pages after the first two', () => {
    renderAt(<DocumentReader doc={doc(3, 3)} pagesPerRead={5} downloadButton={null} />, '/document/abcdef0123456789');
    fireEvent.click(screen.getByRole('button', { name: /继续阅读/ }));
    const frames = document.querySelectorAll<HTMLElement>('.wk-reader-page');
    expect(frames).toHaveLength(3);
    expect(frames[0].style.aspectRatio).toBe(`1 / ${842 / 595}`);
    const imgs = document.querySelectorAll('img');
    expect(imgs[0].getAttribute('loading')).toBe('eager');
    expect(imgs[2].getAttribute('loading')).toBe('lazy');
    expect(screen.queryByText(/页未读/)).toBeNull();
    expect(screen.getByText('— 已阅读完毕 —')).toBeTruthy();
  });

  it('zooms between 50% and 200% and lays the watermark over every page', () => {
    renderAt(<DocumentReader doc={doc(2, 2)} pagesPerRead={5} watermark="文库" downloadButton={null} />, '/document/abcdef0123456789');
    const pagesBox = document.querySelector<HTMLElement>('.wk-reader-pages')!;
    expect(pagesBox.style.width).toBe('100%');
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    expect(pagesBox.style.width).toBe('110%');
    for (let i = 0; i < 20; i++) fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    expect(pagesBox.style.width).toBe('50%');
    expect((screen.getByRole('button', { name: '缩小' }) as HTMLButtonElement).disabled).toBe(true);
    const marks = document.querySelectorAll<HTMLElement>('.wk-watermark');
    expect(marks).toHaveLength(2);
    // jsdom drops data: URL backgrounds; the tile itself is tested in lib/watermark.test.ts
    expect(marks[0].style.backgroundSize).toMatch(/^\d+px \d+px$/);
  });

  it('?page=N outlines that page for a moment, then the outline goes', () => {
    vi.useFakeTimers();
    const orig = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = () => undefined;
    try {
      renderAt(<DocumentReader doc={doc(15, 12)} pagesPerRead={5} downloadButton={null} />, '/document/abcdef0123456789?page=5');
      const target = document.querySelector<HTMLElement>('[data-page="5"]')!;
      expect(target.classList.contains('is-target')).toBe(true);
      expect(screen.getByTestId('reader-target-page')).toBe(target);
      expect(document.querySelectorAll('.wk-reader-page.is-target')).toHaveLength(1);
      act(() => vi.advanceTimersByTime(4000));
      expect(target.classList.contains('is-target')).toBe(false);
    } finally {
      HTMLElement.prototype.scrollIntoView = orig;
      vi.useRealTimers();
    }
  });

  it('without ?page no page is outlined', () => {
    renderAt(<DocumentReader doc={doc(3, 3)} pagesPerRead={5} downloadButton={null} />, '/document/abcdef0123456789');
    expect(document.querySelector('.wk-reader-page.is-target')).toBeNull();
  });
});
