import { escapeHtml } from '@wenku/contracts/format';

/**
 * Highlighted fragments from the search API are HTML: matches wrapped in <em>, everything else escaped by the server.
 * They are still user content (titles and text of uploaded documents), so before they reach innerHTML this allow-list
 * keeps exactly one tag, a bare <em> / </em>, and escapes everything else. Character references (&amp;, &#39;, ...)
 * are kept: they cannot carry markup. Unbalanced tags are repaired so one fragment cannot italicise the page.
 */
const EM_TAG = /<(\/?)em\s*>/gi;
/** A character reference, captured: splitting on it leaves references at the odd indexes. */
const ENTITY = /(&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/i;

/** Text between the <em> tags: escaped, except for character references, which are kept as they are. */
function escapeText(text: string): string {
  return text
    .split(ENTITY)
    .map((part, i) => (i % 2 ? part : escapeHtml(part)))
    .join('');
}

/** HTML safe for innerHTML: only balanced, attribute-free <em> elements survive. */
export function sanitizeHighlight(html: string | null | undefined): string {
  if (!html) return '';
  let out = '';
  let open = 0;
  let last = 0;
  for (const m of html.matchAll(EM_TAG)) {
    out += escapeText(html.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1]) {
      // a closing tag without an opening one is dropped; nested <em> adds nothing visible, so only the outer pair counts
      if (open > 0 && --open === 0) out += '</em>';
    } else if (open++ === 0) {
      out += '<em>';
    }
  }
  out += escapeText(html.slice(last));
  if (open > 0) out += '</em>';
  return out.replace(/<em><\/em>/g, '');
}

/** The plain text of a highlighted fragment (for title attributes and accessible names). */
export function highlightText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&#x0*27;|&apos;/gi, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}
