import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * public: anyone; user: a valid token; admin: a token whose groups hold this route's permission entry.
 * A public/user route with `permission: true` is "dual mode" (as in moredoc): it has a permission entry,
 * and holders of it see more (e.g. disabled rows), while everyone else gets the public behaviour.
 */
export type AuthLevel = 'public' | 'user' | 'admin';

/**
 * What travels over the wire:
 * - json (default): a JSON body (or query) in, the `response` schema out;
 * - multipart: a `multipart/form-data` upload (one file in field `file`), the `response` schema out;
 * - binary: the answer is a file or a stream (`response` describes nothing; `produces` names its type);
 * - ndjson: a JSON body in, newline-delimited JSON events out (each event matches `response`);
 * - webhook: a vendor's call (payment notifications): the body arrives as the raw text, byte for byte, because its
 *   signature covers those bytes; the handler answers through `reply` in the vendor's expected form.
 */
export type RouteKind = 'json' | 'multipart' | 'binary' | 'ndjson' | 'webhook';

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends AuthLevel = AuthLevel,
> {
  method: HttpMethod;
  /** path below /api/v1, e.g. `/user/login` (or below the site root when `root`); `:name` marks a path parameter */
  path: string;
  kind?: RouteKind;
  /** served at the site root instead of below /api/v1 (page images, downloads, uploaded images) */
  root?: boolean;
  /** binary routes: the content type(s) of the answer, for the API document */
  produces?: string;
  /** kept as its literal (`'user'`, not `AuthLevel`): a handler of a `user`/`admin` route gets a non-null `auth` */
  auth: A;
  summary: string;
  /** admin module this route belongs to (permission grouping) */
  module?: string;
  /** dual-mode route: has a permission entry although it is not admin-only */
  permission?: boolean;
  /** this route is its module's list permission: holding it unlocks the module's admin pages */
  list?: boolean;
  /**
   * The site switches (`security.is_close`, `security.login_required`) guard every public and user route except
   * those declared `switches: 'exempt'`: what a visitor needs to get in at all (login, registration, captchas, the
   * public settings), a signed download link, and routes whose handler applies the switches itself. A webhook
   * (`kind: 'webhook'`) is always exempt: a vendor's notification is no visitor, and money that arrived must be
   * recorded. Admin routes are guarded by their permission, not by the switches. See `switchesExempt`.
   */
  switches?: 'exempt';
  /**
   * moredoc's gRPC method for the same operation (`<Service>/<Method>`, from its gateway bindings in `api/v1/*.proto`,
   * commit 3fd9e9a): the route's permission entry is then `GRPC /api.v1.<Service>/<Method>`, as moredoc's, so its
   * groups and admin pages carry over. Absent: a Wenku-only route with an HTTP entry. See `permissionEntry`.
   */
  grpc?: string;
  /**
   * An anonymous read every first visitor needs: the API asks for it in-process before it listens (kernel/warm-up.ts),
   * so the first crowd finds it cached. `true`: the route without a query; otherwise the queries to ask with, the same
   * objects the site calls with (`first-load.ts`), since a cached answer is found only under the same query string.
   */
  warm?: true | readonly z.input<Q>[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  A extends AuthLevel = AuthLevel,
>(def: RouteDef<P, Q, B, R, A>): RouteDef<P, Q, B, R, A> {
  return def;
}

/** Whether the site switches (closed, login required) leave this route alone: declared exempt, or a vendor's webhook. */
export function switchesExempt(r: Pick<RouteDef, 'kind' | 'switches'>): boolean {
  return r.kind === 'webhook' || r.switches === 'exempt';
}

export const API_PREFIX = '/api/v1';

/** `METHOD /api/v1/path`, the key of a permission entry */
export function routeKey(r: { method: string; path: string; root?: boolean }): string {
  return `${r.method} ${routeUrl(r)}`;
}

/** The URL path a route is served at (path parameters left as `:name`). */
export function routeUrl(r: { path: string; root?: boolean }): string {
  return r.root ? r.path : `${API_PREFIX}${r.path}`;
}

/** The URL of a route with its path parameters filled in (each value URI-encoded). */
export function fillPath(r: { path: string; root?: boolean }, params?: Record<string, unknown>): string {
  return routeUrl(r).replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`missing path parameter :${name} of ${r.path}`);
    return encodeURIComponent(String(v));
  });
}

export type RouteParams<T> = T extends RouteDef<infer P, any, any, any> ? z.input<P> : never;
export type RouteQuery<T> = T extends RouteDef<any, infer Q, any, any> ? z.input<Q> : never;
export type RouteBody<T> = T extends RouteDef<any, any, infer B, any> ? z.input<B> : never;
export type RouteResponse<T> = T extends RouteDef<any, any, any, infer R> ? z.output<R> : never;
