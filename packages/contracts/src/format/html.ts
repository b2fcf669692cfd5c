const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML (or XML) text or attribute value: the five special characters escaped. The one escaper of every app. */
export function escapeHtml(text: unknown): string {
  const s = String(text ?? '');
  return /[&<>"']/.test(s) ? s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : s;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Search highlighting: the text HTML-escaped, every occurrence of the words (longest first, case-insensitive)
 * wrapped in <em>. The one highlighter of every app.
 */
export function highlightHtml(text: string, words: string[]): string {
  const ws = [...new Set(words.filter((w) => w.length > 0))].sort((a, b) => b.length - a.length);
  if (!ws.length) return escapeHtml(text);
  const re = new RegExp(ws.map(escapeRegExp).join('|'), 'gi');
  let out = '';
  let last = 0;
  for (const m of text.matchAll(re)) {
    out += `${escapeHtml(text.slice(last, m.index))}<em>${escapeHtml(m[0])}</em>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}
