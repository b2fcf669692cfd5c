import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';
import { makeAdmin, makeArticle, makeCategory, makeDocument, makeUser, type TestUser } from './factories';

/**
 * Issue 17, part B: the calls of moredoc-web (mnt-ltd/moredoc-web 3e1e8ca) for its search page, its home pages'
 * counts and its admin dashboard, sent as that client sends them (axios + qs `arrayFormat: 'repeat'`) and read
 * for the fields its pages use:
 * - pages/search.vue: GET /document/search?wd=…&page=1&size=10&ext=all&sort=default[&category_id=…]
 *   [&created_at=yyyy-MM-dd hh:mm:ss&created_at=…] → total, spend, document[].{id, uuid, title, description, price,
 *   pages, size, created_at, ext, score, keywords}; and the anonymous GET /stats;
 * - components/home/v1.vue: GET /stats → user_count, document_count, article_count;
 * - pages/admin/dashboard.vue: GET /stats (every count, os, version, hash, build_at), GET /device (cpu.percent,
 *   cpu.cores, cpu.mhz, cpu.model_name, memory.total, memory.used, disk[].{disk_name, total, used, free, percent}),
 *   GET /release (tag_name, source; `current` is moredoc's running version).
 */
let t: TestApp;
let owner: TestUser;
let category: number;
/** the word both search documents hold: in the title of `short`, only in the body of `long` */
const WORD = '量子退火';
const docs: { short: number; long: number } = { short: 0, long: 0 };

const fmt = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};
/** GET /api/v1/document/search with moredoc-web's query string, as it is written */
const search = (qs: string, token?: string) => t.req({ method: 'GET', url: `/api/v1/document/search?${qs}`, token });
const ids = (body: { document?: { id: number }[] }) => (body.document ?? []).map((d) => d.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t);
  category = (await makeCategory(t)).id;
  // one page, the word in its title (ranks first by relevance), created first
  docs.short = (await makeDocument(t, { owner, title: `${WORD}入门`, text: '简短的一页。', category, converted: true })).id;
  // three pages (more pages, a bigger file), the word only in its body, created last
  docs.long = (
    await makeDocument(t, {
      owner,
      title: '优化算法大全',
      text: [`第一页讲${WORD}与模拟退火的区别。`, '第二页的内容更长一些，讲梯度下降。'.repeat(20), '第三页讲遗传算法。'.repeat(20)],
      category,
      converted: true,
    })
  ).id;
});
afterAll(async () => t?.close());

describe('GET /document/search as moredoc-web sends it', () => {
  it('answers the first search of the page (ext=all, sort=default) with the fields the result list reads', async () => {
    const res = await search(`wd=${encodeURIComponent(WORD)}&page=1&size=10&ext=all&sort=default`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(Number(body.spend)).toBeGreaterThanOrEqual(0);
    // default = relevance: the title match first
    expect(ids(body)).toEqual([docs.short, docs.long]);
    for (const d of body.document) {
      expect(d).toMatchObject({ uuid: expect.any(String), title: expect.any(String), description: expect.any(String), ext: expect.stringMatching(/pdf$/) });
      for (const k of ['id', 'price', 'pages', 'size', 'score']) expect(typeof d[k]).toBe('number');
      expect(typeof d.keywords).toBe('string');
      expect(Number.isNaN(Date.parse(d.created_at))).toBe(false);
    }
    expect(body.document.find((d: { id: number }) => d.id === docs.long).pages).toBe(3);
  });

  it("orders by moredoc's sorts: pages and size largest first, latest newest first", async () => {
    const q = (sort: string) => search(`wd=${encodeURIComponent(WORD)}&page=1&size=10&ext=all&sort=${sort}`);
    const pages = (await q('pages')).json();
    expect(ids(pages)).toEqual([docs.long, docs.short]);
    const size = (await q('size')).json();
    const sizes = size.document.map((d: { size: number }) => d.size);
    expect(sizes[0]).toBeGreaterThan(sizes[1]);
    expect(ids(size)).toEqual([docs.long, docs.short]);
    expect(ids((await q('latest')).json())).toEqual([docs.long, docs.short]);
    // the sorts moredoc-web has commented out, and moredoc's column names, are understood too
    for (const sort of ['score', 'download_count', 'view_count', 'favorite_count']) {
      const r = await q(sort);
      expect(r.statusCode, sort).toBe(200);
      expect(ids(r.json()).sort()).toEqual([docs.short, docs.long].sort());
    }
  });

  it('filters by the format groups of its menu; `all` and an empty value mean every format', async () => {
    const q = (ext: string) => search(`wd=${encodeURIComponent(WORD)}&page=1&size=10&ext=${ext}&sort=default`);
    expect((await q('all')).json().total).toBe(2);
    expect((await q('')).json().total).toBe(2);
    expect((await q('pdf')).json().total).toBe(2);
    for (const ext of ['doc', 'ppt', 'xls', 'txt', 'other']) {
      const r = await q(ext);
      expect(r.statusCode, ext).toBe(200);
      expect(r.json().total, ext).toBe(0);
    }
  });

  it('takes the category, the time range (repeated created_at) and the search type it adds', async () => {
    const now = new Date();
    const from = fmt(new Date(now.getTime() - 24 * 3600_000));
    const to = fmt(new Date(now.getTime() + 60_000));
    const qs =
      `wd=${encodeURIComponent(WORD)}&page=1&size=10&ext=all&sort=default&category_id=${category}&type=0` +
      `&created_at=${encodeURIComponent(from)}&created_at=${encodeURIComponent(to)}`;
    const res = await search(qs);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    // a range in the past finds nothing
    const old = fmt(new Date(now.getTime() - 400 * 24 * 3600_000));
    const older = fmt(new Date(now.getTime() - 300 * 24 * 3600_000));
    const none = await search(
      `wd=${encodeURIComponent(WORD)}&ext=all&sort=default&created_at=${encodeURIComponent(old)}&created_at=${encodeURIComponent(older)}`,
    );
    expect(none.json().total).toBe(0);
  });

  it("searches a user's documents as the personal pages do (user_id, size 20)", async () => {
    const res = await search(`page=1&size=20&wd=${encodeURIComponent(WORD)}&user_id=${owner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect((await search(`page=1&size=20&wd=${encodeURIComponent(WORD)}&user_id=${(await makeUser(t)).id}`)).json().total).toBe(0);
  });

  it("keeps Wenku's own values, and refuses unknown ones with a clear 400", async () => {
    for (const sort of ['relevance', 'latest', 'downloads', 'views', 'score']) {
      const r = await call(t, api.searchDocuments, { query: { wd: WORD, sort } });
      expect(r.total, sort).toBe(2);
    }
    expect((await call(t, api.searchDocuments, { query: { wd: WORD, ext: 'word' } })).total).toBe(0);
    const badSort = await callRaw(t, api.searchDocuments, { query: { wd: WORD, sort: 'password' as never } });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toMatch(/排序/);
    const badExt = await callRaw(t, api.searchDocuments, { query: { wd: WORD, ext: 'exe' as never } });
    expect(badExt.statusCode).toBe(400);
    expect(badExt.json().message).toMatch(/格式/);
    // a property of Object.prototype is no alias
    expect((await search(`wd=${encodeURIComponent(WORD)}&sort=constructor`)).statusCode).toBe(400);
  });
});

describe('GET /stats', () => {
  const PUBLIC_KEYS = ['article_count', 'document_count', 'user_count'];
  let counts: { users: number; docs: number; articles: number };

  beforeAll(async () => {
    // what an anonymous visitor must not have counted: a document still waiting for conversion, a draft, an
    // article waiting for review
    await makeDocument(t, { owner, title: '待转换的文档' });
    await makeArticle(t, { owner, title: '已发布的文章' });
    await makeArticle(t, { owner, title: '草稿', draft: true });
    await makeArticle(t, { owner, title: '待审核', status: 'pending' });
    await call(t, api.updateConfig, { body: { config: [{ category: 'display', name: 'virtual_register_count', value: 1000 }] }, as: 'admin' });
    const one = async (q: string) => Number((await t.database.pool.query(q)).rows[0].n);
    counts = {
      users: await one(`SELECT count(*) AS n FROM users`),
      docs: await one(`SELECT count(*) AS n FROM documents WHERE status = 2 AND deleted_at IS NULL`),
      articles: await one(`SELECT count(*) AS n FROM articles WHERE status = 1 AND NOT is_draft AND deleted_at IS NULL`),
    };
  });

  it("answers anyone moredoc's public counts, and nothing else", async () => {
    const res = await t.req({ method: 'GET', url: '/api/v1/stats' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
    // users as moredoc counts them: every account plus the configured virtual registrations
    expect(body.user_count).toBe(counts.users + 1000);
    // only what a visitor may read: converted documents, published articles
    expect(body.document_count).toBe(counts.docs);
    expect(body.document_count).toBeGreaterThanOrEqual(2);
    expect(body.article_count).toBe(counts.articles);
    expect(body.article_count).toBeGreaterThanOrEqual(1);
  });

  it('gives a signed-in user without the permission, or a stale token, the same public counts', async () => {
    const u = await makeUser(t);
    const mine = await call(t, api.getStats, { as: u });
    expect(Object.keys(mine).sort()).toEqual(PUBLIC_KEYS);
    const stale = await t.req({ method: 'GET', url: '/api/v1/stats', token: 'not-a-token' });
    expect(stale.statusCode).toBe(200);
    expect(Object.keys(stale.json()).sort()).toEqual(PUBLIC_KEYS);
  });

  it('forty callers at once, visitors and administrators mixed: the cached public counts never carry the full set, nor the reverse', async () => {
    const holder = await makeAdmin(t, { permissions: [api.getStats] });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? call(t, api.getStats, { as: holder }) : t.req({ method: 'GET', url: '/api/v1/stats' }).then((r) => r.json()),
      ),
    );
    answers.forEach((a, i) => {
      if (i % 2) expect(Object.keys(a).length, String(i)).toBeGreaterThan(PUBLIC_KEYS.length);
      else expect(Object.keys(a).sort(), String(i)).toEqual(PUBLIC_KEYS);
    });
  });

  it('gives holders of the permission every figure the dashboard reads', async () => {
    for (const as of ['admin' as const, await makeAdmin(t, { permissions: [api.getStats] })]) {
      const s = await call(t, api.getStats, { as });
      for (const k of ['document_count', 'comment_count', 'user_count', 'category_count', 'report_count', 'article_count', 'friendlink_count', 'banner_count'])
        expect(typeof (s as Record<string, unknown>)[k], k).toBe('number');
      for (const k of ['os', 'version', 'hash', 'build_at']) expect(typeof (s as Record<string, unknown>)[k], k).toBe('string');
      // the administrator sees every account and every document, without the virtual registrations
      expect(s.user_count).toBeGreaterThanOrEqual(counts.users);
      expect(s.user_count).toBeLessThan(counts.users + 1000);
      expect(s.document_count).toBeGreaterThan(counts.docs);
    }
  });
});

describe('GET /device (moredoc dashboard gauges)', () => {
  it('answers cpu, memory and disk[] with the names the gauges read', async () => {
    const d = (await callRaw(t, api.getDevice, { as: 'admin' })).json();
    expect(typeof d.cpu.percent).toBe('number');
    expect(Number.isInteger(d.cpu.cores) && d.cpu.cores > 0).toBe(true);
    expect(typeof d.cpu.mhz).toBe('number');
    expect(typeof d.cpu.model_name).toBe('string');
    expect(d.memory.total).toBeGreaterThan(0);
    expect(d.memory.used).toBeGreaterThan(0);
    expect(d.memory.used).toBeLessThanOrEqual(d.memory.total);
    expect(d.memory.free).toBe(d.memory.total - d.memory.used);
    expect(typeof d.memory.percent).toBe('number');
    expect(Array.isArray(d.disk)).toBe(true);
    expect(d.disk.length).toBeGreaterThan(0);
    for (const disk of d.disk) {
      expect(typeof disk.disk_name).toBe('string');
      expect(disk.disk_name).not.toBe('');
      for (const k of ['total', 'used', 'free', 'percent']) expect(typeof disk[k], k).toBe('number');
      expect(disk.percent).toBeGreaterThanOrEqual(0);
      expect(disk.percent).toBeLessThanOrEqual(100);
    }
  });

  it('is for administrators only, as in moredoc', async () => {
    expect((await callError(t, api.getDevice, {})).status).toBe(401);
    expect((await callError(t, api.getDevice, { as: await makeUser(t) })).status).toBe(403);
  });
});

describe('GET /release (moredoc dashboard version line)', () => {
  it("answers moredoc's Release from what the server knows, without reaching the network", async () => {
    const releases = t.app.services.releases as unknown as { fetchImpl: typeof fetch };
    const saved = releases.fetchImpl;
    let fetched = 0;
    releases.fetchImpl = (async () => {
      fetched++;
      throw new Error('no network in this test');
    }) as typeof fetch;
    try {
      const r = (await callRaw(t, api.getRelease, { as: 'admin' })).json();
      for (const k of ['tag_name', 'name', 'body', 'release_at', 'ignore', 'source', 'current']) expect(typeof r[k], k).toBe('string');
      // `current` is the running version, the one GET /stats calls `version`
      const stats = await call(t, api.getStats, { as: 'admin' });
      expect(r.current).toBe((stats as { version: string }).version);
      expect(fetched).toBe(0);
    } finally {
      releases.fetchImpl = saved;
    }
  });

  it("is for administrators only, and refuses moredoc's named sources with a clear 400 (Wenku's source is an address)", async () => {
    expect((await callError(t, api.getRelease, {})).status).toBe(401);
    expect((await callError(t, api.getRelease, { as: await makeUser(t) })).status).toBe(403);
    const e = await callError(t, api.setReleaseSource, { body: { source: 'github' }, as: 'admin' });
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/版本源/);
  });
});
