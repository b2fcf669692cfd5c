/**
 * Issue 11, finding 5: a banned account keeps its sessions. Punishment type 1 (disable account) must shut the user
 * out on every authenticated route — `authenticate` refuses the tokens of a disabled account with 403 and the
 * punishment's reason — and issuing the punishment revokes the user's tokens (401 from then on, even after the
 * punishment is lifted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, PunishmentType } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { call, callError, callRaw } from '../call';
import { makeAdmin, makeDocument, makeUser, type TestUser } from '../factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/**
 * The authenticated routes the issue names: an admin read (GET /device; GET /stats now answers anyone its public
 * counts), daily sign-in, profile, report; plus two reads.
 */
async function tryEverything(token: string, documentId: number) {
  return {
    device: await callError(t, api.getDevice, { as: token }),
    sign: await callError(t, api.signToday, { as: token }),
    signStatus: await callError(t, api.getTodaySign, { as: token }),
    profile: await callError(t, api.updateProfile, { as: token, body: { signature: '还在' } }),
    report: await callError(t, api.createReport, { as: token, body: { document_id: documentId, reason: 1 } }),
    permissions: await callError(t, api.getPermission, { as: token }),
  };
}

/** A disable-account punishment written straight to the table, as one whose start time has come (no revocation ran). */
async function disableQuietly(userId: number, reason: string) {
  await t.database.pool.query(`INSERT INTO punishments (user_id, type, enable, reason, remark) VALUES ($1, $2, true, $3, '')`, [
    userId,
    PunishmentType.DisableAccount,
    reason,
  ]);
}

describe('a disabled account is out on every authenticated route', () => {
  let doc: Awaited<ReturnType<typeof makeDocument>>;
  beforeAll(async () => {
    doc = await makeDocument(t);
  });

  it('a token that still passes revocation gets 403 account_disabled with the punishment reason everywhere', async () => {
    const staff: TestUser = await makeAdmin(t, { permissions: ['getDevice'] });
    // before: the same token works on each route
    expect((await callRaw(t, api.getDevice, { as: staff })).statusCode).toBe(200);
    expect((await callRaw(t, api.getTodaySign, { as: staff })).statusCode).toBe(200);
    expect((await callRaw(t, api.updateProfile, { as: staff, body: { signature: '正常' } })).statusCode).toBe(200);

    await disableQuietly(staff.id, '散布广告');
    const refused = await tryEverything(staff.token, doc.id);
    for (const [route, r] of Object.entries(refused)) {
      expect({ route, status: r.status, code: r.code }).toEqual({ route, status: 403, code: 'account_disabled' });
      expect(r.message).toContain('散布广告');
    }
    // a token issued later (another process, a login that raced the ban) is refused the same way
    const later = await t.app.issueToken(staff.id);
    expect(await callError(t, api.getDevice, { as: later })).toMatchObject({ status: 403, code: 'account_disabled' });
    // and logging in again does not get a token
    expect((await callError(t, api.login, { body: { username: staff.username, password: staff.password } })).status).toBe(403);
    // nothing was done on the user's behalf: no sign-in, no report
    const { rows } = await t.database.pool.query(
      'SELECT (SELECT count(*) FROM signs WHERE user_id = $1)::int AS signs, (SELECT count(*) FROM reports WHERE user_id = $1)::int AS reports',
      [staff.id],
    );
    expect(rows[0]).toEqual({ signs: 0, reports: 0 });
  });

  it('the ban ends with its punishment (end time in the past): the same token works again', async () => {
    const u = await makeUser(t);
    await t.database.pool.query(
      `INSERT INTO punishments (user_id, type, enable, reason, start_time, end_time) VALUES ($1, $2, true, '过期', now() - interval '2 days', now() - interval '1 day')`,
      [u.id, PunishmentType.DisableAccount],
    );
    expect((await callRaw(t, api.getTodaySign, { as: u })).statusCode).toBe(200);
  });

  it('issuing the punishment through the API revokes the user’s tokens: 401 at once, and still 401 after it is lifted', async () => {
    const u = await makeUser(t);
    const second = await t.login(u.username, u.password);
    expect((await callRaw(t, api.getTodaySign, { as: u })).statusCode).toBe(200);

    await call(t, api.createPunishment, { as: 'admin', body: { user_id: [u.id], type: [PunishmentType.DisableAccount], reason: '恶意刷分' } });
    for (const token of [u.token, second]) {
      const r = await callError(t, api.signToday, { as: token });
      expect(r.status).toBe(401);
    }
    const { rows } = await t.database.pool.query<{ id: number }>('SELECT id FROM punishments WHERE user_id = $1', [u.id]);
    await call(t, api.cancelPunishment, { as: 'admin', body: { id: rows.map((r) => r.id) } });
    // lifted: the old sessions stay revoked, a new login works
    expect((await callError(t, api.getTodaySign, { as: u })).status).toBe(401);
    const fresh = await t.login(u.username, u.password);
    expect((await callRaw(t, api.getTodaySign, { as: fresh })).statusCode).toBe(200);
  });

  it('re-enabling a cancelled disable punishment revokes again', async () => {
    const u = await makeUser(t);
    await call(t, api.createPunishment, { as: 'admin', body: { user_id: [u.id], type: [PunishmentType.DisableAccount], enable: false, reason: '待定' } });
    expect((await callRaw(t, api.getTodaySign, { as: u })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query<{ id: number }>('SELECT id FROM punishments WHERE user_id = $1', [u.id]);
    await call(t, api.updatePunishment, { as: 'admin', body: { id: rows[0].id, enable: true } });
    expect((await callError(t, api.getTodaySign, { as: u })).status).toBe(401);
  });
});
