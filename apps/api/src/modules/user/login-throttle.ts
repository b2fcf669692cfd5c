import { AppError } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';

/**
 * Failed-login counter per account (case-insensitive), one-minute window. Kept in memory: each API
 * process counts on its own, which still bounds guessing to N×limit per minute.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();
  constructor(private readonly settings: ConfigService, private readonly windowMs = 60_000) {}

  private entry(login: string) {
    const key = login.trim().toLowerCase();
    const e = this.failures.get(key);
    if (e && Date.now() - e.since > this.windowMs) {
      this.failures.delete(key);
      return { key, e: undefined };
    }
    return { key, e };
  }

  async check(login: string): Promise<void> {
    const limit = (await this.settings.get('security')).login_limit_per_account;
    const { e } = this.entry(login);
    if (e && e.count >= limit) {
      const retry = Math.max(1, Math.ceil((e.since + this.windowMs - Date.now()) / 1000));
      throw new AppError('rate_limited', `登录失败次数过多，请 ${retry} 秒后再试`, { 'Retry-After': String(retry) });
    }
  }

  async fail(login: string): Promise<void> {
    const { key, e } = this.entry(login);
    if (this.failures.size > 100_000) this.failures.clear();
    this.failures.set(key, e ? { ...e, count: e.count + 1 } : { count: 1, since: Date.now() });
  }

  async reset(login: string): Promise<void> {
    this.failures.delete(login.trim().toLowerCase());
  }
}
