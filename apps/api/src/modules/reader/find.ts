import type { TFindHitPage, TLayerSpan, TTextRect } from '@wenku/contracts';

/**
 * Find in a document (pure): each page's text, normalised the way readers type — full-width forms as half-width,
 * lower case, every space and line break left out — and searched with indexOf; a hit maps back to the characters of
 * the page's layer spans it covers, whose boxes it highlights.
 */

/** How a character is compared: full-width forms half-width, lower case; '' for whitespace (ignored). */
function fold(c: string): string {
  const code = c.charCodeAt(0);
  if (/\s/.test(c) || code === 0x3000) return '';
  // full-width ASCII variants (！..～) → their ASCII forms
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0).toLowerCase();
  const lower = c.toLowerCase();
  // a character whose lower case is longer (İ) keeps its own form, so positions stay one to one
  return lower.length === c.length ? lower : c;
}

/** The query as it is matched: folded, whitespace left out. */
export function normaliseQuery(wd: string): string {
  let out = '';
  for (const c of wd) out += fold(c);
  return out;
}

/** A layer span's geometry (text offsets are into the page's source text). */
interface Span {
  start: number;
  end: number;
  x: number;
  y: number;
  w: number;
  h: number;
  vertical: boolean;
}

/** One page made ready for finding. */
export interface PageIndex {
  page: number;
  /** the folded text, whitespace left out */
  norm: string;
  /** for each character of norm, its offset in `source` */
  pos: Int32Array;
  /** the page's text as the layer gives it (line breaks between lines), for snippets */
  source: string;
  /** spans in source order; none when the page has no layer (its text then comes from the extracted text) */
  spans: Span[];
}

/** Rough width of a character in ems, for placing a hit inside a span: CJK and full-width forms are square. */
function charWeight(c: string): number {
  const code = c.codePointAt(0) ?? 0;
  if ((code >= 0x2e80 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xffef))
    return 1;
  if (c === ' ') return 0.3;
  return 0.55;
}

/** A page's index from its text layer's spans. */
export function indexLayer(page: number, spans: TLayerSpan[]): PageIndex {
  let source = '';
  const out: Span[] = [];
  for (const s of spans) {
    const start = source.length;
    source += s.text;
    out.push({ start, end: source.length, x: s.x, y: s.y, w: s.w, h: s.h, vertical: s.v === 1 });
    if (s.br) source += s.br === 2 ? '\n\n' : '\n';
  }
  return { page, ...fold2(source), source, spans: out };
}

/** A page's index from its extracted text alone (no layer yet): hits are found and counted, with no boxes. */
export function indexText(page: number, text: string): PageIndex {
  return { page, ...fold2(text), source: text, spans: [] };
}

function fold2(source: string): { norm: string; pos: Int32Array } {
  const pos = new Int32Array(source.length);
  let norm = '';
  let n = 0;
  for (let i = 0; i < source.length; i++) {
    // a surrogate pair is two code units, folded as they are (both kept, both mapped)
    const f = fold(source[i]);
    if (f === '') continue;
    norm += f;
    pos[n++] = i;
  }
  return { norm, pos: pos.slice(0, n) };
}

/** Bytes an index holds in memory, roughly (the find cache's budget). */
export function indexBytes(p: PageIndex): number {
  return p.norm.length * 2 + p.pos.byteLength + p.source.length * 2 + p.spans.length * 64 + 64;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The boxes of source[from..to) (inclusive from, exclusive to): one per span it touches. */
function rectsOf(p: PageIndex, from: number, to: number): TTextRect[] {
  const rects: TTextRect[] = [];
  // spans are in source order: the first that ends after `from`
  let lo = 0;
  let hi = p.spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p.spans[mid].end <= from) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < p.spans.length; k++) {
    const s = p.spans[k];
    if (s.start >= to) break;
    const a = Math.max(from, s.start);
    const b = Math.min(to, s.end);
    if (a >= b) continue;
    let total = 0;
    let before = 0;
    let inside = 0;
    for (let i = s.start; i < s.end; i++) {
      const wgt = charWeight(p.source[i]);
      total += wgt;
      if (i < a) before += wgt;
      else if (i < b) inside += wgt;
    }
    const f0 = total > 0 ? before / total : 0;
    const f1 = total > 0 ? (before + inside) / total : 1;
    rects.push(
      s.vertical
        ? { x: round(s.x), y: round(s.y + s.h * f0), w: round(s.w), h: round(s.h * (f1 - f0)) }
        : { x: round(s.x + s.w * f0), y: round(s.y), w: round(s.w * (f1 - f0)), h: round(s.h) },
    );
  }
  return rects;
}

/** Some text around a hit (source[from..to)), whitespace collapsed: what the hit list shows. */
function snippetOf(source: string, from: number, to: number, around = 24): string {
  const a = Math.max(0, from - around);
  const b = Math.min(source.length, to + around);
  return `${a > 0 ? '…' : ''}${source.slice(a, b).replace(/\s+/g, ' ').trim()}${b < source.length ? '…' : ''}`;
}

export interface FindLimits {
  /** hits listed with boxes over the whole document; past this, pages are still counted */
  maxHits: number;
  /** boxes per page */
  maxRectsPerPage: number;
}

/** Finds `query` (already normalised) in the pages, in page order. */
export function findIn(pages: readonly PageIndex[], query: string, limits: FindLimits = { maxHits: 1000, maxRectsPerPage: 100 }) {
  const out: TFindHitPage[] = [];
  let total = 0;
  let truncated = false;
  if (!query) return { total, pages: out, truncated };
  for (const p of pages) {
    let count = 0;
    let first = -1;
    const rects: TTextRect[] = [];
    for (let at = p.norm.indexOf(query); at !== -1; at = p.norm.indexOf(query, at + query.length)) {
      count++;
      const from = p.pos[at];
      const to = p.pos[at + query.length - 1] + 1;
      if (first < 0) first = at;
      if (p.spans.length && total + count <= limits.maxHits) {
        if (rects.length < limits.maxRectsPerPage) rects.push(...rectsOf(p, from, to));
        else truncated = true;
      } else if (p.spans.length) {
        truncated = true;
      }
    }
    if (!count) continue;
    total += count;
    const from = p.pos[first];
    out.push({ page: p.page, count, snippet: snippetOf(p.source, from, p.pos[first + query.length - 1] + 1), rects: rects.slice(0, limits.maxRectsPerPage) });
  }
  return { total, pages: out, truncated };
}
