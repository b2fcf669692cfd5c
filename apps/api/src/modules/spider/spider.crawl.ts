import path from 'node:path';
import { SUPPORTED_DOCUMENT_EXTS } from '@wenku/contracts';

/** Document types by the response's content type (for links whose name says nothing). */
const MIME_EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'text/plain': 'txt',
  'application/epub+zip': 'epub',
  'application/x-mobipocket-ebook': 'mobi',
  'application/vnd.ms-htmlhelp': 'chm',
};

export function extOfMime(contentType: string): string | undefined {
  return MIME_EXT[contentType.toLowerCase()];
}

/** The document extension of a URL's path, if it is one of the spec's. */
export function documentExtOfUrl(u: URL): string | undefined {
  const ext = path.posix.extname(decodeSafe(u.pathname)).replace(/^\./, '').toLowerCase();
  return (SUPPORTED_DOCUMENT_EXTS as readonly string[]).includes(ext) ? ext : undefined;
}

export function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

export interface FoundLink {
  url: URL;
  /** the link's text (a title for the document) */
  text: string;
}

/** The links of an HTML page (`<a href>`), made absolute against the page (or its `<base href>`), http(s) only. */
export function extractLinks(html: string, pageUrl: string): FoundLink[] {
  let base = pageUrl;
  const baseTag = /<base\b[^>]*\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  if (baseTag) {
    try {
      base = new URL(decodeEntities(baseTag[1] ?? baseTag[2] ?? baseTag[3] ?? ''), pageUrl).toString();
    } catch {
      /* keep the page URL */
    }
  }
  const out: FoundLink[] = [];
  const seen = new Set<string>();
  const re = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[1]);
    if (!href) continue;
    const raw = decodeEntities((href[1] ?? href[2] ?? href[3] ?? '').trim());
    let u: URL;
    try {
      u = new URL(raw, base);
    } catch {
      continue;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') continue;
    u.hash = '';
    const key = u.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    const text = decodeEntities(m[2].replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    out.push({ url: u, text });
  }
  return out;
}

/**
 * The admin's link pattern: a regex written `/.../flags`, or a glob (`*` within a path segment, `**` across
 * segments, `?` one character). A glob with a `/` is matched against the whole URL, one without against the file name.
 * Returns undefined for an empty pattern (everything matches); throws a readable error for a broken regex.
 */
export function compilePattern(pattern: string): ((u: URL) => boolean) | undefined {
  const p = pattern.trim();
  if (!p) return undefined;
  const rx = /^\/(.+)\/([imsu]*)$/s.exec(p);
  if (rx) {
    let re: RegExp;
    try {
      re = new RegExp(rx[1], rx[2].includes('i') ? rx[2] : `${rx[2]}i`);
    } catch (err) {
      throw new Error(`匹配规则不是有效的正则表达式：${(err as Error).message}`);
    }
    return (u) => re.test(u.toString());
  }
  const body = p
    .split(/(\*\*|\*|\?)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const re = new RegExp(`^${body}$`, 'i');
  const whole = p.includes('/');
  return (u) => {
    if (whole) return re.test(u.toString()) || re.test(`${u.pathname}${u.search}`);
    const name = decodeSafe(path.posix.basename(u.pathname));
    return re.test(name);
  };
}

interface RobotsRule {
  allow: boolean;
  re: RegExp;
  length: number;
}

/**
 * robots.txt for our agent: the group naming `wenkuspider` if any, else `*`; the longest matching rule wins,
 * Allow over Disallow on a tie (RFC 9309), with `*` and `$` in paths.
 */
export function parseRobots(text: string, agent = 'wenkuspider'): (u: URL) => boolean {
  const groups: { agents: string[]; rules: RobotsRule[] }[] = [];
  let current: { agents: string[]; rules: RobotsRule[] } | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (key !== 'allow' && key !== 'disallow')) continue;
    if (!value) continue; // "Disallow:" (empty) allows everything
    const re = new RegExp(
      `^${value
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')
        .replace(/\\\$$/, '$')}`,
    );
    current.rules.push({ allow: key === 'allow', re, length: value.length });
  }
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && agent.includes(a)));
  const rules = (mine.length ? mine : groups.filter((g) => g.agents.includes('*'))).flatMap((g) => g.rules);
  return (u) => {
    const target = `${u.pathname}${u.search}`;
    let best: RobotsRule | undefined;
    for (const r of rules) {
      if (!r.re.test(target)) continue;
      if (!best || r.length > best.length || (r.length === best.length && r.allow)) best = r;
    }
    return !best || best.allow;
  };
}

/** A file name for a downloaded document: Content-Disposition's, else the URL's last segment, with a document extension. */
export function fileNameFor(u: URL, contentDisposition: string | undefined, contentType: string, fallbackTitle: string): { name: string; ext?: string } {
  let name = '';
  if (contentDisposition) {
    const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
    const plain = /filename\s*=\s*(?:"([^"]+)"|([^;]+))/.exec(contentDisposition);
    name = star ? decodeSafe(star[1].trim()) : (plain?.[1] ?? plain?.[2] ?? '').trim();
  }
  if (!name) name = decodeSafe(path.posix.basename(u.pathname));
  name = name.replace(/[\\/:*?"<>|\r\n\t]+/g, '_').slice(-200);
  const ext = path.posix.extname(name).replace(/^\./, '').toLowerCase();
  const known = (SUPPORTED_DOCUMENT_EXTS as readonly string[]).includes(ext) ? ext : undefined;
  if (known) return { name, ext: known };
  const byType = extOfMime(contentType);
  const stem = name || fallbackTitle || 'document';
  return byType ? { name: `${stem}.${byType}`, ext: byType } : { name: stem };
}
