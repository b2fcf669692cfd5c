#!/usr/bin/env node
// Browser journeys on the built product: starts the real server (embedded database, temp data folder),
// drives Debian's chromium with playwright-core, keeps screenshots in e2e/output/, and writes
// reports/e2e.json in the same shape as vitest's JSON report so the summary counts it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, waitForServer } from './helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'e2e', 'output');
const reportFile = path.join(root, 'reports', 'e2e.json');
const only = process.argv.slice(2);
if (!only.length) fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
fs.mkdirSync(path.dirname(reportFile), { recursive: true });

const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function writeReport(results) {
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.length - passed;
  fs.writeFileSync(reportFile, JSON.stringify({
    numTotalTests: results.length, numPassedTests: passed, numFailedTests: failed, numPendingTests: 0,
    success: failed === 0,
    testResults: [{ name: 'e2e', status: failed ? 'failed' : 'passed', assertionResults: results.map((r) => ({ title: r.name, fullName: r.name, status: r.status, failureMessages: r.error ? [r.error] : [] })) }],
  }, null, 2));
  return { passed, failed };
}

async function main() {
  if (!fs.existsSync(chromiumPath)) {
    console.error(`e2e: chromium not found at ${chromiumPath}`);
    writeReport([{ name: 'chromium available', status: 'failed', error: `chromium not found at ${chromiumPath}` }]);
    process.exit(1);
  }
  const files = fs.readdirSync(path.join(root, 'e2e', 'journeys')).filter((f) => f.endsWith('.mjs')).sort()
    .filter((f) => !only.length || only.some((o) => f.includes(o)));
  const port = await freePort();
  // the collector journey's local site: its port is the one the server's allow list exempts (SPIDER_ALLOW_HOSTS)
  const spiderPort = await freePort();
  process.env.E2E_SPIDER_PORT = String(spiderPort);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // E2E_COMPILED=1: the compiled API (apps/api/dist, `pnpm --filter @wenku/api build`) as `npm start` runs it
  const serverArgs = process.env.E2E_COMPILED === '1' ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const server = spawn(process.execPath, serverArgs, {
    cwd: path.join(root, 'apps', 'api'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD, LOG_LEVEL: 'warn', DATABASE_URL: '', SPIDER_ALLOW_HOSTS: `127.0.0.1:${spiderPort}`,
      // the fake gateways, model servers and SMTP/SMS servers the journeys start listen on loopback ports:
      // an operator whose vendors run on the intranet allows them the same way
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const serverLog = fs.createWriteStream(path.join(outDir, 'server.log'));
  server.stdout.pipe(serverLog);
  server.stderr.pipe(serverLog);
  const results = [];
  let browser;
  try {
    await waitForServer(`${baseUrl}/api/v1/health`, 90_000, server);
    // every journey's browser and API calls come from 127.0.0.1: a test site raises the per-address sign-up limit
    // (10 an hour by default) as an operator behind one address would, so the journeys' sign-ups are not refused
    await raiseSignUpLimit(baseUrl);
    browser = await chromium.launch({
      executablePath: chromiumPath, headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--lang=zh-CN'],
    });
    for (const file of files) {
      const mod = await import(pathToFileURL(path.join(root, 'e2e', 'journeys', file)).href);
      for (const journey of mod.journeys ?? []) {
        const context = await browser.newContext({ viewport: journey.viewport ?? { width: 1280, height: 800 }, locale: 'zh-CN' });
        const page = await context.newPage();
        const pageErrors = [];
        page.on('pageerror', (e) => pageErrors.push(String(e)));
        // the site and the admin must work under their Content-Security-Policy: chromium reports each refusal on the console
        const cspViolations = [];
        page.on('console', (m) => {
          if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
        });
        let shotN = 0;
        const shot = async (name) => {
          const file = path.join(outDir, `${journey.name.replace(/[^\w\u4e00-\u9fa5-]+/g, '_')}-${String(++shotN).padStart(2, '0')}-${name}.png`);
          await page.screenshot({ path: file, fullPage: false });
          return file;
        };
        const started = Date.now();
        try {
          await journey.run({ page, context, baseUrl, shot, admin: { username: 'admin', password: ADMIN_PASSWORD }, api: (p, init) => fetch(`${baseUrl}/api/v1${p}`, init) });
          if (pageErrors.length) throw new Error(`uncaught errors in the page: ${pageErrors.join(' | ')}`);
          if (cspViolations.length) throw new Error(`Content-Security-Policy violations: ${cspViolations.join(' | ')}`);
          results.push({ name: journey.name, status: 'passed' });
          console.log(`  ✓ ${journey.name} (${Date.now() - started} ms)`);
        } catch (e) {
          await shot('failure').catch(() => undefined);
          results.push({ name: journey.name, status: 'failed', error: String(e?.stack ?? e) });
          console.log(`  ✗ ${journey.name}\n${String(e?.stack ?? e)}`);
        } finally {
          await context.close();
        }
      }
    }
  } catch (e) {
    results.push({ name: 'e2e setup', status: 'failed', error: String(e?.stack ?? e) });
    console.error(e);
  } finally {
    await browser?.close().catch(() => undefined);
    server.kill('SIGTERM');
    await new Promise((r) => { server.once('exit', r); setTimeout(r, 8000); });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const { passed, failed } = writeReport(results);
  console.log(`e2e: ${passed} passed, ${failed} failed (screenshots in e2e/output/)`);
  process.exit(failed ? 1 : 0);
}

main();

async function raiseSignUpLimit(baseUrl) {
  const post = (p, body, token) =>
    fetch(`${baseUrl}/api/v1${p}`, {
      method: p === '/config' ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const login = await post('/user/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (!login.ok) throw new Error(`e2e: the administrator cannot log in (${login.status} ${await login.text()})`);
  const { token } = await login.json();
  const res = await post('/config', { config: [{ category: 'security', name: 'register_limit_per_ip', value: 1000 }] }, token);
  if (!res.ok) throw new Error(`e2e: raising the sign-up limit failed (${res.status} ${await res.text()})`);
}
