import { createApiClient, ROUTE_LIST, ApiError, type HttpMethod, type RouteDef } from '@wenku/contracts';
import { readStoredToken } from './storage';

/**
 * The one API client of the site. Same origin by default (the API serves the built site);
 * VITE_API_BASE points it elsewhere when the site is deployed on its own domain.
 */
export const apiClient = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  getToken: () => readStoredToken() || null,
});

export { api, ApiError } from '@wenku/contracts';

/**
 * A route by method and path, looked up at run time. Used for calls whose contract entry may not exist yet
 * (daily sign-in, captcha, recharge orders): the UI degrades while it is missing and lights up once it lands.
 */
export function findRoute(method: HttpMethod, path: string): RouteDef | undefined {
  return ROUTE_LIST.find((r) => r.method === method && r.path === path);
}

/** Calls a route found with findRoute; its response shape is not known statically. */
export async function callDynamic(route: RouteDef, input: { query?: Record<string, unknown>; body?: unknown } = {}): Promise<unknown> {
  return apiClient.call(route as RouteDef, input as never);
}

/** The message to show for a failed call: the server's message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !/^\d{3}\b/.test(error.message) && !error.message.startsWith('网络错误')) {
    return error.message;
  }
  return fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
