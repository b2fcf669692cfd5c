#!/usr/bin/env node
// A 60-second mixed load at 200 connections (issue 16): what a busy site sees at once, every kind of request on
// its own connections, all running together against one API.
//   home      the calls the home page makes, in order: settings, categories, the home documents, banners,
//             articles, navigation, friendly links, advertisements (one "visit" = 8 requests per connection)
//   detail    GET /api/v1/document?id= (anonymous, the reader's first call), the five documents in turn
//   page      GET /view/page/{uuid}/{n}.gzip.svg, every preview page of every document in turn (no If-None-Match)
//   search    GET /api/v1/document/search: one request in two a popular word (cached), the other a pair of words
//             from the Debian FAQ that no other request asks (uncached)
//   login     POST /api/v1/user/login with a real user's real password (users made by the administrator)
//   download  GET /api/v1/document/download?id= as a logged-in user, then the signed /download/… URL it returns
// The run seeds like bench/api-bench.mjs (five documents converted, one article; its helpers are reused), makes
// the users, then starts one autocannon per kind at the same moment and reports per kind: requests, requests/s,
// p50 / p97.5 / p99 latency, status codes, 5xx, connection errors and time-outs. The criteria (issue 16): no 5xx,
// no connection error or time-out, and no failed request other than the rate limits' 429 on login and download
// (counted and reported). The exit code is 2 when a criterion fails. Output: bench/output/load-bench[-pg].json.
// The product's defaults are kept (rate limits included): login and download mostly measure their refusals.
// Env: BENCH_DURATION (s, 60), BENCH_CONNECTIONS (200, shared out by the weights below), BENCH_TIMEOUT (s, 10),
//      BENCH_USERS (20), BENCH_DATABASE_URL (PostgreSQL; default the embedded PGlite), BENCH_LOG_LEVEL,
//      BENCH_API_URL + BENCH_ADMIN_PASSWORD (an API already running).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { seed, startWenku, stopAll, dropBenchDatabase } from './api-bench.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const autocannon = createRequire(join(ROOT, 'package.json'))('autocannon');
const num = (v, d) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
const DURATION = num(process.env.BENCH_DURATION, 60);
const CONNECTIONS = num(process.env.BENCH_CONNECTIONS, 200);
const TIMEOUT = num(process.env.BENCH_TIMEOUT, 10);
const USERS = Math.max(1, num(process.env.BENCH_USERS, 20));
const PG = Boolean(process.env.BENCH_DATABASE_URL);
const PASSWORD = 'Load-Bench-Pass-1';
/** share of the connections per kind (sums to 1) */
const WEIGHTS = { home: 0.25, detail: 0.2, page: 0.25, search: 0.15, login: 0.075, download: 0.075 };
/** the only failures the criteria allow: the rate limits' 429 on these kinds */
const MAY_429 = new Set(['login', 'download']);

async function api(base, path, init = {}, token) {
  const res = await fetch(`${base}/api/v1${path}`, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Users made by the administrator (registration is rate-limited), each logged in once for its token. */
async function makeUsers(base, adminToken) {
  const stamp = Date.now().toString(36);
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const username = `load_${stamp}_${i}`;
    await api(base, '/user', { method: 'POST', body: JSON.stringify({ username, password: PASSWORD }) }, adminToken);
    users.push({ username });
  }
  // tokens for the download kind; the login limit per address (20 a minute by default) allows this many only
  // slowly, so wait out a 429 here: the load's own logins are the ones to count
  for (const u of users) {
    for (;;) {
      const res = await fetch(`${base}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: u.username, password: PASSWORD }),
      });
      const body = await res.json();
      if (res.status === 200) {
        u.token = body.token;
        break;
      }
      if (res.status !== 429) throw new Error(`login ${u.username}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
  return users;
}

/** One autocannon per kind, all given the same start. */
function kinds({ docs, pages, words, users }) {
  const popular = ['软件包', '维护者', 'Debian', '文档', '光标', '上传', '安装', '源代码'];
  const homePaths = [
    '/api/v1/settings',
    `/api/v1/category/list?page=1&size=10000&type=1&type=2&${['id', 'parent_id', 'title', 'icon', 'cover', 'doc_count', 'enable', 'description', 'show_description', 'sort', 'type', 'created_at'].map((f) => `field=${f}`).join('&')}`,
    '/api/v1/document/home?limit=12',
    '/api/v1/banner/list?type=0&page=1&size=20&field=title&field=path&field=url&field=description',
    '/api/v1/article/list?page=1&size=10',
    '/api/v1/navigation/list?page=1&size=10000',
    '/api/v1/friendlink/list?page=1&size=10000&enable=true&field=id&field=title&field=link',
    '/api/v1/advertisement/position?position=index_banner_bottom&position=index_category_top&position=index_category_bottom&position=index_link_top',
  ];
  let d = 0;
  let p = 0;
  let s = 0;
  let l = 0;
  let w = 0;
  const dl = docs.filter((x) => x.size < 1_000_000); // the small PDFs: the load is the API's, not the disk's
  return {
    home: homePaths.map((path) => ({ method: 'GET', path })),
    detail: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/v1/document?id=${docs[d++ % docs.length].id}` }) }],
    page: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pages[p++ % pages.length] }) }],
    search: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = s++;
          const wd = i % 2 ? popular[(i >> 1) % popular.length] : `${words[w % words.length]} ${words[Math.floor(w++ / words.length) % words.length]}`;
          return { ...req, path: `/api/v1/document/search?wd=${encodeURIComponent(wd)}&page=1&size=10` };
        },
      },
    ],
    login: [
      {
        method: 'POST',
        path: '/api/v1/user/login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ username: users[l++ % users.length].username, password: PASSWORD }) }),
      },
    ],
    download: [
      {
        method: 'GET',
        setupRequest: (req, ctx) => {
          const u = users[(ctx.n = (ctx.n ?? Math.floor(Math.random() * users.length)) + 1) % users.length];
          return { ...req, path: `/api/v1/document/download?id=${dl[ctx.n % dl.length].id}`, headers: { authorization: `Bearer ${u.token}` } };
        },
        onResponse: (status, body, ctx) => {
          ctx.url = undefined;
          if (status === 200) ctx.url = JSON.parse(body).url;
        },
      },
      // a refused link (429) starts the sequence over instead of fetching nothing
      { method: 'GET', setupRequest: (req, ctx) => (ctx.url ? { ...req, path: ctx.url, headers: {} } : undefined) },
    ],
  };
}

/** seconds into the run at which each kind's connection errors and time-outs happened (when, not just how many) */
const errorTimes = {};
let startedAt = 0;

function runKind(base, name, requests, connections) {
  return new Promise((res, rej) => {
    const inst = autocannon({ url: base, connections, duration: DURATION, timeout: TIMEOUT, requests }, (err, r) => (err ? rej(err) : res(r)));
    inst.on('error', rej);
    inst.on('reqError', () => (errorTimes[name] ??= []).push(Math.round((Date.now() - startedAt) / 100) / 10));
  });
}

function summarise(name, r, connections) {
  const codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  const total = Object.values(codes).reduce((a, b) => a + b, 0);
  const n429 = codes['429'] ?? 0;
  const n5xx = Object.entries(codes)
    .filter(([k]) => k.startsWith('5'))
    .reduce((a, [, v]) => a + v, 0);
  const otherFailures = Object.entries(codes)
    .filter(([k]) => !/^2\d\d$/.test(k) && !(k === '429' && MAY_429.has(name)))
    .reduce((a, [, v]) => a + v, 0);
  const ok = n5xx === 0 && r.errors === 0 && r.timeouts === 0 && otherFailures === 0;
  return {
    name,
    connections,
    requests: total,
    requests_per_sec: Math.round(total / DURATION),
    latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p97_5: r.latency.p97_5, p99: r.latency.p99, max: r.latency.max, avg: r.latency.average },
    status_codes: codes,
    rate_limited_429: n429,
    server_errors_5xx: n5xx,
    other_failures: otherFailures,
    connection_errors: r.errors,
    timeouts: r.timeouts,
    error_seconds: (errorTimes[name] ?? []).slice(0, 50),
    ok,
  };
}

let dataDir = null;
let failed = false;
try {
  const wenku = await startWenku();
  dataDir = wenku.dataDir;
  const { guide, docs: created, token } = await seed(wenku.base);
  const docs = [];
  for (const c of created) docs.push(await api(wenku.base, `/document?id=${c.id}`));
  const pages = docs.flatMap((x) => x.page_urls);
  const faq = readFileSync(join(ROOT, 'apps/api/test/fixtures/corpus/debian-faq.zh-cn.txt'), 'utf8');
  const words = [...new Set(faq.match(/[\u4e00-\u9fff]{2,3}/g) ?? [])].slice(0, 3000);
  console.log(`seeded: ${docs.length} documents (${guide.pages} pages in the guide, ${pages.length} page images), 1 article; making ${USERS} users ...`);
  const users = await makeUsers(wenku.base, token);
  const plan = kinds({ docs, pages, words, users });
  const names = Object.keys(WEIGHTS);
  const share = Object.fromEntries(names.map((n) => [n, Math.max(1, Math.round(CONNECTIONS * WEIGHTS[n]))]));
  const load0 = loadavg();
  console.log(
    `\n${DURATION} s, ${Object.values(share).reduce((a, b) => a + b, 0)} connections (${names.map((n) => `${n} ${share[n]}`).join(', ')}), time-out ${TIMEOUT} s, ${cpus().length} cores shared by client and server, load ${load0.map((x) => x.toFixed(2)).join(' ')}\n`,
  );
  startedAt = Date.now();
  const results = await Promise.all(names.map((n) => runKind(wenku.base, n, plan[n], share[n])));
  const load1 = loadavg();
  const rows = names.map((n, i) => summarise(n, results[i], share[n]));
  // the API must still answer after the load
  const after = await fetch(`${wenku.base}/api/v1/health`);
  console.log('kind        conns  requests  req/s    p50    p97.5     p99  (ms)   429   5xx  other  errors  time-outs');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(10)} ${String(r.connections).padStart(6)} ${String(r.requests).padStart(9)} ${String(r.requests_per_sec).padStart(6)} ${String(r.latency_ms.p50).padStart(6)} ${String(r.latency_ms.p97_5).padStart(8)} ${String(r.latency_ms.p99).padStart(7)}       ${String(r.rate_limited_429).padStart(6)} ${String(r.server_errors_5xx).padStart(5)} ${String(r.other_failures).padStart(6)} ${String(r.connection_errors).padStart(7)} ${String(r.timeouts).padStart(10)}${r.ok ? '' : '   ✗'}`,
    );
  }
  for (const r of rows)
    if (r.error_seconds.length)
      console.log(`${r.name}: errors and time-outs at ${r.error_seconds.slice(0, 12).join(', ')}${r.error_seconds.length > 12 ? ', …' : ''} s`);
  const all = rows.reduce((a, r) => a + r.requests, 0);
  console.log(
    `\nall kinds: ${all} requests, ${Math.round(all / DURATION)} req/s; health after the load: ${after.status}; load average ${load1.map((x) => x.toFixed(2)).join(' ')}`,
  );
  failed = rows.some((r) => !r.ok) || after.status !== 200;
  console.log(
    failed
      ? 'criteria: FAILED (5xx, connection errors, time-outs or unexpected statuses above)'
      : 'criteria: met (no 5xx, no errors, no time-outs; 429 only on login and download)',
  );
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    load_average_before: load0,
    load_average_after: load1,
    duration_s: DURATION,
    connections: share,
    timeout_s: TIMEOUT,
    api: { database: PG ? 'postgresql' : 'pglite (embedded)', API_ONLY: 1 },
    criteria_met: !failed,
    results: rows,
  };
  mkdirSync(join(ROOT, 'bench/output'), { recursive: true });
  const file = `bench/output/load-bench${PG ? '-pg' : ''}.json`;
  writeFileSync(join(ROOT, file), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`written: ${file}`);
} catch (err) {
  console.error(`bench failed: ${err.stack ?? err.message}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  await dropBenchDatabase().catch((e) => console.warn(`could not drop the bench database: ${e.message}`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
if (failed && !process.exitCode) process.exitCode = 2;
