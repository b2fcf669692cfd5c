#!/usr/bin/env node
// The first load of the public site (issue 16), in Debian's chromium over loopback with nothing cached: per page,
// the requests until the network is quiet, the JavaScript's bytes on the wire (brotli or gzip as the server sends
// them), the total bytes, and the largest contentful paint. Starts the built product (apps/web/dist, the API on
// the embedded default in a temp data folder), uploads the Debian maintainers' guide and waits for its conversion,
// then measures `/`, `/document/{uuid}` and `/search?wd=软件包` BENCH_RUNS times each (median LCP).
// The budget (≤ 250 KB of JavaScript compressed, ≤ 30 requests) is asserted on bytes and counts, never times, by
// the e2e journey 18-first-load.mjs; the times go in docs/benchmarks.md.
// Run: pnpm --filter @wenku/web build && node bench/web-bench.mjs     Env: BENCH_RUNS (5), CHROMIUM_PATH
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, json, measureFirstLoad, waitForServer } from '../e2e/helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ADMIN_PASSWORD = 'Bench-Admin-Pass-1';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-webbench-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(ROOT, 'apps', 'api'),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let browser;
try {
  await waitForServer(`${base}/api/v1/health`, 120_000, server);
  const api = (p, init) => fetch(`${base}/api/v1${p}`, init);
  const post = async (p, body, token) =>
    json(await api(p, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }));
  const { token } = await post('/user/login', { username: 'admin', password: ADMIN_PASSWORD });
  const category = await post('/category', { title: '压测分类' }, token);
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(path.join(ROOT, 'apps/api/test/fixtures/corpus/maint-guide.zh-cn.pdf'))], { type: 'application/pdf' }), 'maint-guide.zh-cn.pdf');
  const up = await json(await api('/upload/document', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }));
  const { document } = await post('/document', { category_id: [category.id], document: [{ attachment_id: up.data.id, title: 'Debian 新维护者手册', price: 0 }] }, token);
  const doc = document[0];
  for (const until = Date.now() + 300_000; ; ) {
    const d = await json(await api(`/document?id=${doc.id}`, { headers: { authorization: `Bearer ${token}` } }));
    if (d.status === 2) break;
    if (d.status === 3 || Date.now() > until) throw new Error(`the guide did not convert: ${d.convert_error ?? 'time-out'}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--lang=zh-CN'],
  });
  const pages = { home: '/', document: `/document/${doc.uuid}`, search: `/search?wd=${encodeURIComponent('软件包')}` };
  const results = {};
  for (const [name, p] of Object.entries(pages)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureFirstLoad(browser, `${base}${p}`));
    const last = runs[runs.length - 1];
    results[name] = {
      path: p,
      requests: last.requests,
      js_files: last.jsFiles,
      js_kb: +(last.jsBytes / 1024).toFixed(1),
      total_kb: +(last.totalBytes / 1024).toFixed(1),
      lcp_ms_median: median(runs.map((r) => r.lcpMs)),
      lcp_ms_runs: runs.map((r) => r.lcpMs),
      js: [...last.js].sort((a, b) => b.bytes - a.bytes),
    };
    console.log(
      `${name.padEnd(9)} requests ${String(last.requests).padStart(3)}  JS ${results[name].js_kb} KiB in ${last.jsFiles} files  total ${results[name].total_kb} KiB  LCP median ${results[name].lcp_ms_median} ms`,
    );
  }
  const out = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, runs: RUNS, results };
  fs.mkdirSync(path.join(ROOT, 'bench/output'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/output/web-bench.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('written: bench/output/web-bench.json');
} catch (e) {
  console.error(`web bench failed: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => undefined);
  server.kill('SIGTERM');
  await new Promise((r) => {
    server.once('exit', r);
    setTimeout(r, 10_000);
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
