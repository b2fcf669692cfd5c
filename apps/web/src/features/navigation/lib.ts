import type { TNavigation } from '@wenku/contracts/schemas';
import { bySortDesc } from '../category/lib';

export interface NavNode {
  id: number;
  title: string;
  href: string;
  target: '_self' | '_blank';
  color: string;
  /** false when the entry or any of its ancestors is disabled */
  enabled: boolean;
  external: boolean;
  children: NavNode[];
}

/** A list row may carry only some fields: fill in the rest. */
export function normalizeNavigation(n: Partial<TNavigation> & { id: number }): TNavigation {
  return {
    title: '',
    href: '/',
    target: '_self',
    color: '',
    sort: 0,
    enable: true,
    fixed: false,
    parent_id: 0,
    description: '',
    created_at: '',
    ...n,
  } as TNavigation;
}

/**
 * External link rule (spec §3): an href starting with http:// or https://, or with the site's own domain, is a full
 * URL and opens with a plain link (in its target); anything else is a route of this site.
 */
export function isExternalHref(href: string, domain?: string): boolean {
  const h = href.trim();
  if (/^https?:\/\//i.test(h)) return true;
  const d = (domain ?? '').trim().replace(/\/+$/, '');
  return d !== '' && h.startsWith(d);
}

/**
 * Navigation tree by parent_id, each level sorted (larger `sort` first). A child of a disabled parent is disabled
 * (spec §5); an entry whose parent is missing is dropped rather than promoted to the top level.
 */
export function buildNavigationTree(items: readonly TNavigation[], domain?: string): NavNode[] {
  const sorted = [...items].sort(bySortDesc);
  const byId = new Map(sorted.map((n) => [n.id, n]));
  const childrenOf = new Map<number, TNavigation[]>();
  for (const n of sorted) {
    if (n.parent_id !== 0 && !byId.has(n.parent_id)) continue;
    const list = childrenOf.get(n.parent_id) ?? [];
    list.push(n);
    childrenOf.set(n.parent_id, list);
  }
  const build = (parentId: number, parentEnabled: boolean, seen: Set<number>): NavNode[] =>
    (childrenOf.get(parentId) ?? [])
      .filter((n) => !seen.has(n.id))
      .map((n) => {
        const enabled = parentEnabled && n.enable;
        return {
          id: n.id,
          title: n.title,
          href: n.href,
          target: n.target === '_blank' ? '_blank' : '_self',
          color: n.color,
          enabled,
          external: isExternalHref(n.href, domain),
          children: build(n.id, enabled, new Set(seen).add(n.id)),
        };
      });
  return build(0, true, new Set());
}

/** Only enabled entries, recursively (what the header shows). */
export function enabledOnly(nodes: readonly NavNode[]): NavNode[] {
  return nodes.filter((n) => n.enabled).map((n) => ({ ...n, children: enabledOnly(n.children) }));
}

/** The fixed entries whose hover card lists categories, and the category type each one lists. */
export const CATEGORY_POPOVER_HREFS: Record<string, 'document' | 'article'> = {
  '/': 'document',
  '/category': 'document',
  '/article': 'article',
};

/** Shown when the navigation cannot be loaded, so the header is never empty. */
export const FALLBACK_NAVIGATION: NavNode[] = [
  { id: -1, title: '首页', href: '/', target: '_self', color: '', enabled: true, external: false, children: [] },
  { id: -2, title: '文库资料', href: '/category', target: '_self', color: '', enabled: true, external: false, children: [] },
  { id: -3, title: '文章资讯', href: '/article', target: '_self', color: '', enabled: true, external: false, children: [] },
];

/** Whether a navigation entry is the current page. */
export function isActiveHref(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  if (/^https?:\/\//i.test(href)) return false;
  const path = href.split(/[?#]/)[0].replace(/\/+$/, '');
  return path !== '' && (pathname === path || pathname.startsWith(`${path}/`));
}
