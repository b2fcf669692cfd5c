import type { EventBus } from '../../kernel/events';
import { verify } from '@node-rs/argon2';
import type { TGroup, TPermission, TUser } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { ROOT_USER_ID, SUPER_GROUP_ID, toGroup, hashPassword, type UserService } from '../user/user.service';
import type { AccountRepo } from './account.repo';
import { assertPasswordAllowed } from '../user/password-policy';

/** Who is acting in the back office, and with what. */
export interface Actor {
  id: number;
  isSuper: boolean;
  /** ids of the permission entries the actor holds */
  permissionIds: Set<number>;
}

/**
 * The back office's user, group and permission management. Nobody can give away more than they hold: only a
 * super-administrator grants the super-administrator group, edits a super-administrator, or grants a group holding
 * permissions the granting administrator lacks; a limited administrator can give a group only permissions they hold.
 */
export class AdminAccountService {
  constructor(
    private readonly db: Db,
    private readonly repo: AccountRepo,
    private readonly users: UserService,
    private readonly events: EventBus,
  ) {}

  async actor(id: number): Promise<Actor> {
    const [isSuper, perms] = await Promise.all([this.users.isSuperAdmin(id), this.users.permissions(id)]);
    return { id, isSuper, permissionIds: new Set(perms.map((p) => p.id)) };
  }

  /** A super-administrator can be changed by super-administrators only, and user 1 by user 1 only. */
  async assertCanManage(actor: Actor, targetId: number): Promise<void> {
    if (targetId === ROOT_USER_ID && actor.id !== ROOT_USER_ID) throw forbidden('只有超级管理员本人可以修改该账号');
    if (!actor.isSuper && (await this.users.isSuperAdmin(targetId))) throw forbidden('只有超级管理员可以修改超级管理员');
  }

  private async assertCanGrant(actor: Actor, groupIds: number[]): Promise<void> {
    if (actor.isSuper) return;
    if (groupIds.includes(SUPER_GROUP_ID)) throw forbidden('只有超级管理员可以授予超级管理员组');
    for (const g of new Set(groupIds)) {
      const held = await this.repo.groupPermissionIds(g);
      if (held.some((id) => !actor.permissionIds.has(id))) throw forbidden('不能授予拥有您所没有权限的用户组');
    }
  }

  async createUser(actor: Actor, body: { username: string; password: string; email: string; mobile: string; group_id: number[] }, ip: string): Promise<TUser> {
    await this.assertCanGrant(actor, body.group_id);
    const user = await this.users.createAccount({ username: body.username, password: body.password, email: body.email, mobile: body.mobile }, ip);
    if (body.group_id.length) await this.setGroups(user.id, body.group_id);
    return this.users.privateView(user.id);
  }

  private async setGroups(userId: number, groupIds: number[]) {
    const all = new Set((await this.repo.allGroupsOrdered()).map((g) => g.id));
    const bad = groupIds.find((g) => !all.has(g));
    if (bad) throw badRequest('用户组不存在');
    if (userId === ROOT_USER_ID && !groupIds.includes(1)) throw badRequest('超级管理员必须属于超级管理员组');
    await this.db.transaction((tx) => this.repo.setGroups(tx, userId, [...new Set(groupIds)]));
  }

  async setUser(
    actor: Actor,
    body: { id: number; username?: string; password?: string; email?: string; mobile?: string; group_id?: number[] },
  ): Promise<TUser> {
    const user = await this.users.get(body.id);
    await this.assertCanManage(actor, user.id);
    if (body.group_id) await this.assertCanGrant(actor, body.group_id);
    const patch: Record<string, unknown> = {};
    if (body.username && body.username !== user.username) {
      const taken = await this.users.findByLoginName(body.username);
      if (taken && taken.id !== user.id) throw conflict('用户名已被注册');
      patch.username = body.username;
    }
    if (body.email !== undefined) patch.email = body.email;
    if (body.mobile !== undefined) patch.mobile = body.mobile;
    if (body.password) {
      assertPasswordAllowed(body.password, body.username ?? user.username);
      patch.password = await hashPassword(body.password);
      patch.tokensValidAfter = new Date();
    }
    try {
      if (Object.keys(patch).length) await this.repo.updateUser(user.id, patch);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('用户名、邮箱或手机号已被使用');
      throw e;
    }
    if (body.group_id) await this.setGroups(user.id, body.group_id);
    if (patch.username !== undefined) await this.events.emit('user.changed', { ids: [user.id] });
    return this.users.privateView(user.id);
  }

  /** Deletes users after the administrator re-enters their own password; user 1 is never deleted. */
  async deleteUsers(actorId: number, ids: number[], password: string): Promise<void> {
    const actor = await this.users.get(actorId);
    const ok = actor.password ? await verify(actor.password, password).catch(() => false) : false;
    if (!ok) throw badRequest('密码不正确，无法删除');
    if (ids.includes(ROOT_USER_ID)) throw forbidden('不能删除超级管理员');
    if (ids.includes(actorId)) throw badRequest('不能删除自己');
    const rows = await this.users.byIds(ids);
    if (!rows.length) throw notFound('用户不存在');
    const busy = rows.find((u) => u.docCount > 0 || u.articleCount > 0);
    if (busy) throw badRequest(`用户「${busy.username}」还有文档或文章，请先处理后再删除`);
    await this.db.transaction((tx) =>
      this.repo.deleteUsers(
        tx,
        rows.map((r) => r.id),
      ),
    );
    await this.events.emit('user.deleted', { ids: rows.map((r) => r.id) });
  }

  // ---------------- groups ----------------
  private groupValues(b: Record<string, unknown>) {
    const map: Record<string, string> = {
      title: 'title',
      color: 'color',
      description: 'description',
      is_default: 'isDefault',
      is_display: 'isDisplay',
      sort: 'sort',
      enable_upload: 'enableUpload',
      enable_document_review: 'enableDocumentReview',
      enable_comment: 'enableComment',
      enable_comment_approval: 'enableCommentApproval',
      enable_article: 'enableArticle',
      enable_article_approval: 'enableArticleApproval',
    };
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(b)) if (map[k] && v !== undefined) out[map[k]] = v;
    return out;
  }

  async createGroup(body: Record<string, unknown>): Promise<TGroup> {
    try {
      return toGroup(await this.repo.insertGroup(this.groupValues(body) as never));
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('用户组名称已存在');
      throw e;
    }
  }

  async updateGroup(actor: Actor, id: number, body: Record<string, unknown>): Promise<TGroup> {
    if (!(await this.repo.findGroup(id))) throw notFound('用户组不存在');
    if (id === SUPER_GROUP_ID && !actor.isSuper) throw forbidden('只有超级管理员可以修改超级管理员组');
    try {
      return toGroup((await this.repo.updateGroup(id, this.groupValues(body)))!);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('用户组名称已存在');
      throw e;
    }
  }

  async deleteGroups(ids: number[]) {
    if (ids.includes(1)) throw forbidden('不能删除超级管理员组');
    const groups = await this.repo.allGroupsOrdered();
    const inUse = groups.find((g) => ids.includes(g.id) && g.userCount > 0);
    if (inUse) throw badRequest(`用户组「${inUse.title}」下还有用户，不能删除`);
    await this.repo.deleteGroups(ids);
  }

  async getGroup(id: number) {
    const g = await this.repo.findGroup(id);
    if (!g) throw notFound('用户组不存在');
    return toGroup(g);
  }

  async groupPermissions(groupId: number) {
    await this.getGroup(groupId);
    return { group_id: groupId, permission_id: await this.repo.groupPermissionIds(groupId) };
  }

  async setGroupPermissions(actor: Actor, groupId: number, ids: number[]) {
    await this.getGroup(groupId);
    if (groupId === SUPER_GROUP_ID) throw forbidden('超级管理员组拥有全部权限，无需设置');
    const unique = [...new Set(ids)];
    if (!actor.isSuper) {
      // a limited administrator may move only permissions they hold, and keeps what they lack where it is
      const current = await this.repo.groupPermissionIds(groupId);
      const touched = [...unique.filter((id) => !current.includes(id)), ...current.filter((id) => !unique.includes(id))];
      if (touched.some((id) => !actor.permissionIds.has(id))) throw forbidden('不能授予或收回您自己没有的权限');
    }
    const existing = await this.repo.existingPermissionIds(unique);
    if (existing.length !== unique.length) throw badRequest('包含不存在的权限');
    await this.repo.setGroupPermissions(groupId, unique);
  }

  // ---------------- permissions ----------------
  async getPermission(id: number): Promise<TPermission> {
    const p = await this.repo.findPermission(id);
    if (!p) throw notFound('权限不存在');
    return { id: p.id, method: p.method, path: p.path, title: p.title, module: p.module, description: p.description };
  }

  async updatePermission(id: number, title: string, description: string): Promise<TPermission> {
    await this.getPermission(id);
    const p = (await this.repo.updatePermission(id, title, description))!;
    return { id: p.id, method: p.method, path: p.path, title: p.title, module: p.module, description: p.description };
  }
}
