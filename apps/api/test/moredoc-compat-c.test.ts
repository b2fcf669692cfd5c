/**
 * moredoc-web's permission model against Wenku (issue 17, part C; spec §6).
 *
 * What moredoc-web does (utils/permission.js, store/module/user.js, middleware/auth.js at 3e1e8ca): it calls
 * `GET /api/v1/user/permission`, groups the entries with method `GRPC` by service (the `api.v1.<Service>API` part of
 * the path `/api.v1.<Service>API/<Method>`), and a service unlocks its admin pages only when the service's list method
 * (`ListDocument`, `ListUser`, `ListConfig`, …) is among them (its entry id is present). Its group permission form lists
 * every entry with `GET /api/v1/permission/list?method=grpc&method=get&…` (lowercase, repeated).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOREDOC_GRPC_METHODS, ROUTE_LIST, permissionKey, routeKey } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { makeAdmin, makeUser } from './factories';
import { MIGRATIONS_DIR } from '../src/lib/paths';

interface Entry {
  id: number;
  method: string;
  path: string;
  title: string;
}

/**
 * The service → (list method, pages) table moredoc-web keeps on its side, written out here from its source so the test
 * derives pages exactly as the client does.
 */
const CLIENT_MAP: Record<string, { list: string; pages: string[] }> = {
  DocumentAPI: { list: 'ListDocument', pages: ['/admin/document', '/admin/document/list'] },
  RecycleAPI: { list: 'ListRecycleDocument', pages: ['/admin/document', '/admin/document/recycle'] },
  SearchRecordAPI: { list: 'ListSearchRecord', pages: ['/admin/document', '/admin/document/searchrecord'] },
  LanguageAPI: { list: 'ListLanguage', pages: ['/admin/document', '/admin/document/language'] },
  CategoryAPI: { list: 'ListCategory', pages: ['/admin/document', '/admin/document/category', '/admin/article/category'] },
  UserAPI: { list: 'ListUser', pages: ['/admin/user', '/admin/user/list'] },
  FriendlinkAPI: { list: 'ListFriendlink', pages: ['/admin/friendlink'] },
  AttachmentAPI: { list: 'ListAttachment', pages: ['/admin/attachment'] },
  ReportAPI: { list: 'ListReport', pages: ['/admin/biz', '/admin/report'] },
  BannerAPI: { list: 'ListBanner', pages: ['/admin/banner'] },
  GroupAPI: { list: 'ListGroup', pages: ['/admin/user', '/admin/user/group'] },
  PermissionAPI: { list: 'ListPermission', pages: ['/admin/user', '/admin/user/permission'] },
  AdvertisementAPI: { list: 'ListAdvertisement', pages: ['/admin/biz', '/admin/advertisement'] },
  ConfigAPI: { list: 'ListConfig', pages: ['/admin/config', '/admin/config/system', '/admin/config/security'] },
  ArticleAPI: { list: 'ListArticle', pages: ['/admin/article', '/admin/article/list', '/admin/article/recycle'] },
  CommentAPI: { list: 'ListComment', pages: ['/admin/biz', '/admin/comment'] },
  PunishmentAPI: { list: 'ListPunishment', pages: ['/admin/user/punishment'] },
  NavigationAPI: { list: 'ListNavigation', pages: ['/admin/navigation'] },
};

/** moredoc-web's rule: a GRPC service group whose list entry is present (with an id) grants its pages. */
function allowPages(entries: Entry[]): Set<string> {
  const pages = new Set<string>();
  for (const e of entries) {
    if (e.method !== 'GRPC') continue;
    const [, group, method] = e.path.split('/');
    const service = group.replace(/^api\.v1\./, '');
    const m = CLIENT_MAP[service];
    if (m && method === m.list && e.id > 0) m.pages.forEach((p) => pages.add(p));
  }
  return pages;
}

const ALL_METHODS = ['grpc', 'get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'trace', 'connect'];

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const myEntries = async (token: string): Promise<Entry[]> => {
  const res = await t.req({ method: 'GET', url: '/api/v1/user/permission', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().permission as Entry[];
};

describe('GET /user/permission: moredoc entries', () => {
  it('operations moredoc has are GRPC entries named by the gRPC full method, titled in Chinese; the rest keep HTTP entries', async () => {
    const entries = await myEntries(admin);
    const grpc = entries.filter((e) => e.method === 'GRPC');
    for (const e of entries) {
      expect(e.id).toBeGreaterThan(0);
      expect(e.title).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const e of grpc) expect(e.path).toMatch(/^\/api\.v1\.[A-Z][A-Za-z]*API\/[A-Z][A-Za-z]*$/);
    const paths = new Set(grpc.map((e) => e.path));
    for (const p of [
      '/api.v1.DocumentAPI/ListDocument',
      '/api.v1.DocumentAPI/CheckDocument',
      '/api.v1.UserAPI/ListUser',
      '/api.v1.UserAPI/DeleteUser',
      '/api.v1.ConfigAPI/ListConfig',
      '/api.v1.ConfigAPI/UpdateConfig',
      '/api.v1.RecycleAPI/ListRecycleDocument',
      '/api.v1.GroupAPI/UpdateGroupPermission',
      '/api.v1.PermissionAPI/ListPermission',
      '/api.v1.ArticleAPI/ListRecycleArticle',
      '/api.v1.SearchRecordAPI/ListSearchRecord',
    ]) {
      expect(paths.has(p), p).toBe(true);
    }
    // no HTTP entry is left for an operation moredoc has
    const http = entries.filter((e) => e.method !== 'GRPC');
    expect(http.filter((e) => MOREDOC_GRPC_METHODS[`${e.method} ${e.path}`])).toEqual([]);
    // moredoc's own HTTP (gin) upload routes and Wenku's additions stay HTTP
    const httpKeys = new Set(http.map((e) => `${e.method} ${e.path}`));
    expect(httpKeys.has('POST /api/v1/upload/banner')).toBe(true);
    expect(httpKeys.has('GET /api/v1/vip/list')).toBe(true);
    expect(httpKeys.has('GET /api/v1/order/list')).toBe(true);
  });

  it('the root administrator gets every page of every service (moredoc-web rule)', async () => {
    const pages = allowPages(await myEntries(admin));
    for (const m of Object.values(CLIENT_MAP)) for (const p of m.pages) expect(pages.has(p), p).toBe(true);
  });

  it('an ordinary user gets no entries and no pages', async () => {
    const u = await makeUser(t, {});
    expect(await myEntries(u.token)).toEqual([]);
  });

  it("a limited group's member gets exactly its services' pages and can call their routes", async () => {
    const a = await makeAdmin(t, { permissions: ['listReports', 'updateReport', 'listDocuments', 'checkDocument'] });
    const entries = await myEntries(a.token);
    expect(entries.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        'GRPC /api.v1.DocumentAPI/CheckDocument',
        'GRPC /api.v1.DocumentAPI/ListDocument',
        'GRPC /api.v1.ReportAPI/ListReport',
        'GRPC /api.v1.ReportAPI/UpdateReport',
      ].sort(),
    );
    expect([...allowPages(entries)].sort()).toEqual(['/admin/biz', '/admin/document', '/admin/document/list', '/admin/report'].sort());
    expect((await t.req({ method: 'GET', url: '/api/v1/report/list', token: a.token })).statusCode).toBe(200);
    expect((await t.req({ method: 'GET', url: '/api/v1/attachment/list', token: a.token })).statusCode).toBe(403);
  });

  it("a group holding a service's operations but not its list permission gets none of its pages", async () => {
    const a = await makeAdmin(t, { permissions: ['updateReport', 'deleteReport', 'checkDocument'] });
    const entries = await myEntries(a.token);
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.method === 'GRPC')).toBe(true);
    expect(allowPages(entries).size).toBe(0);
    // the operations themselves stay callable; the list does not
    expect((await t.req({ method: 'GET', url: '/api/v1/report/list', token: a.token })).statusCode).toBe(403);
    expect((await t.req({ method: 'DELETE', url: '/api/v1/report?id=999999', token: a.token })).statusCode).not.toBe(403);
  });
});

describe('GET /permission/list as moredoc-web asks for it', () => {
  it('accepts its lowercase repeated method filter and answers every entry, grouped by service', async () => {
    const qs = ALL_METHODS.map((m) => `method=${m}`).join('&');
    const res = await t.req({ method: 'GET', url: `/api/v1/permission/list?${qs}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json().permission as (Entry & { module: string })[];
    expect(all.length).toBe(res.json().total);
    expect(all.length).toBe((await myEntries(admin)).length);
    // one service ↔ one admin module
    const moduleOf = new Map<string, Set<string>>();
    for (const e of all.filter((x) => x.method === 'GRPC')) {
      const service = e.path.split('/')[1];
      moduleOf.set(service, (moduleOf.get(service) ?? new Set()).add(e.module));
    }
    expect(moduleOf.size).toBe(Object.keys(CLIENT_MAP).length);
    for (const [service, modules] of moduleOf) expect(modules.size, service).toBe(1);
    // every service's list entry exists: the client can set the group's id and show its pages
    for (const [service, m] of Object.entries(CLIENT_MAP))
      expect(
        all.some((e) => e.path === `/api.v1.${service}/${m.list}`),
        service,
      ).toBe(true);
  });

  it('filters by one method (GRPC or an HTTP verb) and refuses an unknown one in Chinese', async () => {
    const grpc = (await t.req({ method: 'GET', url: '/api/v1/permission/list?method=GRPC', token: admin })).json().permission as Entry[];
    expect(grpc.length).toBeGreaterThan(50);
    expect(grpc.every((e) => e.method === 'GRPC')).toBe(true);
    const post = (await t.req({ method: 'GET', url: '/api/v1/permission/list?method=post', token: admin })).json().permission as Entry[];
    expect(post.length).toBeGreaterThan(0);
    expect(post.every((e) => e.method === 'POST')).toBe(true);
    // its permission page: page, size, the API (path) text filter and the method select
    const report = await t.req({ method: 'GET', url: '/api/v1/permission/list?page=1&size=10&path=reportapi&method=GRPC', token: admin });
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json().permission as (Entry & { created_at: string })[];
    expect(rows.map((e) => e.path).sort()).toEqual(['/api.v1.ReportAPI/DeleteReport', '/api.v1.ReportAPI/ListReport', '/api.v1.ReportAPI/UpdateReport']);
    for (const e of rows) expect(Number.isNaN(Date.parse(e.created_at))).toBe(false);
    const bad = await t.req({ method: 'GET', url: '/api/v1/permission/list?method=drop%20table', token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/请求方法/);
  });
});

describe('the 0016 migration keeps every group its rights', () => {
  it('a group granted the old HTTP entries holds the equivalent GRPC ones and can still call the routes', async () => {
    const pool = t.database.pool;
    const a = await makeAdmin(t, { permissions: ['listReports'] });
    // put the database back as it was before the migration: every GRPC entry under its old HTTP key
    const oldKey = new Map(Object.entries(MOREDOC_GRPC_METHODS).map(([key, grpc]) => [`/api.v1.${grpc}`, key]));
    const { rows } = await pool.query<{ id: number; path: string }>(`SELECT id, path FROM permissions WHERE method = 'GRPC'`);
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) {
      const key = oldKey.get(r.path)!;
      const [method, p] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
      await pool.query('UPDATE permissions SET method = $1, path = $2 WHERE id = $3', [method, p, r.id]);
    }
    const idOf = async (key: string) =>
      (await pool.query<{ id: number }>('SELECT id FROM permissions WHERE method = $1 AND path = $2', [key.split(' ')[0], key.split(' ')[1]])).rows[0].id;
    const granted = ['GET /api/v1/report/list', 'PUT /api/v1/report', 'GET /api/v1/attachment/list', 'POST /api/v1/upload/banner'];
    const grantedIds = await Promise.all(granted.map(idOf));
    await pool.query('DELETE FROM group_permissions WHERE group_id = $1', [a.groupId]);
    for (const id of grantedIds) await pool.query('INSERT INTO group_permissions (group_id, permission_id) VALUES ($1, $2)', [a.groupId, id]);
    t.app.clearPermissionCache();
    const before = await myEntries(a.token);
    expect(before.map((e) => `${e.method} ${e.path}`).sort()).toEqual([...granted].sort());
    expect(allowPages(before).size).toBe(0);

    // the migration, as the migrator runs it: its statements in one transaction on one connection
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '0016_grpc_permissions.sql'), 'utf8');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (const stmt of sql.split('--> statement-breakpoint')) if (stmt.trim()) await client.query(stmt);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    t.app.clearPermissionCache();

    const after = await myEntries(a.token);
    expect(after.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        'GRPC /api.v1.ReportAPI/ListReport',
        'GRPC /api.v1.ReportAPI/UpdateReport',
        'GRPC /api.v1.AttachmentAPI/ListAttachment',
        'POST /api/v1/upload/banner',
      ].sort(),
    );
    // same rows, same ids: the grants followed
    expect(after.map((e) => e.id).sort()).toEqual([...grantedIds].sort());
    expect([...allowPages(after)].sort()).toEqual(['/admin/attachment', '/admin/biz', '/admin/report'].sort());
    expect((await t.req({ method: 'GET', url: '/api/v1/report/list', token: a.token })).statusCode).toBe(200);
    expect((await t.req({ method: 'GET', url: '/api/v1/attachment/list', token: a.token })).statusCode).toBe(200);
    expect((await t.req({ method: 'GET', url: '/api/v1/advertisement/list', token: a.token })).statusCode).toBe(403);

    // the database holds exactly what the contracts name: every entry the routes are checked against exists once
    const keys = new Set((await pool.query<{ k: string }>(`SELECT method || ' ' || path AS k FROM permissions`)).rows.map((r) => r.k));
    for (const r of ROUTE_LIST.filter((x) => x.auth === 'admin' || x.permission)) expect(keys.has(permissionKey(r)), routeKey(r)).toBe(true);
    // and the super-administrator group still holds them all
    const { rows: missing } = await pool.query(
      `SELECT id FROM permissions p WHERE NOT EXISTS (SELECT 1 FROM group_permissions g WHERE g.group_id = 1 AND g.permission_id = p.id)`,
    );
    expect(missing).toEqual([]);
  });

  it('merges a converted entry into a GRPC twin that already exists, keeping the grants', async () => {
    const pool = t.database.pool;
    const twin = (await pool.query<{ id: number }>(`SELECT id FROM permissions WHERE method = 'GRPC' AND path = '/api.v1.BannerAPI/DeleteBanner'`)).rows[0].id;
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO permissions (method, path, title, module) VALUES ('DELETE', '/api/v1/banner', '旧', 'banner') RETURNING id`,
    );
    const a = await makeAdmin(t, { permissions: ['listReports'] });
    await pool.query('INSERT INTO group_permissions (group_id, permission_id) VALUES ($1, $2)', [a.groupId, rows[0].id]);
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '0016_grpc_permissions.sql'), 'utf8');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (const stmt of sql.split('--> statement-breakpoint')) if (stmt.trim()) await client.query(stmt);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    t.app.clearPermissionCache();
    expect((await pool.query(`SELECT 1 FROM permissions WHERE method = 'DELETE' AND path = '/api/v1/banner'`)).rows).toEqual([]);
    const ids = (await myEntries(a.token)).map((e) => e.id);
    expect(ids).toContain(twin);
    expect((await t.req({ method: 'DELETE', url: '/api/v1/banner?id=999999', token: a.token })).statusCode).not.toBe(403);
  });
});
