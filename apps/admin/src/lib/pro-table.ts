import type { RouteDef, RouteQuery, RouteResponse } from '@wenku/contracts';
import { client } from './api';
import { toast } from './feedback';
import { buildTree, toListQuery, type ListQueryOptions, type ProTableParams, type TreeNode } from './list-query';

export { toListQuery, buildTree, type ProTableParams, type TreeNode };

/** The item type of a contract list response's array under `K`. */
export type ListItem<R extends RouteDef, K extends keyof RouteResponse<R>> = RouteResponse<R>[K] extends readonly (infer T)[] ? T : never;

export interface RequestData<T> {
  data: T[];
  total: number;
  success: boolean;
}

export interface ListRequestOptions<R extends RouteDef> extends ListQueryOptions {
  /** fixed query parameters (e.g. `{ type: [0] }`) */
  base?: Partial<RouteQuery<R>>;
}

/** A contract schema of the full row (e.g. `ZCategory`): the admin never selects fields, so rows are whole. */
export interface RowSchema<T> {
  safeParse: (v: unknown) => { success: true; data: T } | { success: false };
}

/** Rows typed as the full entity; a row the schema rejects is kept as it came rather than hidden. */
function asRows<T>(items: unknown[], schema?: RowSchema<T>): T[] {
  if (!schema) return items as T[];
  return items.map((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? parsed.data : (item as T);
  });
}

/**
 * Adapter: a contract list route → ProTable `request`. Pagination and search fields map onto the
 * route's query; the answer `{ total, <key>: [...] }` becomes `{ data, total, success }`.
 */
export function listRequest<R extends RouteDef, K extends keyof RouteResponse<R> & string, T = ListItem<R, K>>(
  route: R,
  key: K,
  opts: ListRequestOptions<R> & {
    row?: RowSchema<T>;
    /** the whole answer of a successful call (for what it carries besides the rows, e.g. the order list's `totals`) */
    onResponse?: (res: RouteResponse<R>) => void;
  } = {},
) {
  return async (params: ProTableParams = {}): Promise<RequestData<T>> => {
    try {
      const query = { ...(opts.base ?? {}), ...toListQuery(params, opts) } as RouteQuery<R>;
      const res = await client.call(route, { query });
      opts.onResponse?.(res);
      const items = ((res as Record<string, unknown>)[key] ?? []) as unknown[];
      return { data: asRows(items, opts.row), total: Number((res as { total?: number }).total ?? 0), success: true };
    } catch (err) {
      toast.fail(err);
      return { data: [], total: 0, success: false };
    }
  };
}

/**
 * Adapter for tree tables: loads the whole list (size 10000, as the spec's navigation list does),
 * then nests rows by `parent_id`. `onLoaded` receives the flat rows (for parent pickers).
 */
export function treeRequest<R extends RouteDef, K extends keyof RouteResponse<R> & string, T extends { id: number; parent_id: number }>(
  route: R,
  key: K,
  opts: ListRequestOptions<R> & { row: RowSchema<T>; onLoaded?: (rows: T[]) => void },
) {
  const list = listRequest(route, key, opts);
  return async (params: ProTableParams = {}): Promise<RequestData<TreeNode<T>>> => {
    const { current: _c, pageSize: _p, ...search } = params;
    const res = await list({ ...search, current: 1, pageSize: 10000 });
    opts.onLoaded?.(res.data);
    return { ...res, data: buildTree(res.data), total: res.data.length };
  };
}

/** Search-form column spans: three filters and the buttons share one row on a 1440 px screen. */
export const SEARCH_SPAN = { xs: 24, sm: 24, md: 12, lg: 8, xl: 6, xxl: 6 };
