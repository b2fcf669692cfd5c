import chardet from 'chardet';
import iconv from 'iconv-lite';

export type TextEncoding = string; // an iconv-lite name: utf8, utf16le, utf16be, gb18030, big5, shift_jis, windows-1252, ...

const PLAUSIBLE = /[\p{L}\p{N}\p{P}\p{S}\s]/u;

/** Share of characters that are letters, digits, punctuation, symbols or spaces (not U+FFFD, controls, private use). */
function plausibility(s: string): number {
  if (!s) return 0;
  let good = 0;
  let total = 0;
  for (const ch of s) {
    total++;
    if (ch !== '\ufffd' && PLAUSIBLE.test(ch) && !/[\p{Co}\p{Cn}]/u.test(ch)) good++;
  }
  return good / total;
}

const isUtf8 = (buf: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
};

/** A sample cut so that it does not end inside a multi-byte UTF-8 sequence. */
function utf8Sample(buf: Buffer, max: number): Buffer {
  if (buf.length <= max) return buf;
  let end = max;
  // step back over continuation bytes (10xxxxxx) and the lead byte that started them
  while (end > max - 4 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end);
}

/**
 * Detects the encoding of a text file: BOMs first, then strict UTF-8, then UTF-16 without BOM (zero-byte
 * parity or CJK plausibility), then chardet's statistical guess among legacy encodings (GB18030 for GBK/GB2312,
 * Big5, Shift_JIS, EUC-KR, windows-125x, ...).
 */
export function detectEncoding(buf: Buffer): TextEncoding {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return 'utf8';
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return 'utf16le';
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return 'utf16be';
  const sample = utf8Sample(buf, 256 * 1024);
  if (isUtf8(sample)) return 'utf8';

  const even = sample.length - (sample.length % 2);
  const utf16 = sample.subarray(0, Math.min(even, 16 * 1024));
  const le = plausibility(iconv.decode(utf16, 'utf16le'));
  const be = plausibility(iconv.decode(utf16, 'utf16be'));

  let best: { enc: string; score: number } | undefined;
  // 32 KiB is plenty for chardet's statistics, and it costs ~3 ms per KiB
  for (const m of chardet.analyse(sample.subarray(0, 32 * 1024)).slice(0, 6)) {
    const enc = m.name.toLowerCase();
    if (enc.startsWith('utf-16') || enc.startsWith('utf-32') || enc === 'utf-8' || enc === 'ascii') continue;
    const name = enc === 'gb18030' || enc === 'gbk' || enc === 'gb2312' ? 'gb18030' : enc;
    if (!iconv.encodingExists(name)) continue;
    if (!best || m.confidence > best.score) best = { enc: name, score: m.confidence };
  }
  // UTF-16 without a BOM: wins only when it decodes to clean text and the legacy guess is unsure
  const u16 = le >= be ? { enc: 'utf16le', p: le } : { enc: 'utf16be', p: be };
  if (u16.p > 0.97 && sample.length % 2 === 0 && (!best || best.score < 90)) return u16.enc;
  if (best) return best.enc;
  return u16.p > 0.9 ? u16.enc : 'gb18030';
}

/** WHATWG/ICU names for the encodings we detect; TextDecoder is native and several times faster than iconv-lite. */
const WHATWG: Record<string, string> = { utf8: 'utf-8', utf16le: 'utf-16le', utf16be: 'utf-16be' };

/** Decodes a text file to a JavaScript string with '\n' line ends and no BOM. */
export function decodeText(buf: Buffer, encoding = detectEncoding(buf)): { text: string; encoding: TextEncoding } {
  let text: string;
  try {
    text = new TextDecoder(WHATWG[encoding] ?? encoding).decode(buf);
  } catch {
    text = iconv.decode(buf, encoding, { stripBOM: true });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.replace(/\r\n?/g, '\n');
  return { text, encoding };
}

/** Encoding named by an HTML page's <meta charset> or http-equiv Content-Type, mapped to an iconv-lite name. */
export function htmlDeclaredCharset(head: string): string | undefined {
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head);
  if (!m) return undefined;
  const c = m[1].toLowerCase();
  if (c === 'gb2312' || c === 'gbk' || c === 'x-gbk' || c === 'gb18030' || c === 'cp936') return 'gb18030';
  if (c === 'big5' || c === 'big5-hkscs' || c === 'cp950') return 'big5';
  if (c === 'utf8') return 'utf8';
  return iconv.encodingExists(c) ? c : undefined;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return /[&<>"']/.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c]) : s;
}

/** XML 1.0 forbids most C0 controls; MuPDF's HTML parser is lenient, but stray controls only add noise. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const stripControls = (s: string) => (CONTROLS.test(s) ? s.replace(new RegExp(CONTROLS.source, 'g'), '') : s);

const PAGE_CSS = (fontPt: number) => `
@page { margin: 56pt 50pt 56pt 50pt; }
body { font-family: serif; font-size: ${fontPt}pt; line-height: 1.6; margin: 0; }
p { margin: 0; white-space: pre-wrap; }
h1 { font-size: ${fontPt + 8}pt; text-align: center; margin: 0 0 6pt 0; }
h2 { font-size: ${fontPt + 3}pt; margin: 0 0 10pt 0; }
.meta { text-align: center; color: #555; margin-bottom: 18pt; }
`;

export interface TextDocument {
  title?: string;
  author?: string;
  /** text split into chapters; a chapter with a title starts on a new page */
  chapters: { title?: string; text: string }[];
}

/**
 * Characters per HTML part. MuPDF's HTML engine walks a part's whole box tree for every page it draws, so
 * parts are kept to roughly 50 pages; a part ends at a line break, so at worst a page is left short.
 */
export const PART_CHARS = 40_000;

/**
 * Lays plain text out as HTML parts for MuPDF's HTML engine: one paragraph per line (blank lines kept), a new
 * part (so a new page) for every titled chapter, and a new part every PART_CHARS characters.
 */
export function textToHtmlParts(doc: TextDocument, fontPt = 11, partChars = PART_CHARS): string[] {
  const head = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(doc.title ?? '')}</title><style>${PAGE_CSS(fontPt)}</style></head><body>`;
  const parts: string[] = [];
  let cur: string[] = [];
  let size = 0;
  const flush = () => {
    if (cur.length > 0) parts.push(`${head}\n${cur.join('\n')}\n</body></html>`);
    cur = [];
    size = 0;
  };
  if (doc.title) cur.push(`<h1>${escapeHtml(doc.title)}</h1>`);
  if (doc.author) cur.push(`<p class="meta">${escapeHtml(doc.author)}</p>`);
  doc.chapters.forEach((ch, i) => {
    let lines = stripControls(ch.text).split('\n');
    if (ch.title) {
      if (i > 0) flush();
      cur.push(`<h2>${escapeHtml(ch.title)}</h2>`);
      // many books repeat the chapter title as the first line of its text
      const first = lines.findIndex((l) => l.trim() !== '');
      if (first >= 0 && lines[first].trim() === ch.title.trim()) lines = lines.slice(first + 1);
    }
    for (const line of lines) {
      if (size > partChars) flush();
      cur.push(line.trim() === '' ? '<p>&#160;</p>' : `<p>${escapeHtml(line)}</p>`);
      size += line.length + 1;
    }
  });
  flush();
  return parts;
}

/** Parses CSV/TSV (RFC 4180 quoting; the delimiter is guessed for .csv among , ; tab |). Linear, slices not concatenation. */
export function parseDelimited(text: string, delimiter?: string): string[][] {
  const delim = (delimiter ?? guessDelimiter(text)).charCodeAt(0);
  const QUOTE = 34;
  const LF = 10;
  const rows: string[][] = [];
  let row: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      i++;
      let start = i;
      field = '';
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          field += text.slice(start);
          i = n;
          break;
        }
        if (text.charCodeAt(q + 1) === QUOTE) {
          field += text.slice(start, q + 1);
          i = q + 2;
          start = i;
          continue;
        }
        field += text.slice(start, q);
        i = q + 1;
        break;
      }
      // anything between the closing quote and the delimiter is kept, as spreadsheets do
      const rest = i;
      while (i < n && text.charCodeAt(i) !== delim && text.charCodeAt(i) !== LF) i++;
      if (i > rest) field += text.slice(rest, i);
    } else {
      const start = i;
      while (i < n && text.charCodeAt(i) !== delim && text.charCodeAt(i) !== LF) i++;
      field = text.slice(start, i);
    }
    row.push(field);
    if (i >= n) break;
    if (text.charCodeAt(i) === LF) {
      rows.push(row);
      row = [];
    } else if (i + 1 >= n) {
      row.push(''); // a trailing delimiter ends with an empty field
    }
    i++;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

function guessDelimiter(text: string): string {
  const lines = text.split('\n', 20).filter((l) => l.trim() !== '');
  let best = ',';
  let bestScore = -1;
  for (const d of [',', '\t', ';', '|']) {
    const counts = lines.map((l) => l.split(d).length - 1);
    if (counts.length === 0 || counts[0] === 0) continue;
    const consistent = counts.filter((c) => c === counts[0]).length / counts.length;
    const score = consistent * 100 + counts[0];
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

/** East Asian characters take two columns. */
const displayWidth = (s: string) => {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return w;
};

export const MAX_TABLE_COLUMNS = 100;

/**
 * Renders rows as HTML table parts for MuPDF's HTML engine (about PART_CHARS each, the header row repeated at
 * the top of every part). Wide tables get landscape pages and a smaller font; the first row is the header.
 */
export function tableToHtmlParts(rows: string[][], partChars = PART_CHARS): { parts: string[]; landscape: boolean; truncatedColumns: boolean } {
  const columns = Math.min(
    MAX_TABLE_COLUMNS,
    rows.reduce((m, r) => Math.max(m, r.length), 0),
  );
  const widths = new Array<number>(columns).fill(0);
  for (const r of rows.slice(0, 500)) {
    for (let c = 0; c < columns; c++) widths[c] = Math.max(widths[c], Math.min(40, displayWidth(r[c] ?? '')));
  }
  const total = widths.reduce((a, b) => a + b + 2, 0);
  const landscape = columns > 6 || total > 110;
  const fontPt = total > 260 || columns > 16 ? 7 : total > 160 || columns > 10 ? 8 : 9;
  const row = (tag: string, r: string[]) => {
    const cells: string[] = [];
    for (let c = 0; c < columns; c++) cells.push(`<${tag}>${escapeHtml(stripControls(r[c] ?? ''))}</${tag}>`);
    return `<tr>${cells.join('')}</tr>`;
  };
  const head = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><style>
@page { margin: 36pt 30pt; }
body { font-family: sans-serif; font-size: ${fontPt}pt; margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.5pt solid #999; padding: 1.5pt 3pt; vertical-align: top; text-align: left; }
th { background-color: #eee; font-weight: bold; }
</style></head><body><table><thead>${row('th', rows[0] ?? [])}</thead><tbody>`;
  const tail = '</tbody></table></body></html>';
  const parts: string[] = [];
  let cur: string[] = [];
  let size = 0;
  for (const r of rows.slice(1)) {
    const html = row('td', r);
    if (size > partChars) {
      parts.push(head + cur.join('\n') + tail);
      cur = [];
      size = 0;
    }
    cur.push(html);
    size += html.length;
  }
  parts.push(head + cur.join('\n') + tail);
  return { parts, landscape, truncatedColumns: rows.some((r) => r.length > MAX_TABLE_COLUMNS) };
}
