import { escapeHtml } from '@wenku/contracts/format';
import type { RouteResponse } from '@wenku/contracts/paths';
import type { api } from '@wenku/contracts/schemas';
import { articleHref } from '../../article/lib/href';

/** One article hit as the result list shows it. */
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

/** GET /article/search's answer (the contract's shape) as result rows. */
export function articleHitsOf(res: RouteResponse<typeof api.searchArticles>): ArticleSearchResult {
  const hits = res.article.map((r) => ({
    key: r.identifier || String(r.id),
    href: articleHref(r),
    titleHtml: r.highlight_title || escapeHtml(r.title),
    snippetHtml: r.highlight_snippet || escapeHtml(r.description),
    username: r.username ?? '',
    userId: r.user_id,
    createdAt: r.created_at,
    viewCount: r.view_count,
  }));
  return { total: res.total, spend: res.spend, maxPage: res.max_page, hits };
}
