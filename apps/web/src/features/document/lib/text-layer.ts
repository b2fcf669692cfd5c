import type { TTextLayer, TTextRect } from '@wenku/contracts';

/**
 * The reader's text layer, find hits and page jumps (issue 27), as plain functions: a page's words sit over its
 * image at their positions, in percentages of the page, so they follow the page at every zoom and width.
 */

/** A page's text layer as GET /view/text/{uuid}/{page}.json answers it (the contract's shape). */
export type PageLayer = TTextLayer;

/** A rectangle in page points (a span's box, a find hit). */
export type Box = TTextRect;

const pct = (n: number) => `${Math.round(n * 10000) / 100}%`;

/** A box of the page (page points) placed over the page image, in percentages of the page's width and height. */
export function boxStyle(b: Box, width: number, height: number): { left: string; top: string; width: string; height: string } {
  const W = width > 0 ? width : 1;
  const H = height > 0 ? height : 1;
  return { left: pct(b.x / W), top: pct(b.y / H), width: pct(b.w / W), height: pct(b.h / H) };
}

/**
 * A span's font size in container-query width units (`cqw`: a hundredth of the page's width), so the text scales
 * with the page; its box height is the line's height, about 1.15 times the font size.
 */
export function fontSizeCqw(h: number, width: number): number {
  return width > 0 ? Math.round(((h / 1.15) * 100 * 1000) / width) / 1000 : 0;
}

/** The text a span contributes to a copy: its words, then the line or paragraph break after it. */
export function spanText(s: PageLayer['spans'][number]): string {
  return s.text + (s.br === 2 ? '\n\n' : s.br === 1 ? '\n' : '');
}

/** The layer URL of a page (served with the page image's rules); `key` versions it, so it is cached for good. */
export function layerUrl(uuid: string, page: number, key: string): string {
  return `/view/text/${uuid}/${page}.json${key ? `?v=${encodeURIComponent(key)}` : ''}`;
}

/**
 * What the page box asks for: a whole page number in 1..total, or undefined for anything else (empty, text,
 * out of range).
 */
export function parsePageBox(value: string, total: number): number | undefined {
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 1 || n > total) return undefined;
  return n;
}

/** Next (or previous) entry of a list of hit pages, wrapping round; -1 when there is none. */
export function stepHit(count: number, at: number, dir: 1 | -1): number {
  if (count <= 0) return -1;
  if (at < 0) return dir === 1 ? 0 : count - 1;
  return (at + dir + count) % count;
}

/** The link to a page of a document (`?page=N`, what a citation uses), from the current address. */
export function pageLink(href: string, page: number): string {
  const u = new URL(href);
  u.searchParams.set('page', String(page));
  u.hash = '';
  return u.toString();
}

/** Where an anonymous reader's last page is kept in the browser. */
export const progressKey = (uuid: string) => `wk-reading:${uuid}`;

export function readLocalProgress(uuid: string): number {
  try {
    const n = Number(localStorage.getItem(progressKey(uuid)));
    return Number.isInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

export function writeLocalProgress(uuid: string, page: number): void {
  try {
    localStorage.setItem(progressKey(uuid), String(page));
  } catch {
    /* storage unavailable */
  }
}

const CJK_EDGE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

/**
 * A page's text reflowed for reading (the phone's 文字版): the layer's lines joined into paragraphs — a space
 * between two Latin words, nothing between Chinese characters — a paragraph break where the layer has one.
 */
export function reflow(layer: Pick<PageLayer, 'spans'>): string[] {
  const paragraphs: string[] = [];
  let para = '';
  let lineEnded = false;
  const add = (text: string) => {
    if (!text) return;
    if (lineEnded && para) {
      const a = para.at(-1)!;
      const b = text[0]!;
      // a hyphenated line end joins the word; two Latin words get a space; Chinese runs on
      if (a === '-' && /[a-z]/i.test(b)) para = para.slice(0, -1);
      else if (!/\s/.test(a) && !/\s/.test(b) && !CJK_EDGE.test(a) && !CJK_EDGE.test(b)) para += ' ';
    }
    para += text;
    lineEnded = false;
  };
  for (const s of layer.spans) {
    add(s.text);
    if (s.br === 2) {
      if (para.trim()) paragraphs.push(para.replace(/\s+/g, ' ').trim());
      para = '';
      lineEnded = false;
    } else if (s.br === 1) lineEnded = true;
  }
  if (para.trim()) paragraphs.push(para.replace(/\s+/g, ' ').trim());
  return paragraphs;
}

export const TEXT_SIZE_MIN = 14;
export const TEXT_SIZE_MAX = 24;
export const TEXT_SIZE_DEFAULT = 16;
