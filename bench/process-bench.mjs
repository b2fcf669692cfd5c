#!/usr/bin/env node
// The API process on the embedded default: time from spawn to the first answered request, and resident memory
// once idle, for the TypeScript sources run through tsx ("before") and the compiled build ("after"), measured in
// the same run on the same data folder; and each part's share of the memory, measured in probe processes.
//
//   1. builds apps/api/dist (turbo: skipped when up to date)
//   2. makes a data folder with a first start of the compiled server (initdb, migrations, seed; timed separately)
//   3. RUNS times, alternating: spawn `node --import tsx src/server.ts` or `node dist/server.js` (apps/api as
//      working directory, PORT free, DATA_DIR the folder above) → poll GET /api/v1/health until 200 (the start-up
//      time) → GET settings, document list, category tree, a search (which loads the jieba dictionary) → 5 s idle
//      → VmRSS of the server process (/proc/<pid>/status) → SIGTERM
//   4. parts, each in a fresh node process (RSS after minus RSS before, same process):
//      node itself; PGlite opened on the folder with PGlite's defaults and with the API's settings (PGLITE_SETTINGS
//      in apps/api/src/db/client.ts) and a few queries; the jieba dictionary; the AWS SDK (loaded by the first S3 call since 2a508dd, before that at start-up by
//      the S3 storage module whatever STORAGE is)
// Prints a table; writes bench/output/process-bench.json. Linux only (/proc). The figures depend on the machine and
// its load: compare the two lines of one run, not runs on different days.
// Run: node bench/process-bench.mjs   Env: RUNS (3), IDLE_MS (5000)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps', 'api');
const RUNS = Number(process.env.RUNS ?? 3);
const IDLE_MS = Number(process.env.IDLE_MS ?? 5000);
const ADMIN_PASSWORD = 'bench-admin-123456';
const MB = 1024 * 1024;

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const fmt = (bytes) => `${Math.round(bytes / MB)} MB`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const VARIANTS = {
  'tsx (sources)': [process.execPath, ['--import', 'tsx', 'src/server.ts']],
  'compiled (dist)': [process.execPath, ['dist/server.js']],
};

/** One start: the time to the first 200 on /health, then RSS after a few requests and an idle pause. */
async function startOnce(variant, dataDir) {
  const [cmd, args] = VARIANTS[variant];
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD, API_ONLY: '1' };
  delete env.DATABASE_URL;
  delete env.STORAGE;
  let stderr = '';
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd: API, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  let exited = false;
  child.on('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error(`${variant} exited before answering:\n${stderr}`);
    if (performance.now() - t0 > 300_000) throw new Error(`${variant} did not answer in 300 s`);
    try {
      const r = await fetch(`${base}/api/v1/health`);
      await r.arrayBuffer();
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  const readyMs = performance.now() - t0;
  for (const p of [
    '/api/v1/settings',
    '/api/v1/document/list?page=1&size=20',
    '/api/v1/category/list',
    `/api/v1/document/search?wd=${encodeURIComponent('文档')}`,
  ]) {
    const r = await fetch(base + p);
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${variant}: ${p} answered ${r.status}`);
  }
  await sleep(IDLE_MS);
  const rss = rssOf(child.pid);
  child.kill('SIGTERM');
  if (!exited) await new Promise((r) => child.once('exit', r));
  return { readyMs, rss };
}

/** Runs `code` as an ES module in a fresh node (apps/api's packages resolvable); it prints one JSON line. */
function probe(code, extraArgs = []) {
  const r = spawnSync(process.execPath, [...extraArgs, '--input-type=module', '-e', code], {
    cwd: API,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`probe failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const RSS = `import { readFileSync as readProc } from 'node:fs'; const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readProc('/proc/self/status', 'utf8'))[1]) * 1024;`;

function probeParts(dataDir) {
  const node = probe(`${RSS} console.log(JSON.stringify({ rss: await rss() }));`);
  const pglite = (settings) =>
    probe(`${RSS}
      const { PGlite } = await import('@electric-sql/pglite');
      const { vector } = await import('@electric-sql/pglite-pgvector');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const before = await rss();
      const settings = ${JSON.stringify(settings)};
      const startParams = settings ? [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([k, v]) => ['-c', k + '=' + v])] : undefined;
      const db = new PGlite(${JSON.stringify(join(dataDir, 'pgdata'))}, { extensions: { vector, pg_trgm }, ...(startParams ? { startParams } : {}) });
      await db.waitReady;
      for (const q of ['select count(*) from documents', 'select * from documents order by id desc limit 20', 'select * from categories', 'select * from configs']) await db.query(q);
      const shared = (await db.query('show shared_buffers')).rows[0].shared_buffers;
      await new Promise((r) => setTimeout(r, 1000));
      const after = await rss();
      await db.close();
      console.log(JSON.stringify({ rss: after - before, shared }));`);
  const settingsSrc = readFileSync(join(API, 'src/db/client.ts'), 'utf8');
  const block = /PGLITE_SETTINGS[^=]*=\s*\{([^}]*)\}/.exec(settingsSrc)?.[1] ?? '';
  const settings = Object.fromEntries([...block.matchAll(/(\w+):\s*'([^']*)'/g)].map((m) => [m[1], m[2]]));
  const jieba = probe(
    `${RSS}
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/package.json');
    const before = await rss();
    const { Jieba } = require('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict.js');
    Jieba.withDict(dict).cutForSearch('文档分享系统', true);
    globalThis.gc?.();
    console.log(JSON.stringify({ rss: (await rss()) - before }));`,
    ['--expose-gc'],
  );
  const aws = probe(
    `${RSS}
    const before = await rss();
    await import('@aws-sdk/client-s3'); await import('@aws-sdk/lib-storage'); await import('@aws-sdk/s3-request-presigner');
    globalThis.gc?.();
    console.log(JSON.stringify({ rss: (await rss()) - before }));`,
    ['--expose-gc'],
  );
  return { node: node.rss, pgliteDefault: pglite(null), pglite: pglite(settings), settings, jieba: jieba.rss, awsSdk: aws.rss };
}

async function main() {
  if (process.platform !== 'linux') throw new Error('process-bench reads /proc: Linux only');
  console.log('building apps/api/dist (turbo; skipped when up to date) ...');
  const built = spawnSync('pnpm', ['turbo', 'run', 'build', '--filter=@wenku/api', '--env-mode=loose', '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building the API failed (exit ${built.status})`);

  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-process-'));
  try {
    console.log(`first start of the compiled server on ${dataDir} (initdb, migrations, seed) ...`);
    const first = await startOnce('compiled (dist)', dataDir);
    console.log(`  first start: ready in ${(first.readyMs / 1000).toFixed(1)} s, ${fmt(first.rss)} resident when idle`);

    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      for (const variant of Object.keys(VARIANTS)) {
        const r = await startOnce(variant, dataDir);
        runs.push({ variant, ...r });
        console.log(`  ${variant.padEnd(16)} ready in ${(r.readyMs / 1000).toFixed(2)} s, ${fmt(r.rss)} resident when idle`);
      }
    }
    console.log('measuring the parts in probe processes ...');
    const parts = probeParts(dataDir);

    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    const summary = Object.keys(VARIANTS).map((variant) => {
      const mine = runs.filter((r) => r.variant === variant);
      return { variant, ready_ms: Math.round(median(mine.map((r) => r.readyMs))), rss_mb: Math.round(median(mine.map((r) => r.rss)) / MB) };
    });
    const compiled = summary.find((s) => s.variant === 'compiled (dist)');
    const compiledRss = compiled.rss_mb * MB;
    // the AWS SDK loads with the S3 store's first call (since 2a508dd): not part of a server on local disk
    const rest = compiledRss - parts.node - parts.pglite.rss - parts.jieba;

    console.log('\n| start (median of %d) | to first 200 on /api/v1/health | resident when idle |', RUNS);
    console.log('| --- | ---: | ---: |');
    for (const s of summary) console.log(`| ${s.variant} | ${(s.ready_ms / 1000).toFixed(2)} s | ${s.rss_mb} MB |`);
    console.log(`| first start (initdb, migrations, seed), compiled | ${(first.readyMs / 1000).toFixed(2)} s | ${fmt(first.rss)} |`);
    console.log("\n| part of the compiled server's resident memory | MB |");
    console.log('| --- | ---: |');
    console.log(`| node itself (an empty process) | ${Math.round(parts.node / MB)} |`);
    console.log(`| PGlite, API settings (shared_buffers ${parts.pglite.shared}) | ${Math.round(parts.pglite.rss / MB)} |`);
    console.log(`| jieba dictionary (loaded by the first search) | ${Math.round(parts.jieba / MB)} |`);
    console.log(`| (AWS SDK: loaded only with STORAGE=s3, by the first call; not in this total) | (${Math.round(parts.awsSdk / MB)}) |`);
    console.log(`| the rest: API code, fastify, drizzle, pg, zod schemas, caches, pg-boss | ${Math.round(rest / MB)} |`);
    console.log(`| total (compiled, median) | ${compiled.rss_mb} |`);
    console.log(`\n(PGlite with its defaults, shared_buffers ${parts.pgliteDefault.shared}: ${Math.round(parts.pgliteDefault.rss / MB)} MB)`);

    const out = join(ROOT, 'bench', 'output');
    mkdirSync(out, { recursive: true });
    const json = {
      at: new Date().toISOString(),
      node: process.version,
      runs,
      first: { ready_ms: Math.round(first.readyMs), rss_mb: Math.round(first.rss / MB) },
      summary,
      parts_mb: {
        node: Math.round(parts.node / MB),
        pglite: Math.round(parts.pglite.rss / MB),
        pglite_settings: parts.settings,
        pglite_defaults: Math.round(parts.pgliteDefault.rss / MB),
        jieba: Math.round(parts.jieba / MB),
        aws_sdk: Math.round(parts.awsSdk / MB),
        rest: Math.round(rest / MB),
      },
    };
    writeFileSync(join(out, 'process-bench.json'), `${JSON.stringify(json, null, 2)}\n`);
    console.log('\nwrote bench/output/process-bench.json');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
