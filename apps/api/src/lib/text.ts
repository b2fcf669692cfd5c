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
