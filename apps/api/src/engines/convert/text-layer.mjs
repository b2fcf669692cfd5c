// @ts-check
// The text layer of a page, shared by both render paths (the MuPDF.js worker and native mutool), so a page's layer
// and its text look the same whichever engine converted it. Plain ESM JavaScript: the worker thread loads it
// without TypeScript.
//
// Both engines describe a page's structured text as MuPDF's stext JSON: blocks of lines, each with a bbox (whole
// points) and its text. MuPDF 1.21 (mutool) cuts a line into one entry per font run; MuPDF.js 1.28 keeps lines
// whole. Runs on one baseline that follow each other closely are put back on one line here, so the text read from
// the layer matches MuPDF's text output (a line per line, a blank line after each block) whatever the engine.

/**
 * @typedef {{ text: string, x: number, y: number, w: number, h: number, br?: 1 | 2, v?: 1 }} LayerSpan
 *   a run of text where it is drawn, in the page image's coordinates (points, origin at the page's top left);
 *   br: a line (1) or a paragraph (2) ends after it; v: vertical writing
 * @typedef {{ width: number, height: number, spans: LayerSpan[] }} TextLayer
 * @typedef {{ title: string, page: number, level: number, y?: number }} OutlineItem
 */

/** @param {unknown} n */
const num = (n) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

/**
 * Whether `next` continues the line `prev` is on: the same writing mode, horizontal, the same baseline, and it
 * starts after prev ends, at most 0.8 em further (MuPDF starts a new line at a wider gap, e.g. before a page
 * number set at the far right).
 * @param {any} prev @param {any} next
 */
function sameLine(prev, next) {
  if (num(prev.wmode) !== 0 || num(next.wmode) !== 0) return false;
  const size = Math.max(1, num(prev.font?.size), num(next.font?.size));
  if (Math.abs(num(prev.y) - num(next.y)) > Math.max(1, size * 0.2)) return false;
  const end = num(prev.bbox?.x) + num(prev.bbox?.w);
  const gap = num(next.bbox?.x) - end;
  return gap >= -1 && gap <= size * 0.8;
}

/**
 * A page's layer and text from MuPDF's stext JSON of the page. `bounds` is the page's box ([x0, y0, x1, y1]):
 * positions become relative to its top left, as in the page image. The text has MuPDF's text layout (each line
 * ended by a line break, a blank line after each block), before cleanText.
 * @param {any} page the stext JSON of one page: { blocks: [...] }
 * @param {number[]} bounds
 * @returns {{ layer: TextLayer, text: string }}
 */
export function layerFromStext(page, bounds) {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = bounds;
  /** @type {LayerSpan[]} */
  const spans = [];
  let text = '';
  /** the index in spans of the last span of the current line, -1 when the line has none yet */
  let lineEnd = -1;
  /** @param {number} at @param {1 | 2} br */
  const mark = (at, br) => {
    const s = spans[at];
    if (s && (s.br ?? 0) < br) s.br = br;
  };
  for (const block of Array.isArray(page?.blocks) ? page.blocks : []) {
    if (block?.type !== 'text' || !Array.isArray(block.lines)) continue;
    /** @type {any} */
    let prev;
    /** the index of the block's last span, -1 while it has none */
    let blockEnd = -1;
    for (const line of block.lines) {
      const t = typeof line?.text === 'string' ? line.text : '';
      if (prev && !sameLine(prev, line)) {
        text += '\n';
        if (lineEnd >= 0) mark(lineEnd, 1);
        lineEnd = -1;
      }
      text += t;
      const b = line?.bbox ?? {};
      if (t !== '') {
        /** @type {LayerSpan} */
        const span = { text: t, x: num(b.x) - x0, y: num(b.y) - y0, w: Math.max(0, num(b.w)), h: Math.max(0, num(b.h)) };
        if (num(line.wmode) === 1) span.v = 1;
        spans.push(span);
        lineEnd = blockEnd = spans.length - 1;
      }
      prev = line;
    }
    if (prev) {
      text += '\n\n';
      if (blockEnd >= 0) mark(blockEnd, 2);
      lineEnd = -1;
    }
  }
  return { layer: { width: round(x1 - x0), height: round(y1 - y0), spans }, text };
}

/** @param {number} n */
const round = (n) => Math.round(n * 100) / 100;

/**
 * A document's outline (bookmarks, an EPUB's table of contents) flattened in reading order, with 1-based pages;
 * entries that point nowhere in the document are left out. At most `max` entries, titles cut to 200 characters.
 * @param {any[] | null | undefined} items MuPDF outline items: { title, page (0-based) | uri, down?: [...] }
 * @param {(item: any) => { page: number, y?: number } | undefined} resolve the 0-based page (and height) of an item
 * @param {number} pages
 * @param {number} [max]
 * @returns {OutlineItem[]}
 */
export function flattenOutline(items, resolve, pages, max = 2000) {
  /** @type {OutlineItem[]} */
  const out = [];
  /** @param {any[]} list @param {number} level */
  const walk = (list, level) => {
    for (const item of list) {
      if (out.length >= max) return;
      const title = String(item?.title ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200);
      let at;
      try {
        at = resolve(item);
      } catch {
        at = undefined;
      }
      if (title && at && at.page >= 0 && at.page < pages) {
        /** @type {OutlineItem} */
        const entry = { title, page: at.page + 1, level };
        if (at.y !== undefined && Number.isFinite(at.y) && at.y > 0) entry.y = Math.round(at.y);
        out.push(entry);
      }
      if (Array.isArray(item?.down) && level < 8) walk(item.down, level + 1);
    }
  };
  if (Array.isArray(items)) walk(items, 1);
  return out;
}
