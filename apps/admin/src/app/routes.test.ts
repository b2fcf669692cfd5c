import { describe, expect, it } from 'vitest';
import { ADMIN_MODULES, CONFIG_SECTIONS, MODULE_LIST_KEYS } from '@wenku/contracts';
import { computeAllowedPages, filterMenu, flattenRoutes, type PermissionLike } from './access';
import { ADMIN_ROUTES, toRouteObjects } from './routes';

/** Every admin route the spec lists (§2 "Admin routes under /admin"). */
const SPEC_PAGES = [
  'dashboard',
  'advertisement',
  'attachment',
  'banner',
  'comment',
  'friendlink',
  'navigation',
  'order',
  'report',
  'ai/llm',
  'ai/embedding',
  'ai/chat',
  'article/category',
  'article/list',
  'article/recycle',
  'article/set',
  'document/category',
  'document/list',
  'document/ocr',
  'document/language',
  'document/searchrecord',
  'document/recycle',
  'user/list',
  'user/group',
  'user/permission',
  'user/punishment',
  'user/vip',
  'user/sms',
  'spider/url',
  'spider/document',
  'config/system',
  'config/llm',
  'config/sms',
  'config/pay',
  'config/search',
  'config/ocr',
  'config/vip',
  'config/miniprogram',
  'config/oauth',
  'config/captcha',
  'config/security',
  'config/converter',
  'config/score',
  'config/ssr',
  'config/email',
  'config/display',
  'config/footer',
  'config/download',
  // the article settings section (CONFIG_SECTIONS.article) is a generic config page too
  'config/article',
].map((p) => `/${p}`);

const pages = flattenRoutes(ADMIN_ROUTES).filter((r) => r.component);

describe('route table', () => {
  it('has exactly the spec admin pages, each once', () => {
    const paths = pages.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PAGES].sort());
  });

  it('gives every entry a Chinese title and an icon', () => {
    for (const r of flattenRoutes(ADMIN_ROUTES)) {
      expect(r.title, r.path).toMatch(/[\u4e00-\u9fa5]/);
      expect(r.icon, r.path).toBeTruthy();
    }
  });

  it('unlocks every page but the dashboard by a module of ADMIN_MODULES', () => {
    for (const r of pages) {
      if (r.path === '/dashboard') {
        expect(r.module).toBeUndefined();
        continue;
      }
      expect(ADMIN_MODULES[r.module!], r.path).toBeDefined();
    }
  });

  it('has a page for every config section', () => {
    const paths = new Set(pages.map((r) => r.path));
    for (const c of Object.keys(CONFIG_SECTIONS)) expect(paths.has(`/config/${c}`), c).toBe(true);
  });

  it('hangs title, icon and module on the react-router routes as handle', () => {
    const objects = toRouteObjects(ADMIN_ROUTES);
    const doc = objects.find((o) => o.path === '/document')!;
    expect(doc.handle).toMatchObject({ title: '文档管理' });
    expect(doc.children!.find((o) => o.path === '/document/language')!.handle).toMatchObject({ title: '文档语言', module: 'language' });
    expect(objects.find((o) => o.path === '/friendlink')!.element).toBeTruthy();
  });

  it('nests group children under their group path', () => {
    for (const g of ADMIN_ROUTES.filter((r) => r.children)) {
      for (const c of g.children!) expect(c.path.startsWith(`${g.path}/`)).toBe(true);
    }
  });
});

describe('menu from the route table', () => {
  const perm = (module: string): PermissionLike => {
    const [method, path] = MODULE_LIST_KEYS[module].split(' ');
    return { method, path, module };
  };

  it('shows only the dashboard and the pages a config-only admin may open', () => {
    const menu = filterMenu(ADMIN_ROUTES, computeAllowedPages([perm('config')], ADMIN_ROUTES));
    expect(menu.map((r) => r.path)).toEqual(['/dashboard', '/config']);
    expect(menu[1].children).toHaveLength(Object.keys(CONFIG_SECTIONS).length);
  });

  it('shows everything to a holder of every list permission', () => {
    const all = Object.keys(MODULE_LIST_KEYS).map(perm);
    const menu = filterMenu(ADMIN_ROUTES, computeAllowedPages(all, ADMIN_ROUTES));
    const shown = flattenRoutes(menu)
      .filter((r) => r.component)
      .map((r) => r.path);
    const unlocked = pages.filter((r) => r.path === '/dashboard' || MODULE_LIST_KEYS[r.module!]).map((r) => r.path);
    expect(shown.sort()).toEqual(unlocked.sort());
  });

  it('keeps a group with only the allowed children', () => {
    const menu = filterMenu(ADMIN_ROUTES, computeAllowedPages([perm('category')], ADMIN_ROUTES));
    const doc = menu.find((r) => r.path === '/document')!;
    const art = menu.find((r) => r.path === '/article')!;
    expect(doc.children!.map((r) => r.path)).toEqual(['/document/category']);
    expect(art.children!.map((r) => r.path)).toEqual(['/article/category']);
  });
});
