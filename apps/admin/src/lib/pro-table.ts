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

/**
 * Adapter: a contract list route → ProTable `request`. Pagination and search fields map onto the
 * route's query; the answer `{ total, <key>: [...] }` becomes `{ data, total, success }`.
 */
export function listRequest<R extends RouteDef, K extends keyof RouteResponse<R> & string>(route: R, key: K, opts: ListRequestOptions<R> = {}) {
  return async (params: ProTableParams = {}): Promise<RequestData<ListItem<R, K>>> => {
    try {
      const query = { ...(opts.base ?? {}), ...toListQuery(params, opts) } as RouteQuery<R>;
      const res = await client.call(route, { query });
      return { data: (res[key] ?? []) as ListItem<R, K>[], total: Number((res as { total?: number }).total ?? 0), success: true };
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
export function treeRequest<R extends RouteDef, K extends keyof RouteResponse<R> & string>(
  route: R,
  key: K,
  opts: ListRequestOptions<R> & { onLoaded?: (rows: ListItem<R, K>[]) => void } = {},
) {
  const list = listRequest(route, key, opts);
  return async (params: ProTableParams = {}): Promise<RequestData<TreeNode<ListItem<R, K>>>> => {
    const { current: _c, pageSize: _p, ...search } = params;
    const res = await list({ ...search, current: 1, pageSize: 10000 });
    const rows = res.data as (ListItem<R, K> & { id: number; parent_id: number })[];
    opts.onLoaded?.(rows);
    return { ...res, data: buildTree(rows) as TreeNode<ListItem<R, K>>[], total: rows.length };
  };
}
