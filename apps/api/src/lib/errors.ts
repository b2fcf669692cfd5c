import type { TErrorCode } from '@wenku/contracts';

/** One table maps error codes (contracts' ErrorCode) to HTTP statuses; the body is always `{ code, message }`. */
export const ERROR_STATUS: Record<TErrorCode, number> = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  captcha_required: 400,
  account_disabled: 403,
  insufficient_credits: 400,
  site_closed: 403,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
};
export type ErrorCode = TErrorCode;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers?: Record<string, string>;
  constructor(code: ErrorCode, message: string, headers?: Record<string, string>) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }
}

export const badRequest = (m: string) => new AppError('bad_request', m);
export const unauthorized = (m = '请先登录') => new AppError('unauthorized', m);
export const forbidden = (m = '您没有权限执行此操作') => new AppError('forbidden', m);
export const notFound = (m = '内容不存在或已被删除') => new AppError('not_found', m);
export const conflict = (m: string) => new AppError('conflict', m);

/** PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } };
  if (typeof err?.code === 'string') return err.code;
  if (typeof err?.cause?.code === 'string') return err.cause.code;
  return undefined;
}
export const isUniqueViolation = (e: unknown) => pgErrorCode(e) === '23505';
