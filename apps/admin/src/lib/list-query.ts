/** Pure helpers shared by the table adapters (kept free of React and antd so they are easy to test). */

export interface ProTableParams {
  current?: number;
  pageSize?: number;
  [key: string]: unknown;
}

export interface ListQueryOptions {
  /** rename a search-form field to its query name, e.g. `{ keyword: 'wd' }` */
  rename?: Record<string, string>;
  /** fields of the search form that are not query parameters */
  omit?: string[];
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/**
 * ProTable's request params → a contract list query: `current`/`pageSize` become `page`/`size`,
 * empty search fields are dropped and strings are trimmed.
 */
export function toListQuery(params: ProTableParams, opts: ListQueryOptions = {}): Record<string, unknown> {
  const { current, pageSize, ...rest } = params;
  const query: Record<string, unknown> = {};
  if (current) query.page = current;
  if (pageSize) query.size = pageSize;
  for (const [key, value] of Object.entries(rest)) {
    if (opts.omit?.includes(key) || isEmpty(value)) continue;
    query[opts.rename?.[key] ?? key] = typeof value === 'string' ? value.trim() : value;
  }
  return query;
}

export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/**
 * Rows with `parent_id` → a tree, keeping the API's order within each level. Rows whose parent is
 * missing are shown at the top level so nothing disappears from the admin.
 */
export function buildTree<T extends { id: number; parent_id: number }>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>();
  for (const row of rows) nodes.set(row.id, { ...row });
  const roots: TreeNode<T>[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id && row.parent_id !== row.id ? nodes.get(row.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Ids of a node and all of its descendants (a node cannot be moved under itself). */
export function subtreeIds<T extends { id: number; parent_id: number }>(rows: readonly T[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (!out.has(r.id) && out.has(r.parent_id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Ids of the nodes that have children (to expand a whole tree table). */
export function parentIds<T extends { id: number; children?: unknown[] }>(nodes: readonly TreeNode<T>[]): number[] {
  const out: number[] = [];
  const walk = (list: readonly TreeNode<T>[]) => {
    for (const n of list) {
      if (n.children?.length) {
        out.push(n.id);
        walk(n.children as TreeNode<T>[]);
      }
    }
  };
  walk(nodes);
  return out;
}
