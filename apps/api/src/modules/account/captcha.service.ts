import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { TConfig } from '@wenku/contracts';
import { AppError } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';
import type { CaptchaRepo } from './captcha.repo';

const TTL_MS = 5 * 60_000;
const SWITCH: Record<string, keyof TConfig<'security'>> = {
  login: 'enable_captcha_login',
  register: 'enable_captcha_register',
  comment: 'enable_captcha_comment',
  find_password: 'enable_captcha_find_password',
};

export const hashAnswer = (id: string, answer: string) => crypto.createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');

/**
 * Image captchas drawn as SVG paths (no text nodes to scrape), answers hashed in the database so any
 * process can verify, single use, five minutes.
 */
export class CaptchaService {
  constructor(
    private readonly repo: CaptchaRepo,
    private readonly settings: ConfigService,
  ) {}

  async enabled(type: string): Promise<boolean> {
    const security = await this.settings.get('security');
    const key = SWITCH[type];
    return !!key && security[key] === true;
  }

  /** A new captcha when the switch for `type` is on, or when asked for one (`force`: a login that now needs it). */
  async create(type: string, force = false): Promise<{ enable: boolean; id: string; captcha: string; type: string }> {
    if (!(await this.enabled(type)) && !(force && SWITCH[type])) return { enable: false, id: '', captcha: '', type };
    const cfg = await this.settings.get('captcha');
    const width = Math.min(Math.max(cfg.width, 80), 600);
    const height = Math.min(Math.max(cfg.height, 30), 200);
    const length = Math.min(Math.max(cfg.length, 3), 8);
    const opts = { width, height, noise: 3, color: true, background: '#f5f7fa', fontSize: Math.round(height * 0.9) };
    const made =
      cfg.type === 'math'
        ? svgCaptcha.createMathExpr({ ...opts, mathMin: 1, mathMax: 20, mathOperator: '+-' })
        : svgCaptcha.create({ ...opts, size: length, ignoreChars: '0oO1ilI', charPreset: cfg.type === 'digit' ? '23456789' : undefined });
    const id = crypto.randomUUID();
    await this.repo.insertCaptcha({ id, type, answerHash: hashAnswer(id, made.text), expiresAt: new Date(Date.now() + TTL_MS) });
    return { enable: true, id, type, captcha: `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}` };
  }

  /**
   * Checks a captcha when the switch for `type` is on, or when `required` (a login after many failures); a captcha is
   * consumed by any attempt.
   */
  async verify(type: string, id: string | undefined, answer: string | undefined, required = false): Promise<void> {
    if (!required && !(await this.enabled(type))) return;
    if (!id || !answer) throw required ? new AppError('captcha_required', '登录失败次数较多，请输入验证码') : new AppError('bad_request', '请输入验证码');
    const row = await this.repo.takeCaptcha(id);
    if (!row || row.type !== type || row.answerHash !== hashAnswer(id, answer)) throw new AppError('bad_request', '验证码错误或已过期');
  }

  /** Removes expired captchas. */
  purge(): Promise<number> {
    return this.repo.purgeCaptchas();
  }
}
