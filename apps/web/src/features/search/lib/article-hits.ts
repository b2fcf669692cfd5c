import { escapeHtml } from './escape';

/** One article hit, whatever shape GET /article/search settles on (moredoc: `{ total, spend, article: [...] }`). */
export interface ArticleHit {
  key: string;
  href: string;
  /** safe-to-sanitize HTML: the server's highlight, or the escaped title */
  titleHtml: string;
  snippetHtml: string;
  username: string;
  userId: number;
  createdAt: string;
  viewCount: number | null;
}

export interface ArticleSearchResult {
  total: number;
  spend: number;
  maxPage: number;
  hits: ArticleHit[];
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The answer of the article search, read defensively: missing fields become empty, never a crash. */
export function articleHitsOf(res: unknown): ArticleSearchResult {
  const body = (res && typeof res === 'object' ? res : {}) as Row;
  const list = [body.article, body.articles, body.data].find(Array.isArray) as unknown[] | undefined;
  const hits = (list ?? [])
    .filter((r): r is Row => !!r && typeof r === 'object')
    .map((r, i) => {
      const slug = str(r.identifier) || str(r.id);
      const title = str(r.title);
      const snippet = str(r.description) || str(r.summary);
      return {
        key: slug || String(i),
        href: slug ? `/article/${encodeURIComponent(slug)}` : '/article',
        titleHtml: str(r.highlight_title) || escapeHtml(title),
        snippetHtml: str(r.highlight_snippet) || escapeHtml(snippet),
        username: str(r.username),
        userId: num(r.user_id),
        createdAt: str(r.created_at),
        viewCount: typeof r.view_count === 'number' ? r.view_count : null,
      };
    });
  return { total: num(body.total, hits.length), spend: num(body.spend), maxPage: num(body.max_page), hits };
}
