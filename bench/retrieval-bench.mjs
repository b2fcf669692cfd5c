#!/usr/bin/env node
// AI search retrieval at scale (issue 14): runs apps/api/bench/retrieval-bench.ts — 100 000 chunks of real text
// (the Debian documents of apps/api/test/fixtures/corpus, recombined) over 2 000 synthetic published documents, then
// in one run the hybrid retrieval's p50/p95 against the bare index queries (GIN keyword, HNSW or exact vector) for
// ~200 questions and words, and embedding throughput against the fake embedding server's own ceiling.
//   node bench/retrieval-bench.mjs                                  (PGlite with pgvector, HNSW, in a temp folder)
//   DATABASE_URL=postgres://... node bench/retrieval-bench.mjs      (PostgreSQL; without pgvector: real[], exact)
//   BENCH_CHUNKS=20000 BENCH_DOCS=400 node bench/retrieval-bench.mjs   (smaller)
// Until the knowledge module is merged the hybrid is a stand-in SQL statement and the product's embedding path is
// skipped (the output says which). Results: printed, and written to bench/output/retrieval-bench[-postgres].json;
// figures go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(ROOT, 'apps/api');
const tsx = join(API, 'node_modules/.bin/tsx');
const r = spawnSync(tsx, ['bench/retrieval-bench.ts'], { cwd: API, stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
