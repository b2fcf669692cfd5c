/**
 * Search benchmark (issue 5): N documents of realistic Chinese and mixed text, then in one run
 *  - jieba segmentation throughput (MiB/s) on the generated corpus,
 *  - indexing throughput (documents/s) through the real index code,
 *  - search latency p50/p95 for 200 queries of mixed frequency through the API (app.inject),
 *  - the same queries as raw SQL against the index (baseline), and the ratio.
 * Run: DATABASE_URL=postgres://... BENCH_DOCS=100000 npx tsx bench/search-bench.ts   (PGlite when DATABASE_URL is unset);
 * from the repository root: node bench/search-bench.mjs
 * BENCH_DB=name (PostgreSQL only) keeps the generated database under that name: a later run with the same name and
 * size skips generation and indexing (re-indexes when BENCH_REINDEX=1) — for iterating on the query code.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { preparedRunner } from '../src/db/prepared';
import { buildApp, prepareDatabase } from '../src/app';
import { segment, parseQuery } from '../src/lib/segment';
import { CANDIDATE_CAP, toTsQuery } from '../src/modules/search/search.service';
import { SearchRepo } from '../src/modules/search/search.repo';

const N = Number(process.env.BENCH_DOCS ?? 100000);
const BODY_CHARS = Number(process.env.BENCH_BODY ?? 2400);

// a vocabulary with a Zipf-like spread: a few very common words, many rare ones
const common = ['文档', '系统', '管理', '数据', '技术', '分析', '设计', '方法', '研究', '应用', '服务', '平台', '用户', '开发', '网络'];
const middle = [
  '机器学习',
  '数据库',
  '操作系统',
  '项目管理',
  '市场营销',
  '财务报表',
  '合同范本',
  '教学设计',
  '课程标准',
  '安全生产',
  '质量控制',
  '供应链',
  '人工智能',
  '云计算',
  '区块链',
  '物联网',
  '大数据',
  '微服务',
  '前端框架',
  '后端接口',
];
const rare = Array.from({ length: 3000 }, (_, i) => `专名${(i * 7919).toString(36)}词`);
const english = ['React', 'Kubernetes', 'PostgreSQL', 'TypeScript', 'Docker', 'Linux', 'Python', 'Java', 'component', 'database', 'network', 'security'];
const fillers = '的是在和了有与对为中上也及等这个我们可以进行通过需要以及其中根据已经主要';
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)];

function sentence(): string {
  const parts: string[] = [];
  const n = 4 + Math.floor(rnd() * 8);
  for (let i = 0; i < n; i++) {
    const r = rnd();
    parts.push(
      r < 0.45
        ? pick(common)
        : r < 0.7
          ? pick(middle)
          : r < 0.8
            ? pick(english)
            : r < 0.85
              ? pick(rare)
              : fillers.slice(Math.floor(rnd() * 20), Math.floor(rnd() * 20) + 3),
    );
  }
  return parts.join('') + '。';
}
function body(): string {
  let s = '';
  while (s.length < BODY_CHARS) s += sentence();
  return s;
}
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor((p / 100) * a.length))];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-bench-'));
  let url = process.env.DATABASE_URL;
  let dropDb: (() => Promise<void>) | undefined;
  const keep = process.env.BENCH_DB;
  if (keep && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error('BENCH_DB must be a plain lower-case name');
  if (keep && !url) throw new Error('BENCH_DB needs DATABASE_URL');
  let reused = false;
  if (url) {
    const name = keep ?? `wenku_bench_${crypto.randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const exists = (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
    if (!exists) await c.query(`CREATE DATABASE ${name}`);
    reused = exists;
    await c.end();
    const base = url;
    const u = new URL(url);
    u.pathname = `/${name}`;
    url = u.toString();
    if (!keep)
      dropDb = async () => {
        const d = new pg.Client({ connectionString: base });
        await d.connect();
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await d.end();
      };
  }
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench-12345', API_ONLY: '1' },
    { jwtSecret: 'b'.repeat(32) },
  );
  const database = await openDatabase({ databaseUrl: url, dataDir });
  await prepareDatabase(database, config, () => undefined);
  const app = await buildApp(config, { database, skipSetup: true });
  const search = app.services.search;
  const pool = database.pool;
  console.log(`database: ${database.kind}, documents: ${N}, body ≈ ${BODY_CHARS} chars`);

  // 1) segmentation throughput
  const corpus = Array.from({ length: 2000 }, body).join('\n');
  const bytes = Buffer.byteLength(corpus);
  let t0 = performance.now();
  segment(corpus, Infinity);
  const segMiBs = bytes / 1048576 / ((performance.now() - t0) / 1000);
  console.log(`jieba cutForSearch: ${(bytes / 1048576).toFixed(1)} MiB in ${((performance.now() - t0) / 1000).toFixed(2)} s → ${segMiBs.toFixed(2)} MiB/s`);

  // 2) documents + texts, then indexing through the real index code
  const have = reused ? Number((await pool.query('SELECT count(*) AS n FROM document_search')).rows[0].n) : 0;
  if (reused && have !== N) throw new Error(`BENCH_DB ${keep} holds ${have} indexed documents, not ${N}: drop it or change BENCH_DOCS`);
  let loadS = 0;
  let indexS = 0;
  if (!reused) {
    const {
      rows: [u],
    } = await pool.query(`INSERT INTO users (username, password) VALUES ('bench', '') RETURNING id`);
    const {
      rows: [cat],
    } = await pool.query(`SELECT id FROM categories WHERE type = 0 ORDER BY id LIMIT 1`);
    const BATCH = 500;
    t0 = performance.now();
    for (let start = 0; start < N; start += BATCH) {
      const n = Math.min(BATCH, N - start);
      const docs = Array.from({ length: n }, (_, i) => ({
        title: `${pick(middle)}${pick(common)}${pick(english)}指南 ${start + i}`,
        body: body(),
        hash: crypto.randomBytes(32).toString('hex'),
        uuid: crypto.randomBytes(8).toString('hex'),
      }));
      const vals: unknown[] = [];
      const ph = docs.map((d, i) => {
        vals.push(d.uuid, d.title, u.id, d.hash, Math.floor(rnd() * 1000));
        const b = i * 5;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, 'pdf', 2, 1, 1, $${b + 5})`;
      });
      const { rows } = await pool.query(
        `INSERT INTO documents (uuid, title, user_id, hash, ext, status, pages, preview, download_count) VALUES ${ph.join(',')} RETURNING id`,
        vals,
      );
      const tv: unknown[] = [];
      await pool.query(
        `INSERT INTO document_texts (hash, page, text) VALUES ${docs
          .map((d, i) => {
            tv.push(d.hash, d.body);
            return `($${i * 2 + 1}, 1, $${i * 2 + 2})`;
          })
          .join(',')}`,
        tv,
      );
      await pool.query(`INSERT INTO document_categories (document_id, category_id) SELECT unnest($1::int[]), $2`, [rows.map((r) => r.id), cat.id]);
    }
    loadS = (performance.now() - t0) / 1000;
  }
  if (!reused || process.env.BENCH_REINDEX === '1') {
    t0 = performance.now();
    const { rows: idRows } = await pool.query('SELECT id FROM documents ORDER BY id');
    for (let i = 0; i < idRows.length; i += 200) await search.index(idRows.slice(i, i + 200).map((r) => r.id));
    indexS = (performance.now() - t0) / 1000;
    await pool.query('VACUUM ANALYZE document_search');
    await pool.query('ANALYZE');
    console.log(`loaded ${N} documents in ${loadS.toFixed(1)} s; indexed in ${indexS.toFixed(1)} s → ${(N / indexS).toFixed(0)} documents/s`);
  } else {
    console.log(`reused database ${keep} (${N} documents already indexed)`);
  }

  // 3) 200 queries of mixed frequency, API vs raw SQL (their own seed: the same queries whether or not the corpus was generated now)
  seed = 4242;
  const queries = Array.from({ length: 200 }, (_, i) => {
    const r = i % 4;
    return r === 0 ? pick(common) : r === 1 ? pick(middle) : r === 2 ? `${pick(middle)} ${pick(english)}` : pick(rare);
  });
  for (const q of queries.slice(0, 20)) await app.inject({ method: 'GET', url: `/api/v1/document/search?wd=${encodeURIComponent(q)}` }); // warm-up
  const apiMs: number[] = [];
  for (const q of queries) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/v1/document/search?wd=${encodeURIComponent(q)}` });
    apiMs.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
  }
  // the baseline: the index query alone — the repo's SQL (candidates, rank, order, top 10) sent straight to the
  // database, without HTTP, validation, hydration, highlighting, snippets or the search record
  const repo = new SearchRepo(database.db, preparedRunner(database));
  const rawMs: number[] = [];
  for (const q of queries) {
    const tsq = toTsQuery(parseQuery(q))!;
    const s = performance.now();
    await repo.search(tsq, {}, 'relevance', 10, 0, CANDIDATE_CAP);
    rawMs.push(performance.now() - s);
  }
  // for comparison: the textbook query (rank every match's full vector, no cap)
  const naiveMs: number[] = [];
  for (const q of queries.slice(0, 40)) {
    const tsq = toTsQuery(parseQuery(q))!;
    const s = performance.now();
    await pool.query(
      `SELECT s.document_id, ts_rank_cd(s.tsv, q, 1) AS rank FROM document_search s, to_tsquery('simple', $1) q
      WHERE s.tsv @@ q AND s.visible ORDER BY rank DESC LIMIT 10`,
      [tsq],
    );
    naiveMs.push(performance.now() - s);
  }
  const r = {
    database: database.kind,
    documents: N,
    body_chars: BODY_CHARS,
    jieba_mib_s: +segMiBs.toFixed(2),
    index_docs_s: indexS ? Math.round(N / indexS) : null,
    api_p50_ms: +pct(apiMs, 50).toFixed(1),
    api_p95_ms: +pct(apiMs, 95).toFixed(1),
    raw_p50_ms: +pct(rawMs, 50).toFixed(1),
    raw_p95_ms: +pct(rawMs, 95).toFixed(1),
    naive_p50_ms: +pct(naiveMs, 50).toFixed(1),
    naive_p95_ms: +pct(naiveMs, 95).toFixed(1),
    ratio_p95: +(pct(apiMs, 95) / pct(rawMs, 95)).toFixed(2),
    ratio_p50: +(pct(apiMs, 50) / pct(rawMs, 50)).toFixed(2),
  };
  console.log(JSON.stringify(r, null, 2));
  fs.mkdirSync(path.resolve('../../bench/output'), { recursive: true });
  fs.writeFileSync(path.resolve('../../bench/output/search-bench.json'), JSON.stringify(r, null, 2));
  await search.flush();
  await app.close();
  await database.close();
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
