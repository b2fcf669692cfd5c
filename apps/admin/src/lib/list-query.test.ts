import { describe, expect, it } from 'vitest';
import { buildTree, parentIds, subtreeIds, toListQuery } from './list-query';

describe('toListQuery (ProTable → contract list query)', () => {
  it('maps current/pageSize to page/size and drops empty fields', () => {
    expect(toListQuery({ current: 2, pageSize: 20, wd: '  文库 ', position: '', enable: undefined, ids: [] })).toEqual({ page: 2, size: 20, wd: '文库' });
  });

  it('renames and omits fields', () => {
    expect(toListQuery({ current: 1, pageSize: 10, keyword: 'a', _ts: 1 }, { rename: { keyword: 'wd' }, omit: ['_ts'] })).toEqual({
      page: 1,
      size: 10,
      wd: 'a',
    });
  });

  it('keeps false and 0', () => {
    expect(toListQuery({ enable: false, parent_id: 0 })).toEqual({ enable: false, parent_id: 0 });
  });
});

describe('buildTree', () => {
  const rows = [
    { id: 1, parent_id: 0, t: 'a' },
    { id: 2, parent_id: 1, t: 'a1' },
    { id: 3, parent_id: 0, t: 'b' },
    { id: 4, parent_id: 2, t: 'a1x' },
    { id: 5, parent_id: 99, t: 'orphan' },
  ];

  it('nests by parent_id, keeps order and shows orphans at the top level', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.id)).toEqual([1, 3, 5]);
    expect(tree[0].children!.map((n) => n.id)).toEqual([2]);
    expect(tree[0].children![0].children!.map((n) => n.id)).toEqual([4]);
    expect(tree[1].children).toBeUndefined();
  });

  it('does not mutate the rows', () => {
    buildTree(rows);
    expect(rows[0]).toEqual({ id: 1, parent_id: 0, t: 'a' });
  });

  it('lists parents to expand and a subtree to exclude from parent pickers', () => {
    expect(parentIds(buildTree(rows))).toEqual([1, 2]);
    expect([...subtreeIds(rows, 1)].sort()).toEqual([1, 2, 4]);
    expect([...subtreeIds(rows, 3)]).toEqual([3]);
  });
});
