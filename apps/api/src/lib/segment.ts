import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';

/**
 * Chinese word segmentation for search (jieba, "cut for search": long words also yield their parts, so 文档分享系统
 * is findable by 文档 and 系统). Output is lower-cased words joined by spaces, ready for to_tsvector('simple', ...)
 * on both PGlite and PostgreSQL — the database never needs a Chinese parser of its own.
 */
let loaded: Jieba | undefined;
let userWords: string[] = [];

/**
 * The segmenter with its dictionary, made on first use: the dictionary costs about 50 MB resident and 0.3 s, which
 * a process that never segments (a server nobody searched yet, a worker with nothing to index) does not pay.
 * Loaded through require (the package is CommonJS with a native addon) so that segmenting stays synchronous.
 */
function jieba(): Jieba {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict.js') as { dict: Buffer };
    const next = JiebaClass.withDict(dict);
    if (userWords.length) next.loadDict(Buffer.from(userWords.map((w) => `${w} 100000 n`).join('\n')));
    loaded = next;
  }
  return loaded;
}

/** Adds the operator's own words (config search.user_dict, one per line) to the dictionary. */
export function setUserDictionary(words: string[]): void {
  const clean = [...new Set(words.map((w) => w.trim()).filter((w) => w && !/\s/.test(w)))].sort();
  if (clean.join('\n') === userWords.join('\n')) return;
  userWords = clean;
  // a dictionary without the removed words must start from the plain one; not loaded yet: made with them when first used
  loaded = undefined;
}

const PUNCT = /^[\s\p{P}\p{S}]+$/u;
// full-width ASCII → half-width, so ＲＥＡＣＴ matches react
const toHalfWidth = (s: string) => s.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

/**
 * Text extracted from rendered pages breaks lines with whitespace, even inside a Chinese word (链式法\n则);
 * whitespace between two CJK characters carries no meaning, so it goes before segmentation.
 */
export function joinCjkLines(text: string): string {
  return text.replace(/([\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef])\s+(?=[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef])/g, '$1');
}

/** Normalised search tokens of a text (kept in order, duplicates kept: frequency matters for ranking). */
export function tokenize(text: string, maxChars = 2_000_000): string[] {
  if (!text) return [];
  const src = toHalfWidth(joinCjkLines(text.length > maxChars ? text.slice(0, maxChars) : text)).toLowerCase();
  const out: string[] = [];
  for (const w of jieba().cutForSearch(src, true)) {
    // hot path: most tokens are CJK words, which need no further checks
    const c = w.charCodeAt(0);
    if (c >= 0x4e00 && c <= 0x9fff) {
      if (w.length <= 60) out.push(w);
      continue;
    }
    const t = w.trim();
    if (!t || t.length > 60 || PUNCT.test(t)) continue;
    out.push(stem(t));
  }
  return out;
}

/** Light English normalisation so plural and singular meet (components → component, libraries → library). */
export function stem(w: string): string {
  if (!/^[a-z]+$/.test(w) || w.length < 4) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(w)) return w;
  if (w.endsWith('es') && /(ch|sh|x|z|s)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** Text as the space-separated token string stored for to_tsvector('simple', ...). */
export function segment(text: string, maxChars?: number): string {
  return tokenize(text, maxChars).join(' ');
}

export interface ParsedQuery {
  /** words that must all match (AND) */
  must: string[];
  /** quoted phrases: tokens that must appear in this order */
  phrases: string[][];
  /** words that must not match (-word) */
  not: string[];
  /** every positive word, for highlighting */
  highlight: string[];
}

/** Parses a search box query: words, "quoted phrases", and -excluded words (full-width punctuation allowed). */
export function parseQuery(input: string): ParsedQuery {
  const q = toHalfWidth(input)
    .replace(/[“”＂]/g, '"')
    .replace(/[－—]/g, '-');
  const phrases: string[][] = [];
  const rest = q.replace(/"([^"]+)"/g, (_, p: string) => {
    const t = jiebaCut(p);
    if (t.length) phrases.push(t);
    return ' ';
  });
  const must: string[] = [];
  const not: string[] = [];
  for (const part of rest.split(/\s+/).filter(Boolean)) {
    if (part.startsWith('-') && part.length > 1) not.push(...jiebaCut(part.slice(1)));
    else must.push(...jiebaCut(part));
  }
  const highlight = [...new Set([...must, ...phrases.flat()])];
  return { must: [...new Set(must)], phrases, not: [...new Set(not)], highlight };
}

/** Query words: the plain cut (not the search cut), so a query word is matched as a whole token. */
function jiebaCut(text: string): string[] {
  return jieba()
    .cut(text.toLowerCase(), true)
    .map((w) => w.trim())
    .filter((w) => w && !PUNCT.test(w))
    .map(stem);
}

/** A word as a quoted tsquery lexeme: user input can never be tsquery syntax. */
const lex = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** to_tsquery text from a parsed query: words AND-ed, phrases as <->, exclusions as !. */
export function toTsQuery(p: ParsedQuery): string | undefined {
  const parts = [...p.must.map(lex), ...p.phrases.map((ph) => (ph.length === 1 ? lex(ph[0]) : `(${ph.map(lex).join(' <-> ')})`))];
  if (!parts.length) return undefined;
  return [...parts, ...p.not.map((w) => `!${lex(w)}`)].join(' & ');
}

/**
 * The ranking query: every positive word OR-ed, so a title holding some of the words still ranks above a body-only
 * match (ts_rank gives an AND query almost nothing unless every word is in the ranked vector).
 */
export function toRankQuery(p: ParsedQuery): string | undefined {
  const words = [...new Set([...p.must, ...p.phrases.flat()])];
  if (!words.length) return undefined;
  return words.map(lex).join(' | ');
}
