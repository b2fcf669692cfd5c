import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { TUser, TUserCard, TGroup, TPermission } from '@wenku/contracts';
import type { Db, Exec, Tx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import type { CreditService } from '../credit/credit.service';
import type { ConfigService } from '../config/config.service';
import type { UserRepo, UserRow } from './user.repo';
import type { GroupRepo, GroupRow } from './group.repo';

export type { UserRow } from './user.repo';
import { assertPasswordAllowed } from './password-policy';

/** argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1). */
const ARGON = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON);

/** A hash to verify against when the account doesn't exist, so timing doesn't reveal it. */
let dummyHash: Promise<string> | undefined;

export function isVip(u: Pick<UserRow, 'vipExpireAt'>, now = new Date()): boolean {
  return !!u.vipExpireAt && u.vipExpireAt.getTime() > now.getTime();
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The user as the owner (or an admin) sees it. */
export function toPrivateUser(u: UserRow, groupIds?: number[]): TUser {
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    email: u.email,
    mobile: u.mobile,
    avatar: u.avatar,
    address: u.address,
    signature: u.signature,
    identity: u.identity,
    is_vip: isVip(u),
    vip_expire_at: iso(u.vipExpireAt),
    credit_count: u.creditCount,
    doc_count: u.docCount,
    article_count: u.articleCount,
    favorite_count: u.favoriteCount,
    comment_count: u.commentCount,
    group_id: groupIds,
    login_at: iso(u.loginAt),
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  };
}

/** The user as anyone else sees it: no contact details, no identity. */
export function toPublicUser(u: UserRow): TUser {
  return {
    id: u.id,
    username: u.username,
    avatar: u.avatar,
    signature: u.signature,
    is_vip: isVip(u),
    doc_count: u.docCount,
    article_count: u.articleCount,
    favorite_count: u.favoriteCount,
    comment_count: u.commentCount,
    created_at: u.createdAt.toISOString(),
  };
}

/** The uploader or author nested in a document's or an article's page (moredoc's `user`): public fields only. */
export function toUserCard(u: UserRow): TUserCard {
  return { id: u.id, username: u.username, avatar: u.avatar, signature: u.signature, doc_count: u.docCount, article_count: u.articleCount };
}

/** The same in a list's card: who, and the face. */
export function toUserBrief(u: Pick<UserRow, 'id' | 'username' | 'avatar'>): { id: number; username: string; avatar: string } {
  return { id: u.id, username: u.username, avatar: u.avatar };
}

export function toGroup(g: GroupRow): TGroup {
  return {
    id: g.id,
    title: g.title,
    color: g.color,
    description: g.description,
    is_default: g.isDefault,
    is_display: g.isDisplay,
    sort: g.sort,
    user_count: g.userCount,
    enable_upload: g.enableUpload,
    enable_document_review: g.enableDocumentReview,
    enable_comment: g.enableComment,
    enable_comment_approval: g.enableCommentApproval,
    enable_article: g.enableArticle,
    enable_article_approval: g.enableArticleApproval,
    created_at: g.createdAt.toISOString(),
  };
}

export const ROOT_USER_ID = 1;
export const SUPER_GROUP_ID = 1;

/** Who is acting on other accounts (the back office, an administrator in the personal-centre routes), and with what. */
export interface Actor {
  id: number;
  isSuper: boolean;
  /** ids of the permission entries the actor holds */
  permissionIds: Set<number>;
}

/**
 * Accounts. The user module owns `users`, `groups` and who is in them (`user_groups`): every other module reads and
 * writes them through this service (or `AdminAccountService`), never with SQL of its own.
 */
export class UserService {
  private readonly db: Db;
  private readonly repo: UserRepo;
  private readonly groupRepo: GroupRepo;
  private readonly credits: CreditService;
  private readonly settings: ConfigService;
  constructor(deps: { db: Db; repo: UserRepo; groups: GroupRepo; credits: CreditService; settings: ConfigService }) {
    ({ db: this.db, repo: this.repo, groups: this.groupRepo, credits: this.credits, settings: this.settings } = deps);
  }

  async register(input: { username: string; password: string; email?: string }, ip: string): Promise<UserRow> {
    const security = await this.settings.get('security');
    if (security.enable_register === false) throw forbidden('网站已关闭注册');
    await this.assertUsernameAllowed(input.username);
    return this.createAccount({ username: input.username, password: input.password, email: input.email }, ip);
  }

  /** Names that pass for staff (管理员, admin, 客服, 官方 …: security.reserved_usernames) are not for users to take. */
  async assertUsernameAllowed(username: string): Promise<void> {
    if (await this.isReservedUsername(username)) throw badRequest('该用户名包含保留字词，请换一个');
  }

  async isReservedUsername(username: string): Promise<boolean> {
    const words = (await this.settings.get('security')).reserved_usernames
      .split(/[\s,，]+/)
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    const name = username.toLowerCase();
    return words.some((w) => name.includes(w));
  }

  /**
   * Creates an account the way every way in does (password, mobile, OAuth): unique name, default groups, the
   * register award through the ledger, all in one transaction. `password` may be omitted (OAuth) — such an
   * account can only log in through its binding until it sets one.
   */
  async createAccount(input: { username: string; password?: string; email?: string; mobile?: string; avatar?: string }, ip: string): Promise<UserRow> {
    if (/^1[3-9]\d{9}$/.test(input.username) || input.username.includes('@')) throw badRequest('用户名不能是手机号或邮箱');
    if (await this.repo.usernameTaken(input.username)) throw conflict('用户名已被注册');
    const email = input.email?.trim() ?? '';
    if (email && (await this.repo.emailTaken(email))) throw conflict('该邮箱已被注册');
    const mobile = input.mobile?.trim() ?? '';
    if (mobile && (await this.repo.findByMobile(mobile))) throw conflict('该手机号已被注册');
    if (input.password) assertPasswordAllowed(input.password, input.username);
    const password = input.password ? await hashPassword(input.password) : '';
    const score = await this.settings.get('score');
    try {
      return await this.db.transaction(async (tx) => {
        const user = await this.repo.insert(tx, {
          username: input.username,
          password,
          email,
          mobile,
          avatar: input.avatar ?? '',
          registerIp: ip,
          lastLoginIp: ip,
          loginAt: new Date(),
        });
        const defaults = await this.groupRepo.defaultGroupIds(tx);
        await this.groupRepo.setMembership(
          tx,
          user.id,
          defaults.map((g) => g.id),
          false,
        );
        const award = score.register;
        if (award > 0)
          await this.credits.change(tx, { userId: user.id, delta: award, reason: 'register', refType: 'user', refId: user.id, remark: '注册奖励' });
        return { ...user, creditCount: user.creditCount + Math.max(award, 0) };
      });
    } catch (e) {
      // two registrations racing for one name: the unique index decides
      if (isUniqueViolation(e)) throw conflict('用户名、邮箱或手机号已被注册');
      throw e;
    }
  }

  /** A free username derived from a wish (OAuth nickname, mobile tail): adds a suffix until unused. */
  async availableUsername(wish: string): Promise<string> {
    let base = wish.replace(/[^a-zA-Z0-9_\u4e00-\u9fa5]/g, '').slice(0, 24);
    if (base.length < 3 || /^1[3-9]\d{9}$/.test(base)) base = `user_${base}`.slice(0, 24);
    // a nickname from OAuth may read like staff: such an account gets a neutral name
    if (await this.isReservedUsername(base)) base = `user_${crypto.randomBytes(3).toString('hex')}`;
    if (!(await this.repo.usernameTaken(base))) return base;
    for (let i = 0; i < 20; i++) {
      const candidate = `${base}_${crypto.randomBytes(3).toString('hex')}`;
      if (!(await this.repo.usernameTaken(candidate))) return candidate;
    }
    throw new AppError('internal', '无法生成用户名，请稍后重试');
  }

  /** Sets a user's counters (documents, articles, favourites, comments), recounted by the module that owns them. */
  setCounts(tx: Exec, userId: number, counts: Partial<Pick<UserRow, 'docCount' | 'articleCount' | 'favoriteCount' | 'commentCount'>>) {
    return this.repo.setCounts(tx, userId, counts);
  }

  /** Users by id (unknown ids left out, order not kept): the one lookup other modules use for names and avatars. */
  byIds(ids: number[]): Promise<UserRow[]> {
    return this.repo.findByIds(ids);
  }

  findByLoginName(username: string) {
    return this.repo.findByUsername(username);
  }

  findByMobile(mobile: string) {
    return this.repo.findByMobile(mobile);
  }

  findByEmail(email: string) {
    return this.repo.findByEmail(email);
  }

  /** Changes a user's own fields (profile, credentials); the caller checks who may. */
  update(userId: number, patch: Partial<Omit<UserRow, 'id'>>): Promise<UserRow> {
    return this.repo.update(userId, patch);
  }

  /** The user's row locked for the rest of `tx`: credits and VIP change one at a time. */
  lock(tx: Tx, userId: number): Promise<UserRow> {
    return this.repo.lock(tx, userId);
  }

  /** Sets when the user's VIP ends (null: none), inside the caller's transaction (with its log and its payment). */
  setVip(tx: Tx, userId: number, expireAt: Date | null): Promise<void> {
    return this.repo.setVip(tx, userId, expireAt);
  }

  /** Users whose VIP runs (or ran, `expired`), latest end first. */
  listVip(q: Parameters<UserRepo['listVip']>[0]) {
    return this.repo.listVip(q);
  }

  /** Puts a user in exactly `groupIds` (each group's member count kept). */
  setGroups(userId: number, groupIds: number[]): Promise<void> {
    return this.db.transaction((tx) => this.groupRepo.setMembership(tx, userId, groupIds, true));
  }

  /** Deletes accounts (their group memberships go with them; the groups' member counts are recounted). */
  deleteMany(ids: number[]): Promise<void> {
    return this.db.transaction(async (tx) => {
      await this.repo.delete(tx, ids);
      await this.groupRepo.recount(tx);
    });
  }

  /** Sets a new password and voids every token issued before now. */
  async setPassword(userId: number, newPassword: string): Promise<void> {
    assertPasswordAllowed(newPassword, (await this.get(userId)).username);
    await this.repo.setPassword(userId, await hashPassword(newPassword), new Date());
  }

  async recordLogin(userId: number, ip: string): Promise<void> {
    await this.repo.recordLogin(userId, ip);
  }

  /** Creates the first administrator when there is none; returns the generated password if one was made. */
  async ensureAdmin(username: string, password?: string): Promise<{ created: boolean; generatedPassword?: string }> {
    if ((await this.repo.count()) > 0) return { created: false };
    const generated = password ? undefined : crypto.randomBytes(12).toString('base64url');
    const pw = await hashPassword(password || generated || '');
    await this.db.transaction(async (tx) => {
      const user = await this.repo.insert(tx, { username, password: pw });
      if (user.id !== ROOT_USER_ID) throw new AppError('internal', '管理员必须是第一个用户');
      await this.groupRepo.setMembership(tx, user.id, [SUPER_GROUP_ID], false);
    });
    return { created: true, generatedPassword: generated };
  }

  /** The account a login name (username, email or mobile) belongs to. */
  findByLogin(login: string) {
    return this.repo.findByLogin(login.trim());
  }

  /**
   * Checks a password for the account found by `findByLogin` (or none: a dummy hash is verified so timing does not
   * reveal which names exist), and records the login.
   */
  async login(user: UserRow | undefined, password: string, ip: string): Promise<UserRow> {
    if (!user || !user.password) {
      dummyHash ??= hashPassword(crypto.randomBytes(8).toString('hex'));
      await verify(await dummyHash, password).catch(() => false);
      throw new AppError('unauthorized', '用户名或密码不正确');
    }
    const ok = await verify(user.password, password).catch(() => false);
    if (!ok) throw new AppError('unauthorized', '用户名或密码不正确');
    await this.repo.recordLogin(user.id, ip);
    return user;
  }

  async get(id: number): Promise<UserRow> {
    const u = await this.repo.findById(id);
    if (!u) throw notFound('用户不存在');
    return u;
  }

  async privateView(id: number): Promise<TUser> {
    const u = await this.get(id);
    const groups = await this.groupRepo.groupIdsOf([id]);
    return toPrivateUser(u, groups.get(id) ?? []);
  }

  /** Users as a list: administrators search by contact details too and see them; everyone else matches usernames only. */
  async list(q: Parameters<UserRepo['list']>[0] & { group_id?: number[] }, asAdmin: boolean) {
    const inGroups = asAdmin && q.group_id?.length ? this.groupRepo.membersOf(q.group_id) : undefined;
    const { rows, total } = await this.repo.list(asAdmin ? q : { ...q, size: Math.min(q.size, 50) }, asAdmin, inGroups);
    if (!asAdmin) return { total, user: rows.map(toPublicUser) };
    const groups = await this.groupRepo.groupIdsOf(rows.map((r) => r.id));
    return { total, user: rows.map((r) => toPrivateUser(r, groups.get(r.id) ?? [])) };
  }

  async groups(userId: number): Promise<TGroup[]> {
    return (await this.groupRepo.groupsOf(userId)).map((r) => toGroup(r.g));
  }

  async allGroups(wd?: string): Promise<TGroup[]> {
    return (await this.groupRepo.all(wd)).map(toGroup);
  }

  /** The user's permission entries; the root user holds all of them. */
  /** Voids every token the user holds (a disabled account, a stolen session). */
  revokeTokens(userId: number): Promise<void> {
    return this.repo.revokeTokens(userId);
  }

  /** A super-administrator: user 1, or a member of the super-administrator group (1, which holds every permission). */
  async isSuperAdmin(userId: number): Promise<boolean> {
    if (userId === ROOT_USER_ID) return true;
    return (await this.groupRepo.groupIdsOf([userId])).get(userId)?.includes(SUPER_GROUP_ID) ?? false;
  }

  async actor(id: number): Promise<Actor> {
    const [isSuper, perms] = await Promise.all([this.isSuperAdmin(id), this.permissions(id)]);
    return { id, isSuper, permissionIds: new Set(perms.map((p) => p.id)) };
  }

  /**
   * The one rule for acting on another account — its password, email, mobile, username, groups, its punishment or
   * its deletion: allowed only when every permission the account holds is held by the actor too; otherwise only a
   * super-administrator may, and user 1 only user 1. Without it a limited administrator (one permission: PUT /user)
   * sets a richer administrator's password, logs in as them and widens their own group. `action` is the verb of the
   * refusal (修改, 处罚, 删除).
   */
  async assertCanManage(actor: Actor, targetId: number, action = '修改'): Promise<void> {
    if (targetId === ROOT_USER_ID && actor.id !== ROOT_USER_ID) throw forbidden(`只有超级管理员本人可以${action}该账号`);
    if (actor.isSuper || targetId === actor.id) return;
    if (await this.isSuperAdmin(targetId)) throw forbidden(`只有超级管理员可以${action}超级管理员`);
    const held = await this.permissions(targetId);
    if (held.some((p) => !actor.permissionIds.has(p.id))) throw forbidden(`该账号拥有您没有的权限，只有超级管理员可以${action}它`);
  }

  async permissions(userId: number): Promise<TPermission[]> {
    const rows = userId === ROOT_USER_ID ? await this.groupRepo.allPermissions() : (await this.groupRepo.permissionsOf(userId)).map((r) => r.p);
    return rows.map(toPermission);
  }

  async allPermissions(wd?: string): Promise<TPermission[]> {
    return (await this.groupRepo.allPermissions(wd)).map(toPermission);
  }

  revoke(jti: string, userId: number, expiresAt: Date) {
    return this.repo.revoke(jti, userId, expiresAt);
  }

  isRevoked(jti: string) {
    return this.repo.isRevoked(jti);
  }

  purgeExpiredRevocations() {
    return this.repo.purgeExpiredRevocations();
  }
}

/** A permission entry as the API answers it (GRPC or HTTP, see packages/contracts/src/permission.ts). */
function toPermission(p: { id: number; method: string; path: string; title: string; module: string; description: string; createdAt: Date }): TPermission {
  return { id: p.id, method: p.method, path: p.path, title: p.title, module: p.module, description: p.description, created_at: p.createdAt.toISOString() };
}
