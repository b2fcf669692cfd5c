import { describe, expect, it } from 'vitest';
import type { TCategory } from '@wenku/contracts/schemas';
import { buildCategoryTree, categoryPath, visibleCategories } from './lib';

const c = (id: number, parent_id: number, patch: Partial<TCategory> = {}): TCategory => ({
  id,
  parent_id,
  title: `c${id}`,
  icon: '',
  cover: '',
  doc_count: 1,
  enable: true,
  description: '',
  show_description: false,
  sort: 0,
  type: 0,
  created_at: '2024-01-01T00:00:00Z',
  ...patch,
});

describe('visibleCategories', () => {
  const list = [c(1, 0), c(2, 1), c(3, 0, { enable: false }), c(4, 3), c(5, 0, { doc_count: 0 }), c(6, 0, { type: 1, doc_count: 0 })];

  it('keeps one type and hides disabled categories with their subtree', () => {
    expect(visibleCategories(list, 0, false).map((x) => x.id)).toEqual([1, 2, 5]);
    expect(visibleCategories(list, 1, false).map((x) => x.id)).toEqual([6]);
  });
  it('hides document categories without documents when asked; article categories are unaffected', () => {
    expect(visibleCategories(list, 0, true).map((x) => x.id)).toEqual([1, 2]);
    expect(visibleCategories(list, 1, true).map((x) => x.id)).toEqual([6]);
  });
  it('copes with no data', () => {
    expect(visibleCategories(undefined, 0, false)).toEqual([]);
  });
});

describe('buildCategoryTree / categoryPath', () => {
  it('nests and sorts by sort desc', () => {
    const tree = buildCategoryTree([c(1, 0, { sort: 1 }), c(2, 0, { sort: 3 }), c(3, 2), c(4, 2, { sort: 5 })]);
    expect(tree.map((x) => x.id)).toEqual([2, 1]);
    expect(tree[0].children.map((x) => x.id)).toEqual([4, 3]);
  });
  it('gives the breadcrumb chain', () => {
    expect(categoryPath([c(1, 0), c(2, 1), c(3, 2)], 3).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});
