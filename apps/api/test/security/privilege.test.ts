/**
 * Issue 11, finding 2: a limited administrator could make themselves super-administrator. Nobody but a
 * super-administrator grants group 1, edits user 1 (or another super-administrator), or grants a group holding
 * permissions the granting administrator lacks; the profile and password routes follow the same protection.
 * The super-administrator keeps every one of these powers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PunishmentType, api, permissionKey } from '@wenku/contracts';
import { ADMIN, createTestApp, type TestApp } from '../helpers';
import { call, callError, callRaw } from '../call';
import { makeAdmin, makeUser, uniq } from '../factories';

const SUPER_GROUP = 1;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const groupsOf = async (userId: number) => (await t.app.services.users.groups(userId)).map((g) => g.id).sort((a, b) => a - b);
const permissionKeysOf = async (token: string) => (await call(t, api.getPermission, { as: token })).permission.map((p) => `${p.method} ${p.path}`);
const permissionId = async (name: keyof typeof api) => {
  const key = permissionKey(api[name]);
  const p = (await t.app.services.users.allPermissions()).find((x) => `${x.method} ${x.path}` === key);
  if (!p) throw new Error(`no permission ${key}`);
  return p.id;
};
/** A group holding exactly these permissions, made by the super-administrator. */
async function groupWith(names: (keyof typeof api)[]) {
  const g = await call(t, api.createGroup, { as: 'admin', body: { title: `组_${uniq()}` } });
  await call(t, api.setGroupPermission, { as: 'admin', body: { group_id: g.id, permission_id: await Promise.all(names.map(permissionId)) } });
  return g.id;
}
const rootRow = async () => (await t.database.pool.query<{ email: string; password: string }>('SELECT email, password FROM users WHERE id = 1')).rows[0];

describe('a limited administrator holding only PUT /user', () => {
  it('cannot put themselves into the super-administrator group', async () => {
    const limited = await makeAdmin(t, { permissions: ['setUser'] });
    const before = await groupsOf(limited.id);
    const r = await callError(t, api.setUser, { as: limited, body: { id: limited.id, group_id: [SUPER_GROUP, ...before] } });
    expect(r.status).toBe(403);
    expect(await groupsOf(limited.id)).toEqual(before);
    t.app.clearPermissionCache();
    expect(await permissionKeysOf(limited.token)).toEqual([permissionKey(api.setUser)]);
    // the operator's figures stay closed to them (GET /stats gives them only the public counts)
    expect((await callError(t, api.getDevice, { as: limited })).status).toBe(403);
    expect(Object.keys(await call(t, api.getStats, { as: limited })).sort()).toEqual(['article_count', 'document_count', 'user_count']);
  });

  it('cannot add a group holding a permission they lack (to themselves or to anyone), but can add one within their own', async () => {
    const limited = await makeAdmin(t, { permissions: ['setUser'] });
    const richer = await groupWith(['setUser', 'getStats']);
    const other = await makeUser(t);
    for (const id of [limited.id, other.id]) {
      const before = await groupsOf(id);
      expect((await callError(t, api.setUser, { as: limited, body: { id, group_id: [...before, richer] } })).status).toBe(403);
      expect(await groupsOf(id)).toEqual(before);
    }
    // a group that holds nothing beyond PUT /user may be given
    const same = await groupWith(['setUser']);
    const ok = await call(t, api.setUser, { as: limited, body: { id: other.id, group_id: [...(await groupsOf(other.id)), same] } });
    expect(ok.group_id).toContain(same);
  });

  it('cannot change user 1’s email, mobile or password, nor another super-administrator’s', async () => {
    const limited = await makeAdmin(t, { permissions: ['setUser'] });
    const before = await rootRow();
    for (const body of [
      { id: 1, email: 'attacker@example.com' },
      { id: 1, mobile: '13900000001' },
      { id: 1, password: 'Taken-Over-987' },
      { id: 1, username: 'root_renamed' },
    ]) {
      expect((await callError(t, api.setUser, { as: limited, body })).status).toBe(403);
    }
    expect(await rootRow()).toEqual(before);
    expect(await t.login(ADMIN.username, ADMIN.password)).toBeTruthy();

    const deputy = await makeUser(t, { groups: [SUPER_GROUP] });
    expect((await callError(t, api.setUser, { as: limited, body: { id: deputy.id, email: 'attacker2@example.com' } })).status).toBe(403);
    expect((await callError(t, api.setUser, { as: limited, body: { id: deputy.id, password: 'Taken-Over-987' } })).status).toBe(403);
    expect(await t.login(deputy.username, deputy.password)).toBeTruthy();
  });

  it('can still edit an ordinary user (the permission does what it says)', async () => {
    const limited = await makeAdmin(t, { permissions: ['setUser'] });
    const other = await makeUser(t);
    const email = `${other.username}@example.com`;
    expect((await call(t, api.setUser, { as: limited, body: { id: other.id, email } })).email).toBe(email);
  });
});

describe('other doors to the same powers', () => {
  it('POST /user: a limited administrator cannot create a super-administrator or a user in a richer group', async () => {
    const limited = await makeAdmin(t, { permissions: ['createUser'] });
    const richer = await groupWith(['getStats']);
    for (const group_id of [[SUPER_GROUP], [richer]]) {
      const username = `made_${uniq()}`;
      expect((await callError(t, api.createUser, { as: limited, body: { username, password: 'Strong-Pass-846', group_id } })).status).toBe(403);
      expect(await t.app.services.users.findByLoginName(username)).toBeFalsy();
    }
  });

  it('PUT /group/permission: a limited administrator cannot grant permissions they lack, nor touch group 1', async () => {
    const limited = await makeAdmin(t, { permissions: ['setGroupPermission'] });
    const target = await groupWith([]);
    const stats = await permissionId('getStats');
    const own = await permissionId('setGroupPermission');
    // to their own group or another: refused, nothing changed
    for (const group_id of [limited.groupId, target]) {
      const before = (await t.app.services.adminAccount.groupPermissions(group_id)).permission_id;
      expect((await callError(t, api.setGroupPermission, { as: limited, body: { group_id, permission_id: [...before, stats] } })).status).toBe(403);
      expect((await t.app.services.adminAccount.groupPermissions(group_id)).permission_id).toEqual(before);
    }
    expect((await callError(t, api.setGroupPermission, { as: limited, body: { group_id: SUPER_GROUP, permission_id: [own] } })).status).toBe(403);
    // one they hold may be passed on
    await call(t, api.setGroupPermission, { as: limited, body: { group_id: target, permission_id: [own] } });
    expect((await t.app.services.adminAccount.groupPermissions(target)).permission_id).toEqual([own]);
    t.app.clearPermissionCache();
    expect(await permissionKeysOf(limited.token)).toEqual([permissionKey(api.setGroupPermission)]);
  });

  it('PUT /user/profile and PUT /user/password (admin mode) cannot change a super-administrator’s contact details or password', async () => {
    const limited = await makeAdmin(t, { permissions: ['updateProfile', 'updatePassword'] });
    const before = await rootRow();
    expect((await callError(t, api.updateProfile, { as: limited, body: { id: 1, email: 'attacker@example.com' } })).status).toBe(403);
    expect((await callError(t, api.updateProfile, { as: limited, body: { id: 1, mobile: '13900000002' } })).status).toBe(403);
    expect((await callError(t, api.updatePassword, { as: limited, body: { id: 1, new_password: 'Taken-Over-987' } })).status).toBe(403);
    expect(await rootRow()).toEqual(before);
    // an ordinary user's profile is theirs to correct
    const other = await makeUser(t);
    expect((await call(t, api.updateProfile, { as: limited, body: { id: other.id, signature: '管理员修改' } })).signature).toBe('管理员修改');
  });
});

describe('issue 25, finding 1: a limited administrator cannot take over a richer one', () => {
  /** An administrator holding `PUT /user` and GET /stats: more than the limited administrators below. */
  const richerAdmin = () => makeAdmin(t, { permissions: ['setUser', 'getStats'] });
  const canLogin = (u: { username: string }, password: string) => t.login(u.username, password).then(Boolean, () => false);

  it('PUT /user: the richer administrator’s password, email, mobile, username and groups stay theirs', async () => {
    const limited = await makeAdmin(t, { permissions: ['setUser'] });
    const richer = await richerAdmin();
    const before = await groupsOf(richer.id);
    for (const body of [
      { id: richer.id, password: 'Taken-Over-987' },
      { id: richer.id, email: 'attacker3@example.com' },
      { id: richer.id, mobile: '13900000003' },
      { id: richer.id, username: `renamed_${uniq()}` },
      { id: richer.id, group_id: before.filter((g) => g !== richer.groupId) },
    ]) {
      const r = await callError(t, api.setUser, { as: limited, body });
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.message).toBe('该账号拥有您没有的权限，只有超级管理员可以修改它');
    }
    expect(await canLogin(richer, 'Taken-Over-987')).toBe(false);
    expect(await canLogin(richer, richer.password)).toBe(true);
    expect(await groupsOf(richer.id)).toEqual(before);
    const row = await t.app.services.users.get(richer.id);
    expect([row.email, row.mobile, row.username]).toEqual(['', '', richer.username]);
  });

  it('PUT /user/password and PUT /user/profile (admin mode): the same rule', async () => {
    const limited = await makeAdmin(t, { permissions: ['updatePassword', 'updateProfile'] });
    const richer = await richerAdmin();
    const r = await callError(t, api.updatePassword, { as: limited, body: { id: richer.id, new_password: 'Taken-Over-987' } });
    expect([r.status, r.message]).toEqual([403, '该账号拥有您没有的权限，只有超级管理员可以修改它']);
    expect(await canLogin(richer, richer.password)).toBe(true);
    for (const body of [{ email: 'attacker4@example.com' }, { mobile: '13900000004' }, { username: `renamed_${uniq()}` }]) {
      expect((await callError(t, api.updateProfile, { as: limited, body: { id: richer.id, ...body } })).status, JSON.stringify(body)).toBe(403);
    }
    const row = await t.app.services.users.get(richer.id);
    expect([row.email, row.mobile, row.username]).toEqual(['', '', richer.username]);
    // what is not a credential stays editable, and an unchanged credential is not a change
    const edited = await call(t, api.updateProfile, { as: limited, body: { id: richer.id, signature: '管理员修改', username: richer.username } });
    expect(edited.signature).toBe('管理员修改');
  });

  it('DELETE /user, POST /punishment and PUT /punishment: the same rule', async () => {
    const limited = await makeAdmin(t, { permissions: ['deleteUser', 'createPunishment', 'updatePunishment'] });
    const richer = await richerAdmin();
    const del = await callError(t, api.deleteUser, { as: limited, query: { id: [richer.id], password: limited.password } });
    expect([del.status, del.message]).toEqual([403, '该账号拥有您没有的权限，只有超级管理员可以删除它']);
    expect(await t.app.services.users.get(richer.id)).toBeTruthy();
    const ban = { user_id: [richer.id], type: [PunishmentType.DisableAccount], reason: '夺权' };
    const pun = await callError(t, api.createPunishment, { as: limited, body: ban });
    expect([pun.status, pun.message]).toEqual([403, '该账号拥有您没有的权限，只有超级管理员可以处罚它']);
    expect(await canLogin(richer, richer.password)).toBe(true);
    // a punishment the super-administrator left disabled cannot be switched on by the limited administrator
    await call(t, api.createPunishment, { as: 'admin', body: { ...ban, enable: false } });
    const [held] = (await call(t, api.listPunishments, { as: 'admin', query: { user_id: [richer.id] } })).punishment;
    expect((await callError(t, api.updatePunishment, { as: limited, body: { id: held.id, enable: true } })).status).toBe(403);
    expect(await canLogin(richer, richer.password)).toBe(true);
  });

  it('an account holding nothing beyond the actor’s permissions is still theirs to manage; the super-administrator manages all', async () => {
    const limited = await makeAdmin(t, { permissions: ['setUser', 'updatePassword'] });
    const peer = await makeAdmin(t, { permissions: ['setUser'] });
    await call(t, api.setUser, { as: limited, body: { id: peer.id, password: 'Peer-Reset-4821' } });
    expect(await canLogin(peer, 'Peer-Reset-4821')).toBe(true);
    const ordinary = await makeUser(t);
    await call(t, api.updatePassword, { as: limited, body: { id: ordinary.id, new_password: 'User-Reset-4821' } });
    expect(await canLogin(ordinary, 'User-Reset-4821')).toBe(true);
    const richer = await richerAdmin();
    await call(t, api.setUser, { as: 'admin', body: { id: richer.id, password: 'Super-Reset-4821' } });
    expect(await canLogin(richer, 'Super-Reset-4821')).toBe(true);
  });
});

describe('issue 25, finding 2: a default group never holds permissions', () => {
  const isDefault = async (id: number) => (await t.app.services.adminAccount.getGroup(id)).is_default;
  /** What a new registration holds: the default groups' permissions. */
  const newcomerKeys = async () => permissionKeysOf((await t.register()).token);

  it('GroupAPI/UpdateGroup or CreateGroup alone cannot make a group the default one', async () => {
    const limited = await makeAdmin(t, { permissions: ['updateGroup', 'createGroup'] });
    const ops = await groupWith(['getStats', 'setUser']);
    const r = await callError(t, api.updateGroup, { as: limited, body: { id: ops, is_default: true } });
    expect([r.status, r.message]).toEqual([403, '只有超级管理员可以设置默认用户组']);
    expect(await isDefault(ops)).toBe(false);
    const title = `组_${uniq()}`;
    expect((await callError(t, api.createGroup, { as: limited, body: { title, is_default: true } })).status).toBe(403);
    expect((await t.app.services.users.allGroups()).some((g) => g.title === title)).toBe(false);
    expect(await newcomerKeys()).toEqual([]);
    // the flag sent unchanged (the admin's form sends it with every edit) is not a change
    const plain = await call(t, api.createGroup, { as: limited, body: { title: `组_${uniq()}` } });
    expect((await call(t, api.updateGroup, { as: limited, body: { id: plain.id, title: `改_${uniq()}`, is_default: false } })).is_default).toBe(false);
    expect((await call(t, api.updateGroup, { as: limited, body: { id: 2, description: '注册用户的默认分组', is_default: true } })).is_default).toBe(true);
  });

  it('not even the super-administrator makes a group with permissions the default one, nor grants permissions to a default group', async () => {
    const ops = await groupWith(['getStats']);
    const r = await callError(t, api.updateGroup, { as: 'admin', body: { id: ops, is_default: true } });
    expect(r.status).toBe(400);
    expect(r.message).toMatch(/^拥有管理权限的用户组不能设为默认用户组/);
    expect(await isDefault(ops)).toBe(false);
    expect((await callError(t, api.updateGroup, { as: 'admin', body: { id: SUPER_GROUP, is_default: true } })).status).toBe(400);
    expect(await isDefault(SUPER_GROUP)).toBe(false);

    // an empty group may become the default one; then nobody grants it anything
    const empty = await call(t, api.createGroup, { as: 'admin', body: { title: `组_${uniq()}`, is_default: true } });
    try {
      const stats = await permissionId('getStats');
      const grant = await callError(t, api.setGroupPermission, { as: 'admin', body: { group_id: empty.id, permission_id: [stats] } });
      expect(grant.status).toBe(400);
      expect(grant.message).toMatch(/^不能给默认用户组授予管理权限/);
      const limited = await makeAdmin(t, { permissions: ['setGroupPermission'] });
      const own = await permissionId('setGroupPermission');
      expect((await callError(t, api.setGroupPermission, { as: limited, body: { group_id: empty.id, permission_id: [own] } })).status).toBe(400);
      expect((await t.app.services.adminAccount.groupPermissions(empty.id)).permission_id).toEqual([]);
      expect(await newcomerKeys()).toEqual([]);
    } finally {
      await call(t, api.updateGroup, { as: 'admin', body: { id: empty.id, is_default: false } });
    }
  });

  it('making a group default and granting it permissions at the same time cannot both succeed', async () => {
    const stats = await permissionId('getStats');
    for (let i = 0; i < 5; i++) {
      const g = await groupWith([]);
      const [flag, grant] = await Promise.all([
        callRaw(t, api.updateGroup, { as: 'admin', body: { id: g, is_default: true } }),
        callRaw(t, api.setGroupPermission, { as: 'admin', body: { group_id: g, permission_id: [stats] } }),
      ]);
      expect([flag.statusCode, grant.statusCode].sort()).toEqual([200, 400]);
      const held = (await t.app.services.adminAccount.groupPermissions(g)).permission_id;
      expect((await isDefault(g)) && held.length > 0).toBe(false);
      if (await isDefault(g)) await call(t, api.updateGroup, { as: 'admin', body: { id: g, is_default: false } });
    }
  });
});

describe('the super-administrator', () => {
  it('grants group 1, edits another super-administrator, and grants any permission', async () => {
    const u = await makeUser(t);
    const promoted = await call(t, api.setUser, { as: 'admin', body: { id: u.id, group_id: [SUPER_GROUP, ...(await groupsOf(u.id))] } });
    expect(promoted.group_id).toContain(SUPER_GROUP);
    const email = `${u.username}@example.com`;
    expect((await call(t, api.setUser, { as: 'admin', body: { id: u.id, email } })).email).toBe(email);
    const g = await groupWith(['getStats', 'setUser']);
    expect((await t.app.services.adminAccount.groupPermissions(g)).permission_id.sort()).toEqual(
      [await permissionId('getStats'), await permissionId('setUser')].sort(),
    );
    // and a promoted super-administrator holds every permission
    const token = await t.login(u.username, u.password);
    expect((await call(t, api.getStats, { as: token })).user_count).toBeGreaterThan(0);
  });
});
