/**
 * Every `code` a failed API call can carry (the body is always `{ code, message }`), so the apps can switch on
 * it. The HTTP status of each code is the API's business (apps/api/src/lib/errors.ts).
 */
export const ErrorCode = {
  BadRequest: 'bad_request',
  Validation: 'validation',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RateLimited: 'rate_limited',
  /** the login needs a captcha now (after many failures on the account): GET /user/captcha?type=login&force=true */
  CaptchaRequired: 'captcha_required',
  /** the account is disabled (punishment): its tokens no longer work */
  AccountDisabled: 'account_disabled',
  InsufficientCredits: 'insufficient_credits',
  SiteClosed: 'site_closed',
  Internal: 'internal',
  BadGateway: 'bad_gateway',
  Unavailable: 'unavailable',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
