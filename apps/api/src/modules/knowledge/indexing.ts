import crypto from 'node:crypto';
import { embed, LlmError } from '../../engines/llm';
import type { JobQueue } from '../../kernel/jobs';
import type { Logger } from '../../kernel/module';
import { segment, setUserDictionary } from '../../lib/segment';
import { DocumentStatus } from '@wenku/contracts';
import type { ConfigService } from '../config/config.service';
import type { ConversionService } from '../conversion/conversion.service';
import type { DocumentViews } from '../document/document.views';
import { chunkPages } from './chunk';
import type { ChunkRepo, ModelRow } from './chunk.repo';
import { dispatchPendingJob, indexDocumentJob } from './knowledge.jobs';
import { unit, type Embedder, type EmbeddingModels } from './models';
import type { TaskRepo, TaskRow } from './task.repo';
import type { VectorMatrices } from './vector-matrix';

/** inputs per embeddings call */
const BATCH = 32;
/** job-level attempts on rate limits, time-outs and upstream errors, and the wait before each next one (s) */
export const MAX_ATTEMPTS = 4;
const BACKOFF_SECONDS = [30, 120, 480];
/** a task in processing with no progress for this long is stuck (its worker died) */
export const STUCK_AFTER_MS = 5 * 60_000;
/** a pending task this old whose job may be lost is sent again (duplicates are harmless: tasks are claimed) */
const RESEND_PENDING_AFTER_MS = 10 * 60_000;
/** worth another attempt later: rate limits, time-outs, and upstream trouble (5xx, network), not a 4xx refusal */
const retryable = (e: unknown) =>
  e instanceof LlmError && (e.code === 'rate_limited' || e.code === 'timeout' || (e.code === 'upstream' && (e.status === undefined || e.status >= 500)));

/** The task was reset or failed by someone else while this worker held it: stop quietly. */
class Released extends Error {}

/** A failure that is the model's fault and not worth another attempt. */
class EmbeddingFault extends Error {}

export interface IndexerDeps {
  tasks: TaskRepo;
  chunks: ChunkRepo;
  models: EmbeddingModels;
  /** the documents' owner: their file hash and status (missing = purged) */
  documents: { views: Pick<DocumentViews, 'byIds'> };
  /** the conversion's owner: a file's page texts */
  texts: Pick<ConversionService, 'pageTexts'>;
  settings: ConfigService;
  queue: JobQueue;
  log: Logger;
  /** exact ranking in the process when the database has no pgvector: told when a model's vectors change */
  matrices?: VectorMatrices;
}

/**
 * Keeping the index right: each converted document's text cut into page-keeping chunks with a jieba tsvector and
 * (when an embedding model is configured) a vector, as documents are converted, recognised, changed and purged;
 * one task per document, claimed by one worker, retried with back-off, watched so none stays "processing".
 */
export class KnowledgeIndexer {
  private dictLoadedAt = 0;
  private background: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: IndexerDeps) {}

  /** A file was converted (or its text recognised) again: its documents are re-indexed (re-cut only if the text changed). */
  async reindex(ids: number[]): Promise<void> {
    await this.deps.tasks.markPending(ids);
    await this.enqueue(ids);
  }

  /** A conversion ended: the documents of a converted file are re-indexed; a failed one changes nothing here. */
  async onConverted(ids: number[], status: number): Promise<void> {
    if (status === DocumentStatus.Converted) await this.reindex(ids);
  }

  /**
   * Documents changed (edited, deleted, disabled, restored, purged): visibility is read at retrieval time, so only
   * a purge (chunks go) and a converted document the index has never seen (it is queued) need work here.
   */
  async onChanged(ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const [rows, tasked] = await Promise.all([this.deps.documents.views.byIds(unique, true), this.deps.tasks.withTasks(unique)]);
    const found = new Set(rows.map((r) => r.id));
    await this.removeDocuments(unique.filter((id) => !found.has(id)));
    const fresh = rows.filter((r) => !tasked.has(r.id) && r.status === DocumentStatus.Converted).map((r) => r.id);
    await this.deps.tasks.markPending(fresh);
    await this.enqueue(fresh);
  }

  /** Chunks, vectors and tasks of documents that are gone. */
  private async removeDocuments(ids: number[]) {
    await this.deps.chunks.removeDocuments(ids);
    await this.deps.tasks.remove(ids);
  }

  private async syncDictionary() {
    if (Date.now() - this.dictLoadedAt < 5000) return;
    setUserDictionary(String((await this.deps.settings.get('search')).user_dict ?? '').split(/\r?\n/));
    this.dictLoadedAt = Date.now();
  }

  /**
   * Follows the model configuration (`EmbeddingModels.sync`): when a model was added, every document is queued
   * again to get its vectors.
   */
  async syncModel(): Promise<void> {
    if (!(await this.deps.models.sync())) return;
    await this.deps.tasks.requeueAll();
    await this.dispatch();
  }

  /** The building model is promoted once no task is left and every chunk has its vector. */
  promoteIfComplete(): Promise<boolean> {
    return this.deps.models.maybePromote(() => this.deps.tasks.unfinishedTasks());
  }

  /** Runs on the queue; without one (tools, tests) the work is done right here. */
  private async enqueue(ids: number[]): Promise<void> {
    for (const id of ids) {
      if (this.deps.queue.attached) await this.deps.queue.send(indexDocumentJob, { documentId: id });
      else await this.processTask(id);
    }
  }

  /** Sends every pending task to the queue (without one, they wait for `processPending`). */
  private async dispatch(): Promise<void> {
    if (this.deps.queue.attached) await this.deps.queue.send(dispatchPendingJob, {});
  }

  /** The dispatch job: a job per pending task (at most `max`). */
  async sendPending(olderThan?: Date, max = Infinity): Promise<number> {
    let after = 0;
    let n = 0;
    for (;;) {
      const ids = await this.deps.tasks.pendingIds(after, Math.min(500, max - n), olderThan);
      if (!ids.length) return n;
      for (const id of ids) await this.deps.queue.send(indexDocumentJob, { documentId: id });
      n += ids.length;
      after = ids[ids.length - 1];
      if (n >= max) return n;
    }
  }

  /** Processes every task pending now, one by one (tools and tests; the worker uses the queue). */
  async processPending(): Promise<number> {
    let after = 0;
    let n = 0;
    for (;;) {
      const ids = await this.deps.tasks.pendingIds(after, 100);
      if (!ids.length) return n;
      for (const id of ids) if (await this.processTask(id)) n++;
      after = ids[ids.length - 1];
    }
  }

  /** Background work started without a queue (rebuild, retry), awaited by tests and tools. */
  idle(): Promise<unknown> {
    return this.background;
  }

  private inBackground(fn: () => Promise<unknown>) {
    this.background = this.background.then(fn).catch((e) => this.deps.log.warn('knowledge background work failed', { error: String(e) }));
  }

  /**
   * The indexing job: claim the task, cut the text again if it changed, embed the chunks lacking a vector for the
   * active model and for one being built, then done (or failed with a readable error, or pending again with a
   * back-off on rate limits and upstream trouble). Answers whether this call did the work.
   */
  async processTask(documentId: number): Promise<boolean> {
    const task = await this.deps.tasks.claim(documentId);
    if (!task) return false;
    const claimedAt = task.startedAt;
    const hold = async (patch: Parameters<TaskRepo['updateClaimed']>[2]) => {
      if (!(await this.deps.tasks.updateClaimed(documentId, claimedAt, patch))) throw new Released();
    };
    try {
      const [doc] = await this.deps.documents.views.byIds([documentId], true);
      if (!doc) {
        await this.removeDocuments([documentId]);
        return true;
      }
      await this.syncDictionary();
      const texts = await this.deps.texts.pageTexts(doc.hash);
      const fingerprint = crypto
        .createHash('sha256')
        .update(texts.map((t) => `${t.page}\u0001${t.text}`).join('\u0002'))
        .digest('hex');
      let chunks = task.chunks;
      if (fingerprint !== task.textHash || (chunks > 0 && (await this.deps.chunks.chunkCount(documentId)) !== chunks)) {
        const cut = chunkPages(texts);
        await this.deps.chunks.replaceChunks(
          documentId,
          cut.map((c) => ({ ...c, segmented: segment(c.content) })),
        );
        chunks = cut.length;
        await hold({ textHash: fingerprint, chunks, embedded: 0 });
      }
      await this.syncModel();
      const { active, building } = await this.deps.models.states();
      const sources = await this.deps.models.sources();
      const primary = building ?? active;
      const targets: { row: ModelRow; em: Embedder }[] = [];
      for (const row of [building, active]) {
        const em = row && (await this.deps.models.endpointFor(row.model, sources));
        if (row && em) targets.push({ row, em });
      }
      const model = primary && targets.some((t) => t.row === primary) ? primary.model : '';
      for (const t of targets) {
        const missing = await this.deps.chunks.chunksMissing(documentId, t.row.model);
        for (let i = 0; i < missing.length; i += BATCH) {
          const batch = missing.slice(i, i + BATCH);
          const vectors = await embed(
            t.em.ep,
            batch.map((c) => c.content),
            { retries: 0 },
          );
          await this.storeVectors(t.row, batch, vectors);
          await hold(t.row.model === model ? { embedded: await this.deps.chunks.countEmbedded(documentId, model) } : {});
        }
      }
      await hold({
        status: 2,
        error: '',
        model,
        chunks,
        embedded: model ? await this.deps.chunks.countEmbedded(documentId, model) : 0,
        finishedAt: new Date(),
      });
      if (building) await this.promoteIfComplete();
      return true;
    } catch (e) {
      if (e instanceof Released) return true;
      await this.failOrRetry(task, claimedAt, e);
      return true;
    }
  }

  /** Checks the dimension (learned from a model's first vector; the HNSW index is made then) and stores unit vectors. */
  private async storeVectors(row: ModelRow, batch: { id: number }[], vectors: number[][]) {
    const dim = vectors[0]?.length ?? 0;
    if (!dim || vectors.some((v) => v.length !== dim)) throw new EmbeddingFault('向量模型调用失败：返回的向量长度不一致');
    const engine = await this.deps.models.engine();
    if (row.dimension === 0) {
      row.dimension = await this.deps.chunks.settleDimension(row.model, dim);
      if (engine === 'pgvector') await this.deps.chunks.createHnswIndex(row.model, row.dimension);
    }
    if (dim !== row.dimension) {
      throw new EmbeddingFault(`向量模型调用失败：返回的向量为 ${dim} 维，与该模型已有向量的 ${row.dimension} 维不一致，请检查模型配置后全部重建`);
    }
    await this.deps.chunks.insertVectors(
      row.model,
      batch.map((c, i) => ({ chunkId: c.id, vector: unit(vectors[i]) })),
      engine,
    );
    // this process's matrix looks again at the next question (other processes within their check interval)
    this.deps.matrices?.touch(row.model);
  }

  private async failOrRetry(task: TaskRow, claimedAt: Date, e: unknown) {
    const message =
      e instanceof LlmError
        ? `向量模型调用失败：${e.message}`
        : e instanceof EmbeddingFault
          ? e.message
          : `向量化失败：${e instanceof Error ? e.message.slice(0, 300) : String(e)}`;
    const retry = retryable(e) && task.attempts < MAX_ATTEMPTS;
    this.deps.log.warn('embedding task failed', {
      documentId: task.documentId,
      attempt: task.attempts,
      retry,
      error: message,
      ...(e instanceof LlmError && e.detail ? { detail: e.detail.slice(0, 500) } : {}),
    });
    if (retry) {
      const wait = BACKOFF_SECONDS[Math.min(task.attempts, BACKOFF_SECONDS.length) - 1];
      const held = await this.deps.tasks.updateClaimed(task.documentId, claimedAt, {
        status: 0,
        error: `${message}（${wait} 秒后自动重试）`.slice(0, 500),
      });
      if (held && this.deps.queue.attached) await this.deps.queue.send(indexDocumentJob, { documentId: task.documentId }, { startAfter: wait });
      return;
    }
    await this.deps.tasks.updateClaimed(task.documentId, claimedAt, { status: 3, error: message.slice(0, 500), finishedAt: new Date() });
  }

  /**
   * The watchdog (every minute): tasks with no progress for STUCK_AFTER_MS are queued again, or failed once their
   * attempts are spent — nothing stays "processing"; a changed model starts building; a complete one is promoted.
   */
  async watchdog(): Promise<{ requeued: number; failed: number }> {
    let requeued = 0;
    let failed = 0;
    for (const t of await this.deps.tasks.stuck(new Date(Date.now() - STUCK_AFTER_MS))) {
      if (t.attempts < MAX_ATTEMPTS) {
        await this.deps.tasks.setTask(t.documentId, { status: 0, error: '上次处理中断，已重新排队' }, 1);
        if (this.deps.queue.attached) await this.deps.queue.send(indexDocumentJob, { documentId: t.documentId });
        requeued++;
      } else {
        await this.deps.tasks.setTask(
          t.documentId,
          { status: 3, error: '向量化超时：处理进程长时间没有进展（可能已中断），请重试', finishedAt: new Date() },
          1,
        );
        failed++;
      }
    }
    await this.syncModel().catch((e) => this.deps.log.warn('embedding model check failed', { error: String(e) }));
    // a few a minute: during a big rebuild most old pending tasks are simply still queued, and a duplicate costs a claim
    if (this.deps.queue.attached) await this.sendPending(new Date(Date.now() - RESEND_PENDING_AFTER_MS), 200);
    await this.promoteIfComplete();
    return { requeued, failed };
  }

  /**
   * Start-up sweep: documents the index has not seen get tasks (an upgrade, a crash between conversion and event),
   * the model configuration is followed, and every pending task is queued by one dispatch job (not here: a large
   * library would hold up the start). Answers how many are pending.
   */
  async recover(): Promise<number> {
    await this.deps.tasks.createMissingTasks();
    await this.syncModel().catch((e) => this.deps.log.warn('embedding model check failed', { error: String(e) }));
    const pending = (await this.deps.tasks.taskCounts())[0] ?? 0;
    if (pending) await this.dispatch();
    return pending;
  }

  /** These documents (or every failed one) again; answers how many were queued. */
  async retry(ids: number[]): Promise<number> {
    const queued = await this.deps.tasks.retry(ids);
    await this.startPending(queued);
    return queued.length;
  }

  /** Every document cut and embedded again, in the background. */
  async rebuild(): Promise<number> {
    const n = await this.deps.tasks.resetAll();
    await this.startPending();
    return n;
  }

  private async startPending(ids?: number[]) {
    if (this.deps.queue.attached) {
      if (ids) for (const id of ids) await this.deps.queue.send(indexDocumentJob, { documentId: id });
      else await this.dispatch();
    } else this.inBackground(() => this.processPending());
  }
}
