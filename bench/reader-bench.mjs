#!/usr/bin/env node
// The reader (issue 27): runs apps/api/bench/reader-bench.ts, which prints, in one run, (a) find p50/p95 on the
// corpus' 250-page Debian reference at 20 concurrent readers through the app, against the bare SQL query over the
// same pages' text (the baseline) and their ratio; (b) text-layer bytes per page as served against the page image's;
// (c) the extra conversion time per page the layers cost (layers on and off, interleaved, medians).
// It lives in apps/api because it builds the real app in-process; this wrapper runs it from the repository root.
//   DATABASE_URL=postgres://... node bench/reader-bench.mjs      (PGlite in a temp folder when DATABASE_URL is unset)
//   BENCH_READERS=20 BENCH_REQUESTS=25 BENCH_ROUNDS=3 BENCH_CONVERT_PDF=<pdf> BENCH_FIND_PDF=<pdf>
// Results: printed, and written to bench/output/reader-bench.json; figures go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps/api');
const tsx = join(API, 'node_modules/.bin/tsx');
const r = spawnSync(tsx, ['bench/reader-bench.ts'], { cwd: API, stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
