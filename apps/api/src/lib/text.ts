import { joinCjkLines } from './segment';

/** A window of the text around the first match of any of the words (search result snippets). */
export function snippetAround(text: string, words: string[], width = 140): string {
  const clean = joinCjkLines(text).replace(/\s+/g, ' ').trim();
  const lower = clean.toLowerCase();
  let at = -1;
  for (const w of words) {
    const i = lower.indexOf(w.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) return clean.slice(0, width);
  const start = Math.max(0, at - Math.floor(width / 3));
  return (start > 0 ? '…' : '') + clean.slice(start, start + width) + (start + width < clean.length ? '…' : '');
}

/**
 * ~`width` characters of a passage around its best match: of the windows starting a third of the width before each
 * occurrence of a question word, the one holding the most distinct words (longer words weigh more), earliest first.
 */
export function bestSnippet(content: string, words: string[], width = 120): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= width) return text;
  const lower = text.toLowerCase();
  const terms = words.filter((w) => w.length > 0).slice(0, 16);
  let best = -1;
  let bestScore = 0;
  for (const w of terms) {
    for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) {
      const start = Math.max(0, Math.min(at - Math.floor(width / 3), text.length - width));
      const window = lower.slice(start, start + width);
      const score = terms.reduce((n, t) => n + (window.includes(t) ? t.length : 0), 0);
      if (score > bestScore || (score === bestScore && start < best)) {
        best = start;
        bestScore = score;
      }
    }
  }
  if (best < 0) return `${text.slice(0, width)}…`;
  return (best > 0 ? '…' : '') + text.slice(best, best + width) + (best + width < text.length ? '…' : '');
}

// ---------------------------------------------------------------- token estimates (chunk sizes, usage when a vendor gives none)

// CJK ideographs (incl. extension A and compatibility), kana and hangul syllables: one token per character
export const CJK_RANGES = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u3040-\\u30ff\\uac00-\\ud7af';
export const TOKEN_RE = new RegExp(`[${CJK_RANGES}]|[A-Za-z\\u00c0-\\u024f\\u0370-\\u03ff\\u0400-\\u04ff]+|\\d+|\\S`, 'gu');

/**
 * Estimated tokens of one lexical piece. Calibration, against the tokenizers embedding models really use:
 * - a CJK character is about one token: BGE-M3 / bge-zh (XLM-R and BERT vocabularies) give common hanzi one token
 *   each, OpenAI's cl100k gives 1–1.3, Qwen's about 0.7 — one per character is the middle, and errs on the long side;
 * - a Latin word is about 1.3 tokens in English prose (cl100k: ~750 words per 1000 tokens); a long word splits
 *   roughly every 4 letters, so words past 6 letters count len / 4 (at least 1.3);
 * - digits go in groups of up to 3 (cl100k splits numbers that way); any other mark (punctuation, symbol) is 1.
 * Good to about ±15% on mixed Chinese/English text, which is all the packing needs: MAX leaves room for that error
 * below the 512-token input limit of the smallest common embedding models.
 */
export function pieceTokens(p: string): number {
  const c = p.charCodeAt(0);
  if (p.length === 1 && c >= 0x3040) return 1;
  if (/^\d/.test(p)) return Math.ceil(p.length / 3);
  if (p.length === 1 && !/[A-Za-z]/.test(p)) return 1;
  return p.length > 6 ? Math.max(1.3, p.length / 4) : 1.3;
}

/** Estimated embedding-model tokens of a text (see `pieceTokens` for the calibration). */
export function countTokens(text: string): number {
  let n = 0;
  for (const m of text.matchAll(TOKEN_RE)) n += pieceTokens(m[0]);
  return Math.ceil(n);
}
