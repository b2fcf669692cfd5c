import { AppError } from '../../lib/errors';
import type { RateCounter } from '../../lib/rate-limit';
import type { ConfigService } from '../config/config.service';

const PAIR_WINDOW_MS = 15 * 60_000;
const ACCOUNT_WINDOW_MS = 60 * 60_000;

/**
 * Password guessing, per account (username, email and mobile are one account):
 * - every attempt on an account from one IP is counted *before* the password is hashed, atomically in the database
 *   (`security.login_limit_per_account` per 15 minutes): 40 parallel guesses let at most that many reach argon2, in
 *   every process;
 * - the bucket is the account and the IP, so a stranger's failures never lock the owner out from the owner's own
 *   network; failures of an account from everywhere (`security.login_captcha_after` per hour) make its next logins
 *   need a captcha instead (as Discourse and GitHub do), which stops distributed guessing without locking anybody out.
 * Names that are no account are counted by name the same way, so probing them costs the same.
 */
export class LoginThrottle {
  constructor(
    private readonly settings: ConfigService,
    private readonly rates: RateCounter,
  ) {}

  private static subject(accountId: number | undefined, login: string) {
    return accountId ? `acct:${accountId}` : `name:${login.trim().toLowerCase().slice(0, 120)}`;
  }

  /** Counts this attempt; refuses it (429, before any hashing) past the limit. Answers whether a captcha is required. */
  async admit(accountId: number | undefined, login: string, ip: string): Promise<{ captchaRequired: boolean }> {
    const security = await this.settings.get('security');
    const subject = LoginThrottle.subject(accountId, login);
    const pair = await this.rates.hit(`login:${subject}:ip:${ip}`, PAIR_WINDOW_MS);
    if (pair.count > security.login_limit_per_account) {
      const retry = Math.max(1, Math.ceil(pair.resetMs / 1000));
      throw new AppError('rate_limited', `登录失败次数过多，请 ${Math.ceil(retry / 60)} 分钟后再试`, { 'Retry-After': String(retry) });
    }
    const failures = await this.rates.peek(`login-failures:${subject}`);
    return { captchaRequired: failures.count >= security.login_captcha_after };
  }

  async failed(accountId: number | undefined, login: string): Promise<void> {
    await this.rates.hit(`login-failures:${LoginThrottle.subject(accountId, login)}`, ACCOUNT_WINDOW_MS);
  }

  /** A right password clears this network's attempts for the account (not the account-wide failure count). */
  async succeeded(accountId: number, ip: string): Promise<void> {
    await this.rates.reset(`login:acct:${accountId}:ip:${ip}`);
  }
}
