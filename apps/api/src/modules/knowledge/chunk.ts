import { joinCjkLines } from '../../lib/segment';
import { CJK_RANGES, countTokens, pieceTokens, TOKEN_RE } from '../../lib/text';

/**
 * Cutting a document's per-page text into passages for retrieval: structure first (paragraphs, then sentences,
 * then a hard cut only for a run-on "sentence" with no end), sized in the embedding model's tokens, with a small
 * overlap so a fact split across a boundary is still whole in one of the two chunks. Pure: no database, no I/O.
 */

/** what a chunk aims at, its ceiling (overlap included) and the overlap carried from the previous chunk */
export const CHUNK_TARGET_TOKENS = 256;
export const CHUNK_MAX_TOKENS = 400;
export const CHUNK_OVERLAP_TOKENS = 32;

export interface PageText {
  page: number;
  text: string;
}

export interface Chunk {
  /** the page its text is on (1-based; the overlap carried from the chunk before may come from the page before) */
  page: number;
  /** order within the document, from 0 */
  seq: number;
  content: string;
  tokens: number;
}

/** The text cut after every `limit` tokens (at a space when one is near, else between characters). */
function hardCut(text: string, limit: number): string[] {
  const out: string[] = [];
  let start = 0;
  let n = 0;
  for (const m of text.matchAll(TOKEN_RE)) {
    const t = pieceTokens(m[0]);
    if (n + t > limit && m.index > start) {
      out.push(text.slice(start, m.index).trim());
      start = m.index;
      n = 0;
    }
    n += t;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

const CLOSERS = '"\'”’」』）)】》';
/**
 * Sentences of a paragraph: after 。！？；!?; or a full stop followed by a space (so 3.14 and e.g. in the middle of a
 * word stay whole), keeping closing quotes and brackets with their sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const strong = '。！？；!?;…'.includes(ch);
    const stop = ch === '.' && (i + 1 >= text.length || /\s/.test(text[i + 1]));
    if (!strong && !stop) continue;
    let j = i + 1;
    while (j < text.length && (CLOSERS.includes(text[j]) || '。！？!?…'.includes(text[j]))) j++;
    const s = text.slice(start, j).trim();
    if (s) out.push(s);
    start = j;
    i = j - 1;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** A page's paragraphs: blank lines separate them; a line break inside one is a space (none between CJK). */
function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((p) => joinCjkLines(p).replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

interface Unit {
  page: number;
  text: string;
  tokens: number;
}

/** The pieces chunks are packed from: paragraphs, or the sentences (or hard-cut parts) of a long paragraph. */
function units(pages: PageText[], target: number, max: number): Unit[] {
  const out: Unit[] = [];
  for (const { page, text } of pages) {
    if (!text || !text.trim()) continue;
    for (const para of paragraphs(text)) {
      const n = countTokens(para);
      if (n <= target) {
        out.push({ page, text: para, tokens: n });
        continue;
      }
      for (const s of splitSentences(para)) {
        const k = countTokens(s);
        if (k <= max - CHUNK_OVERLAP_TOKENS) out.push({ page, text: s, tokens: k });
        else for (const part of hardCut(s, target)) out.push({ page, text: part, tokens: countTokens(part) });
      }
    }
  }
  return out;
}

const CJK_OR_FULLWIDTH = new RegExp(`[${CJK_RANGES}\\u3000-\\u303f\\uff00-\\uffef]`, 'u');

/** Joins two pieces: no space between CJK text, one space otherwise. */
function join(a: string, b: string): string {
  if (!a) return b;
  return CJK_OR_FULLWIDTH.test(a[a.length - 1]) || CJK_OR_FULLWIDTH.test(b[0]) ? a + b : `${a} ${b}`;
}

/** The end of a chunk carried into the next: its last sentences up to `limit` tokens, else its last `limit` tokens. */
function tail(text: string, limit: number): string {
  const sentences = splitSentences(text);
  let out = '';
  for (let i = sentences.length - 1; i > 0; i--) {
    const next = join(sentences[i], out);
    if (countTokens(next) > limit) break;
    out = next;
  }
  if (out) return out;
  const pieces = [...text.matchAll(TOKEN_RE)];
  let n = 0;
  let from = text.length;
  for (let i = pieces.length - 1; i >= 0; i--) {
    n += pieceTokens(pieces[i][0]);
    if (n > limit) break;
    from = pieces[i].index;
  }
  // the whole text fits: nothing new would be added by repeating it all
  return from === 0 ? '' : text.slice(from).trim();
}

/**
 * Per-page text → chunks. Units are packed until the next would pass `target`; a new page always starts a new
 * chunk, so every passage cites exactly the page its text is on (a short page makes a short chunk, which costs
 * nothing in retrieval). Each chunk after the first starts with the previous chunk's tail (`overlap` tokens, which
 * may come from the page before: context, not new text) unless that would pass `max`.
 */
export function chunkPages(pages: PageText[], opts: { target?: number; max?: number; overlap?: number } = {}): Chunk[] {
  const target = opts.target ?? CHUNK_TARGET_TOKENS;
  const max = opts.max ?? CHUNK_MAX_TOKENS;
  const overlap = opts.overlap ?? CHUNK_OVERLAP_TOKENS;
  const out: Chunk[] = [];
  let text = '';
  let tokens = 0;
  let fresh = 0; // tokens of new (non-overlap) text in the current chunk
  let page = 0;
  let carried = '';
  const emit = () => {
    if (fresh > 0) {
      out.push({ page, seq: out.length, content: text, tokens: countTokens(text) });
      carried = overlap > 0 ? tail(text, overlap) : '';
    }
    text = '';
    tokens = 0;
    fresh = 0;
  };
  for (const u of units(pages, target, max)) {
    if (fresh > 0 && (u.page !== page || tokens + u.tokens > target)) emit();
    if (fresh === 0) {
      page = u.page;
      const lead = carried && countTokens(carried) + u.tokens <= max ? carried : '';
      text = lead;
      tokens = lead ? countTokens(lead) : 0;
    }
    text = join(text, u.text);
    tokens += u.tokens;
    fresh += u.tokens;
  }
  emit();
  return out;
}
