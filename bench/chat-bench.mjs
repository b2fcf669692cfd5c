#!/usr/bin/env node
// AI chat (issue 13): runs apps/api/bench/chat-bench.ts — the time the API adds before the first token and per
// token, against a bare proxy of the same fake model stream, in one run.
//   node bench/chat-bench.mjs                                  (PGlite in a temp folder)
//   DATABASE_URL=postgres://... node bench/chat-bench.mjs      (PostgreSQL)
// Results: printed, and written to bench/output/chat-bench.json; figures go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps/api');
const tsx = join(API, 'node_modules/.bin/tsx');
const r = spawnSync(tsx, ['bench/chat-bench.ts'], { cwd: API, stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
