import { CategoryType } from '@wenku/contracts/enums';
import type { TCategory } from '@wenku/contracts/schemas';

/** A list row may carry only the selected fields: fill in the rest. */
export function normalizeCategory(c: Partial<TCategory> & { id: number }): TCategory {
  return {
    parent_id: 0,
    title: '',
    icon: '',
    cover: '',
    doc_count: 0,
    enable: true,
    description: '',
    show_description: false,
    sort: 0,
    type: 0,
    created_at: '',
    ...c,
  } as TCategory;
}

export interface CategoryNode extends TCategory {
  children: CategoryNode[];
}

/** Sort rule shared by category and navigation lists: larger `sort` first, then by id. */
export function bySortDesc<T extends { sort: number; id: number }>(a: T, b: T): number {
  return b.sort - a.sort || a.id - b.id;
}

/**
 * Categories of one type as shown to visitors (spec §5): disabled ones are hidden (with their whole subtree), and
 * with hide_category_without_document document categories holding no documents are hidden too.
 */
export function visibleCategories(list: readonly TCategory[] | undefined, type: number, hideEmpty: boolean): TCategory[] {
  const ofType = (list ?? []).filter((c) => c.type === type);
  const byId = new Map(ofType.map((c) => [c.id, c]));
  const visible = (c: TCategory, depth = 0): boolean => {
    if (!c.enable || depth > 32) return false;
    if (hideEmpty && type === CategoryType.Document && c.doc_count <= 0) return false;
    if (c.parent_id === 0) return true;
    const parent = byId.get(c.parent_id);
    return parent ? visible(parent, depth + 1) : false;
  };
  return ofType.filter((c) => visible(c));
}

/** Tree by parent_id, each level sorted; nodes whose parent is absent are dropped. */
export function buildCategoryTree(list: readonly TCategory[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(list.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    if (node.parent_id === 0) roots.push(node);
    else nodes.get(node.parent_id)?.children.push(node);
  }
  const sortAll = (arr: CategoryNode[]) => {
    arr.sort(bySortDesc);
    for (const n of arr) sortAll(n.children);
    return arr;
  };
  return sortAll(roots);
}

/** The chain of categories from the root down to `id` (for breadcrumbs). */
export function categoryPath(list: readonly TCategory[], id: number): TCategory[] {
  const byId = new Map(list.map((c) => [c.id, c]));
  const path: TCategory[] = [];
  let cur = byId.get(id);
  while (cur && path.length < 32) {
    path.unshift(cur);
    cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
  }
  return path;
}

export const documentCategoryHref = (id: number) => `/category/${id}`;
export const articleCategoryHref = (id: number) => `/article?category_id=${id}`;
