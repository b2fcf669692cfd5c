import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * public: anyone; user: a valid token; admin: a token whose groups hold this route's permission entry.
 * A public/user route with `permission: true` is "dual mode" (as in moredoc): it has a permission entry,
 * and holders of it see more (e.g. disabled rows), while everyone else gets the public behaviour.
 */
export type AuthLevel = 'public' | 'user' | 'admin';

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** path below /api/v1, e.g. `/user/login` */
  path: string;
  auth: AuthLevel;
  summary: string;
  /** admin module this route belongs to (permission grouping) */
  module?: string;
  /** dual-mode route: has a permission entry although it is not admin-only */
  permission?: boolean;
  /** this route is its module's list permission: holding it unlocks the module's admin pages */
  list?: boolean;
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
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

export const API_PREFIX = '/api/v1';

/** `METHOD /api/v1/path`, the key of a permission entry */
export function routeKey(r: { method: string; path: string }): string {
  return `${r.method} ${API_PREFIX}${r.path}`;
}

export type RouteParams<T> = T extends RouteDef<infer P, any, any, any> ? z.input<P> : never;
export type RouteQuery<T> = T extends RouteDef<any, infer Q, any, any> ? z.input<Q> : never;
export type RouteBody<T> = T extends RouteDef<any, any, infer B, any> ? z.input<B> : never;
export type RouteResponse<T> = T extends RouteDef<any, any, any, infer R> ? z.output<R> : never;
