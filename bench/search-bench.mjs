#!/usr/bin/env node
// Search at scale (issue 5): runs apps/api/bench/search-bench.ts, which generates BENCH_DOCS documents (default
// 100 000), indexes them through the real index code and prints, in one run, jieba MiB/s, indexing documents/s, API
// search p50/p95 for 200 queries and the same queries as the index query alone (the baseline) with their ratio.
// It lives in apps/api because it builds the real app in-process; this wrapper runs it from the repository root.
//   DATABASE_URL=postgres://... node bench/search-bench.mjs      (PGlite in a temp folder when DATABASE_URL is unset)
//   BENCH_DOCS=20000 node bench/search-bench.mjs                  (smaller corpus)
//   BENCH_DB=name ...                                             (PostgreSQL: keep the corpus for later runs)
// Results: printed, and written to bench/output/search-bench.json; figures go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps/api');
const tsx = join(API, 'node_modules/.bin/tsx');
const r = spawnSync(tsx, ['bench/search-bench.ts'], { cwd: API, stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
