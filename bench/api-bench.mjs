#!/usr/bin/env node
// API throughput, as a ratio to a bare Fastify route measured in the same run on the same machine.
//   (a) a bare Fastify 5 server (the API's own fastify) with one JSON route returning a small object
//   (b) the real Wenku API: `pnpm --filter @wenku/api start` with a temp DATA_DIR, a free PORT, API_ONLY=1
// Each URL: 2 s warm-up, then autocannon for 10 s with 50 connections (no pipelining).
// Prints requests/s and the ratio of each Wenku route to the bare route; writes bench/output/api-bench.json.
// Run: npm run bench   (or: node bench/api-bench.mjs after `node scripts/bootstrap.mjs`)
// Env: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50), BENCH_LOG_LEVEL (API LOG_LEVEL, warn),
//      BENCH_API_URL (benchmark an API that is already running instead of starting one).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BARE_ROUTE = '/bare';
const WENKU_ROUTES = ['/api/v1/settings', '/api/v1/category/list'];

// --- mode 1: the bare server, run as a child process so it does not share autocannon's event loop --
if (process.argv[2] === '--bare-server') {
  const fastify = createRequire(join(ROOT, 'apps/api/package.json'))('fastify');
  const app = fastify({ logger: false });
  app.get(BARE_ROUTE, async () => ({ code: 0, message: 'ok', data: { id: 1, name: '文库', enable: true } }));
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
const children = [];

function freePort() {
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

async function waitFor(url, timeoutMs, child) {
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

async function startWenku() {
  if (process.env.BENCH_API_URL) return { base: process.env.BENCH_API_URL.replace(/\/$/, ''), dataDir: null };
  const { toolEnv } = await import('../scripts/bootstrap.mjs');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-bench-'));
  const env = { ...toolEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, API_ONLY: '1', LOG_LEVEL };
  delete env.DATABASE_URL; // the default single-process setup: embedded PGlite
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

async function measure(name, url) {
  const check = await fetch(url);
  const body = await check.text();
  if (check.status !== 200) console.warn(`warning: ${url} answered ${check.status}: ${body.slice(0, 200)}`);
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const row = {
    name,
    url,
    status: check.status,
    bytes: Buffer.byteLength(body),
    requests_per_sec: Math.round(r.requests.average),
    latency_ms: { p50: r.latency.p50, p99: r.latency.p99, avg: r.latency.average },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  console.log(`${name.padEnd(24)} ${String(row.requests_per_sec).padStart(8)} req/s  p50 ${row.latency_ms.p50} ms  p99 ${row.latency_ms.p99} ms${row.non2xx ? `  non-2xx ${row.non2xx}` : ''}${row.errors ? `  errors ${row.errors}` : ''}`);
  return row;
}

async function stopAll() {
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

let dataDir = null;
try {
  const bare = await startBare();
  const wenku = await startWenku();
  dataDir = wenku.dataDir;
  console.log(`\nautocannon -c ${CONNECTIONS}, ${WARMUP} s warm-up + ${DURATION} s per URL, on ${cpus().length} cores (client and servers share them)\n`);
  const baseline = await measure('bare fastify', `${bare}${BARE_ROUTE}`);
  const rows = [baseline];
  for (const route of WENKU_ROUTES) rows.push(await measure(`GET ${route}`, `${wenku.base}${route}`));
  for (const row of rows) row.ratio_to_bare = Number((row.requests_per_sec / baseline.requests_per_sec).toFixed(3));

  console.log('\nroute                     req/s   ratio to bare');
  for (const row of rows) console.log(`${row.name.padEnd(24)} ${String(row.requests_per_sec).padStart(7)}   ${row.ratio_to_bare.toFixed(3)}`);

  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    connections: CONNECTIONS,
    warmup_s: WARMUP,
    duration_s: DURATION,
    api: { database: 'pglite (embedded)', API_ONLY: 1, LOG_LEVEL },
    results: rows,
  };
  mkdirSync(join(ROOT, 'bench/output'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/output/api-bench.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nwritten: bench/output/api-bench.json');
} catch (err) {
  console.error(`bench failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
