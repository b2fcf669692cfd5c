import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus, TaskStatus } from '@wenku/contracts';
import type { AppEvents } from '../src/kernel/events';
import { createTestApp, type TestApp } from './helpers';
import { call, callError } from './call';
import { makeDocument, makeUser, type TestUser } from './factories';
import { startFakeLlm, type FakeLlm } from './fakes/llm-server';
import { setConfig } from './fakes/util';

/**
 * The AI index end to end: real documents through upload → conversion → chunks → (fake) embeddings → retrieval,
 * on PGlite (pgvector, HNSW) and on PostgreSQL without pgvector (exact real[]). No queue is attached in tests, so
 * the document events index right away and `processPending` stands in for the workers.
 */
let t: TestApp;
let llm: FakeLlm;
let owner: TestUser;
const KEY = 'sk-embed-secret-0123456789';

const indexer = () => t.app.services.indexer;
const retrieval = () => t.app.services.retrieval;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.pool.query(text, params).then((r) => r.rows as T[]);
const task = async (id: number) => (await q<Record<string, any>>('SELECT * FROM embedding_tasks WHERE document_id = $1', [id]))[0];
const chunksOf = (id: number) =>
  q<{ id: number; page: number; content: string }>('SELECT id, page, content FROM document_chunks WHERE document_id = $1 ORDER BY seq', [id]);

const PAGES = [
  '第一章 概述\n本手册介绍文库系统的安装方法与日常维护。',
  '第二章 物理常识\n量子纠缠是一种奇特的物理现象，两个粒子无论相距多远都会相互关联。\n\n爱因斯坦称之为鬼魅般的超距作用。',
  '第三章 备份\n每天凌晨三点，系统自动把数据库备份到对象存储。',
];
let mainDoc: { id: number; uuid: string; hash: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  llm = await startFakeLlm({ apiKey: KEY });
  owner = await makeUser(t);
  mainDoc = await makeDocument(t, { owner, title: '文库使用手册', text: PAGES, converted: true });
});
afterAll(async () => {
  await llm?.close();
  await t?.close();
});

describe('indexing and keyword retrieval with no embedding model', () => {
  it('cuts converted documents into chunks that keep their pages; the task is done with no model', async () => {
    const chunks = await chunksOf(mainDoc.id);
    expect(chunks.map((c) => c.page)).toEqual([1, 2, 3]);
    expect(chunks[1].content).toContain('量子纠缠是一种奇特的物理现象');
    expect(await task(mainDoc.id)).toMatchObject({ status: TaskStatus.Done, model: '', chunks: 3, embedded: 0, error: '' });
  });

  it('finds the page that answers a question by keywords (stop words dropped), with a snippet and the full text', async () => {
    for (const mode of ['keyword', 'hybrid'] as const) {
      const [top] = await retrieval().retrieve({ query: '什么是量子纠缠？', mode });
      expect(top).toMatchObject({ documentId: mainDoc.id, uuid: mainDoc.uuid, title: '文库使用手册', page: 2, keywordRank: 1, vectorRank: 0, score: 1 });
      expect(top.snippet).toContain('量子纠缠');
      expect(top.snippet.length).toBeLessThanOrEqual(122);
      expect(top.content).toContain('鬼魅般的超距作用');
    }
    const [backup] = await retrieval().retrieve({ query: '数据库每天什么时候备份', mode: 'keyword' });
    expect(backup).toMatchObject({ documentId: mainDoc.id, page: 3 });
    // vector mode with no vectors answers from the keyword list rather than nothing
    expect((await retrieval().retrieve({ query: '量子纠缠', mode: 'vector' }))[0]).toMatchObject({ page: 2 });
    expect(await retrieval().retrieve({ query: '？！。' })).toEqual([]);
  });

  it('the admin stats and envs name the engine', async () => {
    const stats = await call(t, api.getEmbeddingStats, { as: 'admin' });
    const engine = await retrieval().engine();
    expect(engine).toBe(t.database.kind === 'pglite' ? 'pgvector' : 'exact');
    expect(stats).toMatchObject({ model: '', next_model: '', engine, done: stats.documents, failed: 0, vectors: 0 });
    expect(stats.chunks).toBeGreaterThanOrEqual(3);
    const { envs } = await call(t, api.getEnvs, { as: 'admin' });
    expect(envs.find((e) => e.name === '向量检索')?.version).toBe(engine === 'pgvector' ? 'pgvector（HNSW）' : 'real[]（进程内精确计算）');
  });

  it('document.converted names the documents of the file; the index and search follow the ids an event names', async () => {
    const seen: AppEvents['document.converted'][] = [];
    t.app.services.events.on('document.converted', 'test', (p) => void seen.push(p));
    const doc = await makeDocument(t, { owner, title: '植物图鉴', text: ['第一页：银杏叶的形状'], converted: true });
    expect(seen.at(-1)).toEqual({ hash: doc.hash, ids: [doc.id], status: DocumentStatus.Converted });
    // recognised text arrives for the document the event names: nothing looks the file up by its hash again
    await t.app.services.conversion.setPageTexts(doc.hash, [{ page: 1, text: '识别出的新文字：珙桐花开' }]);
    await t.app.services.events.emit('document.text-recognised', { hash: 'not-looked-up', ids: [doc.id] });
    expect((await chunksOf(doc.id))[0].content).toContain('珙桐花开');
    await t.app.services.search.flush();
    expect((await call(t, api.searchDocuments, { query: { wd: '珙桐' } })).document.map((d) => d.id)).toContain(doc.id);
  });
});

describe('with an embedding model', () => {
  beforeAll(async () => {
    await setConfig(t, 'llm', { enable: true, provider: 'custom', base_url: llm.url, api_key: KEY, embedding_model: 'fake-embed-a' });
    // the watchdog notices the model (none before: active at once) and queues every document for its vectors
    await indexer().watchdog();
    await indexer().processPending();
  });

  it('embeds every chunk in batches and ranks hybrid results from both lists', async () => {
    const stats = await call(t, api.getEmbeddingStats, { as: 'admin' });
    expect(stats).toMatchObject({ model: 'fake-embed-a', next_model: '', pending: 0, processing: 0, failed: 0 });
    expect(stats.dimension).toBeGreaterThan(0);
    expect(stats.vectors).toBe(stats.chunks);
    expect(await task(mainDoc.id)).toMatchObject({ status: TaskStatus.Done, model: `custom|${llm.url}|fake-embed-a`, chunks: 3, embedded: 3 });
    const embedCalls = llm.requests.filter((r) => r.path === '/v1/embeddings');
    expect(embedCalls.length).toBeGreaterThan(0);
    expect(embedCalls.every((r) => r.body.input.length <= 32 && r.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    const hybrid = await retrieval().retrieve({ query: '量子纠缠是什么', mode: 'hybrid' });
    expect(hybrid[0]).toMatchObject({ documentId: mainDoc.id, page: 2, keywordRank: 1 });
    expect(hybrid[0].vectorRank).toBeGreaterThan(0);
    expect(hybrid.every((p) => p.score > 0 && p.score <= 1)).toBe(true);
    const vector = await retrieval().retrieve({ query: '量子纠缠是什么', mode: 'vector', limit: 2 });
    expect(vector).toHaveLength(2);
    expect(vector.every((p) => p.vectorRank > 0 && p.keywordRank === 0)).toBe(true);
    // the exact text of a chunk is its own nearest neighbour
    const chunk = (await chunksOf(mainDoc.id))[2];
    expect((await retrieval().retrieve({ query: chunk.content, mode: 'vector', limit: 1 }))[0]).toMatchObject({
      documentId: mainDoc.id,
      page: 3,
      vectorRank: 1,
    });
  });

  it('pgvector: the model got its partial HNSW index', async () => {
    const idx = await q<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname LIKE 'chunk_embeddings_hnsw_%'`);
    if ((await retrieval().engine()) === 'pgvector') {
      expect(idx).toHaveLength(1);
      expect(idx[0].indexdef).toMatch(/USING hnsw/);
      expect(idx[0].indexdef).toContain('fake-embed-a');
    } else expect(idx).toHaveLength(0);
  });

  it('never returns invisible documents (converting, disabled, deleted, purged); follows restore and edits', async () => {
    const word = '独角兽乐园';
    const make = () => makeDocument(t, { owner, title: `乐园_${Math.random()}`, text: [`${word}的门票价格是一百元。`], converted: true });
    const [converting, disabled, deleted, purged, visible] = [await make(), await make(), await make(), await make(), await make()];
    await t.app.services.documents.conversion.markConverting([converting.id]);
    await call(t, api.updateDocument, { body: { id: disabled.id, status: DocumentStatus.Disabled }, as: 'admin' });
    await call(t, api.deleteDocument, { query: { id: [deleted.id, purged.id] }, as: owner });
    await call(t, api.deleteRecycleDocuments, { query: { id: [purged.id] }, as: 'admin' });
    expect(await chunksOf(purged.id)).toEqual([]);
    expect(await task(purged.id)).toBeUndefined();
    for (const mode of ['hybrid', 'keyword', 'vector'] as const) {
      const ids = (await retrieval().retrieve({ query: `${word}门票`, mode, limit: 50 })).map((p) => p.documentId);
      expect(ids).toContain(visible.id);
      for (const hidden of [converting, disabled, deleted, purged]) expect(ids).not.toContain(hidden.id);
    }
    await call(t, api.restoreRecycleDocuments, { body: { id: [deleted.id] }, as: 'admin' });
    await call(t, api.updateDocument, { body: { id: visible.id, title: '改过的标题' }, as: 'admin' });
    const after = await retrieval().retrieve({ query: `${word}门票`, mode: 'keyword', limit: 50 });
    expect(after.map((p) => p.documentId)).toContain(deleted.id);
    expect(after.find((p) => p.documentId === visible.id)?.title).toBe('改过的标题');
  });

  it('restricts retrieval to the given documents', async () => {
    const a = await makeDocument(t, { owner, text: ['梧桐树的叶子在秋天变黄。'], converted: true });
    const b = await makeDocument(t, { owner, text: ['梧桐树可以长到二十米高。'], converted: true });
    for (const mode of ['hybrid', 'keyword', 'vector'] as const) {
      const only = await retrieval().retrieve({ query: '梧桐树', mode, documentIds: [b.id] });
      expect(only.map((p) => p.documentId)).toEqual([b.id]);
    }
    expect((await retrieval().retrieve({ query: '梧桐树', mode: 'keyword' })).map((p) => p.documentId).sort()).toEqual([a.id, b.id].sort());
    expect(await retrieval().retrieve({ query: '梧桐树', documentIds: [] })).toEqual([]);
  });

  it('a re-conversion with the same text keeps the chunks and their vectors', async () => {
    const before = (await chunksOf(mainDoc.id)).map((c) => c.id);
    await t.app.services.documents.conversion.requestConversion([mainDoc.id], true);
    await t.app.services.conversion.convert(mainDoc.hash);
    expect((await chunksOf(mainDoc.id)).map((c) => c.id)).toEqual(before);
    expect(await task(mainDoc.id)).toMatchObject({ status: TaskStatus.Done, embedded: 3 });
  });

  it('falls back to keyword results when the embedder fails at question time', async () => {
    llm.script({ status: 500, body: { error: { message: 'boom' } } });
    llm.script({ status: 500, body: { error: { message: 'boom' } } });
    const [top] = await retrieval().retrieve({ query: '量子纠缠是什么' });
    expect(top).toMatchObject({ documentId: mainDoc.id, page: 2, keywordRank: 1, vectorRank: 0, score: 1 });
  });

  it('a failing provider fails the task with a readable error (retrying rate limits first); a retry recovers it', async () => {
    llm.script({ status: 429, body: { error: { message: 'Rate limit reached for requests' } } });
    const doc = await makeDocument(t, { owner, text: ['银杏是现存最古老的树种之一。'], converted: true });
    let row = await task(doc.id);
    expect(row).toMatchObject({ status: TaskStatus.Pending, attempts: 1, chunks: 1, embedded: 0 });
    expect(row.error).toMatch(/^向量模型调用失败：/);
    expect(row.error).toContain('自动重试');
    llm.script({ status: 400, body: { error: { message: 'input is not valid' } } });
    await indexer().processPending();
    row = await task(doc.id);
    expect(row.status).toBe(TaskStatus.Failed);
    expect(row.error).toMatch(/^向量模型调用失败：/);
    expect(row.error).not.toContain(KEY);
    // the chunks are there: keyword retrieval already finds it
    expect((await retrieval().retrieve({ query: '银杏树种', mode: 'keyword' }))[0]).toMatchObject({ documentId: doc.id });

    const list = await call(t, api.listEmbeddingTasks, { query: { status: [TaskStatus.Failed] }, as: 'admin' });
    expect(list.embedding.map((e) => e.document_id)).toEqual([doc.id]);
    expect(list.embedding[0]).toMatchObject({ status: TaskStatus.Failed, chunks: 1, embedded: 0 });
    expect(await call(t, api.retryEmbedding, { body: {}, as: 'admin' })).toEqual({ count: 1 });
    await indexer().idle();
    expect(await task(doc.id)).toMatchObject({ status: TaskStatus.Done, error: '', embedded: 1, attempts: 1 });
  });

  it('the watchdog re-queues or fails tasks stuck in processing', async () => {
    const a = await makeDocument(t, { owner, text: ['卡住的任务一。'], converted: true });
    const b = await makeDocument(t, { owner, text: ['卡住的任务二。'], converted: true });
    const stale = `UPDATE embedding_tasks SET status = 1, attempts = $2, started_at = now() - interval '1 hour', updated_at = now() - interval '1 hour' WHERE document_id = $1`;
    await q(stale, [a.id, 1]);
    await q(stale, [b.id, 4]);
    expect(await indexer().watchdog()).toEqual({ requeued: 1, failed: 1 });
    expect(await task(a.id)).toMatchObject({ status: TaskStatus.Pending });
    expect(await task(b.id)).toMatchObject({ status: TaskStatus.Failed });
    expect((await task(b.id)).error).toContain('超时');
    await indexer().processPending();
    expect(await task(a.id)).toMatchObject({ status: TaskStatus.Done });
    expect(await call(t, api.retryEmbedding, { body: { id: [b.id] }, as: 'admin' })).toEqual({ count: 1 });
    await indexer().idle();
    expect(await task(b.id)).toMatchObject({ status: TaskStatus.Done });
  });

  it('the start-up sweep gives converted documents the index has never seen a task', async () => {
    const doc = await makeDocument(t, { owner, text: ['升级前就转换好的文档。'], converted: true });
    await q('DELETE FROM document_chunks WHERE document_id = $1', [doc.id]);
    await q('DELETE FROM embedding_tasks WHERE document_id = $1', [doc.id]);
    expect(await indexer().recover()).toBe(1);
    expect(await task(doc.id)).toMatchObject({ status: TaskStatus.Pending });
    await indexer().processPending();
    expect(await task(doc.id)).toMatchObject({ status: TaskStatus.Done, chunks: 1, embedded: 1 });
  });

  it('a new embedding model is built in the background while answers use the old vectors, then promoted', async () => {
    const oldKey = `custom|${llm.url}|fake-embed-a`;
    const newKey = `custom|${llm.url}|fake-embed-b`;
    await setConfig(t, 'llm', { embedding_model: 'fake-embed-b' });
    await indexer().watchdog();
    let stats = await call(t, api.getEmbeddingStats, { as: 'admin' });
    expect(stats).toMatchObject({ model: 'fake-embed-a', next_model: 'fake-embed-b', next_vectors: 0 });
    expect(stats.vectors).toBe(stats.chunks);
    expect(stats.pending).toBe(stats.documents);
    // answers keep working from the old model's vectors meanwhile
    const during = await retrieval().retrieve({ query: '量子纠缠是什么' });
    expect(during[0]).toMatchObject({ documentId: mainDoc.id, page: 2 });
    expect(during[0].vectorRank).toBeGreaterThan(0);

    await indexer().processPending();
    stats = await call(t, api.getEmbeddingStats, { as: 'admin' });
    expect(stats).toMatchObject({ model: 'fake-embed-b', next_model: '', next_vectors: 0, pending: 0, processing: 0 });
    expect(stats.vectors).toBe(stats.chunks);
    expect(await q('SELECT 1 FROM chunk_embeddings WHERE model = $1', [oldKey])).toEqual([]);
    expect(await q('SELECT model, state FROM embedding_models')).toEqual([{ model: newKey, state: 'active' }]);
    if ((await retrieval().engine()) === 'pgvector') {
      const idx = await q<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname LIKE 'chunk_embeddings_hnsw_%'`);
      expect(idx).toHaveLength(1);
      expect(idx[0].indexdef).toContain('fake-embed-b');
    }
    expect((await retrieval().retrieve({ query: '量子纠缠是什么' }))[0].vectorRank).toBeGreaterThan(0);
  });
});

describe('admin routes', () => {
  it('refuse non-administrators', async () => {
    const u = await makeUser(t);
    for (const as of [u, 'anonymous'] as const) {
      expect((await callError(t, api.listEmbeddingTasks, { as })).status).toBe(as === 'anonymous' ? 401 : 403);
      expect((await callError(t, api.getEmbeddingStats, { as })).status).toBe(as === 'anonymous' ? 401 : 403);
      expect((await callError(t, api.retryEmbedding, { body: {}, as })).status).toBe(as === 'anonymous' ? 401 : 403);
      expect((await callError(t, api.rebuildEmbedding, { as })).status).toBe(as === 'anonymous' ? 401 : 403);
      expect((await callError(t, api.testRetrieval, { query: { wd: '量子' }, as })).status).toBe(as === 'anonymous' ? 401 : 403);
    }
  });

  it('list with filters, hit test, and a rebuild that cuts and embeds everything again', async () => {
    const byTitle = await call(t, api.listEmbeddingTasks, { query: { wd: '使用手册' }, as: 'admin' });
    expect(byTitle.total).toBe(1);
    expect(byTitle.embedding[0]).toMatchObject({ document_id: mainDoc.id, uuid: mainDoc.uuid, title: '文库使用手册', ext: 'pdf', model: 'fake-embed-b' });

    const hit = await call(t, api.testRetrieval, { query: { wd: '量子纠缠是什么', mode: 'keyword', size: 3 }, as: 'admin' });
    expect(hit.mode).toBe('keyword');
    expect(hit.took_ms).toBeGreaterThanOrEqual(0);
    expect(hit.passages[0]).toMatchObject({ document_id: mainDoc.id, page: 2, keyword_rank: 1, vector_rank: 0 });
    expect(hit.passages[0].snippet).toContain('量子纠缠');
    const scoped = await call(t, api.testRetrieval, { query: { wd: '量子纠缠', document_id: [mainDoc.id] }, as: 'admin' });
    expect(new Set(scoped.passages.map((p) => p.document_id))).toEqual(new Set([mainDoc.id]));

    const before = (await chunksOf(mainDoc.id)).map((c) => c.id);
    const { count } = await call(t, api.rebuildEmbedding, { as: 'admin' });
    expect(count).toBe((await call(t, api.getEmbeddingStats, { as: 'admin' })).documents);
    await indexer().idle();
    const stats = await call(t, api.getEmbeddingStats, { as: 'admin' });
    expect(stats).toMatchObject({ pending: 0, processing: 0, failed: 0, done: count });
    expect(stats.vectors).toBe(stats.chunks);
    const after = await chunksOf(mainDoc.id);
    expect(after.map((c) => c.page)).toEqual([1, 2, 3]);
    expect(after.some((c) => before.includes(c.id))).toBe(false);
  });
});

describe('on the queue', () => {
  it('the workers index a converted document and rebuild everything through pg-boss jobs', async () => {
    const { startQueue } = await import('../src/kernel/jobs');
    const { startWorkers } = await import('../src/kernel/boot');
    const { MODULES } = await import('../src/modules');
    const boss = await startQueue(t.database.connection, { supervise: true });
    // waits for the effect however long a busy machine takes; the test's time-out is the hang guard
    const until = async (done: () => Promise<boolean>) => {
      while (!(await done())) await new Promise((r) => setTimeout(r, 250));
    };
    try {
      t.app.services.queue.attach(boss);
      await startWorkers(t.app.services, MODULES);
      const doc = await makeDocument(t, { owner, text: ['排队处理的文档讲述了蜂鸟的飞行。'], converted: true });
      await until(async () => (await task(doc.id))?.status === TaskStatus.Done);
      expect(await task(doc.id)).toMatchObject({ status: TaskStatus.Done, chunks: 1, embedded: 1 });
      expect((await retrieval().retrieve({ query: '蜂鸟怎么飞行' }))[0]).toMatchObject({ documentId: doc.id });

      const { count } = await call(t, api.rebuildEmbedding, { as: 'admin' });
      const settled = async () => {
        const s = await call(t, api.getEmbeddingStats, { as: 'admin' });
        return s.done === count;
      };
      await until(settled);
      const stats = await call(t, api.getEmbeddingStats, { as: 'admin' });
      expect(stats).toMatchObject({ pending: 0, processing: 0, failed: 0, done: count });
      expect(stats.vectors).toBe(stats.chunks);
    } finally {
      t.app.services.queue.boss = undefined;
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
