import crypto from 'node:crypto';
import { createSmtpMailer, smtpFailure, type Mailer, type SmtpSettings } from '../../engines/mail/smtp';
import type { Outbound } from '../../engines/outbound';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { CaptchaService } from '../account/captcha.service';
import type { ConfigService } from '../config/config.service';
import type { UserService } from '../user/user.service';
import type { VerificationService } from '../verification/verification.service';

/** What a mailed code or link is for (verification_codes.purpose, channel 'email'). */
export const EmailPurpose = { Register: 0, Login: 1, ResetPassword: 2 } as const;

const CODE_TTL_MS = 30 * 60 * 1000;
const RESEND_SECONDS = 60;
const INVALID_LINK = '链接无效或已过期';

/** The image captcha fields a public form sends along (checked when its switch is on). */
export interface Captcha {
  captcha?: string;
  captcha_id?: string;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(n)));
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class MailService {
  constructor(
    private readonly settings: ConfigService,
    private readonly users: UserService,
    private readonly codes: VerificationService,
    private readonly captcha: Pick<CaptchaService, 'verify'>,
    private readonly secret: string,
    /** the server's outbound client: the SMTP host is typed in the settings */
    private readonly outbound: Outbound,
    private readonly makeMailer: (s: SmtpSettings, siteName: string, outbound: Outbound) => Mailer = createSmtpMailer,
    /** where failures of mail sent after the answer (reset links) are reported */
    private readonly onBackgroundError: (e: unknown) => void = (e) => console.error('[mail] 找回密码邮件发送失败:', (e as Error)?.message ?? e),
  ) {}

  private async smtp(requireEnabled: boolean): Promise<{ mailer: Mailer; siteName: string; duration: number; testEmail: string; domain: string }> {
    const [cfg, system] = await Promise.all([this.settings.get('email'), this.settings.get('system')]);
    if (requireEnabled && cfg.enable !== true) throw badRequest('邮件服务未启用');
    if (!cfg.host.trim()) throw badRequest('邮件服务未配置 SMTP 服务器');
    const siteName = system.sitename || '文库';
    const mailer = this.makeMailer(
      {
        host: cfg.host.trim(),
        port: cfg.port,
        isTls: cfg.is_tls,
        username: cfg.username,
        password: cfg.password,
        fromName: cfg.from_name,
      },
      siteName,
      this.outbound,
    );
    return {
      mailer,
      siteName,
      duration: clamp(cfg.duration, 1, 60),
      testEmail: cfg.test_email.trim(),
      domain: (system.domain || '').replace(/\/+$/, ''),
    };
  }

  /** POST /user/email/code: a 6-digit code, valid 30 minutes, one send per address per minute. */
  async sendCode(email: string, purpose: 0 | 1, ip: string, captcha: Captcha = {}): Promise<void> {
    const { mailer, siteName } = await this.smtp(true);
    await this.captcha.verify(purpose === EmailPurpose.Register ? 'register' : 'login', captcha.captcha_id, captcha.captcha);
    const target = email.trim().toLowerCase();
    const existing = await this.users.findByEmail(target);
    if (purpose === EmailPurpose.Register && existing) throw conflict('该邮箱已被注册');
    // a login code for an unknown address: behave the same, send nothing
    const silent = purpose === EmailPurpose.Login && !existing;
    const issued = await this.codes.issue({
      channel: 'email',
      target,
      purpose,
      ip,
      ttlMs: CODE_TTL_MS,
      intervalSec: RESEND_SECONDS,
      secret: silent ? crypto.randomBytes(24).toString('hex') : undefined,
    });
    if (silent) return;
    const what = purpose === EmailPurpose.Register ? '注册' : '登录';
    try {
      await mailer.send({
        to: email,
        subject: `【${siteName}】${what}验证码`,
        text: `您的${what}验证码是 ${issued.code}，30 分钟内有效。如非本人操作，请忽略本邮件。`,
        html: `<p>您的${what}验证码是 <b style="font-size:20px">${issued.code}</b>，30 分钟内有效。</p><p>如非本人操作，请忽略本邮件。</p><p>${escapeHtml(siteName)}</p>`,
      });
    } catch {
      await this.codes.revoke(issued.row.id);
      throw new AppError('bad_gateway', '邮件发送失败，请稍后再试');
    }
  }

  /** Checks and consumes a mailed code (for registration or login by email code). */
  verifyCode(email: string, purpose: 0 | 1, code: string): Promise<void> {
    return this.codes.consume('email', email.trim().toLowerCase(), purpose, code);
  }

  /**
   * The signature of a reset link. It covers the current password hash, so the link dies as soon as the
   * password changes (through this link or any other way).
   */
  private resetSignature(user: { id: number; password: string }, email: string, exp: number, nonce: string): string {
    return crypto.createHmac('sha256', this.secret).update(`pwreset|${user.id}|${email}|${exp}|${nonce}|${user.password}`).digest('base64url');
  }

  /**
   * POST /user/findpassword/stepone. Always answers the same way, whether the address has an account or not:
   * same limits, same answer, and the mail goes out after the answer so timing tells nothing either.
   */
  async sendResetLink(email: string, ip: string, captcha: Captcha = {}): Promise<void> {
    const { mailer, siteName, duration, domain } = await this.smtp(true);
    await this.captcha.verify('find_password', captcha.captcha_id, captcha.captcha);
    const target = email.trim().toLowerCase();
    const user = await this.users.findByEmail(target);
    const exp = Math.floor(Date.now() / 1000) + duration * 60;
    const nonce = crypto.randomBytes(12).toString('base64url');
    const token = user ? `${exp}.${nonce}.${this.resetSignature(user, target, exp, nonce)}` : crypto.randomBytes(32).toString('base64url');
    await this.codes.issue({
      channel: 'email',
      target,
      purpose: EmailPurpose.ResetPassword,
      ip,
      ttlMs: duration * 60_000,
      intervalSec: RESEND_SECONDS,
      secret: token,
    });
    if (!user) return;
    const link = `${domain}/findpassword?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email.trim())}`;
    void mailer
      .send({
        to: email.trim(),
        subject: `【${siteName}】找回密码`,
        text: `您好，${user.username}：\n\n请在 ${duration} 分钟内打开下面的链接设置新密码（链接只能使用一次）：\n${link}\n\n如非本人操作，请忽略本邮件，您的密码不会改变。`,
        html:
          `<p>您好，${escapeHtml(user.username)}：</p><p>请在 ${duration} 分钟内点击下面的链接设置新密码（链接只能使用一次）：</p>` +
          `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>如非本人操作，请忽略本邮件，您的密码不会改变。</p><p>${escapeHtml(siteName)}</p>`,
      })
      .catch(this.onBackgroundError);
  }

  /** PUT /user/findpassword/steptwo: a valid, unexpired, unused link sets the password (old tokens die with it). */
  async resetPassword(email: string, token: string, password: string): Promise<void> {
    const target = email.trim().toLowerCase();
    const [expRaw, nonce, sig] = token.split('.');
    const exp = Number(expRaw);
    if (!nonce || !sig || !Number.isInteger(exp) || exp * 1000 < Date.now()) throw badRequest(INVALID_LINK);
    const user = await this.users.findByEmail(target);
    if (!user) throw badRequest(INVALID_LINK);
    const expected = Buffer.from(this.resetSignature(user, target, exp, nonce));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw badRequest(INVALID_LINK);
    // single use even if two requests race: only one claims the row
    if (!(await this.codes.claim('email', target, EmailPurpose.ResetPassword, token))) throw badRequest(INVALID_LINK);
    await this.users.setPassword(user.id, password);
  }

  /** POST /config/email/test: works before the switch is on, so an administrator can try the settings first. */
  async sendTest(to?: string): Promise<void> {
    const { mailer, siteName, testEmail } = await this.smtp(false);
    const address = to?.trim() || testEmail;
    if (!address) throw badRequest('请填写测试收件邮箱');
    try {
      await mailer.send({
        to: address,
        subject: `【${siteName}】测试邮件`,
        text: `这是一封来自「${siteName}」的测试邮件，收到即表示邮件设置正确。`,
        html: `<p>这是一封来自「${escapeHtml(siteName)}」的测试邮件，收到即表示邮件设置正确。</p>`,
      });
    } catch (e) {
      // the reason in a sentence with the SMTP reply code, never the server's own words (the host may not be an
      // SMTP server at all)
      throw new AppError('bad_gateway', `测试邮件发送失败：${smtpFailure(e)}`);
    }
  }
}
