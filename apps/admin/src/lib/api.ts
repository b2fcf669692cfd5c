import { ApiError, api, createApiClient } from '@wenku/contracts';
import { readToken } from './session';

/**
 * The one API client of the admin. Every call goes through the contract route table (`api`),
 * with the bearer token read from the shared session on each request.
 */
const baseUrl = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export const client = createApiClient({ baseUrl, getToken: () => readToken() });

/** A path the API returned (downloads, uploads) as a URL on the API's origin. */
export function apiUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${baseUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
export { api, ApiError };

/** A readable message from anything thrown by a call. */
export function errorMessage(err: unknown, fallback = '操作失败，请稍后重试'): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}

export function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}
