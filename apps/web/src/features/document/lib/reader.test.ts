import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  currentPage,
  DEFAULT_PAGE_RATIO,
  initialShown,
  nextShown,
  pageRatio,
  previewCount,
  readerState,
  shownPages,
  zoomIn,
  zoomOut,
} from './reader';

describe('reader paging', () => {
  it('opens on the first two pages, or fewer when the preview is shorter', () => {
    expect(initialShown(12)).toBe(2);
    expect(initialShown(1)).toBe(1);
    expect(initialShown(0)).toBe(0);
  });

  it('继续阅读 adds pages_per_read pages, never past the preview', () => {
    expect(nextShown(2, 12, 5)).toBe(7);
    expect(nextShown(7, 12, 5)).toBe(12);
    expect(nextShown(12, 12, 5)).toBe(12);
    expect(nextShown(2, 12, 0)).toBe(3); // a broken setting still moves on
  });

  it('walks a 30-page document with a 12-page preview to "18 pages left"', () => {
    const per = 5;
    let shown = initialShown(12);
    const states = [readerState(30, 12, shown, per)];
    while (!states[states.length - 1].atEnd) {
      shown = nextShown(shown, 12, per);
      states.push(readerState(30, 12, shown, per));
    }
    expect(states.map((s) => [s.shown, s.nextChunk, s.remaining])).toEqual([
      [2, 5, 0],
      [7, 5, 0],
      [12, 0, 18],
    ]);
  });

  it('the last chunk is shorter, and a fully previewable document has nothing remaining', () => {
    expect(readerState(9, 9, 7, 5)).toEqual({ shown: 7, preview: 9, nextChunk: 2, remaining: 0, atEnd: false });
    expect(readerState(9, 9, 9, 5)).toEqual({ shown: 9, preview: 9, nextChunk: 0, remaining: 0, atEnd: true });
  });

  it('never shows more than the preview, and counts pages the server did not report', () => {
    expect(readerState(3, 5, 10, 5).shown).toBe(5);
    expect(readerState(0, 5, 5, 5).remaining).toBe(0);
  });

  it('previewCount trusts the page URLs the server sent', () => {
    expect(previewCount(12, 12)).toBe(12);
    expect(previewCount(5, 12)).toBe(5);
    expect(previewCount(5, 0)).toBe(5);
  });

  it('shownPages lists 1..n', () => {
    expect(shownPages(3)).toEqual([1, 2, 3]);
    expect(shownPages(0)).toEqual([]);
  });
});

describe('page size and zoom', () => {
  it('reserves height from the first page ratio, A4 when unknown', () => {
    expect(pageRatio(800, 600)).toBe(0.75);
    expect(pageRatio(0, 0)).toBe(DEFAULT_PAGE_RATIO);
  });
  it('zooms in 10% steps between 50% and 200%', () => {
    expect(zoomIn(100)).toBe(110);
    expect(zoomIn(195)).toBe(200);
    expect(zoomIn(200)).toBe(200);
    expect(zoomOut(100)).toBe(90);
    expect(zoomOut(55)).toBe(50);
    expect(zoomOut(50)).toBe(50);
    expect(clampZoom(NaN)).toBe(100);
    expect(clampZoom(999)).toBe(200);
  });
});

describe('currentPage', () => {
  it('picks the most visible page, earlier on ties, or the fallback', () => {
    expect(
      currentPage(
        new Map([
          [3, 0.2],
          [4, 0.7],
        ]),
        1,
      ),
    ).toBe(4);
    expect(
      currentPage(
        new Map([
          [5, 0.5],
          [4, 0.5],
        ]),
        1,
      ),
    ).toBe(4);
    expect(currentPage(new Map([[2, 0]]), 7)).toBe(7);
    expect(currentPage(new Map(), 1)).toBe(1);
  });
});
