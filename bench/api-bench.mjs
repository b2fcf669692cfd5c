#!/usr/bin/env node
// API throughput, as a ratio to a bare Fastify route measured in the same run on the same machine.
//   (a) a bare Fastify 5 server (the API's own fastify) with one JSON route returning a small object
//   (b) the real Wenku API, compiled: `pnpm --filter @wenku/api start` (node dist/server.js) with a temp DATA_DIR, a free PORT, API_ONLY=1
// Each URL: 2 s warm-up, then autocannon for 10 s with 50 connections (no pipelining).
// Prints requests/s and the ratio of each Wenku route to the bare route; writes bench/output/api-bench.json.
// Run: npm run bench   (or: node bench/api-bench.mjs after `node scripts/bootstrap.mjs`)
// The hot read paths (issue 16) need content: the run uploads five documents (the Debian maintainers' guide, 63
// pages of Chinese, and four small PDFs), waits for their conversion and writes an article, then measures the
// reader's first call, the lists, an article, a page image, and search (one popular word, and uncached words: every
// request another word from the guide, p95 reported).
// Env: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50), BENCH_LOG_LEVEL (API LOG_LEVEL, warn),
//      BENCH_API_URL (benchmark an API that is already running instead of starting one; BENCH_ADMIN_PASSWORD then),
//      BENCH_DATABASE_URL (a PostgreSQL server: the run creates a database on it and drops it after; default PGlite),
//      BENCH_ONLY (a regular expression: measure only the routes whose name matches, e.g. 'search').
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { textPdf } from '../e2e/helpers.mjs';
import { byteLoad } from './byte-load.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BARE_ROUTE = '/bare';
const WENKU_ROUTES = ['/api/v1/settings', '/api/v1/category/list'];

// --- mode 1: the bare server, run as a child process so it does not share autocannon's event loop --
if (process.argv[2] === '--bare-server') {
  const fastify = createRequire(join(ROOT, 'apps/api/package.json'))('fastify');
  const app = fastify({ logger: false });
  app.get(BARE_ROUTE, async () => ({ code: 0, message: 'ok', data: { id: 1, name: '文库', enable: true } }));
  // a file's bytes from memory, as they are: the baseline for a route whose answer is a large binary (a page image).
  // The same bytes matter, not only their number: autocannon reads a compressed SVG several times slower than as
  // many ASCII bytes (3 700 against 29 000 answers a second for the same 15 KB here)
  const files = new Map();
  app.get(`${BARE_ROUTE}-file`, async (req, reply) => {
    const path = String(req.query.path);
    if (!files.has(path)) files.set(path, readFileSync(path));
    return reply
      .type('image/svg+xml')
      .header('Content-Encoding', String(req.query.encoding || 'identity'))
      .send(files.get(path));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`PORT ${app.server.address().port}\n`);
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  await new Promise(() => {});
}

// --- mode 2: the benchmark ------------------------------------------------------------------------
const autocannon = createRequire(join(ROOT, 'package.json'))('autocannon');
const num = (v, d) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
const DURATION = num(process.env.BENCH_DURATION, 10);
const WARMUP = num(process.env.BENCH_WARMUP, 2);
const CONNECTIONS = num(process.env.BENCH_CONNECTIONS, 50);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
const ADMIN_PASSWORD = process.env.BENCH_ADMIN_PASSWORD || 'Bench-Admin-Pass-1';
const PG_BASE = process.env.BENCH_DATABASE_URL || '';
const children = [];
let benchDb = null;

export async function createBenchDatabase() {
  const pg = createRequire(join(ROOT, 'apps/api/package.json'))('pg');
  const name = `wenku_apibench_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  benchDb = name;
  const u = new URL(PG_BASE);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropBenchDatabase() {
  if (!benchDb) return;
  const pg = createRequire(join(ROOT, 'apps/api/package.json'))('pg');
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
  await c.end();
}

/** Five documents converted and an article written, through the API as an administrator would. */
export async function seed(base) {
  const api = async (path, init = {}, token) => {
    const res = await fetch(`${base}/api/v1${path}`, { ...init, headers: { ...(init.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  const post = (path, body, token) => api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, token);
  const { token } = await post('/user/login', { username: 'admin', password: ADMIN_PASSWORD });
  const category = await post('/category', { title: `压测分类 ${Date.now().toString(36)}` }, token);
  const files = [
    { name: 'maint-guide.zh-cn.pdf', content: readFileSync(join(ROOT, 'apps/api/test/fixtures/corpus/maint-guide.zh-cn.pdf')), title: 'Debian 新维护者手册' },
  ];
  for (let i = 1; i <= 4; i++)
    files.push({ name: `bench-${i}.pdf`, content: textPdf([[`Wenku benchmark document ${i}`], [`cursor keys and page ${i}`]]), title: `压测文档 ${i}` });
  const docs = [];
  for (const f of files) {
    const form = new FormData();
    form.append('file', new Blob([f.content], { type: 'application/pdf' }), f.name);
    const up = await api('/upload/document', { method: 'POST', body: form }, token);
    const { document } = await post('/document', { category_id: [category.id], document: [{ attachment_id: up.data.id, title: f.title, price: 0 }] }, token);
    docs.push(document[0]);
  }
  const deadline = Date.now() + 300_000;
  for (const d of docs) {
    for (;;) {
      const now = await api(`/document?id=${d.id}`, {}, token);
      if (now.status === 2) break;
      if (now.status === 3) throw new Error(`${d.title} did not convert: ${now.convert_error ?? ''}`);
      if (Date.now() > deadline) throw new Error(`${d.title} still converting after 5 minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const article = await post(
    '/article',
    { title: '压测文章：文库的阅读器', content: `# 阅读器\n\n${'文库的阅读器按页加载文档的矢量图片。'.repeat(40)}\n\n$$E = mc^2$$` },
    token,
  );
  const guide = await api(`/document?id=${docs[0].id}`);
  return { guide, article, docs, category, token };
}

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

function startBare() {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare-server'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    children.push(child);
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /PORT (\d+)/.exec(buf);
      if (m) res(`http://127.0.0.1:${m[1]}`);
    });
    child.on('exit', (code) => rej(new Error(`bare server exited (${code})`)));
  });
}

export async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

export async function startWenku() {
  if (process.env.BENCH_API_URL) return { base: process.env.BENCH_API_URL.replace(/\/$/, ''), dataDir: null };
  const { toolEnv } = await import('../scripts/bootstrap.mjs');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-bench-'));
  const env = { ...toolEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, API_ONLY: '1', LOG_LEVEL, ADMIN_PASSWORD };
  delete env.DATABASE_URL; // the default single-process setup: embedded PGlite
  if (PG_BASE) env.DATABASE_URL = await createBenchDatabase();
  // the compiled API, as `npm start` runs it (turbo skips the build when apps/api/dist is up to date)
  const built = spawnSync('pnpm', ['turbo', 'run', 'build', '--filter=@wenku/api', '--env-mode=loose', '--output-logs=errors-only'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building the API failed (exit ${built.status})`);
  console.log(`starting the Wenku API on port ${port} (DATA_DIR=${dataDir}, LOG_LEVEL=${LOG_LEVEL}) ...`);
  const child = spawn('pnpm', ['--filter', '@wenku/api', 'start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  await waitFor(`${base}/api/v1/health`, 180_000, child);
  console.log(`API ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { base, dataDir };
}

// BENCH_ONLY: a regular expression; only the routes whose name matches it are measured (the bare route always is)
/** A URL's body as sent (not decoded, unlike fetch) and its Content-Encoding. */
function rawBody(url) {
  return new Promise((res, rej) => {
    http
      .get(url, (r) => {
        const chunks = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => res({ body: Buffer.concat(chunks), encoding: r.headers['content-encoding'] || 'identity' }));
      })
      .on('error', rej);
  });
}

const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

async function measure(name, url, { paths, connections = CONNECTIONS, force = false } = {}) {
  if (ONLY && !force && name !== 'bare fastify' && !ONLY.test(name)) return null;
  const check = await fetch(paths ? `${url}${paths(0)}` : url);
  const body = await check.text();
  if (check.status !== 200) console.warn(`warning: ${url} answered ${check.status}: ${body.slice(0, 200)}`);
  // a generator gives every request its own path (uncached searches)
  let n = 0;
  const requests = paths ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths(++n) }) }] : undefined;
  await autocannon({ url, connections, duration: WARMUP, requests });
  const r = await autocannon({ url, connections, duration: DURATION, requests });
  const row = {
    name,
    url,
    status: check.status,
    bytes: Buffer.byteLength(body),
    // what went over the wire (a page image is sent gzip-compressed; fetch hands back the decoded body)
    wire_bytes: Number(check.headers.get('content-length')) || Buffer.byteLength(body),
    requests_per_sec: Math.round(r.requests.average),
    connections,
    // autocannon has no p95: p97.5 bounds it from above
    latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p97_5: r.latency.p97_5, p99: r.latency.p99, avg: r.latency.average },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  console.log(
    `${name.padEnd(24)} ${String(row.requests_per_sec).padStart(8)} req/s  p50 ${row.latency_ms.p50} ms  p97.5 ${row.latency_ms.p97_5} ms  p99 ${row.latency_ms.p99} ms${row.non2xx ? `  non-2xx ${row.non2xx}` : ''}${row.errors ? `  errors ${row.errors}` : ''}`,
  );
  return row;
}

export async function stopAll() {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    try {
      process.kill(-c.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 15_000;
  for (const c of children) {
    while (c.exitCode === null && c.signalCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(-c.pid, 'SIGKILL'); // anything the API left behind in its group
    } catch {
      // group empty
    }
  }
}

// run as a script; bench/load-bench.mjs imports the helpers above (seed, startWenku, stopAll, ...)
const IS_MAIN = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
let dataDir = null;
if (IS_MAIN)
  try {
    const bare = await startBare();
    const wenku = await startWenku();
    dataDir = wenku.dataDir;
    console.log(`\nautocannon -c ${CONNECTIONS}, ${WARMUP} s warm-up + ${DURATION} s per URL, on ${cpus().length} cores (client and servers share them)\n`);
    const { guide, article } = await seed(wenku.base);
    // uncached searches: pairs of words from the Debian FAQ, so no question repeats within the run
    const faq = readFileSync(join(ROOT, 'apps/api/test/fixtures/corpus/debian-faq.zh-cn.txt'), 'utf8');
    const words = [...new Set(faq.match(/[\u4e00-\u9fff]{2,3}/g) ?? [])].slice(0, 3000);
    console.log(
      `seeded: 5 documents converted (${guide.pages} pages in the guide), 1 article; ${words.length} words for ${words.length ** 2} uncached questions`,
    );
    const baseline = await measure('bare fastify', `${bare}${BARE_ROUTE}`);
    const rows = [baseline];
    for (const route of WENKU_ROUTES) rows.push(await measure(`GET ${route}`, `${wenku.base}${route}`));
    rows.push(await measure('GET /document?id=', `${wenku.base}/api/v1/document?id=${guide.id}`));
    rows.push(await measure('GET /document/list', `${wenku.base}/api/v1/document/list?page=1&size=20`));
    rows.push(await measure('GET /article?id=', `${wenku.base}/api/v1/article?id=${article.id}`));
    const image = await measure('GET page image', `${wenku.base}${guide.page_urls[0]}`);
    rows.push(image);
    // a page image is kilobytes of compressed SVG where the bare route's answer is 71 bytes of JSON: also measured
    // against a bare route answering the same bytes, which is what this client and loopback carry on this machine
    if (image) {
      const raw = await rawBody(`${wenku.base}${guide.page_urls[0]}`);
      const file = join(mkdtempSync(join(tmpdir(), 'wenku-bench-page-')), 'page.bin');
      writeFileSync(file, raw.body);
      const same = await measure('bare fastify, same bytes', `${bare}${BARE_ROUTE}-file?path=${encodeURIComponent(file)}&encoding=${raw.encoding}`, {
        force: true,
      });
      image.ratio_to_bare_same_bytes = Number((image.requests_per_sec / same.requests_per_sec).toFixed(3));
      rows.push(same);
      // the page image, the bare JSON route and the bare route sending the page's bytes, through the client that does
      // not decode bodies
      const load = { connections: CONNECTIONS, seconds: DURATION, warmupSeconds: WARMUP };
      const bareRaw = await byteLoad(`${bare}${BARE_ROUTE}`, load);
      const sameRaw = await byteLoad(same.url, load);
      const imageRaw = await byteLoad(`${wenku.base}${guide.page_urls[0]}`, load);
      rmSync(dirname(file), { recursive: true, force: true });
      image.byte_client = {
        page: imageRaw,
        bare: bareRaw,
        bare_same_bytes: sameRaw,
        ratio_to_bare: Number((imageRaw.requests_per_sec / bareRaw.requests_per_sec).toFixed(3)),
        ratio_to_bare_same_bytes: Number((imageRaw.requests_per_sec / sameRaw.requests_per_sec).toFixed(3)),
      };
      const fmt = (r) =>
        `${r.requests_per_sec} req/s (${r.mb_per_sec} MB/s, p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms${r.failures ? `, ${r.failures} not 200` : ''})`;
      console.log(`byte-counting client: page image ${fmt(imageRaw)}; bare JSON ${fmt(bareRaw)}; bare, same bytes ${fmt(sameRaw)}`);
    }
    rows.push(await measure('search popular word', `${wenku.base}/api/v1/document/search?wd=${encodeURIComponent('软件包')}`));
    rows.push(
      await measure('search uncached words', wenku.base, {
        connections: 20,
        paths: (i) =>
          `/api/v1/document/search?wd=${encodeURIComponent(`${words[i % words.length]} ${words[Math.floor(i / words.length) % words.length]}`)}&page=1&size=10`,
      }),
    );
    for (let i = rows.length - 1; i >= 0; i--) if (!rows[i]) rows.splice(i, 1);
    for (const row of rows) row.ratio_to_bare = Number((row.requests_per_sec / baseline.requests_per_sec).toFixed(3));

    console.log('\nroute                     req/s   ratio to bare');
    for (const row of rows)
      console.log(
        `${row.name.padEnd(24)} ${String(row.requests_per_sec).padStart(7)}   ${row.ratio_to_bare.toFixed(3)}${row.ratio_to_bare_same_bytes ? `   (${row.ratio_to_bare_same_bytes.toFixed(3)} against the bare route sending the same ${row.wire_bytes} bytes; with a client that does not decode bodies ${row.byte_client.ratio_to_bare.toFixed(3)} to the bare JSON route, ${row.byte_client.ratio_to_bare_same_bytes.toFixed(3)} to the same bytes)` : ''}`,
      );

    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model,
      connections: CONNECTIONS,
      warmup_s: WARMUP,
      duration_s: DURATION,
      api: { database: PG_BASE ? 'postgresql' : 'pglite (embedded)', API_ONLY: 1, LOG_LEVEL },
      results: rows,
    };
    mkdirSync(join(ROOT, 'bench/output'), { recursive: true });
    const file = `bench/output/api-bench${PG_BASE ? '-pg' : ''}.json`;
    writeFileSync(join(ROOT, file), `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nwritten: ${file}`);
  } catch (err) {
    console.error(`bench failed: ${err.message}`);
    process.exitCode = 1;
  } finally {
    await stopAll();
    await dropBenchDatabase().catch((e) => console.warn(`could not drop the bench database: ${e.message}`));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
