/** Mainland mobile number (spec §5): 11 digits, starting with 1, then 3 to 9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** Whether a value is a mobile number; no trimming, so ' 13800138000' is not. */
export function isMobile(value: unknown): value is string {
  return typeof value === 'string' && MOBILE_PATTERN.test(value);
}
