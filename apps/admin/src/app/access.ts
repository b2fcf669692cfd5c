import { ALWAYS_ALLOWED_ADMIN_PAGES, MODULE_LIST_KEYS, allowedAdminModules } from '@wenku/contracts';

/** What access decisions need to know about a route-table entry (no React here: pure and tested). */
export interface AccessRoute {
  path: string;
  /** ADMIN_MODULES key whose list permission unlocks this page */
  module?: string;
  is_public?: boolean;
  hideInMenu?: boolean;
  children?: AccessRoute[];
}

export interface PermissionLike {
  method: string;
  path: string;
  module: string;
}

/** Admin sider width and the window width below which it collapses (spec §2/§9). */
export const SIDER_WIDTH = 240;
export const COLLAPSE_BELOW = 1000;

export function shouldCollapse(windowWidth: number): boolean {
  return windowWidth < COLLAPSE_BELOW;
}

/** `/document/list/` → `/document/list`; `` → `/`. Paths are relative to the /admin basename. */
export function normalizePath(pathname: string): string {
  let p = pathname.trim() || '/';
  if (p === '/admin' || p.startsWith('/admin/')) p = p.slice('/admin'.length) || '/';
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1) p = p.replace(/\/+$/, '') || '/';
  return p;
}

/** Pages unlocked by the permission list alone: a page is unlocked by its module's list permission. */
export function modulePages(permissions: readonly PermissionLike[], routes: readonly AccessRoute[]): string[] {
  const modules = new Set(allowedAdminModules([...permissions], MODULE_LIST_KEYS));
  return flattenRoutes(routes)
    .filter((r) => !r.children?.length && r.module && modules.has(r.module))
    .map((r) => r.path);
}

/** Allowed pages = pages unlocked by permissions + the always-allowed dashboard pages. */
export function computeAllowedPages(permissions: readonly PermissionLike[], routes: readonly AccessRoute[]): string[] {
  return [...new Set([...ALWAYS_ALLOWED_ADMIN_PAGES, ...modulePages(permissions, routes)])];
}

/** Someone "has admin access" when the permissions unlock at least one page beyond the always-allowed. */
export function hasAdminAccess(permissions: readonly PermissionLike[], routes: readonly AccessRoute[]): boolean {
  return modulePages(permissions, routes).some((p) => !ALWAYS_ALLOWED_ADMIN_PAGES.includes(p));
}

export function flattenRoutes<T extends AccessRoute>(routes: readonly T[]): T[] {
  const out: T[] = [];
  const walk = (list: readonly T[]) => {
    for (const r of list) {
      out.push(r);
      if (r.children) walk(r.children as T[]);
    }
  };
  walk(routes);
  return out;
}

export function findRoute<T extends AccessRoute>(routes: readonly T[], pathname: string): T | undefined {
  const path = normalizePath(pathname);
  return flattenRoutes(routes).find((r) => r.path === path);
}

/** A page is reachable when it is in the allowed pages or its route is flagged is_public. */
export function isPageAllowed(pathname: string, allowed: readonly string[], routes: readonly AccessRoute[]): boolean {
  const path = normalizePath(pathname);
  if (allowed.includes(path)) return true;
  return !!findRoute(routes, path)?.is_public;
}

/**
 * The menu: entries whose page is allowed or is_public; a group stays when at least one child stays.
 * Hidden entries (hideInMenu) are dropped.
 */
export function filterMenu<T extends AccessRoute>(routes: readonly T[], allowed: readonly string[]): T[] {
  const out: T[] = [];
  for (const r of routes) {
    if (r.hideInMenu) continue;
    if (r.children?.length) {
      const children = filterMenu(r.children as T[], allowed);
      if (children.length) out.push({ ...r, children });
      continue;
    }
    if (r.is_public || allowed.includes(normalizePath(r.path))) out.push(r);
  }
  return out;
}

export type AccessDecision =
  /** permissions are still loading */
  | { kind: 'wait' }
  /** leave the admin for the public site */
  | { kind: 'leave'; to: '/' }
  /** stay in the admin but go to its home page */
  | { kind: 'redirect'; to: '/' }
  | { kind: 'allow' };

export interface AccessInput {
  token: string | null | undefined;
  /** undefined while loading */
  permissions: readonly PermissionLike[] | undefined;
  pathname: string;
  routes: readonly AccessRoute[];
}

/**
 * The admin guard (spec §4/§6): no token or no allowed pages → the public site; a page that is not
 * allowed and not public → the admin home.
 */
export function decideAccess({ token, permissions, pathname, routes }: AccessInput): AccessDecision {
  if (!token) return { kind: 'leave', to: '/' };
  if (!permissions) return { kind: 'wait' };
  if (!hasAdminAccess(permissions, routes)) return { kind: 'leave', to: '/' };
  if (isPageAllowed(pathname, computeAllowedPages(permissions, routes), routes)) return { kind: 'allow' };
  return { kind: 'redirect', to: '/' };
}
