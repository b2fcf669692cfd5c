import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../lib/errors';

/** The 10 000 most common passwords (zxcvbn-ts's frequency-ranked list, MIT): never accepted as a new password. */
const COMMON = new Set(dictionary.passwords.slice(0, 10_000).map((p) => p.toLowerCase()));

/**
 * Rules for a new password (registration, change, reset, an administrator's set): at least 8 characters, not the
 * username, not one of the most common passwords. Existing passwords are not re-checked: nobody is locked out.
 */
export function assertPasswordAllowed(password: string, username?: string): void {
  if (password.length < 8) throw badRequest('密码至少8位');
  const lower = password.toLowerCase();
  if (username && lower === username.trim().toLowerCase()) throw badRequest('密码不能与用户名相同');
  if (COMMON.has(lower)) throw badRequest('密码过于常见，容易被猜到，请换一个');
}
