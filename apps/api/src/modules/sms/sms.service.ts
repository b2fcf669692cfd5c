import { PunishmentType, SmsPurpose, SmsStatus, USERNAME_PATTERN, type TSmsProvider } from '@wenku/contracts';
import crypto from 'node:crypto';
import type { Outbound } from '../../engines/outbound';
import { createSmsProvider, type SmsCredentials, type SmsProvider } from '../../engines/sms';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors';
import type { CaptchaService } from '../account/captcha.service';
import type { PunishmentService } from '../account/punishment.service';
import type { ConfigService } from '../config/config.service';
import type { UserRow, UserService } from '../user/user.service';
import type { VerificationService } from '../verification/verification.service';
import type { SmsLogRow, SmsRepo } from './sms.repo';

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(n)));
const PROVIDERS = ['aliyun', 'tencent', 'baidu', 'huawei', 'haomas'] as const;

export function toSmsLog(r: SmsLogRow) {
  return {
    id: r.id,
    mobile: r.mobile,
    purpose: r.purpose,
    status: r.status,
    provider: r.provider,
    ip: r.ip,
    error: r.error,
    user_id: r.userId,
    created_at: r.createdAt.toISOString(),
  };
}

export class SmsService {
  constructor(
    private readonly repo: SmsRepo,
    private readonly settings: ConfigService,
    private readonly users: UserService,
    private readonly codes: VerificationService,
    private readonly captcha: Pick<CaptchaService, 'verify'>,
    private readonly punishments: Pick<PunishmentService, 'assertAllowed'>,
    /** the server's outbound client: the SMS endpoint is typed in the settings */
    private readonly outbound: Outbound,
    private readonly makeProvider: (name: TSmsProvider, c: SmsCredentials) => SmsProvider = createSmsProvider,
  ) {}

  private async config() {
    const s = await this.settings.get('sms');
    if (s.enable !== true) throw badRequest('短信服务未启用');
    const provider = s.provider as TSmsProvider;
    if (!(PROVIDERS as readonly string[]).includes(provider) || !s.access_key || !s.secret_key || !s.template_code) {
      throw new AppError('unavailable', '短信服务配置不完整，请联系管理员');
    }
    return {
      provider,
      credentials: { accessKey: s.access_key, secretKey: s.secret_key, sdkAppId: s.sdk_app_id, endpoint: s.endpoint, outbound: this.outbound },
      signName: s.sign_name,
      templateCode: s.template_code,
      interval: clamp(s.resend_interval, 0, 3600),
      ttlMinutes: clamp(s.code_duration, 1, 60),
      perMobile: Math.max(0, s.limit_per_mobile),
      perIp: Math.max(0, s.limit_per_ip),
    };
  }

  /**
   * POST /user/sms/code. Register needs an unused number, login an existing one; for "find password" an unknown
   * number gets the same answer and limits as a known one, but nothing is sent. Every real send is logged in
   * sms_logs: sending → success, or failed with the vendor's error.
   */
  async sendCode(
    mobile: string,
    purpose: number,
    ip: string,
    captcha: { captcha?: string; captcha_id?: string } = {},
  ): Promise<{ ok: boolean; interval: number }> {
    const cfg = await this.config();
    // the form's image captcha guards what the text costs: the switch of the form the code is for
    const form = purpose === SmsPurpose.Register ? 'register' : purpose === SmsPurpose.Login ? 'login' : 'find_password';
    await this.captcha.verify(form, captcha.captcha_id, captcha.captcha);
    const user = await this.users.findByMobile(mobile);
    if (purpose === SmsPurpose.Register && user) throw conflict('该手机号已被注册');
    if (purpose === SmsPurpose.Login && !user) throw badRequest('该手机号未注册');
    const silent = purpose === SmsPurpose.FindPassword && !user;

    const issued = await this.codes.issue(
      {
        channel: 'sms',
        target: mobile,
        purpose,
        ip,
        ttlMs: cfg.ttlMinutes * 60_000,
        intervalSec: cfg.interval,
        perTarget: cfg.perMobile,
        perIp: cfg.perIp,
        secret: silent ? crypto.randomBytes(24).toString('hex') : undefined,
      },
      async (tx) =>
        silent
          ? undefined
          : this.repo.insertLog(tx, {
              mobile,
              purpose,
              status: SmsStatus.Sending,
              provider: cfg.provider,
              ip: ip.slice(0, 64),
              userId: user?.id ?? 0,
            }),
    );
    if (silent || !issued.extra) return { ok: true, interval: cfg.interval };

    const result = await this.makeProvider(cfg.provider, cfg.credentials).send({
      mobile,
      code: issued.code,
      templateCode: cfg.templateCode,
      signName: cfg.signName,
      ttlMinutes: cfg.ttlMinutes,
    });
    await this.repo.finishLog(issued.extra.id, result.ok ? SmsStatus.Success : SmsStatus.Failed, result.ok ? '' : (result.error ?? '发送失败'), result.raw);
    if (!result.ok) {
      await this.codes.revoke(issued.row.id);
      throw new AppError('bad_gateway', '短信发送失败，请稍后再试');
    }
    return { ok: true, interval: cfg.interval };
  }

  /** POST /user/register/mobile: the number must be unused; the code is consumed only once everything else is fine. */
  async register(input: { mobile: string; code: string; password: string; username?: string }, ip: string): Promise<UserRow> {
    const security = await this.settings.get('security');
    if (security.enable_register === false) throw forbidden('网站已关闭注册');
    if (await this.users.findByMobile(input.mobile)) throw conflict('该手机号已被注册');
    const wish = input.username?.trim();
    if (wish) {
      // checked before the code is consumed, so a taken name doesn't cost the user their code
      if (!USERNAME_PATTERN.test(wish)) throw badRequest('用户名为3-32位字母、数字、下划线或中文');
      if (/^1[3-9]\d{9}$/.test(wish)) throw badRequest('用户名不能是手机号或邮箱');
      if (wish.length <= 24 && (await this.users.availableUsername(wish)) !== wish) throw conflict('用户名已被注册');
    }
    const username = wish || (await this.users.availableUsername(`用户${input.mobile.slice(-4)}`));
    await this.codes.consume('sms', input.mobile, SmsPurpose.Register, input.code);
    return this.users.createAccount({ username, password: input.password, mobile: input.mobile }, ip);
  }

  /** POST /user/login/mobile */
  async login(input: { mobile: string; code: string }, ip: string): Promise<UserRow> {
    await this.codes.consume('sms', input.mobile, SmsPurpose.Login, input.code);
    const user = await this.users.findByMobile(input.mobile);
    if (!user) throw badRequest('该手机号未注册');
    await this.punishments.assertAllowed(user.id, PunishmentType.DisableAccount);
    await this.users.recordLogin(user.id, ip);
    return user;
  }

  /** POST /user/findpassword/mobile: sets the password and so voids every older token. */
  async resetPassword(input: { mobile: string; code: string; password: string }): Promise<void> {
    await this.codes.consume('sms', input.mobile, SmsPurpose.FindPassword, input.code);
    const user = await this.users.findByMobile(input.mobile);
    if (!user) throw badRequest('验证码不正确或已过期');
    await this.users.setPassword(user.id, input.password);
  }

  async list(q: Parameters<SmsRepo['list']>[0]) {
    const { rows, total } = await this.repo.list(q);
    return { total, sms: rows.map(toSmsLog) };
  }

  delete(ids: number[]): Promise<void> {
    return this.repo.delete(ids);
  }
}
