import type { EventBus } from '../../kernel/events';
import { verify } from '@node-rs/argon2';
import type { TGroup, TPermission, TUser } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { ROOT_USER_ID, SUPER_GROUP_ID, toGroup, hashPassword, type Actor, type UserService } from './user.service';
import type { GroupRepo } from './group.repo';
import { assertPasswordAllowed } from './password-policy';

export type { Actor };

const DEFAULT_GROUP_SUPER_ONLY = '只有超级管理员可以设置默认用户组';
const DEFAULT_GROUP_WITH_PERMISSIONS =
  '拥有管理权限的用户组不能设为默认用户组：每个新注册的用户都会加入默认用户组并获得这些权限。请先清空该组的权限，或另选一个用户组作为默认组';
const DEFAULT_GROUP_GRANT = '不能给默认用户组授予管理权限：每个新注册的用户都会加入默认用户组并获得这些权限。请先取消该组的“默认用户组”设置';

/**
 * The back office's user, group and permission management. Nobody can give away more than they hold: only a
 * super-administrator grants the super-administrator group, edits or deletes an account holding a permission the
 * actor lacks (`UserService.assertCanManage`), or grants a group holding permissions the granting administrator
 * lacks; a limited administrator can give a group only permissions they hold.
 */
export class AdminAccountService {
  private readonly db: Db;
  private readonly groups: GroupRepo;
  private readonly users: UserService;
  private readonly events: EventBus;
  constructor(deps: { db: Db; groups: GroupRepo; users: UserService; events: EventBus }) {
    ({ db: this.db, groups: this.groups, users: this.users, events: this.events } = deps);
  }

  actor(id: number): Promise<Actor> {
    return this.users.actor(id);
  }

  private async assertCanGrant(actor: Actor, groupIds: number[]): Promise<void> {
    if (actor.isSuper) return;
    if (groupIds.includes(SUPER_GROUP_ID)) throw forbidden('只有超级管理员可以授予超级管理员组');
    for (const g of new Set(groupIds)) {
      const held = await this.groups.permissionIds(g);
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
    const all = new Set((await this.groups.all()).map((g) => g.id));
    const bad = groupIds.find((g) => !all.has(g));
    if (bad) throw badRequest('用户组不存在');
    if (userId === ROOT_USER_ID && !groupIds.includes(1)) throw badRequest('超级管理员必须属于超级管理员组');
    await this.users.setGroups(userId, [...new Set(groupIds)]);
  }

  async setUser(
    actor: Actor,
    body: { id: number; username?: string; password?: string; email?: string; mobile?: string; group_id?: number[] },
  ): Promise<TUser> {
    const user = await this.users.get(body.id);
    // every field of this route is a credential or a group: the account must be one the actor may manage
    await this.users.assertCanManage(actor, user.id);
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
      if (Object.keys(patch).length) await this.users.update(user.id, patch);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('用户名、邮箱或手机号已被使用');
      throw e;
    }
    if (body.group_id) await this.setGroups(user.id, body.group_id);
    if (patch.username !== undefined) await this.events.emit('user.changed', { ids: [user.id] });
    return this.users.privateView(user.id);
  }

  /**
   * Deletes users after the administrator re-enters their own password; user 1 is never deleted, and an account
   * holding a permission the actor lacks only by a super-administrator.
   */
  async deleteUsers(actorId: number, ids: number[], password: string): Promise<void> {
    const self = await this.users.get(actorId);
    const ok = self.password ? await verify(self.password, password).catch(() => false) : false;
    if (!ok) throw badRequest('密码不正确，无法删除');
    if (ids.includes(ROOT_USER_ID)) throw forbidden('不能删除超级管理员');
    if (ids.includes(actorId)) throw badRequest('不能删除自己');
    const rows = await this.users.byIds(ids);
    if (!rows.length) throw notFound('用户不存在');
    const actor = await this.users.actor(actorId);
    for (const r of rows) await this.users.assertCanManage(actor, r.id, '删除');
    const busy = rows.find((u) => u.docCount > 0 || u.articleCount > 0);
    if (busy) throw badRequest(`用户「${busy.username}」还有文档或文章，请先处理后再删除`);
    await this.users.deleteMany(rows.map((r) => r.id));
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

  async createGroup(actor: Actor, body: Record<string, unknown>): Promise<TGroup> {
    // a new group holds no permission yet: the default flag is the super-administrator's to give
    if (body.is_default === true && !actor.isSuper) throw forbidden(DEFAULT_GROUP_SUPER_ONLY);
    try {
      return toGroup(await this.groups.insert(this.groupValues(body) as never));
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('用户组名称已存在');
      throw e;
    }
  }

  /**
   * Edits a group. Its default flag (every new account joins the default groups) changes only by a
   * super-administrator, and a group holding any permission never becomes a default one: decided under the group's
   * row lock, which `setGroupPermissions` takes too, so the two cannot interleave into a default group with powers.
   */
  async updateGroup(actor: Actor, id: number, body: Record<string, unknown>): Promise<TGroup> {
    const values = this.groupValues(body);
    try {
      return await this.db.transaction(async (tx) => {
        const cur = await this.groups.lock(tx, id);
        if (!cur) throw notFound('用户组不存在');
        if (id === SUPER_GROUP_ID && !actor.isSuper) throw forbidden('只有超级管理员可以修改超级管理员组');
        if (values.isDefault !== undefined && values.isDefault !== cur.isDefault && !actor.isSuper) throw forbidden(DEFAULT_GROUP_SUPER_ONLY);
        if (values.isDefault === true && (await this.groups.permissionIds(id, tx)).length) throw badRequest(DEFAULT_GROUP_WITH_PERMISSIONS);
        return toGroup(await this.groups.update(tx, id, values));
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('用户组名称已存在');
      throw e;
    }
  }

  async deleteGroups(ids: number[]) {
    if (ids.includes(1)) throw forbidden('不能删除超级管理员组');
    const inUse = (await this.groups.all()).find((g) => ids.includes(g.id) && g.userCount > 0);
    if (inUse) throw badRequest(`用户组「${inUse.title}」下还有用户，不能删除`);
    await this.groups.delete(ids);
  }

  async getGroup(id: number) {
    const g = await this.groups.find(id);
    if (!g) throw notFound('用户组不存在');
    return toGroup(g);
  }

  async groupPermissions(groupId: number) {
    await this.getGroup(groupId);
    return { group_id: groupId, permission_id: await this.groups.permissionIds(groupId) };
  }

  /** Replaces a group's permissions; a default group holds none (see `updateGroup`, under the same row lock). */
  async setGroupPermissions(actor: Actor, groupId: number, ids: number[]) {
    if (groupId === SUPER_GROUP_ID) {
      await this.getGroup(groupId);
      throw forbidden('超级管理员组拥有全部权限，无需设置');
    }
    const unique = [...new Set(ids)];
    const existing = await this.groups.existingPermissionIds(unique);
    await this.db.transaction(async (tx) => {
      const group = await this.groups.lock(tx, groupId);
      if (!group) throw notFound('用户组不存在');
      if (!actor.isSuper) {
        // a limited administrator may move only permissions they hold, and keeps what they lack where it is
        const current = await this.groups.permissionIds(groupId, tx);
        const touched = [...unique.filter((id) => !current.includes(id)), ...current.filter((id) => !unique.includes(id))];
        if (touched.some((id) => !actor.permissionIds.has(id))) throw forbidden('不能授予或收回您自己没有的权限');
      }
      if (existing.length !== unique.length) throw badRequest('包含不存在的权限');
      if (group.isDefault && unique.length) throw badRequest(DEFAULT_GROUP_GRANT);
      await this.groups.setPermissions(tx, groupId, unique);
    });
  }

  // ---------------- permissions ----------------
  async getPermission(id: number): Promise<TPermission> {
    const p = await this.groups.findPermission(id);
    if (!p) throw notFound('权限不存在');
    return { id: p.id, method: p.method, path: p.path, title: p.title, module: p.module, description: p.description };
  }

  async updatePermission(id: number, title: string, description: string): Promise<TPermission> {
    await this.getPermission(id);
    const p = await this.groups.updatePermission(id, title, description);
    return { id: p.id, method: p.method, path: p.path, title: p.title, module: p.module, description: p.description };
  }
}
