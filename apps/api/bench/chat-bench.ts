/**
 * Chat streaming overhead (issue 13): the time the API adds before the first token and per token, against a bare
 * Node proxy of the same fake model stream, in one run. Both paths ask the same local OpenAI-compatible fake
 * (first token after BENCH_FIRST_MS, then a delta every BENCH_TOKEN_MS); the API path is the real POST
 * /api/v1/chat/stream (quota, question and answer saved, NDJSON out, final save), the bare path a 20-line proxy
 * that pipes the upstream SSE through. Medians of BENCH_RUNS sequential questions each.
 * Run: node bench/chat-bench.mjs   (DATABASE_URL for PostgreSQL; PGlite otherwise)
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { buildApp, prepareDatabase } from '../src/app';
import { startFakeLlm } from '../test/fakes/llm-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const FIRST_MS = Number(process.env.BENCH_FIRST_MS ?? 100);
const TOKEN_MS = Number(process.env.BENCH_TOKEN_MS ?? 5);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 100);
const KEY = 'sk-bench';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** POSTs and reads the stream: ms to the first content, ms to the end. `isContent` tells a content chunk. */
async function timed(url: string, init: RequestInit, isContent: (chunk: string) => boolean): Promise<{ first: number; total: number }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let first = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!first && isContent(dec.decode(value, { stream: true }))) first = performance.now() - t0;
  }
  return { first, total: performance.now() - t0 };
}

async function main() {
  const answer = '字'.repeat(TOKENS * 2);
  const llm = await startFakeLlm({ apiKey: KEY, defaults: { firstTokenDelayMs: FIRST_MS, tokenDelayMs: TOKEN_MS, chunkChars: 2, answer } });
  // the bare proxy: pipes the upstream answer through untouched
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const up = http.request(
        `${llm.url}/chat/completions`,
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` } },
        (r) => {
          res.writeHead(r.statusCode ?? 502, { 'content-type': r.headers['content-type'] ?? 'text/event-stream' });
          r.pipe(res);
        },
      );
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-chat-bench-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench-12345', API_ONLY: '1', NO_WORKER: '1' },
    { jwtSecret: 'b'.repeat(32) },
  );
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  await prepareDatabase(database, config, () => undefined);
  const app = await buildApp(config, { database, skipSetup: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const s = app.services;
  await s.settings.update(
    Object.entries({ enable: true, provider: 'custom', base_url: llm.url, api_key: KEY, model: 'bench', daily_quota: 1_000_000, history_window: 0 }).map(
      ([name, value]) => ({
        category: 'llm',
        name,
        value,
      }),
    ),
  );
  const user = await s.users.createAccount({ username: `bench${Date.now()}`, password: 'bench-pass-1' }, '127.0.0.1');
  const token = await app.issueToken(user.id);
  const topic = await s.chatTopics.createTopic(user.id, { category: 0 });
  const body = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: '你好' }] });

  const bare: { first: number; total: number }[] = [];
  const viaApi: { first: number; total: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await timed(proxyUrl, { method: 'POST', body }, (c) => /"content":"[^"]/.test(c)));
    viaApi.push(
      await timed(
        `${apiUrl}/api/v1/chat/stream`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ topic_id: topic.id, content: `你好 ${i}` }),
        },
        (c) => c.includes('"type":"delta"'),
      ),
    );
  }
  const b = { first: median(bare.map((x) => x.first)), total: median(bare.map((x) => x.total)) };
  const a = { first: median(viaApi.map((x) => x.first)), total: median(viaApi.map((x) => x.total)) };
  const r = {
    database: database.kind,
    runs: RUNS,
    model_first_token_ms: FIRST_MS,
    model_token_ms: TOKEN_MS,
    tokens: TOKENS,
    bare_first_ms: +b.first.toFixed(1),
    api_first_ms: +a.first.toFixed(1),
    added_before_first_token_ms: +(a.first - b.first).toFixed(1),
    bare_total_ms: +b.total.toFixed(1),
    api_total_ms: +a.total.toFixed(1),
    added_per_token_ms: +((a.total - a.first - (b.total - b.first)) / TOKENS).toFixed(3),
    ratio_total: +(a.total / b.total).toFixed(3),
    targets: { added_before_first_token_ms: 20, ratio_total: 1.1 },
  };
  console.log(JSON.stringify(r, null, 2));
  const out = path.resolve(process.cwd(), '../../bench/output');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'chat-bench.json'), JSON.stringify(r, null, 2));
  await app.close();
  await database.close();
  proxy.close();
  await llm.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
