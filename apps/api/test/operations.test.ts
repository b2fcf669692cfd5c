import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, isFullStats, OrderType, PaymentMethod, TREND_RANGES } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw, type As } from './call';
import { makeAdmin, makeComment, makeDocument, makeDownload, makeUser, type TestUser } from './factories';
import { startFakePayGateways, type FakePayGateways } from './fakes/pay-gateways';
import { compareVersions, pickRelease } from '../src/modules/system/release.service';
import { gitCommit } from '../src/modules/system/build-info';

/**
 * The operator's endpoints: counts and daily series on the dashboard, the server's resources (a superset of moredoc's
 * DeviceInfo), licence, the release notice against a local release source, moredoc's /sqlmode, and the comment
 * detail/edit routes a moredoc admin calls.
 */
let t: TestApp;
let gw: FakePayGateways;
let site: string;
const HPJ = { appid: '201906120001', secret: 'hpj-secret-0123456789abcdef' };
const rsa = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  t = await createTestApp();
  const merchant = rsa();
  const app = rsa();
  gw = await startFakePayGateways({
    wechat: { mchid: '1900000109', appid: 'wxd678efh567hg6787', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', merchantPublicKey: merchant.publicKey },
    alipay: { appId: '2021000000000001', appPublicKey: app.publicKey, sellerId: '2088000000000001' },
    hupijiao: HPJ,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const set = (category: string, values: Record<string, unknown>) =>
    call(t, api.updateConfig, { body: { config: Object.entries(values).map(([name, value]) => ({ category, name, value: value as never })) }, as: 'admin' });
  await set('system', { domain: site });
  await set('pay', {
    enable_recharge: true,
    credit_exchange: 10,
    enable_hupijiao: true,
    hupijiao_appid: HPJ.appid,
    hupijiao_secret: HPJ.secret,
    hupijiao_gateway: gw.hupijiao.gateway,
  });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

/** A recharge paid through the local Hupijiao gateway, delivered by its signed notification. */
async function paidOrder(u: TestUser): Promise<void> {
  const o = await call(t, api.createOrder, { body: { order_type: OrderType.Recharge, quantity: 10 }, as: u });
  await call(t, api.payOrder, { body: { order_no: o.order_no, payment_type: PaymentMethod.Hupijiao }, as: u });
  expect(await gw.hupijiao.deliver(o.order_no)).toEqual({ status: 200, body: 'success' });
}

/**
 * An AI question as the chat module stores it. Asking through the route needs the AI switched on and a model
 * answering (the chat suites do that against a local fake); this series only counts the stored user messages.
 */
async function chatQuestion(u: TestUser): Promise<void> {
  const pool = t.database.pool;
  const { rows } = await pool.query(`INSERT INTO chat_topics (uuid, user_id, title) VALUES ($1, $2, '统计测试') RETURNING id`, [crypto.randomUUID(), u.id]);
  await pool.query(`INSERT INTO chat_messages (topic_id, user_id, role, content) VALUES ($1, $2, 'user', '你好'), ($1, $2, 'assistant', '您好')`, [
    rows[0].id,
    u.id,
  ]);
}

/** GET /stats as a holder of its permission: every figure (fails on a public-only answer). */
async function fullStats(as: As) {
  const s = await call(t, api.getStats, { as });
  if (!isFullStats(s)) throw new Error(`GET /stats answered the public counts only: ${JSON.stringify(s)}`);
  return s;
}

describe('GET /stats', () => {
  it('counts what was just created, in one answer', async () => {
    const before = await fullStats('admin');
    const u = await makeUser(t);
    const doc = await makeDocument(t, { owner: u });
    await makeDownload(t, { document: doc });
    await makeComment(t, { target: doc });
    await paidOrder(u);
    const after = await fullStats('admin');
    // makeDownload and makeComment each register their own user
    expect(after.user_count - before.user_count).toBe(3);
    expect(after.document_count - before.document_count).toBe(1);
    expect(after.download_count - before.download_count).toBe(1);
    expect(after.comment_count - before.comment_count).toBe(1);
    expect(after.paid_order_count - before.paid_order_count).toBe(1);
    expect(after.document_category_count + after.article_category_count).toBe(after.category_count);
    expect(after.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(after.database).toBe(t.database.kind);
  });

  it('gives everything to administrators with the config permission only (others get the public counts)', async () => {
    const publicKeys = ['article_count', 'document_count', 'user_count'];
    expect(Object.keys(await call(t, api.getStats, {})).sort()).toEqual(publicKeys);
    const u = await makeUser(t);
    expect(Object.keys(await call(t, api.getStats, { as: u })).sort()).toEqual(publicKeys);
    const limited = await makeAdmin(t, { permissions: [api.getStats] });
    const full = await fullStats(limited);
    expect(full.user_count).toBeGreaterThan(0);
    expect(full.version).toMatch(/^\d+\.\d+\.\d+/);
    expect((await callError(t, api.getDevice, { as: limited })).status).toBe(403);
  });
});

describe('GET /stats/trend', () => {
  it("today's activity lands in today's bucket of every series; every day of the range is present", async () => {
    const before = await call(t, api.getStatsTrend, { query: { days: 7 }, as: 'admin' });
    expect(before.days).toHaveLength(7);
    const u = await makeUser(t);
    const doc = await makeDocument(t, { owner: u });
    await makeDownload(t, { document: doc, by: u });
    await paidOrder(u);
    await chatQuestion(u);
    const after = await call(t, api.getStatsTrend, { query: { days: 7 }, as: 'admin' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: after.timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(after.end).toBe(today);
    const a = after.days.at(-1)!;
    const b = before.days.at(-1)!;
    expect(a.date).toBe(today);
    expect(a.users - b.users).toBe(1);
    expect(a.documents - b.documents).toBe(1);
    expect(a.downloads - b.downloads).toBe(1);
    expect(a.paid_orders - b.paid_orders).toBe(1);
    expect(a.chat_messages - b.chat_messages).toBe(1);
    // the days run one by one up to today, and the totals add them up
    const dates = after.days.map((d) => d.date);
    for (let i = 1; i < dates.length; i++) expect(Date.parse(dates[i]) - Date.parse(dates[i - 1])).toBe(86_400_000);
    expect(after.totals.users).toBe(after.days.reduce((s, d) => s + d.users, 0));
    expect(after.start).toBe(dates[0]);
  });

  it("serves the spec's quick ranges", async () => {
    for (const days of TREND_RANGES) {
      const r = await call(t, api.getStatsTrend, { query: { days }, as: 'admin' });
      expect(r.days).toHaveLength(days);
    }
  });

  it('refuses hostile ranges with a 400 and a Chinese message', async () => {
    for (const days of ['0', '-5', '367', '100000000000', '1.5', 'abc', "7'; DROP TABLE users;--", '1e3']) {
      const res = await t.req({ method: 'GET', url: `/api/v1/stats/trend?days=${encodeURIComponent(days)}`, token: await t.adminToken() });
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message, days).toMatch(/天数/);
    }
    expect((await callError(t, api.getStatsTrend, { query: { days: 7 } })).status).toBe(401);
    expect((await callError(t, api.getStatsTrend, { query: { days: 7 }, as: await makeUser(t) })).status).toBe(403);
  });
});

describe('GET /device', () => {
  it("answers moredoc's DeviceInfo shape plus database, queue and engines", async () => {
    const d = await call(t, api.getDevice, { as: 'admin' });
    expect(d.cpu.cores).toBeGreaterThan(0);
    expect(typeof d.cpu.model_name).toBe('string');
    expect(d.cpu.percent).toBeGreaterThanOrEqual(0);
    expect(d.cpu.percent).toBeLessThanOrEqual(100);
    expect(d.memory.total).toBeGreaterThan(0);
    expect(d.memory.used + d.memory.free).toBe(d.memory.total);
    expect(d.memory.percent).toBeGreaterThan(0);
    expect(Array.isArray(d.disk)).toBe(true);
    expect(d.disk[0]).toMatchObject({ path: t.config.dataDir });
    expect(d.disk[0].total).toBeGreaterThan(0);
    expect(d.disk[0].percent).toBeGreaterThanOrEqual(0);
    expect(d.database.kind).toBe(t.database.kind);
    expect(d.database.size).toBeGreaterThan(0);
    expect(d.queue.pending).toBeGreaterThanOrEqual(0);
    expect(d.engines.map((e) => e.name)).toContain('mupdf.js');
    // the raw JSON keeps moredoc's names (what a moredoc client reads)
    const raw = (await callRaw(t, api.getDevice, { as: 'admin' })).json();
    expect(Object.keys(raw.cpu)).toEqual(expect.arrayContaining(['cores', 'model_name', 'mhz', 'percent']));
    expect(Object.keys(raw.memory)).toEqual(expect.arrayContaining(['total', 'used', 'free', 'percent']));
    expect(Object.keys(raw.disk[0])).toEqual(expect.arrayContaining(['path', 'total', 'used', 'free', 'percent']));
  });

  it('counts the waiting jobs of the PostgreSQL queue when its tables exist', async () => {
    // the test app runs no worker; pg-boss's own table, shaped as pg-boss makes it, stands in for the queue
    const pool = t.database.pool;
    await pool.query(`CREATE SCHEMA IF NOT EXISTS pgboss`);
    await pool.query(`CREATE TABLE IF NOT EXISTS pgboss.job (id uuid PRIMARY KEY, name text NOT NULL, state text NOT NULL, completed_on timestamptz)`);
    await pool.query(
      `INSERT INTO pgboss.job (id, name, state, completed_on) VALUES
        (gen_random_uuid(), 'conversion.convert', 'created', NULL), (gen_random_uuid(), 'conversion.convert', 'retry', NULL),
        (gen_random_uuid(), 'conversion.convert', 'active', NULL), (gen_random_uuid(), 'search.reindex-documents', 'failed', now()),
        (gen_random_uuid(), 'search.reindex-documents', 'completed', now())`,
    );
    try {
      const d = await call(t, api.getDevice, { as: 'admin' });
      expect(d.queue).toMatchObject({ available: true, pending: 2, active: 1, failed: 1 });
      expect(d.queue.queues).toContainEqual({ name: 'conversion.convert', pending: 2, active: 1, failed: 0 });
    } finally {
      await pool.query(`DROP SCHEMA pgboss CASCADE`);
    }
    expect((await call(t, api.getDevice, { as: 'admin' })).queue).toMatchObject({ available: false, pending: 0 });
  });

  it('is admin only', async () => {
    expect((await callError(t, api.getDevice, {})).status).toBe(401);
    expect((await callError(t, api.getDevice, { as: await makeUser(t) })).status).toBe(403);
  });
});

describe('GET /license', () => {
  it('names the edition and the AGPL', async () => {
    const l = await call(t, api.getLicense, { as: 'admin' });
    expect(l.license).toBe('AGPL-3.0-or-later');
    expect(l.edition).toContain('社区版');
    expect(l.license_url).toMatch(/^https:\/\/www\.gnu\.org\//);
    expect((await callError(t, api.getLicense, {})).status).toBe(401);
    expect((await callError(t, api.getLicense, { as: await makeUser(t) })).status).toBe(403);
  });
});

describe('release notice', () => {
  let feed: http.Server;
  let feedUrl: string;
  let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{}' };
  let hits = 0;
  beforeAll(async () => {
    feed = http.createServer((req, res) => {
      hits++;
      const send = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
    feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/releases`;
  });
  afterAll(async () => {
    feed.closeAllConnections();
    await new Promise((r) => feed.close(r));
  });

  it('says so when no source is set, without any request', async () => {
    const r = await call(t, api.getRelease, { as: 'admin' });
    expect(r.source).toBe('');
    expect(r.error).toBe('尚未设置版本源');
    expect(r.has_update).toBe(false);
    expect(r.current).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reads a GitHub-style list from the source: a newer version is an update; ignore and remind-later hide it', async () => {
    answer = {
      status: 200,
      body: JSON.stringify([
        { tag_name: 'v99.0.0-rc.1', name: 'RC', body: '', prerelease: true, published_at: '2026-11-20T00:00:00Z' },
        { tag_name: 'v98.1.0', name: 'Wenku 98.1', body: '新功能', published_at: '2026-11-01T00:00:00Z', html_url: 'https://example.org/r/98.1' },
      ]),
    };
    const set = await call(t, api.setReleaseSource, { body: { source: feedUrl }, as: 'admin' });
    expect(set).toMatchObject({ source: feedUrl, tag_name: 'v98.1.0', name: 'Wenku 98.1', body: '新功能', url: 'https://example.org/r/98.1', error: '' });
    expect(set.has_update).toBe(true);
    expect(set.release_at).toBe('2026-11-01T00:00:00Z');

    // GET answers from what was stored (the source was read moments ago)
    const n = hits;
    expect((await call(t, api.getRelease, { as: 'admin' })).has_update).toBe(true);
    expect(hits).toBe(n);

    const ignored = await call(t, api.ignoreRelease, { body: { tag_name: 'v98.1.0' }, as: 'admin' });
    expect(ignored).toMatchObject({ ignore: 'v98.1.0', has_update: false });
    expect((await call(t, api.getRelease, { as: 'admin' })).ignore).toBe('v98.1.0');
    await call(t, api.ignoreRelease, { body: { tag_name: '' }, as: 'admin' });

    const later = await call(t, api.refreshRelease, { body: { remind_after_days: 3 }, as: 'admin' });
    expect(later.has_update).toBe(false);
    expect(Date.parse(later.remind_at!) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(hits).toBe(n + 1);
    const stored = await t.database.pool.query(`SELECT name, value FROM configs WHERE category = 'release' ORDER BY name`);
    expect(Object.fromEntries(stored.rows.map((r) => [r.name, r.value]))).toMatchObject({ source: feedUrl, tag_name: 'v98.1.0', ignore: '' });
    await t.database.pool.query(`UPDATE configs SET value = '' WHERE category = 'release' AND name = 'remind_at'`);

    // a moredoc client's POST without a body just checks again
    expect((await call(t, api.refreshRelease, { as: 'admin' })).has_update).toBe(true);
  });

  it('an older or equal version is no update; a plain JSON file works too', async () => {
    answer = { status: 200, body: JSON.stringify({ version: '0.0.1', notes: '旧版本' }) };
    const r = await call(t, api.refreshRelease, { body: {}, as: 'admin' });
    expect(r).toMatchObject({ tag_name: '0.0.1', body: '旧版本', has_update: false, error: '' });
  });

  it('an unreachable, failing or garbled source is a clear 200, never a 5xx', async () => {
    answer = { status: 500, body: 'oops' };
    expect((await call(t, api.refreshRelease, { body: {}, as: 'admin' })).error).toBe('无法连接版本源（HTTP 500）');
    answer = { status: 200, body: '<html>not json</html>' };
    expect((await call(t, api.refreshRelease, { body: {}, as: 'admin' })).error).toBe('版本源返回的内容无法识别');
    answer = { status: 200, body: JSON.stringify({ tag_name: '<script>alert(1)</script>' }) };
    expect((await call(t, api.refreshRelease, { body: {}, as: 'admin' })).error).toBe('版本源返回的内容无法识别');

    // a closed port: nothing listens there
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const r = await call(t, api.setReleaseSource, { body: { source: `http://127.0.0.1:${port}/feed.json` }, as: 'admin' });
    expect(r.error).toBe('无法连接版本源');
    expect(r.tag_name).toBe('');
  });

  it('gives up on a source that does not answer in time', async () => {
    const releases = t.app.services.releases as unknown as { timeoutMs: number };
    const saved = releases.timeoutMs;
    releases.timeoutMs = 300;
    // the source would answer after 30 s: an answer means the 300 ms limit did not apply
    answer = { status: 200, body: JSON.stringify({ tag_name: 'v1.0.0' }), delayMs: 30_000 };
    try {
      const r = await call(t, api.setReleaseSource, { body: { source: feedUrl }, as: 'admin' });
      expect(r.error).toBe('无法连接版本源');
      expect(r.tag_name).toBe('');
    } finally {
      releases.timeoutMs = saved;
    }
  });

  it('validates the source, the ignored tag and the remind days; admin only', async () => {
    for (const source of ['ftp://example.org/x', 'javascript:alert(1)', 'file:///etc/passwd', 'x'.repeat(600)]) {
      const e = await callError(t, api.setReleaseSource, { body: { source }, as: 'admin' });
      expect(e.status, source).toBe(400);
      expect(e.message, source).toMatch(/版本源/);
    }
    expect((await callError(t, api.ignoreRelease, { body: { tag_name: '<b>1</b>' }, as: 'admin' })).status).toBe(400);
    expect((await callError(t, api.refreshRelease, { body: { remind_after_days: 0 }, as: 'admin' })).status).toBe(400);
    expect((await callError(t, api.refreshRelease, { body: { remind_after_days: 1000 }, as: 'admin' })).status).toBe(400);
    const u = await makeUser(t);
    for (const route of [api.getRelease, api.getLicense] as const) expect((await callError(t, route, { as: u })).status).toBe(403);
    expect((await callError(t, api.setReleaseSource, { body: { source: feedUrl }, as: u })).status).toBe(403);
    expect((await callError(t, api.setReleaseSource, { body: { source: feedUrl } })).status).toBe(401);
    // "none" switches the check off
    expect((await call(t, api.setReleaseSource, { body: { source: 'none' }, as: 'admin' })).error).toBe('尚未设置版本源');
    // the release state is not a settings page: PUT /config cannot write it
    const e = await callError(t, api.updateConfig, { body: { config: [{ category: 'release', name: 'source', value: 'http://evil' }] }, as: 'admin' });
    expect(e.status).toBe(400);
  });

  it('compares versions and picks the newest stable release', () => {
    expect(compareVersions('v1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.0-beta.1', '1.0.0')).toBe(-1);
    expect(compareVersions('0.1', '0.1.0')).toBe(0);
    expect(pickRelease([{ tag_name: 'v2', draft: true }, { tag_name: 'v1.5.0' }])?.tag_name).toBe('v1.5.0');
    expect(pickRelease({ tag_name: 'v1', html_url: 'javascript:alert(1)' })?.url).toBe('');
    expect(pickRelease('text')).toBeUndefined();
  });

  it('knows the commit it runs from the git files', () => {
    const g = gitCommit();
    // the test runs from a checkout (CI and development); an unpacked archive has no .git and no commit
    expect(g.commit === '' || /^[0-9a-f]{12}$/.test(g.commit)).toBe(true);
  });
});

describe('PUT /sqlmode', () => {
  it('answers 200: PostgreSQL has no SQL mode to fix', async () => {
    const r = await call(t, api.setSqlMode, { as: 'admin' });
    expect(r.ok).toBe(true);
    expect(r.message).toContain('PostgreSQL');
    expect((await callError(t, api.setSqlMode, {})).status).toBe(401);
    expect((await callError(t, api.setSqlMode, { as: await makeUser(t) })).status).toBe(403);
  });
});

describe('GET/PUT /comment (administrators)', () => {
  it('shows one comment and edits its text and state; the counters follow the state', async () => {
    const doc = await makeDocument(t);
    const c = await makeComment(t, { target: doc, content: '原始评论' });
    const got = await call(t, api.getComment, { query: { id: c.id }, as: 'admin' });
    expect(got).toMatchObject({ id: c.id, content: '原始评论', status: 1, document_id: doc.id, document_title: doc.title, username: c.author.username });

    const edited = await call(t, api.updateComment, { body: { id: c.id, content: '  修改后的评论  ' }, as: 'admin' });
    expect(edited).toMatchObject({ content: '修改后的评论', status: 1 });
    const count = async () => (await call(t, api.getDocument, { query: { id: doc.id }, as: 'admin' })).comment_count;
    expect(await count()).toBe(1);
    expect((await call(t, api.updateComment, { body: { id: c.id, status: 2 }, as: 'admin' })).status).toBe(2);
    expect(await count()).toBe(0);
    const publicList = await call(t, api.listComments, { query: { document_id: doc.id } });
    expect(publicList.comment.map((x) => x.id)).not.toContain(c.id);
    await call(t, api.updateComment, { body: { id: c.id, status: 1 }, as: 'admin' });
    expect(await count()).toBe(1);

    // a limited administrator with only the comment module's edit permission
    const mod = await makeAdmin(t, { permissions: [api.getComment, api.updateComment] });
    expect((await call(t, api.updateComment, { body: { id: c.id, content: '版主修改' }, as: mod })).content).toBe('版主修改');
  });

  it('refuses anonymous (401), plain users (403), unknown ids (404) and bad content (400)', async () => {
    const doc = await makeDocument(t);
    const c = await makeComment(t, { target: doc });
    expect((await callError(t, api.getComment, { query: { id: c.id } })).status).toBe(401);
    expect((await callError(t, api.updateComment, { body: { id: c.id, content: 'x' } })).status).toBe(401);
    // not even the comment's own author edits it through the admin route
    expect((await callError(t, api.getComment, { query: { id: c.id }, as: c.author })).status).toBe(403);
    expect((await callError(t, api.updateComment, { body: { id: c.id, content: 'x' }, as: c.author })).status).toBe(403);

    const missing = await callError(t, api.getComment, { query: { id: 2_000_000_000 }, as: 'admin' });
    expect(missing).toMatchObject({ status: 404, message: '评论不存在' });
    expect((await callError(t, api.updateComment, { body: { id: 2_000_000_000, content: 'x' }, as: 'admin' })).status).toBe(404);

    const bad = async (body: Record<string, unknown>) => {
      const res = await t.req({ method: 'PUT', url: '/api/v1/comment', token: await t.adminToken(), payload: body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ id: c.id, content: '   ' })).toBe('请输入评论内容');
    expect(await bad({ id: c.id, content: '字'.repeat(2001) })).toBe('评论最多2000个字');
    expect(await bad({ id: c.id })).toBe('请提供要修改的评论内容或状态');
    expect(await bad({ id: c.id, status: 5 })).toMatch(/评论状态/);
    expect(await bad({ id: -1, content: 'x' })).toBeTruthy();
    expect(await bad({ id: 'abc', content: 'x' })).toBeTruthy();
    for (const id of ['abc', '-1', '99999999999']) {
      expect((await t.req({ method: 'GET', url: `/api/v1/comment?id=${id}`, token: await t.adminToken() })).statusCode).toBe(400);
    }
    // the text is stored as given and answered as JSON text (the pages escape it)
    const xss = await call(t, api.updateComment, { body: { id: c.id, content: '<img src=x onerror=alert(1)>' }, as: 'admin' });
    expect(xss.content).toBe('<img src=x onerror=alert(1)>');
  });
});
