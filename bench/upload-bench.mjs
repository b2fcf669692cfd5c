#!/usr/bin/env node
// Upload memory: does a 200 MB document upload stream through the API, or does it pile up in memory?
//   (a) baseline: a bare Node http server (child process) that pipes the request body to a file
//   (b) the real Wenku API (`node --import tsx src/server.ts` in apps/api, temp DATA_DIR, embedded PGlite),
//       with STORAGE=local and — unless BENCH_STORAGE says otherwise — STORAGE=s3 against the test suite's fake S3
//       (apps/api/test/fakes/s3-server.ts, in its own process; it checks SigV4 and keeps objects in a temp folder)
// For each: a 1 MiB warm-up upload, then a BENCH_UPLOAD_MB (200) MiB .txt generated on the fly (one 64 KiB block of
// text written again and again — never held whole) streamed as multipart/form-data to POST /api/v1/upload/document,
// while the server process's VmRSS (/proc/<pid>/status) is sampled every BENCH_SAMPLE_MS (100) ms.
// Prints baseline RSS, peak RSS, growth (target ≤ 64 MB), MiB/s, and the ratios to the bare server; writes
// bench/output/upload-bench.json and a markdown block for docs/benchmarks.md.
// Run: node bench/upload-bench.mjs   (after `node scripts/bootstrap.mjs`; Linux only: it reads /proc)
// Env: BENCH_UPLOAD_MB (200), BENCH_SAMPLE_MS (100), BENCH_STORAGE (local,s3), BENCH_LOG_LEVEL (warn)
import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_DIR = path.join(ROOT, 'apps', 'api');
const MiB = 1024 * 1024;
const TARGET_GROWTH_MB = 64;

// --- child mode 1: the bare baseline server ---------------------------------------------------------------
if (process.argv[2] === '--bare-server') {
  const dir = process.argv[3];
  let n = 0;
  const server = http.createServer(async (req, res) => {
    const file = path.join(dir, `upload-${++n}.bin`);
    try {
      await pipeline(req, fs.createWriteStream(file));
      const bytes = fs.statSync(file).size;
      fs.rmSync(file, { force: true });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes }));
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${server.address().port}\n`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  await new Promise(() => {});
}

// --- child mode 2: the fake S3 (run with --import tsx from apps/api) --------------------------------------
if (process.argv[2] === '--fake-s3') {
  const { startFakeS3 } = await import(pathToFileURL(path.join(API_DIR, 'test/fakes/s3-server.ts')).href);
  const fake = await startFakeS3({ bucket: 'wenku-bench', region: 'us-east-1' });
  process.stdout.write(`FAKE ${JSON.stringify({ endpoint: fake.endpoint, bucket: fake.bucket, region: fake.region, accessKey: fake.accessKey, secretKey: fake.secretKey })}\n`);
  process.on('SIGTERM', () => fake.close().then(() => process.exit(0)));
  await new Promise(() => {});
}

// --- the benchmark --------------------------------------------------------------------------------------------
const num = (v, d) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
const UPLOAD_MB = num(process.env.BENCH_UPLOAD_MB, 200);
const SAMPLE_MS = num(process.env.BENCH_SAMPLE_MS, 100);
const STORAGES = (process.env.BENCH_STORAGE ?? 'local,s3').split(',').map((s) => s.trim()).filter(Boolean);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
const ADMIN_PASSWORD = 'Bench-Admin-Pass-1';
const children = [];
const tempDirs = [];

function tempDir(name) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `wenku-upload-bench-${name}-`));
  tempDirs.push(d);
  return d;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Spawns a child in its own process group and waits for a line matching `re` on its stdout. */
function startChild(args, opts, re, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...opts, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    children.push(child);
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = re.exec(buf);
      if (m) resolve({ child, match: m });
    });
    child.on('exit', (code) => reject(new Error(`${label} exited (${code})`)));
  });
}

async function waitFor(url, ms, child) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** VmRSS of a process in bytes, from /proc. */
function rss(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** A text block of exactly 64 KiB, Chinese and ASCII lines. */
function textBlock() {
  const line = '文库上传基准测试：这一行文字会被重复很多次，用来生成一个很大的纯文本文件。Wenku upload benchmark line.\n';
  let s = '';
  while (Buffer.byteLength(s) < 64 * 1024) s += line;
  const b = Buffer.from(s).subarray(0, 64 * 1024);
  // cut at a line end so the file stays valid UTF-8
  const end = b.lastIndexOf(0x0a) + 1;
  return Buffer.concat([b.subarray(0, end), Buffer.alloc(64 * 1024 - end, 0x20)]);
}
const BLOCK = textBlock();

/**
 * Streams a multipart upload of `bytes` of generated text; returns {status, body, seconds}. The body is written
 * block by block with back-pressure: the client never holds more than a few blocks.
 */
function upload(url, token, bytes, filename) {
  const boundary = `----wenkubench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // a unique first line: every run stores a new hash (no instant-upload shortcut)
  const first = Buffer.from(`${new Date().toISOString()} ${crypto.randomUUID()}\n`);
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({
      host: u.hostname, port: u.port, path: u.pathname, method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + bytes + tail.length, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body, seconds: Number(process.hrtime.bigint() - t0) / 1e9 }));
    });
    req.on('error', reject);
    req.write(head);
    req.write(first);
    let left = bytes - first.length;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, BLOCK.length);
        left -= n;
        if (!req.write(n === BLOCK.length ? BLOCK : BLOCK.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

/** Samples a pid's RSS every SAMPLE_MS until stopped. */
function sampler(pid) {
  const samples = [];
  const timer = setInterval(() => {
    try {
      samples.push(rss(pid));
    } catch {
      // process gone
    }
  }, SAMPLE_MS);
  return { stop: () => (clearInterval(timer), samples) };
}

const settle = (ms) => new Promise((r) => setTimeout(r, ms));

/** Warm-up, idle baseline, then the big upload under the sampler. */
async function measure(name, pid, url, token) {
  const warm = await upload(url, token, MiB, 'warmup.txt');
  if (warm.status !== 200) throw new Error(`${name}: warm-up upload answered ${warm.status}: ${warm.body.slice(0, 300)}`);
  await settle(1500);
  const idle = [];
  for (let i = 0; i < 5; i++) {
    idle.push(rss(pid));
    await settle(100);
  }
  const baseline = Math.max(...idle);
  const s = sampler(pid);
  const bytes = UPLOAD_MB * MiB;
  const res = await upload(url, token, bytes, `bench-${UPLOAD_MB}mb.txt`);
  await settle(SAMPLE_MS);
  const samples = s.stop();
  if (res.status !== 200) throw new Error(`${name}: upload answered ${res.status}: ${res.body.slice(0, 300)}`);
  const peak = Math.max(baseline, ...samples);
  const row = {
    name,
    bytes,
    seconds: Number(res.seconds.toFixed(2)),
    mib_per_s: Number((bytes / MiB / res.seconds).toFixed(1)),
    rss_baseline_mb: Number((baseline / MiB).toFixed(1)),
    rss_peak_mb: Number((peak / MiB).toFixed(1)),
    rss_growth_mb: Number(((peak - baseline) / MiB).toFixed(1)),
    samples: samples.length,
  };
  console.log(`${name.padEnd(26)} ${String(row.mib_per_s).padStart(7)} MiB/s  ${String(row.seconds).padStart(6)} s   RSS ${row.rss_baseline_mb} → ${row.rss_peak_mb} MB (growth ${row.rss_growth_mb} MB, ${samples.length} samples)`);
  return row;
}

async function api(base, method, p, body, token) {
  const res = await fetch(`${base}/api/v1${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function startWenku(storage) {
  const port = await freePort();
  const dataDir = tempDir(`api-${storage}`);
  const env = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD,
    LOG_LEVEL, API_ONLY: '1', DATABASE_URL: '', STORAGE: storage,
  };
  if (storage === 's3') {
    const { match } = await startChild(['--import', 'tsx', fileURLToPath(import.meta.url), '--fake-s3'], { cwd: API_DIR }, /FAKE (.+)\n/, 'fake S3');
    const f = JSON.parse(match[1]);
    Object.assign(env, { S3_ENDPOINT: f.endpoint, S3_BUCKET: f.bucket, S3_REGION: f.region, S3_ACCESS_KEY: f.accessKey, S3_SECRET_KEY: f.secretKey, S3_FORCE_PATH_STYLE: 'true' });
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  await waitFor(`${base}/api/v1/health`, 180_000, child);
  console.log(`Wenku API (STORAGE=${storage}) ready on ${base} in ${((Date.now() - t0) / 1000).toFixed(1)} s, pid ${child.pid}`);
  const admin = (await api(base, 'POST', '/user/login', { username: 'admin', password: ADMIN_PASSWORD })).token;
  await api(base, 'PUT', '/config', { config: [{ category: 'security', name: 'max_document_size', value: 300 }] }, admin);
  const user = await api(base, 'POST', '/user/register', { username: `bench_${crypto.randomBytes(3).toString('hex')}`, password: 'bench-secret-123' });
  return { base, pid: child.pid, token: user.token };
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
    while (c.exitCode === null && c.signalCode === null && Date.now() < deadline) await settle(100);
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      // group empty
    }
  }
}

try {
  if (!fs.existsSync('/proc/self/status')) throw new Error('this benchmark reads /proc/<pid>/status: Linux only');
  const load = execFileSync('uptime', { encoding: 'utf8' }).trim();
  console.log(`upload bench: ${UPLOAD_MB} MiB .txt, RSS sampled every ${SAMPLE_MS} ms, ${os.cpus().length} cores, Node ${process.version}`);
  console.log(`machine load before: ${load}\n`);
  const bareDir = tempDir('bare');
  const { child: bare, match } = await startChild([fileURLToPath(import.meta.url), '--bare-server', bareDir], {}, /PORT (\d+)/, 'bare server');
  const baseline = await measure('bare node http → file', bare.pid, `http://127.0.0.1:${match[1]}/upload`, undefined);
  const rows = [baseline];
  for (const storage of STORAGES) {
    const w = await startWenku(storage);
    rows.push(await measure(`wenku STORAGE=${storage}`, w.pid, `${w.base}/api/v1/upload/document`, w.token));
  }
  for (const r of rows) {
    r.throughput_ratio_to_bare = Number((r.mib_per_s / baseline.mib_per_s).toFixed(2));
    r.growth_minus_bare_mb = Number((r.rss_growth_mb - baseline.rss_growth_mb).toFixed(1));
    r.within_target = r.rss_growth_mb <= TARGET_GROWTH_MB;
  }
  const loadAfter = execFileSync('uptime', { encoding: 'utf8' }).trim();
  console.log('\nserver                      MiB/s  ratio   RSS baseline   peak   growth  (target ≤ 64 MB)');
  for (const r of rows) {
    console.log(`${r.name.padEnd(26)} ${String(r.mib_per_s).padStart(6)}  ${r.throughput_ratio_to_bare.toFixed(2).padStart(5)}   ${String(r.rss_baseline_mb).padStart(8)} MB  ${String(r.rss_peak_mb).padStart(6)}  ${String(r.rss_growth_mb).padStart(6)} MB  ${r === baseline ? '' : r.within_target ? 'ok' : 'OVER'}`);
  }
  console.log(`machine load after: ${loadAfter}`);
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  const out = { date: new Date().toISOString(), commit, node: process.version, cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model, upload_mib: UPLOAD_MB, sample_ms: SAMPLE_MS, load_before: load, load_after: loadAfter, results: rows };
  fs.mkdirSync(path.join(ROOT, 'bench/output'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/output/upload-bench.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nwritten: bench/output/upload-bench.json\n\nfor docs/benchmarks.md:\n');
  console.log('| Server | MiB/s | Ratio to bare | RSS baseline | RSS peak | Growth |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) console.log(`| ${r.name} | ${r.mib_per_s} | ${r.throughput_ratio_to_bare.toFixed(2)} | ${r.rss_baseline_mb} MB | ${r.rss_peak_mb} MB | ${r.rss_growth_mb} MB |`);
  console.log(`\n${out.date.slice(0, 10)}, commit \`${commit}\`, ${out.cpus} vCPU (${out.cpu_model}), Node ${process.version}, ${UPLOAD_MB} MiB, RSS every ${SAMPLE_MS} ms; load before: \`${load.replace(/^.*load average/, 'load average')}\`, after: \`${loadAfter.replace(/^.*load average/, 'load average')}\``);
  if (rows.some((r) => r !== baseline && !r.within_target)) process.exitCode = 2;
} catch (err) {
  console.error(`bench failed: ${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
}
