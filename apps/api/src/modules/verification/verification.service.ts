import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { Channel, VerificationRepo, VerificationRow } from './verification.repo';

/** Wrong guesses a code survives; the fifth wrong one kills it. */
export const MAX_CODE_ATTEMPTS = 5;
const DAY_MS = 24 * 3600 * 1000;

export interface IssueOptions {
  channel: Channel;
  /** normalised address: lower-case email or the mobile number */
  target: string;
  purpose: number;
  ip: string;
  ttlMs: number;
  /** seconds that must pass between two sends to one address (any purpose) */
  intervalSec: number;
  /** sends per address / per IP in the last 24 hours; 0 = unlimited */
  perTarget?: number;
  perIp?: number;
  /** the secret to store (hashed); default: a fresh 6-digit code */
  secret?: string;
}

export const retryMessage = (seconds: number) => `发送过于频繁，请 ${seconds} 秒后再试`;

/**
 * Codes sent by mail or SMS. Only an HMAC of the code is stored (keyed with the server secret and bound to
 * channel, address and purpose); a code is single use, expires, and dies after MAX_CODE_ATTEMPTS wrong guesses.
 */
export class VerificationService {
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly repo: VerificationRepo,
    private readonly secret: string,
  ) {}

  hash(channel: Channel, target: string, purpose: number, code: string): string {
    return crypto.createHmac('sha256', this.secret).update(`${channel}|${target}|${purpose}|${code}`).digest('hex');
  }

  static newCode(): string {
    return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  }

  /**
   * Checks the interval and daily limits and stores a new code, in one transaction that holds a lock on the
   * address, so two concurrent sends cannot both pass. `andThen` runs in the same transaction (e.g. the SMS log row).
   */
  async issue<T = undefined>(
    o: IssueOptions,
    andThen?: (tx: Tx, row: VerificationRow) => Promise<T>,
  ): Promise<{ row: VerificationRow; code: string; extra: T }> {
    const code = o.secret ?? VerificationService.newCode();
    return this.db
      .transaction(async (tx) => {
        await this.repo.lockTarget(tx, o.channel, o.target);
        const now = new Date();
        const last = await this.repo.lastIssued(tx, o.channel, o.target);
        if (last && o.intervalSec > 0) {
          const wait = Math.ceil((last.createdAt.getTime() + o.intervalSec * 1000 - now.getTime()) / 1000);
          if (wait > 0) throw new AppError('rate_limited', retryMessage(wait), { 'Retry-After': String(wait) });
        }
        const since = new Date(now.getTime() - DAY_MS);
        if (o.perTarget && (await this.repo.countSince(tx, o.channel, { target: o.target }, since)) >= o.perTarget) {
          throw new AppError('rate_limited', o.channel === 'sms' ? '该手机号今日发送次数已达上限，请明天再试' : '该邮箱今日发送次数已达上限，请明天再试');
        }
        if (o.perIp && (await this.repo.countSince(tx, o.channel, { ip: o.ip }, since)) >= o.perIp) {
          throw new AppError('rate_limited', '今日发送次数已达上限，请明天再试');
        }
        const row = await this.repo.insert(tx, {
          channel: o.channel,
          target: o.target,
          purpose: o.purpose,
          codeHash: this.hash(o.channel, o.target, o.purpose, code),
          ip: o.ip.slice(0, 64),
          expiresAt: new Date(now.getTime() + o.ttlMs),
          createdAt: now,
        });
        const extra = andThen ? await andThen(tx, row) : (undefined as T);
        return { row, code, extra };
      })
      .finally(() => this.purgeNowAndThen());
  }

  /** Old rows are dropped at most once an hour per process, off the request's path. */
  private purgeNowAndThen(): void {
    if (Date.now() - this.lastPurge < 3600_000) return;
    this.lastPurge = Date.now();
    this.purgeExpired().catch(() => undefined);
  }

  /** Kills a code (its message could not be delivered); the row still counts towards the limits. */
  async revoke(id: number): Promise<void> {
    await this.repo.markUsed(this.db, id);
  }

  /**
   * Consumes a code: right → marked used; wrong → one attempt counted (committed even though we then fail).
   * Throws a 400 with a message a person understands.
   */
  async consume(channel: Channel, target: string, purpose: number, code: string): Promise<void> {
    const given = this.hash(channel, target, purpose, code.trim());
    const outcome = await this.db.transaction(async (tx) => {
      const row = await this.repo.latestOpen(tx, channel, target, purpose, new Date());
      if (!row) return 'missing' as const;
      if (row.attempts >= MAX_CODE_ATTEMPTS) return 'dead' as const;
      const a = Buffer.from(row.codeHash, 'hex');
      const b = Buffer.from(given, 'hex');
      if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
        await this.repo.addAttempt(tx, row.id);
        return row.attempts + 1 >= MAX_CODE_ATTEMPTS ? ('dead' as const) : ('wrong' as const);
      }
      await this.repo.markUsed(tx, row.id);
      return 'ok' as const;
    });
    if (outcome === 'missing') throw badRequest('验证码不正确或已过期');
    if (outcome === 'dead') throw badRequest('验证码错误次数过多，请重新获取');
    if (outcome === 'wrong') throw badRequest('验证码不正确');
  }

  /** Single-use secrets that are looked up by value (password-reset links): true for the one caller that claims it. */
  claim(channel: Channel, target: string, purpose: number, secret: string): Promise<boolean> {
    return this.repo.claimByHash(channel, target, purpose, this.hash(channel, target, purpose, secret), new Date());
  }

  /** Drops rows that can no longer matter (expired more than a day ago, past every daily window). */
  purgeExpired(): Promise<number> {
    return this.repo.purgeExpired(new Date(Date.now() - DAY_MS));
  }
}
