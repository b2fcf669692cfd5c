import { describe, expect, it } from 'vitest';
import { MODULE_LIST_KEYS } from '@wenku/contracts';
import {
  COLLAPSE_BELOW,
  SIDER_WIDTH,
  computeAllowedPages,
  decideAccess,
  filterMenu,
  hasAdminAccess,
  isPageAllowed,
  normalizePath,
  shouldCollapse,
  type AccessRoute,
  type PermissionLike,
} from './access';

/** A permission entry for a module's list route, as GET /user/permission returns it. */
function listPermission(module: string): PermissionLike {
  const [method, path] = MODULE_LIST_KEYS[module].split(' ');
  return { method, path, module };
}

const routes: AccessRoute[] = [
  { path: '/dashboard' },
  {
    path: '/document',
    children: [
      { path: '/document/list', module: 'document' },
      { path: '/document/category', module: 'category' },
    ],
  },
  { path: '/article', children: [{ path: '/article/category', module: 'category' }] },
  { path: '/navigation', module: 'navigation' },
  { path: '/help', is_public: true },
  { path: '/hidden', hideInMenu: true, is_public: true },
  {
    path: '/config',
    children: [
      { path: '/config/system', module: 'config' },
      { path: '/config/footer', module: 'config' },
    ],
  },
];

describe('normalizePath', () => {
  it('drops trailing slashes and the /admin prefix', () => {
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/document/list/')).toBe('/document/list');
    expect(normalizePath('/admin')).toBe('/');
    expect(normalizePath('/admin/config/system')).toBe('/config/system');
    expect(normalizePath('navigation')).toBe('/navigation');
  });
});

describe('allowed pages', () => {
  it('always allows the dashboard pages and adds the pages of held list permissions', () => {
    const pages = computeAllowedPages([listPermission('category')], routes);
    expect(pages).toEqual(expect.arrayContaining(['/', '/index', '/dashboard', '/document/category', '/article/category']));
    expect(pages).not.toContain('/navigation');
  });

  it('ignores permissions that are not a module list permission', () => {
    const perms: PermissionLike[] = [{ method: 'DELETE', path: '/api/v1/category', module: 'category' }];
    expect(computeAllowedPages(perms, routes)).toEqual(['/', '/index', '/dashboard']);
    expect(hasAdminAccess(perms, routes)).toBe(false);
  });

  it("follows moredoc's rule: a GRPC service's list entry unlocks its pages, its other entries do not", () => {
    const list: PermissionLike = { method: 'GRPC', path: '/api.v1.DocumentAPI/ListDocument', module: 'document' };
    const check: PermissionLike = { method: 'GRPC', path: '/api.v1.DocumentAPI/CheckDocument', module: 'document' };
    expect(listPermission('document')).toEqual(list);
    expect(computeAllowedPages([list], routes)).toContain('/document/list');
    expect(computeAllowedPages([check], routes)).toEqual(['/', '/index', '/dashboard']);
    // the HTTP key of the same route is no longer an entry: one permission model for both clients
    expect(computeAllowedPages([{ method: 'GET', path: '/api/v1/document/list', module: 'document' }], routes)).toEqual(['/', '/index', '/dashboard']);
    // the module field does not matter, the service does (moredoc-web reads only method and path)
    expect(computeAllowedPages([{ ...list, module: '' }], routes)).toContain('/document/list');
    // Wenku's own modules keep HTTP list entries
    expect(listPermission('ocr')).toEqual({ method: 'GET', path: '/api/v1/ocr/document/list', module: 'ocr' });
  });

  it('grants admin access only with at least one module page', () => {
    expect(hasAdminAccess([], routes)).toBe(false);
    expect(hasAdminAccess([listPermission('navigation')], routes)).toBe(true);
  });

  it('treats is_public routes as reachable', () => {
    expect(isPageAllowed('/help', [], routes)).toBe(true);
    expect(isPageAllowed('/navigation', [], routes)).toBe(false);
    expect(isPageAllowed('/navigation/', ['/navigation'], routes)).toBe(true);
  });
});

describe('filterMenu', () => {
  it('keeps allowed and public leaves, groups with a kept child, and drops hidden entries', () => {
    const menu = filterMenu(routes, ['/dashboard', '/document/category', '/config/footer']);
    expect(menu.map((r) => r.path)).toEqual(['/dashboard', '/document', '/help', '/config']);
    expect(menu[1].children!.map((r) => r.path)).toEqual(['/document/category']);
    expect(menu[3].children!.map((r) => r.path)).toEqual(['/config/footer']);
  });

  it('drops a group when no child is allowed', () => {
    const menu = filterMenu(routes, ['/dashboard']);
    expect(menu.map((r) => r.path)).toEqual(['/dashboard', '/help']);
  });

  it('does not mutate the table', () => {
    filterMenu(routes, []);
    expect(routes[1].children).toHaveLength(2);
  });
});

describe('decideAccess (admin guard)', () => {
  const nav = [listPermission('navigation')];

  it('sends visitors without a token to the public site', () => {
    expect(decideAccess({ token: null, permissions: nav, pathname: '/navigation', routes })).toEqual({ kind: 'leave', to: '/' });
    expect(decideAccess({ token: '', permissions: undefined, pathname: '/', routes })).toEqual({ kind: 'leave', to: '/' });
  });

  it('waits while permissions load', () => {
    expect(decideAccess({ token: 't', permissions: undefined, pathname: '/navigation', routes })).toEqual({ kind: 'wait' });
  });

  it('sends users without admin pages to the public site, even for the dashboard', () => {
    expect(decideAccess({ token: 't', permissions: [], pathname: '/dashboard', routes })).toEqual({ kind: 'leave', to: '/' });
  });

  it('allows the always-allowed pages to any admin', () => {
    for (const p of ['/', '/index', '/dashboard']) {
      expect(decideAccess({ token: 't', permissions: nav, pathname: p, routes })).toEqual({ kind: 'allow' });
    }
  });

  it('allows permitted and public pages', () => {
    expect(decideAccess({ token: 't', permissions: nav, pathname: '/navigation', routes })).toEqual({ kind: 'allow' });
    expect(decideAccess({ token: 't', permissions: nav, pathname: '/help', routes })).toEqual({ kind: 'allow' });
  });

  it('sends a page that is neither allowed nor public to the admin home', () => {
    expect(decideAccess({ token: 't', permissions: nav, pathname: '/config/system', routes })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess({ token: 't', permissions: nav, pathname: '/no-such-page', routes })).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('sider', () => {
  it('is 240 px wide and collapses under 1000 px', () => {
    expect(SIDER_WIDTH).toBe(240);
    expect(COLLAPSE_BELOW).toBe(1000);
    expect(shouldCollapse(999)).toBe(true);
    expect(shouldCollapse(1000)).toBe(false);
    expect(shouldCollapse(1440)).toBe(false);
  });
});
