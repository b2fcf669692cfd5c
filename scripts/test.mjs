#!/usr/bin/env node
// `npm test`: everything CI checks, in order, never stopping at the first failure:
//   bootstrap -> typecheck -> lint -> build -> unit/integration tests (every package, via turbo)
//   -> API tests again on embedded PGlite (when DATABASE_URL pointed the first run at PostgreSQL)
//   -> browser journeys (e2e/run.mjs, when chromium is available) -> summary.
// Each package's `test` script writes a vitest JSON report to reports/<name>.json; the steps
// that are not vitest (bootstrap, typecheck, build, and a test run that crashed without saying
// why in its report) write reports/<step>.json in the same shape. scripts/summarize.mjs then
// prints the table and, as the very last line, `N passed, N failed, N skipped`.
// Exit code: 0 only if everything passed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bootstrap, run } from './bootstrap.mjs';
import { printSummary, readReport } from './summarize.mjs';

const REPORTS = join(ROOT, 'reports');
const expected = new Set();
let anyStepFailed = false;

const log = (msg) => console.log(`[test] ${msg}`);

function writeStepReport(name, ok, message = '') {
  const report = { numPassedTests: ok ? 1 : 0, numFailedTests: ok ? 0 : 1, numTotalTests: 1, success: ok, message };
  writeFileSync(join(REPORTS, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  expected.add(`${name}.json`);
  if (!ok) anyStepFailed = true;
}

/** Times one step and logs its outcome; resolves to the exit code. */
async function step(title, fn) {
  const t0 = Date.now();
  log(`${title} ...`);
  const code = await fn();
  log(`${title}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return code;
}

/** Workspace package dirs, from the simple `dir/*` / `dir` globs in pnpm-workspace.yaml. */
function workspaceDirs() {
  const file = join(ROOT, 'pnpm-workspace.yaml');
  if (!existsSync(file)) return [];
  const globs = [];
  let inPackages = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^packages:\s*$/.test(line)) inPackages = true;
    else if (/^\S/.test(line)) inPackages = false;
    else if (inPackages) {
      const m = /^\s*-\s*["']?([^"'#\s]+)["']?/.exec(line);
      if (m) globs.push(m[1]);
    }
  }
  const dirs = [];
  for (const g of globs) {
    if (g.startsWith('!')) continue;
    if (g.endsWith('/*')) {
      const parent = join(ROOT, g.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const d of readdirSync(parent, { withFileTypes: true })) if (d.isDirectory()) dirs.push(join(parent, d.name));
    } else dirs.push(join(ROOT, g));
  }
  return dirs.filter((d) => existsSync(join(d, 'package.json')));
}

/** The report files the packages' `test` scripts will write, e.g. api.json (suffix applied). */
function expectedTestReports(suffix = '') {
  const out = [];
  for (const dir of workspaceDirs()) {
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const script = pkg.scripts?.test;
    if (!script) continue;
    const m = /reports\/([A-Za-z0-9_.-]+?)(\$\{WENKU_REPORT_SUFFIX[^}]*\})?\.json/.exec(script);
    if (m) out.push({ pkg: pkg.name, file: `${m[1]}${m[2] ? suffix : ''}.json` });
  }
  return out;
}

/** True if any of these reports is missing or already shows a failure. */
const reportsExplainFailure = (files) => files.some((f) => readReport(join(REPORTS, f)).failed > 0);

// --- 0. fresh reports folder ------------------------------------------------------------------
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

// --- 1. bootstrap ------------------------------------------------------------------------------
let env = null;
{
  const t0 = Date.now();
  log('bootstrap ...');
  try {
    env = await bootstrap();
    writeStepReport('bootstrap', true);
    log(`bootstrap: ok in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (err) {
    log(`bootstrap: FAILED: ${err.message}`);
    writeStepReport('bootstrap', false, err.message);
  }
}

if (env) {
  const turbo = (task, ...extra) => ['turbo', 'run', task, '--env-mode=loose', ...extra];
  // The test scripts decide the report name from this; a stray value must not rename reports.
  delete env.WENKU_REPORT_SUFFIX;

  // --- 2. typecheck ----------------------------------------------------------------------------
  const typecheck = await step('typecheck', () => run('pnpm', turbo('typecheck', '--continue'), { env }));
  writeStepReport('typecheck', typecheck === 0, typecheck === 0 ? '' : `turbo run typecheck exited ${typecheck}`);

  // --- 2b. lint (ESLint: cycles, module boundaries, hooks; Prettier) -------------------------------
  const lint = await step('lint', () => run('pnpm', turbo('lint', '--continue'), { env }));
  writeStepReport('lint', lint === 0, lint === 0 ? '' : `turbo run lint exited ${lint}`);

  // --- 3. build --------------------------------------------------------------------------------
  const build = await step('build', () => run('pnpm', turbo('build'), { env }));
  writeStepReport('build', build === 0, build === 0 ? '' : `turbo run build exited ${build}`);

  // --- 4. unit + integration tests of every package ---------------------------------------------
  const reports = expectedTestReports();
  for (const r of reports) expected.add(r.file);
  const tests = await step('tests', () => run('pnpm', turbo('test', '--continue'), { env }));
  if (tests !== 0 && !reportsExplainFailure(reports.map((r) => r.file))) {
    // e.g. vitest exits 1 on an unhandled error while its JSON report says success
    writeStepReport('tests-run', false, `turbo run test exited ${tests}; see its output above`);
  }

  // --- 5. the API suite again on embedded PGlite -------------------------------------------------
  const api = expectedTestReports('-pglite').find((r) => r.pkg === '@wenku/api');
  if (env.DATABASE_URL && api) {
    const pgliteEnv = { ...env, WENKU_REPORT_SUFFIX: '-pglite' };
    delete pgliteEnv.DATABASE_URL;
    expected.add(api.file);
    const code = await step('API tests on embedded PGlite', () =>
      run('pnpm', ['--filter', '@wenku/api', 'test'], { env: pgliteEnv }),
    );
    if (code !== 0 && !reportsExplainFailure([api.file])) {
      writeStepReport('api-pglite-run', false, `API tests on PGlite exited ${code}; see the output above`);
    }
  } else if (!env.DATABASE_URL) {
    log('DATABASE_URL is not set: the API tests above already ran on embedded PGlite');
  }

  // --- 6. browser journeys -----------------------------------------------------------------------
  const chromium = env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '');
  const e2eScript = join(ROOT, 'e2e', 'run.mjs');
  if (!chromium) {
    log('e2e: skipped (no /usr/bin/chromium and CHROMIUM_PATH is not set)');
  } else if (!existsSync(e2eScript)) {
    log('e2e: skipped (e2e/run.mjs does not exist yet)');
  } else {
    expected.add('e2e.json');
    const code = await step('e2e', () =>
      run(process.execPath, [e2eScript], { env: { ...env, CHROMIUM_PATH: chromium } }),
    );
    if (code !== 0 && !reportsExplainFailure(['e2e.json'])) {
      writeStepReport('e2e-run', false, `e2e/run.mjs exited ${code}; see its output above`);
    }
  }
}

// --- 7. summary: nothing may be printed after it -------------------------------------------------
const summaryCode = printSummary({ dir: REPORTS, expect: [...expected] });
process.exitCode = summaryCode || (anyStepFailed ? 1 : 0);
