#!/usr/bin/env node
// Sums every reports/*.json into one table and, as the very last line, `N passed, N failed, N skipped`
// (the line CI reads). Exit 1 if anything failed, if nothing passed, or if a report is missing
// or unreadable (each such report counts as 1 failed).
//
// A report is either vitest 4's JSON reporter output or the same top-level shape written by our
// own steps ({ numPassedTests, numFailedTests, numTotalTests, numPendingTests?, message? }).
// vitest leaves a file that failed to load, or whose beforeAll failed, out of numFailedTests
// (its tests are "skipped" or absent); such a file counts as 1 failed here.
//
// CLI: node scripts/summarize.mjs [--dir reports] [--expect name.json ...]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const int = (v) => (Number.isFinite(Number(v)) ? Math.max(0, Math.trunc(Number(v))) : 0);

/** Counts for one parsed report object. */
export function countReport(r) {
  if (!r || typeof r !== 'object' || Array.isArray(r)) throw new Error('not a JSON object');
  if (!('numPassedTests' in r) && !('numFailedTests' in r)) throw new Error('no numPassedTests/numFailedTests');
  const passed = int(r.numPassedTests);
  let failed = int(r.numFailedTests);
  const skipped = int(r.numPendingTests) + int(r.numTodoTests);
  const notes = [];
  const failures = [];
  let brokenFiles = 0;
  for (const file of Array.isArray(r.testResults) ? r.testResults : []) {
    const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    for (const a of assertions) {
      if (a.status !== 'failed') continue;
      const messages = Array.isArray(a.failureMessages) ? a.failureMessages : [];
      failures.push({
        file: file.name ? basename(String(file.name)) : '?',
        title: String(a.fullName ?? a.title ?? '?'),
        message: String(messages[0] ?? '')
          .split('\n')
          .slice(0, 6)
          .join('\n'),
      });
    }
    if (file.status === 'failed' && !assertions.some((a) => a.status === 'failed')) {
      brokenFiles += 1;
      const name = file.name ? basename(String(file.name)) : '?';
      const why = String(file.message ?? '')
        .split('\n')[0]
        .slice(0, 120);
      notes.push(`${name}: ${why || 'suite failed'}`);
    }
  }
  failed += brokenFiles;
  if (r.success === false && failed === 0) {
    failed = 1;
    notes.push('run reported success=false');
  }
  if (typeof r.message === 'string' && r.message) notes.unshift(r.message.split('\n')[0].slice(0, 160));
  return { passed, failed, skipped, notes, failures };
}

/** Reads and counts one report file; a missing or unparsable file is 1 failed. */
export function readReport(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, notes: ['report missing'], failures: [] };
  try {
    return countReport(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    return { passed: 0, failed: 1, skipped: 0, notes: [`unreadable report: ${err.message}`], failures: [] };
  }
}

export function summarize({ dir = join(ROOT, 'reports'), expect = [] } = {}) {
  const names = new Set(expect.map((n) => (n.endsWith('.json') ? n : `${n}.json`)));
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)) if (f.endsWith('.json') && !f.startsWith('.')) names.add(f);
  }
  const rows = [...names].sort().map((name) => ({ name: name.replace(/\.json$/, ''), ...readReport(join(dir, name)) }));
  const total = rows.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
  return { rows, ...total };
}

export function formatTable(rows) {
  const head = ['report', 'passed', 'failed', 'skipped', 'notes'];
  const body = rows.map((r) => [r.name, String(r.passed), String(r.failed), String(r.skipped), r.notes.join('; ')]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (i === 4 ? 0 : b[i].length))));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 4 ? c : i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w, i) => (i === 4 ? '-----' : '-'.repeat(w)))), ...body.map(line)].join('\n');
}

/** Prints the failed tests (first lines of each error, so a CI log's tail says what broke), the table and the
 * closing line; returns the exit code. */
export function printSummary(opts) {
  const s = summarize(opts);
  const failures = s.rows.flatMap((r) => r.failures.map((f) => ({ report: r.name, ...f })));
  if (failures.length) {
    console.log('\nFailed tests');
    for (const f of failures.slice(0, 20)) {
      console.log(`- [${f.report}] ${f.file} > ${f.title}`);
      for (const line of f.message.split('\n')) if (line.trim()) console.log(`    ${line.slice(0, 300)}`);
    }
    if (failures.length > 20) console.log(`  (${failures.length - 20} more; see reports/*.json)`);
  }
  console.log('\nTest summary');
  console.log(s.rows.length ? formatTable(s.rows) : '(no reports found)');
  if (s.passed === 0) console.log('nothing passed: treating the run as failed');
  console.log(`${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
  return s.failed > 0 || s.passed === 0 ? 1 : 0;
}

function parseArgs(argv) {
  const opts = { expect: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dir') opts.dir = resolve(argv[++i]);
    else if (argv[i] === '--expect') opts.expect.push(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return opts;
}

const isMain = process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url;
if (isMain) process.exitCode = printSummary(parseArgs(process.argv.slice(2)));
