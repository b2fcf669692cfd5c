#!/usr/bin/env node
// Orders (issue 12): runs apps/api/bench/order-bench.ts — orders created and paid per second through the real
// WeChat Pay notification path, against the bare signature check + decryption of the same notifications, in one run.
//   node bench/order-bench.mjs                                  (PGlite in a temp folder)
//   DATABASE_URL=postgres://... node bench/order-bench.mjs      (PostgreSQL)
// Results: printed, and written to bench/output/order-bench.json; figures go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps/api');
const tsx = join(API, 'node_modules/.bin/tsx');
const r = spawnSync(tsx, ['bench/order-bench.ts'], { cwd: API, stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
