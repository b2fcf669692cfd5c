/**
 * Issue 11, finding 2: a limited administrator could make themselves super-administrator. Nobody but a
 * super-administrator grants group 1, edits user 1 (or another super-administrator), or grants a group holding
 * permissions the granting administrator lacks; the profile and password routes follow the same protection.
 * The super-administrator keeps every one of these powers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, permissionKey } from '@wenku/contracts';
import { ADMIN, createTestApp, type TestApp } from '../helpers';
import { call, callError } from '../call';
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
