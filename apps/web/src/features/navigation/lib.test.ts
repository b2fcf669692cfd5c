import { describe, expect, it } from 'vitest';
import type { TNavigation } from '@wenku/contracts/schemas';
import { buildNavigationTree, enabledOnly, isActiveHref, isExternalHref } from './lib';

const nav = (id: number, patch: Partial<TNavigation> = {}): TNavigation => ({
  id,
  title: `n${id}`,
  href: `/p${id}`,
  target: '_self',
  color: '',
  sort: 0,
  enable: true,
  fixed: false,
  parent_id: 0,
  description: '',
  created_at: '2024-01-01T00:00:00Z',
  ...patch,
});

describe('isExternalHref', () => {
  it('treats http:// and https:// as external', () => {
    expect(isExternalHref('http://example.com')).toBe(true);
    expect(isExternalHref('https://example.com/a')).toBe(true);
    expect(isExternalHref('HTTPS://EXAMPLE.COM')).toBe(true);
  });
  it('treats a link starting with the site domain as external (a full URL)', () => {
    expect(isExternalHref('//cdn.example.com/x', '//cdn.example.com')).toBe(true);
    expect(isExternalHref('wenku.example.com/doc', 'wenku.example.com/')).toBe(true);
  });
  it('keeps site paths internal', () => {
    expect(isExternalHref('/category')).toBe(false);
    expect(isExternalHref('/article?category_id=2', 'https://wenku.example.com')).toBe(false);
    expect(isExternalHref('mailto:a@b.c')).toBe(false);
    expect(isExternalHref('/x', '')).toBe(false);
  });
});

describe('buildNavigationTree', () => {
  it('nests children under their parent and sorts each level by sort desc, then id', () => {
    const tree = buildNavigationTree([
      nav(1, { sort: 1 }),
      nav(2, { sort: 5 }),
      nav(3, { parent_id: 2, sort: 0 }),
      nav(4, { parent_id: 2, sort: 9 }),
      nav(5, { sort: 5 }),
    ]);
    expect(tree.map((n) => n.id)).toEqual([2, 5, 1]);
    expect(tree[0].children.map((n) => n.id)).toEqual([4, 3]);
  });

  it('disables children of a disabled parent', () => {
    const tree = buildNavigationTree([nav(1, { enable: false }), nav(2, { parent_id: 1 }), nav(3, { parent_id: 2 })]);
    expect(tree[0].enabled).toBe(false);
    expect(tree[0].children[0].enabled).toBe(false);
    expect(tree[0].children[0].children[0].enabled).toBe(false);
    expect(enabledOnly(tree)).toEqual([]);
  });

  it('drops entries whose parent is missing instead of promoting them', () => {
    const tree = buildNavigationTree([nav(1), nav(2, { parent_id: 99 })]);
    expect(tree.map((n) => n.id)).toEqual([1]);
  });

  it('marks external links and keeps target and color', () => {
    const [a, b] = buildNavigationTree([
      nav(1, { href: 'https://github.com', target: '_blank', color: '#f00', sort: 2 }),
      nav(2, { href: '/article', sort: 1 }),
    ]);
    expect(a).toMatchObject({ external: true, target: '_blank', color: '#f00' });
    expect(b).toMatchObject({ external: false, target: '_self' });
  });

  it('enabledOnly keeps enabled entries and removes disabled children', () => {
    const tree = enabledOnly(buildNavigationTree([nav(1), nav(2, { parent_id: 1, enable: false }), nav(3, { parent_id: 1 })]));
    expect(tree[0].children.map((n) => n.id)).toEqual([3]);
  });
});

describe('isActiveHref', () => {
  it('matches the home page exactly and other paths by prefix', () => {
    expect(isActiveHref('/', '/')).toBe(true);
    expect(isActiveHref('/', '/category')).toBe(false);
    expect(isActiveHref('/category', '/category/3')).toBe(true);
    expect(isActiveHref('/category', '/categoryx')).toBe(false);
    expect(isActiveHref('https://x.com', '/')).toBe(false);
  });
});
