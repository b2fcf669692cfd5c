/**
 * Retrieval quality of the AI search (issue 14), on real documents through the real pipeline: the two Debian
 * documents in test/fixtures/corpus are uploaded through the routes, converted by the conversion queue, cut into
 * chunks and embedded by the knowledge module's own jobs (the fake embedding server: hashed character n-grams, so
 * related texts are near), then every question of test/fixtures/retrieval-questions.json is asked through the
 * administrators' hit test `GET /embedding/search` (size 5) in the three modes. It prints recall@5 and MRR@5 for
 * keyword-only, vector-only and hybrid, writes them with every question's top 5 to
 * reports/retrieval-quality/<database>.json (a folder: reports/*.json are vitest reports that the summary reads), and
 * asserts each mode's recall@5 stays above its floor (see FLOORS for the figures and the goal not yet met).
 *
 * Run: cd apps/api && npx vitest run test/retrieval-quality.test.ts   (DATABASE_URL=postgres://… for PostgreSQL)
 * The suite waits for the pipeline as long as it takes (RETRIEVAL_WAIT_MS, default 15 min) and never asserts on time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus, TaskStatus, type TRetrievalMode } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call } from './call';
import { makeCategory, makeUser } from './factories';
import { startFakeLlm, type FakeLlm } from './fakes/llm-server';
import { checkQuestions, evaluateMode, formatReport, type ModeReport, type RankedPassage, type RetrievalQuestion } from './retrieval-metrics';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const QUESTIONS: RetrievalQuestion[] = JSON.parse(fs.readFileSync(path.join(HERE, 'fixtures/retrieval-questions.json'), 'utf8'));
const KEY = 'sk-test-retrieval';
const EMBEDDING_MODEL = 'fake-embed';
const K = 5;
const MODES: TRetrievalMode[] = ['keyword', 'vector', 'hybrid'];
/**
 * Regression floors, a little under what this suite measures (identical on PGlite with HNSW and on PostgreSQL with
 * exact real[]; fake embedding, 256 dims, 605 chunks): keyword 74.2%, vector 43.3%, hybrid 59.8% recall@5.
 * The issue's goal — hybrid above keyword-only — is NOT met with this stand-in embedding: hashed n-grams carry the
 * same lexical signal as the jieba keywords, only weaker, and cannot meet an English question in a Chinese text, so
 * the vector list adds little the keyword list lacks (3 of 97 questions) and its noise costs more than that under
 * equal-weight reciprocal rank fusion. See docs/benchmarks.md; the figures are printed and written on every run.
 */
const FLOORS: Record<TRetrievalMode, number> = {
  keyword: Number(process.env.RETRIEVAL_FLOOR_KEYWORD ?? 0.7),
  vector: Number(process.env.RETRIEVAL_FLOOR_VECTOR ?? 0.4),
  hybrid: Number(process.env.RETRIEVAL_FLOOR_HYBRID ?? 0.55),
};
const WAIT_MS = Number(process.env.RETRIEVAL_WAIT_MS ?? 15 * 60_000);

/** The fixture documents: the question set's key, the file, and the title they are published under. */
const DOCS = [
  { key: 'maint-guide', file: 'maint-guide.zh-cn.pdf', title: 'Debian 新维护者手册' },
  { key: 'debian-faq', file: 'debian-faq.zh-cn.txt', title: 'Debian GNU/Linux 常见问题（FAQ）' },
] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value, as long as WAIT_MS allows; the error says what was last seen. */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + WAIT_MS;
  for (let delay = 250; ; delay = Math.min(delay * 2, 3000)) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what} after ${WAIT_MS} ms`);
    await sleep(delay);
  }
}

describe('retrieval quality on real documents (recall@5, MRR@5)', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let stopQueue: (() => Promise<void>) | undefined;
  /** document id → the question set's key */
  const keyOf = new Map<number, string>();

  beforeAll(async () => {
    expect(checkQuestions(QUESTIONS)).toEqual([]);
    t = await createTestApp();
    llm = await startFakeLlm({ apiKey: KEY });
    const config = { enable: true, provider: 'custom', base_url: llm.url, api_key: KEY, model: 'fake-chat', embedding_model: EMBEDDING_MODEL };
    await call(t, api.updateConfig, {
      body: { config: Object.entries(config).map(([name, value]) => ({ category: 'llm', name, value: value as never })) },
      as: 'admin',
    });
    // the product's queue and workers, as server.ts starts them: conversion, chunking and embedding all run as jobs
    const { startQueue } = await import('../src/kernel/jobs');
    const { startWorkers } = await import('../src/kernel/boot');
    const { MODULES } = await import('../src/modules');
    const boss = await startQueue(t.database.connection, { supervise: true });
    t.app.services.queue.attach(boss);
    await startWorkers(t.app.services, MODULES);
    stopQueue = async () => {
      t.app.services.queue.boss = undefined;
      await boss.stop({ graceful: false, wait: true });
    };

    const owner = await makeUser(t);
    const category = await makeCategory(t);
    for (const d of DOCS) {
      const content = fs.readFileSync(path.join(HERE, 'fixtures/corpus', d.file));
      const att = (await call(t, api.uploadDocument, { file: { name: d.file, content }, as: owner })).data;
      const { document } = await call(t, api.createDocuments, {
        body: { category_id: [category.id], document: [{ attachment_id: att.id, title: d.title, price: 0 }] },
        as: owner,
      });
      keyOf.set(document[0].id, d.key);
    }
    for (const [id, key] of keyOf) {
      await waitFor(`the conversion of ${key}`, async () => {
        const doc = await call(t, api.getDocument, { query: { id }, as: 'admin' });
        if (doc.status === DocumentStatus.Failed) throw new Error(`${key} did not convert: ${doc.convert_error}`);
        return doc.status === DocumentStatus.Converted ? doc : undefined;
      });
    }
    await waitFor('the embedding tasks of both documents', async () => {
      const list = await call(t, api.listEmbeddingTasks, { query: { page: 1, size: 100 }, as: 'admin' });
      const mine = list.embedding.filter((task) => keyOf.has(task.document_id));
      const failed = mine.find((task) => task.status === TaskStatus.Failed);
      if (failed) throw new Error(`embedding of ${keyOf.get(failed.document_id)} failed: ${failed.error}`);
      const done = mine.filter((task) => task.status === TaskStatus.Done && task.chunks > 0 && task.embedded === task.chunks);
      return done.length === keyOf.size ? mine : undefined;
    });
  }, WAIT_MS + 120_000);

  afterAll(async () => {
    await stopQueue?.();
    await llm?.close();
    await t?.close();
  });

  it(
    'recall@5 and MRR@5 of keyword, vector and hybrid retrieval stay above their floors',
    async () => {
      const results = Object.fromEntries(MODES.map((m) => [m, [] as RankedPassage[][]])) as Record<TRetrievalMode, RankedPassage[][]>;
      const details: Record<string, unknown>[] = [];
      const took: Record<string, number[]> = Object.fromEntries(MODES.map((m) => [m, []]));
      for (const q of QUESTIONS) {
        const row: Record<string, unknown> = { q: q.q, doc: q.doc, pages: q.pages ?? [q.page], lang: q.lang };
        for (const mode of MODES) {
          const r = await call(t, api.testRetrieval, { query: { wd: q.q, mode, size: K }, as: 'admin' });
          expect(r.mode).toBe(mode);
          took[mode].push(r.took_ms);
          const ranked = r.passages.map((p) => ({ doc: keyOf.get(p.document_id) ?? `other:${p.document_id}`, page: p.page }));
          results[mode].push(ranked);
          row[mode] = r.passages.map((p, i) => ({ ...ranked[i], score: p.score, keyword_rank: p.keyword_rank, vector_rank: p.vector_rank }));
        }
        details.push(row);
      }
      const reports = Object.fromEntries(MODES.map((m) => [m, evaluateMode(QUESTIONS, results[m], K)])) as Record<TRetrievalMode, ModeReport>;
      details.forEach((row, i) => (row.rank = Object.fromEntries(MODES.map((m) => [m, reports[m].ranks[i]]))));

      const stats = await call(t, api.getEmbeddingStats, { as: 'admin' });
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      console.log(`\nretrieval quality — ${t.database.kind}, vectors: ${stats.engine}, model ${stats.model} (${stats.dimension} dims), ${stats.chunks} chunks`);
      console.log(
        `${QUESTIONS.length} questions (${QUESTIONS.filter((q) => q.lang === 'zh').length} zh, ${QUESTIONS.filter((q) => q.lang === 'en').length} en)`,
      );
      console.log(formatReport(reports));
      console.log(`median took_ms: ${MODES.map((m) => `${m} ${median(took[m]).toFixed(1)}`).join(', ')}\n`);

      const dir = path.join(ROOT, 'reports/retrieval-quality');
      fs.mkdirSync(dir, { recursive: true });
      const summary = Object.fromEntries(MODES.map((m) => [m, { ...reports[m], ranks: undefined, median_took_ms: median(took[m]) }]));
      fs.writeFileSync(
        path.join(dir, `${t.database.kind}.json`),
        `${JSON.stringify({ database: t.database.kind, engine: stats.engine, model: stats.model, dimension: stats.dimension, chunks: stats.chunks, k: K, questions: QUESTIONS.length, modes: summary, details }, null, 2)}\n`,
      );

      for (const m of MODES) expect(reports[m].recall, `${m} recall@5`).toBeGreaterThanOrEqual(FLOORS[m]);
    },
    WAIT_MS,
  );
});
