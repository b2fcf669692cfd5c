#!/usr/bin/env node
// The exact vector scan (issue 14): inline on the event loop vs split over the scan threads, in one run.
// Runs apps/api/bench/vector-scan-bench.ts. Knobs: BENCH_ROWS (100000), BENCH_DIM (256), BENCH_QUERIES (60).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const API = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'apps/api');
const r = spawnSync(join(API, 'node_modules/.bin/tsx'), ['bench/vector-scan-bench.ts'], { cwd: API, stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
