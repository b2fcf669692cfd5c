/**
 * The site's public pages: what anyone may open and a crawler may index. The site's router serves them at these
 * paths, and the API answers them with crawler-readable HTML (the page's own head and main text, see the API's
 * SeoService): one table for both, so a public page cannot be left out of either.
 */
export const PUBLIC_PAGES = {
  home: '/',
  categories: '/category',
  category: '/category/:id',
  document: '/document/:id',
  articles: '/article',
  article: '/article/:id',
  search: '/search',
  user: '/user/:id',
  userDocuments: '/user/:id/document',
  userArticles: '/user/:id/article',
} as const;
export type PublicPage = keyof typeof PUBLIC_PAGES;

/** The public page a URL path is (a trailing slash ignored), with its path parameters decoded; undefined otherwise. */
export function matchPublicPage(pathname: string): { page: PublicPage; params: Record<string, string> } | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  for (const [page, path] of Object.entries(PUBLIC_PAGES) as [PublicPage, string][]) {
    const pattern = path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const same = pattern.every((p, i) => {
      if (!p.startsWith(':')) return p === parts[i];
      try {
        params[p.slice(1)] = decodeURIComponent(parts[i]!);
        return true;
      } catch {
        return false;
      }
    });
    if (same) return { page, params };
  }
  return undefined;
}
