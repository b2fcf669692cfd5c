import type { TChatReference } from '@wenku/contracts/schemas';
import { referenceHref } from './lib';

/** Elements whose text is never a citation: code, links (a mark inside one is already a link), formulas' MathML. */
const SKIP = new Set(['code', 'pre', 'a', 'math', 'annotation', 'script', 'style', 'textarea']);

/** `[1]`, `[2,3]`, `[1、2]`, `[1][2]`: 1–3 digit numbers between square brackets. */
const MARK = /\[(\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\]/g;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One badge: a superscript link to the cited page (a new tab on desktop). */
function badge(n: number, ref: TChatReference, newTab: boolean): string {
  const title = ref.page > 0 ? `${ref.title} · 第 ${ref.page} 页` : ref.title;
  const target = newTab ? ' target="_blank" rel="noopener"' : '';
  return `<sup class="wk-cite"><a href="${escapeAttr(referenceHref(ref))}" data-cite="${n}" title="${escapeAttr(title)}" aria-label="引用 ${n}：${escapeAttr(title)}"${target}>${n}</a></sup>`;
}

/** The text of one mark with its matching numbers as badges; unmatched numbers stay as they were written. */
function replaceMark(whole: string, inner: string, refs: readonly TChatReference[], newTab: boolean): string {
  const nums = inner.split(/\s*[,，、]\s*/).map(Number);
  if (!nums.some((n) => n >= 1 && n <= refs.length)) return whole;
  return nums.map((n) => (n >= 1 && n <= refs.length ? badge(n, refs[n - 1], newTab) : `[${n}]`)).join('');
}

/**
 * Turns the citation marks of a rendered answer (`[n]`, 1-based indexes into the answer's references) into small
 * superscript links to the cited page. Works on the sanitised HTML of the markdown renderer: only text between tags
 * is touched, never text inside code, links or formulas, and marks without a matching reference stay plain text.
 */
export function linkCitations(html: string, refs: readonly TChatReference[], opts: { newTab?: boolean } = {}): string {
  if (!refs.length || !html.includes('[')) return html;
  const newTab = opts.newTab ?? true;
  const parts = html.split(/(<[^>]*>)/);
  const open: Record<string, number> = {};
  let skipping = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.startsWith('<')) {
      const m = /^<(\/?)([a-zA-Z][\w-]*)/.exec(part);
      if (!m) continue;
      const name = m[2].toLowerCase();
      if (!SKIP.has(name) || part.endsWith('/>')) continue;
      if (m[1]) {
        if (open[name] > 0) {
          open[name]--;
          skipping--;
        }
      } else {
        open[name] = (open[name] ?? 0) + 1;
        skipping++;
      }
      continue;
    }
    if (skipping > 0 || !part.includes('[')) continue;
    parts[i] = part.replace(MARK, (whole, inner: string) => replaceMark(whole, inner, refs, newTab));
  }
  return parts.join('');
}

/** Relevance of a reference for its bar: its score against the best of the answer's references (0–100). */
export function relevancePercent(score: number, refs: readonly Pick<TChatReference, 'score'>[]): number {
  const best = Math.max(0, ...refs.map((r) => (Number.isFinite(r.score) ? r.score : 0)));
  if (!(best > 0) || !Number.isFinite(score) || score <= 0) return 0;
  return Math.max(4, Math.min(100, Math.round((score / best) * 100)));
}

/** A snippet shortened for a card: whitespace collapsed, at most `max` characters. */
export function shortSnippet(snippet: string, max = 120): string {
  const s = (snippet ?? '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}
