/** Pages shown at once when a document opens (moredoc shows two, then 继续阅读 adds display.pages_per_read). */
export const INITIAL_PAGES = 2;
export const ZOOM_MIN = 50;
export const ZOOM_MAX = 200;
const ZOOM_STEP = 10;
/** Page ratio (height / width) when a document has no size yet: A4 portrait. */
export const DEFAULT_PAGE_RATIO = 297 / 210;

export interface ReaderState {
  /** pages 1..shown are on screen */
  shown: number;
  /** pages that may be read online */
  preview: number;
  /** how many more pages 继续阅读 would add (0: none left to preview) */
  nextChunk: number;
  /** after the last preview page: pages only the downloaded file has (剩余 N 页未读) */
  remaining: number;
  /** every preview page is on screen */
  atEnd: boolean;
}

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/** Preview pages that can really be shown: the page URLs the server gave, never more than the preview count. */
export function previewCount(pageUrls: number, preview: number): number {
  const p = whole(preview);
  const urls = whole(pageUrls);
  return p > 0 ? Math.min(p, urls) : urls;
}

/** First view: the first two pages (or fewer when the preview is shorter). */
export function initialShown(preview: number): number {
  return Math.min(INITIAL_PAGES, whole(preview));
}

/** After 继续阅读: `pagesPerRead` more, never past the preview. */
export function nextShown(shown: number, preview: number, pagesPerRead: number): number {
  const per = Math.max(1, whole(pagesPerRead));
  return Math.min(whole(preview), whole(shown) + per);
}

export function readerState(pages: number, preview: number, shown: number, pagesPerRead: number): ReaderState {
  const p = whole(preview);
  const s = Math.min(whole(shown), p);
  const total = Math.max(whole(pages), p);
  const atEnd = s >= p;
  return {
    shown: s,
    preview: p,
    nextChunk: atEnd ? 0 : Math.min(Math.max(1, whole(pagesPerRead)), p - s),
    remaining: atEnd ? total - p : 0,
    atEnd,
  };
}

/** Page numbers (1-based) on screen. */
export function shownPages(shown: number): number[] {
  return Array.from({ length: whole(shown) }, (_, i) => i + 1);
}

/** Height / width of a page from the document's first-page size; A4 when unknown. */
export function pageRatio(width: number, height: number): number {
  return width > 0 && height > 0 ? height / width : DEFAULT_PAGE_RATIO;
}

export function clampZoom(z: number): number {
  if (!Number.isFinite(z)) return 100;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z)));
}

export const zoomIn = (z: number) => clampZoom(Math.floor(z / ZOOM_STEP) * ZOOM_STEP + ZOOM_STEP);
export const zoomOut = (z: number) => clampZoom(Math.ceil(z / ZOOM_STEP) * ZOOM_STEP - ZOOM_STEP);

/**
 * The page the reader is on: among the pages currently intersecting the indicator band, the one with the most
 * visible area; ties go to the earlier page. Returns `fallback` when nothing is visible.
 */
export function currentPage(visible: ReadonlyMap<number, number>, fallback: number): number {
  let best = fallback;
  let bestRatio = 0;
  for (const [page, ratio] of visible) {
    if (ratio > bestRatio || (ratio === bestRatio && ratio > 0 && page < best)) {
      best = page;
      bestRatio = ratio;
    }
  }
  return bestRatio > 0 ? best : fallback;
}
