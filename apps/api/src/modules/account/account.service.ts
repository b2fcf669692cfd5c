import { verify } from '@node-rs/argon2';
import { DEFAULT_CREDIT_NAME, VIP_CARD_DAYS, VIP_CARD_OPTIONS, signInSuccessMessage, type TUser } from '@wenku/contracts';
import { dayNumber } from '../../lib/time';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import type { CreditService } from '../credit/credit.service';
import type { ConfigService } from '../config/config.service';
import { hashPassword, isVip, toPrivateUser, toPublicUser, type UserService } from '../user/user.service';
import type { AccountRepo, DynamicAbout } from './account.repo';
import type { EventBus } from '../../kernel/events';

/** Activity feed types (moredoc's `dynamic`). */
export const DynamicType = {
  Comment: 1,
  Favorite: 2,
  Upload: 3,
  Download: 4,
  Login: 5,
  Register: 6,
  Avatar: 7,
  Password: 8,
  Profile: 9,
  Verify: 10,
  Sign: 11,
  Share: 12,
  Follow: 13,
  DeleteDocument: 14,
  Vip: 15,
} as const;

/** The calendar day of an instant in a time zone, as the integer YYYYMMDD. */
/** Activity anyone may see on a personal page. */
const PUBLIC_DYNAMICS: number[] = [
  DynamicType.Comment,
  DynamicType.Favorite,
  DynamicType.Upload,
  DynamicType.Register,
  DynamicType.Avatar,
  DynamicType.Share,
  DynamicType.Follow,
];

/** What of a user the public sees (pages, crawler pages, cards): a change of these is news (`user.changed`). */
const PUBLIC_PROFILE = ['username', 'avatar', 'signature'];

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly repo: AccountRepo,
    private readonly users: UserService,
    private readonly credits: CreditService,
    private readonly settings: ConfigService,
    private readonly events: EventBus,
  ) {}

  // ---------------- profile ----------------
  async updateProfile(
    actorId: number,
    asAdmin: boolean,
    body: {
      id?: number;
      username?: string;
      realname?: string;
      identity?: string;
      email?: string;
      mobile?: string;
      address?: string;
      signature?: string;
      avatar?: string;
      remark?: string;
    },
  ): Promise<TUser> {
    const targetId = body.id ?? actorId;
    if (targetId !== actorId && !asAdmin) throw forbidden();
    const user = await this.users.get(targetId);
    // another account's username, email and mobile are how it logs in and resets its password: they change only
    // when the actor may manage that account (the rule of PUT /user and PUT /user/password too)
    const credentials = (['username', 'email', 'mobile'] as const).some((k) => body[k] !== undefined && body[k] !== user[k]);
    if (targetId !== actorId && credentials) await this.users.assertCanManage(await this.users.actor(actorId), targetId);
    const patch: Record<string, unknown> = {};
    for (const k of ['realname', 'identity', 'address', 'signature', 'avatar'] as const) if (body[k] !== undefined) patch[k] = body[k];
    if (asAdmin && body.remark !== undefined) patch.remark = body.remark;
    if (body.username !== undefined && body.username !== user.username) {
      if (!/^[a-zA-Z0-9_\u4e00-\u9fa5]{3,32}$/.test(body.username)) throw badRequest('用户名为3-32位字母、数字、下划线或中文');
      if (!asAdmin) await this.users.assertUsernameAllowed(body.username);
      const taken = await this.users.findByLoginName(body.username);
      if (taken && taken.id !== user.id) throw conflict('用户名已被注册');
      patch.username = body.username;
    }
    // email and mobile are locked once set (an administrator may still correct them)
    if (body.email !== undefined && body.email !== user.email) {
      if (user.email && !asAdmin) throw badRequest('邮箱已设置，不能修改');
      if (body.email && (await this.users.findByEmail(body.email))) throw conflict('该邮箱已被使用');
      patch.email = body.email;
    }
    if (body.mobile !== undefined && body.mobile !== user.mobile) {
      if (user.mobile && !asAdmin) throw badRequest('手机号已设置，不能修改');
      if (body.mobile && (await this.users.findByMobile(body.mobile))) throw conflict('该手机号已被使用');
      patch.mobile = body.mobile;
    }
    let row = user;
    try {
      if (Object.keys(patch).length) row = await this.users.update(targetId, patch);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('用户名、邮箱或手机号已被使用');
      throw e;
    }
    if (targetId === actorId) await this.repo.addDynamic(actorId, DynamicType.Profile, '修改了个人资料');
    if (PUBLIC_PROFILE.some((k) => k in patch)) await this.events.emit('user.changed', { ids: [targetId] });
    return toPrivateUser(row);
  }

  /** Changes a password; every token issued before is void. An admin may set another user's without the old one. */
  async updatePassword(actorId: number, asAdmin: boolean, body: { id?: number; old_password: string; new_password: string }): Promise<void> {
    const targetId = body.id ?? actorId;
    if (targetId !== actorId && !asAdmin) throw forbidden();
    const user = await this.users.get(targetId);
    if (targetId === actorId) {
      if (!body.old_password) throw badRequest('请输入您的原密码');
      // an account created by OAuth or mobile may have no password yet: then the old one is not asked
      const ok = user.password ? await verify(user.password, body.old_password).catch(() => false) : true;
      if (!ok) throw badRequest('原密码不正确');
    }
    if (targetId !== actorId) await this.users.assertCanManage(await this.users.actor(actorId), targetId);
    await this.users.setPassword(targetId, body.new_password);
    await this.repo.addDynamic(targetId, DynamicType.Password, '修改了登录密码');
  }

  async setAvatar(userId: number, url: string) {
    await this.users.update(userId, { avatar: url });
    await this.repo.addDynamic(userId, DynamicType.Avatar, '更新了头像');
    await this.events.emit('user.changed', { ids: [userId] });
  }

  // ---------------- daily sign-in ----------------
  async today(): Promise<number> {
    const system = await this.settings.get('system');
    return dayNumber(new Date(), system.timezone || 'Asia/Shanghai');
  }

  async getTodaySign(userId: number) {
    const row = await this.repo.findSign(userId, await this.today());
    return row ? { id: row.id, user_id: row.userId, sign_at: row.signAt, award: row.award, created_at: row.createdAt.toISOString() } : null;
  }

  /** One award per user per calendar day: the unique (user, day) index decides races; only the winner is paid. */
  async sign(userId: number, ip: string) {
    const day = await this.today();
    const score = await this.settings.get('score');
    const system = await this.settings.get('system');
    const award = Math.max(0, score.sign_in);
    const creditName = system.credit_name || DEFAULT_CREDIT_NAME;
    const result = await this.db.transaction(async (tx) => {
      const row = await this.repo.insertSign(tx, { userId, signAt: day, award, ip });
      if (!row) return undefined;
      const balance =
        award > 0
          ? await this.credits.change(tx, { userId, delta: award, reason: 'sign_in', refType: 'sign', refId: row.id, remark: `${day} 签到` })
          : (await this.users.lock(tx, userId)).creditCount;
      await this.repo.addDynamic(userId, DynamicType.Sign, signInSuccessMessage(award, creditName), undefined, tx);
      return { row, balance };
    });
    if (!result) throw new AppError('conflict', '今日已签到');
    const { row, balance } = result;
    return { id: row.id, user_id: row.userId, sign_at: row.signAt, award: row.award, created_at: row.createdAt.toISOString(), credit_count: balance };
  }

  // ---------------- feeds ----------------
  /**
   * A user's activity; others (but administrators) see only what is public: no logins, downloads, password or
   * profile changes, and no entry about a document or article the viewer may not see (disabled, under review,
   * rejected, deleted: its title is in the entry). `viewerId`: who looks (undefined: anonymous).
   */
  async dynamics(userId: number, page: number, size: number, onlyPublic: boolean, viewerId?: number) {
    const { rows, total } = await this.repo.listDynamics(userId, page, size, onlyPublic ? { types: PUBLIC_DYNAMICS, viewerId } : undefined);
    return { total, dynamic: rows.map((d) => ({ id: d.id, user_id: d.userId, type: d.type, content: d.content, created_at: d.createdAt.toISOString() })) };
  }

  async creditLogs(userId: number, page: number, size: number) {
    const { rows, total } = await this.credits.entries(userId, page, size);
    return {
      total,
      log: rows.map((l) => ({
        id: l.id,
        delta: l.delta,
        balance_after: l.balanceAfter,
        reason: l.reason,
        remark: l.remark,
        created_at: l.createdAt.toISOString(),
      })),
    };
  }

  /** Records an activity entry; `about`: the document or article it names (`TargetType`), so the public feed can leave it out while the item is hidden. */
  addDynamic(userId: number, type: number, content: string, about?: DynamicAbout) {
    return this.repo.addDynamic(userId, type, content, about);
  }

  // ---------------- VIP ----------------
  async vipInfo(userId: number) {
    const [user, vip] = await Promise.all([this.users.get(userId), this.settings.get('vip')]);
    const prices: Record<number, number> = { 0: vip.year_price, 1: vip.season_price, 2: vip.month_price };
    return {
      enable: vip.enable,
      is_vip: isVip(user),
      vip_expire_at: user.vipExpireAt ? user.vipExpireAt.toISOString() : null,
      cards: VIP_CARD_OPTIONS.map((o) => ({ card: o.value, title: o.label, days: VIP_CARD_DAYS[o.value], price: prices[o.value] ?? 0 })),
      free_download: vip.free_download,
      times_every_day: vip.times_every_day,
    };
  }

  /** Grants or extends VIP: a card's days or a number of days from the later of now and the current expiry, or an explicit date. */
  async grantVip(operatorId: number, body: { user_id: number; card?: 0 | 1 | 2; days?: number; expire_at?: string | null; remark: string }): Promise<TUser> {
    const row = await this.db.transaction((tx) => this.changeVip(tx, operatorId, body, 'admin'));
    return toPrivateUser(row);
  }

  /**
   * `grantVip` inside the caller's transaction (an order's delivery): the user's row is locked, the expiry moved,
   * a VIP log row written with its source. Returns the user as changed.
   */
  async changeVip(
    tx: Tx,
    operatorId: number,
    body: { user_id: number; card?: 0 | 1 | 2; days?: number; expire_at?: string | null; remark: string },
    source: string,
  ) {
    const user = await this.users.lock(tx, body.user_id);
    if (!user) throw notFound('用户不存在');
    const now = Date.now();
    const current = user.vipExpireAt && user.vipExpireAt.getTime() > now ? user.vipExpireAt.getTime() : now;
    let next: Date | null;
    let days = 0;
    if (body.expire_at !== undefined) {
      next = body.expire_at ? new Date(body.expire_at) : null;
    } else {
      const added = body.card !== undefined ? VIP_CARD_DAYS[body.card] : body.days;
      if (added === undefined) throw badRequest('请选择VIP卡、天数或到期时间');
      days = added;
      next = new Date(current + days * 86_400_000);
      if (next.getTime() <= now) next = null;
    }
    await this.users.setVip(tx, user.id, next);
    await this.repo.addVipLog(tx, {
      userId: user.id,
      operatorId,
      days,
      expireBefore: user.vipExpireAt,
      expireAfter: next,
      source,
      remark: body.remark,
    });
    return { ...user, vipExpireAt: next };
  }

  async listVipUsers(q: { page: number; size: number; wd?: string; expired: boolean }) {
    const { rows, total } = await this.users.listVip(q);
    return { total, user: rows.map((r) => toPrivateUser(r)) };
  }

  // ---------------- AI quota ----------------
  /** Today in the site's time zone (quotas reset at the site's midnight, not UTC's). */
  private async aiDay(): Promise<string> {
    const tz = await this.settings.timezone();
    return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  }

  /** The daily limit: the user's own when set, else the VIP limit for VIPs (VIP on), else the site's. */
  private async aiLimit(userId: number, row: { dailyLimit: number; extra: number } | undefined): Promise<number> {
    const [llm, vip, user] = await Promise.all([this.settings.get('llm'), this.settings.get('vip'), this.users.get(userId)]);
    const base = row && row.dailyLimit >= 0 ? row.dailyLimit : vip.enable && isVip(user) ? Math.max(llm.vip_daily_quota, llm.daily_quota) : llm.daily_quota;
    return base + (row?.extra ?? 0);
  }

  async quota(userId: number) {
    await this.users.get(userId);
    const [row, today] = await Promise.all([this.repo.findQuota(userId), this.aiDay()]);
    const limit = await this.aiLimit(userId, row);
    const used = row && row.usedDay === today ? row.usedToday : 0;
    return {
      user_id: userId,
      daily_limit: limit - (row?.extra ?? 0),
      used_today: used,
      remaining: Math.max(0, limit - used),
      total_used: row?.totalUsed ?? 0,
      extra: row?.extra ?? 0,
    };
  }

  /**
   * What `useAiQuota` needs, read before the caller's transaction (a transaction uses only its own handle): the
   * site's day and the user's limit without the extra allowance.
   */
  async aiQuotaPlan(userId: number): Promise<{ day: string; limit: number }> {
    const [day, row] = await Promise.all([this.aiDay(), this.repo.findQuota(userId)]);
    return { day, limit: await this.aiLimit(userId, row ? { dailyLimit: row.dailyLimit, extra: 0 } : undefined) };
  }

  /**
   * Takes one AI question from today's quota inside `tx` (where the caller also charges credits, if any), under the
   * quota row's lock: 40 parallel questions at the limit take exactly what is left. Refused with 429 and a sentence
   * when the limit is reached.
   */
  async useAiQuota(tx: Tx, userId: number, plan: { day: string; limit: number }): Promise<void> {
    const used = await this.repo.useQuota(tx, userId, plan.day, (r) => plan.limit + r.extra);
    if (used === null) throw new AppError('rate_limited', '今日 AI 对话次数已用完，请明天再来');
  }

  /** Gives a question back (the model failed to answer). */
  async refundAiQuota(tx: Tx, userId: number, day: string): Promise<void> {
    await this.repo.refundQuota(tx, userId, day);
  }

  async setQuota(body: { user_id: number; daily_limit?: number; extra?: number }) {
    await this.users.get(body.user_id);
    await this.repo.upsertQuota(body.user_id, { dailyLimit: body.daily_limit, extra: body.extra });
    return this.quota(body.user_id);
  }

  publicUser = toPublicUser;
}

export { hashPassword };
