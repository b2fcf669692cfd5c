import crypto from 'node:crypto';
import type { TLlmProvider } from '@wenku/contracts';
import { embed, LlmError, type LlmEndpoint } from '../../engines/llm';
import type { Outbound } from '../../engines/outbound';
import type { JobQueue } from '../../kernel/jobs';
import type { Logger } from '../../kernel/module';
import { segment, setUserDictionary, tokenize, toRankQuery } from '../../lib/segment';
import { bestSnippet } from '../../lib/text';
import type { ConfigService } from '../config/config.service';
import { chunkPages } from './chunk';
import { dispatchPendingJob, indexDocumentJob } from './knowledge.jobs';
import type { KnowledgeRepo, ModelRow, PassageRow, Restriction, TaskRow, VectorEngine } from './knowledge.repo';
import type { VectorMatrices } from './vector-matrix';

export type RetrievalMode = 'hybrid' | 'keyword' | 'vector';

export interface RetrieveOptions {
  query: string;
  /** default 'hybrid' */
  mode?: RetrievalMode;
  /** passages returned, default 6 (at most 50) */
  limit?: number;
  /** only these documents (document Q&A); undefined = the whole library; [] = nothing */
  documentIds?: number[];
  /**
   * The asker's reading rights: for the given documents, the last page whose text may be quoted to them (the
   * download module's `textPages`: all pages of what they download free, else the pages readable online). Chunks
   * past it are never returned; documents it leaves out are not either. Absent: every page (the administrators' hit
   * test).
   */
  pageLimit?: PageLimit;
}

/** Per document, the last page whose text may be shown (Infinity: all); documents left out: none. */
export type PageLimit = (documentIds: number[]) => Promise<Map<number, number>>;

/** A passage found for a question: where it is (document, page), how well it matched, and its text. */
export interface Passage {
  documentId: number;
  title: string;
  uuid: string;
  page: number;
  /** 0..1: the reciprocal-rank fusion score over the lists used, 1 = first in every list */
  score: number;
  /** ~120 characters around the best matching words */
  snippet: string;
  /** the chunk's full text, for the prompt */
  content: string;
  /** 1-based rank in the keyword list, 0 = not found by it */
  keywordRank: number;
  /** 1-based rank in the vector list, 0 = not found by it */
  vectorRank: number;
}

interface Embedder {
  key: string;
  name: string;
  ep: LlmEndpoint;
}

/** inputs per embeddings call */
const BATCH = 32;
/** candidates per list before fusion */
const CANDIDATES = 50;
/** from this many chunks on, words in more than COMMON_SHARE of them do not select keyword candidates */
const LARGE_LIBRARY = 5000;
const COMMON_SHARE = 0.05;
/** how long the list of common words is trusted before it is counted again (in the background) */
const DF_TTL_MS = 10 * 60_000;
/** reciprocal rank fusion constant (Cormack et al.) */
const RRF_K = 60;
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

/** question words that carry no meaning for matching */
const STOP_WORDS = new Set(
  (
    '的 了 是 在 和 与 及 或 吗 呢 吧 啊 呀 么 嘛 什么 怎么 怎样 怎么样 如何 为什么 为何 哪些 哪个 哪里 哪儿 多少 几 请问 请 一下 这个 那个 这些 那些 这 那 ' +
    '有 有没有 没有 是否 是不是 能 能否 可以 会 要 需要 应该 我 你 他 她 它 我们 你们 他们 她们 它们 之 其 中 对 对于 关于 把 被 让 给 从 向 就 都 也 还 又 ' +
    '吗 啥 该 并 而 且 但 如果 所以 因为 一个 一种 哪 谁 时候 说 讲 介绍 告诉 ' +
    'the a an of to in on at for and or is are was were be been being what how why which who whom when where does do did can could ' +
    'would should will shall may might must please about with by from that this these those it its as into than then there their them ' +
    'me my i you your we our he she his her they not no yes if so tell explain describe'
  ).split(/\s+/),
);

/**
 * The question's meaningful words: jieba's search cut, exactly as chunks are indexed (so 银杏树 also yields 银杏 and a
 * question's long word still meets the shorter words of the text), minus stop words and punctuation. OR-ed, they
 * let ts_rank favour the chunks holding more of them.
 */
export function keywordTerms(question: string): string[] {
  return [...new Set(tokenize(question))].filter((w) => !STOP_WORDS.has(w)).slice(0, 32);
}

/**
 * The words that select keyword candidates, given how many chunks each matches (counted up to `cap`): those under
 * the cap, in the question's order; if none is, the two rarest.
 */
export function selective(words: string[], counts: number[], cap: number): string[] {
  const keep = words.filter((_, i) => counts[i] < cap);
  if (keep.length) return keep;
  return words
    .map((w, i) => ({ w, n: counts[i], i }))
    .sort((a, b) => a.n - b.n || a.i - b.i)
    .slice(0, 2)
    .map((x) => x.w);
}

/** A model's key: provider, base URL and model name (a change in any of them is a new model), within 200 chars. */
export function modelKey(provider: string, baseUrl: string, model: string): string {
  const raw = `${provider}|${baseUrl}|${model}`;
  if (raw.length <= 200) return raw;
  return `${raw.slice(0, 150)}#${crypto.createHash('sha1').update(raw).digest('hex')}`;
}

function unit(v: number[]): number[] {
  const n = Math.hypot(...v);
  return n > 0 ? v.map((x) => x / n) : v;
}

/** The task was reset or failed by someone else while this worker held it: stop quietly. */
class Released extends Error {}

/** A failure that is the model's fault and not worth another attempt. */
class EmbeddingFault extends Error {}

/**
 * The AI index of the library: each converted document's text cut into page-keeping chunks with a jieba tsvector
 * and (when an embedding model is configured) a vector, kept right as documents change; hybrid retrieval over it
 * for chat and AI search; the administrators' view of its tasks.
 */
export class KnowledgeService {
  private enginePromise?: Promise<VectorEngine>;
  private dictLoadedAt = 0;
  private background: Promise<unknown> = Promise.resolve();

  private common?: { words: Set<string>; at: number };
  private commonLoading?: Promise<void>;

  constructor(
    private readonly repo: KnowledgeRepo,
    private readonly settings: ConfigService,
    private readonly queue: JobQueue,
    private readonly log: Logger,
    /** the server's outbound client: embedding model base URLs are typed in the settings */
    private readonly outbound: Outbound,
    /** exact ranking in the process when the database has no pgvector (absent: rank in SQL) */
    private readonly matrices?: VectorMatrices,
  ) {}

  /** pgvector (HNSW) or exact `real[]`: decided once, from the column the migration created. */
  engine(): Promise<VectorEngine> {
    this.enginePromise ??= this.repo.detectEngine().catch((e) => {
      this.enginePromise = undefined;
      throw e;
    });
    return this.enginePromise;
  }

  /** Ends what the service runs besides requests (the vector scan threads). */
  async close(): Promise<void> {
    await this.matrices?.close();
  }

  /** The admin envs page's line for retrieval. */
  async envs() {
    const engine = await this.engine();
    return [
      {
        name: '向量检索',
        installed: true,
        version: engine === 'pgvector' ? 'pgvector（HNSW）' : this.matrices ? 'real[]（进程内精确计算）' : 'real[]（数据库内精确计算）',
        description:
          engine === 'pgvector'
            ? 'AI 检索：数据库已安装 pgvector 扩展，向量用 HNSW 索引近邻检索，与全文检索融合排序'
            : this.matrices
              ? 'AI 检索：数据库没有 pgvector 扩展，向量存为 real[]，由 API 进程读入内存精确计算余弦相似度（上限 VECTOR_MEMORY_MB，默认 512 MB，超出时在数据库中计算）；文档很多时建议使用带 pgvector 的 PostgreSQL'
              : 'AI 检索：数据库没有 pgvector 扩展，向量存为 real[] 并在数据库中精确计算余弦相似度；文档很多时建议使用带 pgvector 的 PostgreSQL',
        required: false,
      },
    ];
  }

  private async syncDictionary() {
    if (Date.now() - this.dictLoadedAt < 5000) return;
    setUserDictionary(String((await this.settings.get('search')).user_dict ?? '').split(/\r?\n/));
    this.dictLoadedAt = Date.now();
  }

  // ---------------------------------------------------------------- the embedding model

  /**
   * The configured embedding model, resolved as chat resolves its model: an enabled ai/llm row of kind embedding
   * marked default, else config llm.embedding_model with config llm's provider, URL and key, else the first
   * enabled embedding row; none = keyword retrieval only.
   */
  async configuredModel(): Promise<Embedder | null> {
    const sources = await this.sources();
    return sources[0] ?? null;
  }

  /** Every embedding endpoint the configuration names, in the order of preference. */
  private async sources(): Promise<Embedder[]> {
    const [llm, rows] = await Promise.all([this.settings.get('llm'), this.repo.embeddingRows()]);
    const enabled = rows.filter((r) => r.enable && r.model);
    const fromRow = (r: (typeof rows)[number]): Embedder => ({
      key: modelKey(r.provider, r.baseUrl, r.model),
      name: r.model,
      ep: { provider: r.provider as TLlmProvider, baseUrl: r.baseUrl, apiKey: r.apiKey, model: r.model, outbound: this.outbound },
    });
    const out: Embedder[] = [];
    const def = enabled.find((r) => r.isDefault);
    if (def) out.push(fromRow(def));
    if (llm.embedding_model) {
      out.push({
        key: modelKey(llm.provider, llm.base_url, llm.embedding_model),
        name: llm.embedding_model,
        ep: { provider: llm.provider as TLlmProvider, baseUrl: llm.base_url, apiKey: llm.api_key, model: llm.embedding_model, outbound: this.outbound },
      });
    }
    for (const r of enabled) if (r !== def) out.push(fromRow(r));
    return out;
  }

  /**
   * How to call a model known by its key (the active one may no longer be the configured one while its successor
   * is built): a configured endpoint with that key, else the key's provider, URL and model with the key of a
   * configured endpoint on the same provider and URL (a renamed model at the same vendor). No key is stored here.
   */
  private async endpointFor(key: string, sources?: Embedder[]): Promise<Embedder | null> {
    const all = sources ?? (await this.sources());
    const exact = all.find((s) => s.key === key);
    if (exact) return exact;
    const [provider, baseUrl, ...rest] = key.split('|');
    const model = rest.join('|');
    if (!model || key.includes('#')) return null;
    const same = all.find((s) => s.ep.provider === provider && s.ep.baseUrl === baseUrl);
    return same ? { key, name: model, ep: { ...same.ep, model } } : null;
  }

  private async modelStates(): Promise<{ active?: ModelRow; building?: ModelRow; retired: ModelRow[] }> {
    const rows = await this.repo.models();
    return {
      active: rows.find((m) => m.state === 'active'),
      building: rows.find((m) => m.state === 'building'),
      retired: rows.filter((m) => m.state === 'retired'),
    };
  }

  /**
   * Follows the configuration: with no model before, the configured one is active at once (and every document is
   * queued to get its vectors); a different one becomes `building` and every document is queued again, while
   * answers keep using the active model's vectors until the new ones are complete (`maybePromote`).
   */
  async syncModel(): Promise<void> {
    const cfg = await this.configuredModel();
    if (!cfg) return;
    const { active, building } = await this.modelStates();
    if (active?.model === cfg.key) {
      if (building) await this.retire(building.model);
      return;
    }
    if (building?.model === cfg.key && active) return;
    if (building && building.model !== cfg.key) await this.retire(building.model);
    await this.repo.upsertModel(cfg.key, cfg.name, active ? 'building' : 'active');
    this.log.info(active ? 'embedding model changed: re-embedding in the background' : 'embedding model set', { model: cfg.name });
    await this.repo.requeueAll();
    await this.dispatch();
  }

  private async retire(model: string) {
    await this.repo.setModelState(model, 'retired');
    await this.repo.dropModel(model, await this.engine());
  }

  /** The building model becomes active once every chunk has its vector and no task is left; the old one goes. */
  async maybePromote(): Promise<boolean> {
    const { active, building, retired } = await this.modelStates();
    for (const r of retired) await this.repo.dropModel(r.model, await this.engine());
    if (!building) return false;
    if ((await this.repo.unfinishedTasks()) > 0) return false;
    if ((await this.repo.chunksWithout(building.model)) > 0) return false;
    await this.repo.promote(building.model);
    if (active) await this.repo.dropModel(active.model, await this.engine());
    this.log.info('embedding model promoted', { model: building.name });
    return true;
  }

  // ---------------------------------------------------------------- keeping the index right

  /** A file was converted again: its documents are re-indexed (re-cut only if the text changed). */
  async onConverted(hash: string, status: number): Promise<void> {
    if (status !== 2) return;
    const ids = await this.repo.idsByHash(hash);
    await this.repo.markPending(ids);
    await this.enqueue(ids);
  }

  /**
   * Documents changed (edited, deleted, disabled, restored, purged): visibility is read at retrieval time, so only
   * a purge (chunks go) and a converted document the index has never seen (it is queued) need work here.
   */
  async onChanged(ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.documents(unique);
    const found = new Set(rows.map((r) => r.id));
    await this.repo.removeDocuments(unique.filter((id) => !found.has(id)));
    const fresh = rows.filter((r) => !r.has_task && r.status === 2).map((r) => r.id);
    await this.repo.markPending(fresh);
    await this.enqueue(fresh);
  }

  /** Runs on the queue; without one (tools, tests) the work is done right here. */
  private async enqueue(ids: number[]): Promise<void> {
    for (const id of ids) {
      if (this.queue.attached) await this.queue.send(indexDocumentJob, { documentId: id });
      else await this.processTask(id);
    }
  }

  /** Sends every pending task to the queue (without one, they wait for `processPending`). */
  private async dispatch(): Promise<void> {
    if (this.queue.attached) await this.queue.send(dispatchPendingJob, {});
  }

  /** The dispatch job: a job per pending task (at most `max`). */
  async sendPending(olderThan?: Date, max = Infinity): Promise<number> {
    let after = 0;
    let n = 0;
    for (;;) {
      const ids = await this.repo.pendingIds(after, Math.min(500, max - n), olderThan);
      if (!ids.length) return n;
      for (const id of ids) await this.queue.send(indexDocumentJob, { documentId: id });
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
      const ids = await this.repo.pendingIds(after, 100);
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
    this.background = this.background.then(fn).catch((e) => this.log.warn('knowledge background work failed', { error: String(e) }));
  }

  /**
   * The indexing job: claim the task, cut the text again if it changed, embed the chunks lacking a vector for the
   * active model and for one being built, then done (or failed with a readable error, or pending again with a
   * back-off on rate limits and upstream trouble). Answers whether this call did the work.
   */
  async processTask(documentId: number): Promise<boolean> {
    const task = await this.repo.claim(documentId);
    if (!task) return false;
    const claimedAt = task.startedAt;
    const hold = async (patch: Parameters<KnowledgeRepo['updateClaimed']>[2]) => {
      if (!(await this.repo.updateClaimed(documentId, claimedAt, patch))) throw new Released();
    };
    try {
      const doc = await this.repo.document(documentId);
      if (!doc) {
        await this.repo.removeDocuments([documentId]);
        return true;
      }
      await this.syncDictionary();
      const texts = await this.repo.pageTexts(doc.hash);
      const fingerprint = crypto
        .createHash('sha256')
        .update(texts.map((t) => `${t.page}\u0001${t.text}`).join('\u0002'))
        .digest('hex');
      let chunks = task.chunks;
      if (fingerprint !== task.textHash || (chunks > 0 && (await this.repo.chunkCount(documentId)) !== chunks)) {
        const cut = chunkPages(texts);
        await this.repo.replaceChunks(
          documentId,
          cut.map((c) => ({ ...c, segmented: segment(c.content) })),
        );
        chunks = cut.length;
        await hold({ textHash: fingerprint, chunks, embedded: 0 });
      }
      await this.syncModel();
      const { active, building } = await this.modelStates();
      const sources = await this.sources();
      const primary = building ?? active;
      const targets: { row: ModelRow; em: Embedder }[] = [];
      for (const row of [building, active]) {
        const em = row && (await this.endpointFor(row.model, sources));
        if (row && em) targets.push({ row, em });
      }
      const model = primary && targets.some((t) => t.row === primary) ? primary.model : '';
      for (const t of targets) {
        const missing = await this.repo.chunksMissing(documentId, t.row.model);
        for (let i = 0; i < missing.length; i += BATCH) {
          const batch = missing.slice(i, i + BATCH);
          const vectors = await embed(
            t.em.ep,
            batch.map((c) => c.content),
            { retries: 0 },
          );
          await this.storeVectors(t.row, batch, vectors);
          await hold(t.row.model === model ? { embedded: await this.repo.countEmbedded(documentId, model) } : {});
        }
      }
      await hold({
        status: 2,
        error: '',
        model,
        chunks,
        embedded: model ? await this.repo.countEmbedded(documentId, model) : 0,
        finishedAt: new Date(),
      });
      if (building) await this.maybePromote();
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
    const engine = await this.engine();
    if (row.dimension === 0) {
      row.dimension = await this.repo.settleDimension(row.model, dim);
      if (engine === 'pgvector') await this.repo.createHnswIndex(row.model, row.dimension);
    }
    if (dim !== row.dimension) {
      throw new EmbeddingFault(`向量模型调用失败：返回的向量为 ${dim} 维，与该模型已有向量的 ${row.dimension} 维不一致，请检查模型配置后全部重建`);
    }
    await this.repo.insertVectors(
      row.model,
      batch.map((c, i) => ({ chunkId: c.id, vector: unit(vectors[i]) })),
      engine,
    );
    // this process's matrix looks again at the next question (other processes within their check interval)
    this.matrices?.touch(row.model);
  }

  private async failOrRetry(task: TaskRow, claimedAt: Date, e: unknown) {
    const message =
      e instanceof LlmError
        ? `向量模型调用失败：${e.message}`
        : e instanceof EmbeddingFault
          ? e.message
          : `向量化失败：${e instanceof Error ? e.message.slice(0, 300) : String(e)}`;
    const retry = retryable(e) && task.attempts < MAX_ATTEMPTS;
    this.log.warn('embedding task failed', {
      documentId: task.documentId,
      attempt: task.attempts,
      retry,
      error: message,
      ...(e instanceof LlmError && e.detail ? { detail: e.detail.slice(0, 500) } : {}),
    });
    if (retry) {
      const wait = BACKOFF_SECONDS[Math.min(task.attempts, BACKOFF_SECONDS.length) - 1];
      const held = await this.repo.updateClaimed(task.documentId, claimedAt, {
        status: 0,
        error: `${message}（${wait} 秒后自动重试）`.slice(0, 500),
      });
      if (held && this.queue.attached) await this.queue.send(indexDocumentJob, { documentId: task.documentId }, { startAfter: wait });
      return;
    }
    await this.repo.updateClaimed(task.documentId, claimedAt, { status: 3, error: message.slice(0, 500), finishedAt: new Date() });
  }

  /**
   * The watchdog (every minute): tasks with no progress for STUCK_AFTER_MS are queued again, or failed once their
   * attempts are spent — nothing stays "processing"; a changed model starts building; a complete one is promoted.
   */
  async watchdog(): Promise<{ requeued: number; failed: number }> {
    let requeued = 0;
    let failed = 0;
    for (const t of await this.repo.stuck(new Date(Date.now() - STUCK_AFTER_MS))) {
      if (t.attempts < MAX_ATTEMPTS) {
        await this.repo.setTask(t.documentId, { status: 0, error: '上次处理中断，已重新排队' }, 1);
        if (this.queue.attached) await this.queue.send(indexDocumentJob, { documentId: t.documentId });
        requeued++;
      } else {
        await this.repo.setTask(t.documentId, { status: 3, error: '向量化超时：处理进程长时间没有进展（可能已中断），请重试', finishedAt: new Date() }, 1);
        failed++;
      }
    }
    await this.syncModel().catch((e) => this.log.warn('embedding model check failed', { error: String(e) }));
    // a few a minute: during a big rebuild most old pending tasks are simply still queued, and a duplicate costs a claim
    if (this.queue.attached) await this.sendPending(new Date(Date.now() - RESEND_PENDING_AFTER_MS), 200);
    await this.maybePromote();
    return { requeued, failed };
  }

  /**
   * Start-up sweep: documents the index has not seen get tasks (an upgrade, a crash between conversion and event),
   * the model configuration is followed, and every pending task is queued by one dispatch job (not here: a large
   * library would hold up the start). Answers how many are pending.
   */
  async recover(): Promise<number> {
    await this.repo.createMissingTasks();
    await this.syncModel().catch((e) => this.log.warn('embedding model check failed', { error: String(e) }));
    const pending = (await this.repo.taskCounts())[0] ?? 0;
    if (pending) await this.dispatch();
    return pending;
  }

  // ---------------------------------------------------------------- admin

  async listTasks(q: { page: number; size: number; status?: number[]; wd?: string }) {
    const { rows, total } = await this.repo.listTasks(q);
    const models = new Map((await this.repo.models()).map((m) => [m.model, m.name]));
    return {
      total,
      embedding: rows.map(({ task: t, title, uuid, ext }) => ({
        document_id: t.documentId,
        title,
        uuid,
        ext,
        status: t.status as 0 | 1 | 2 | 3,
        error: t.error,
        chunks: t.chunks,
        embedded: t.embedded,
        model: models.get(t.model) ?? t.model.split('|').pop() ?? '',
        attempts: t.attempts,
        updated_at: t.updatedAt.toISOString(),
        finished_at: t.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  async stats() {
    const [{ active, building }, counts, chunks, engine] = await Promise.all([
      this.modelStates(),
      this.repo.taskCounts(),
      this.repo.countChunks(),
      this.engine(),
    ]);
    const n = (s: number) => counts[s] ?? 0;
    return {
      model: active?.name ?? '',
      next_model: building?.name ?? '',
      engine,
      dimension: active?.dimension || building?.dimension || 0,
      documents: n(0) + n(1) + n(2) + n(3),
      pending: n(0),
      processing: n(1),
      done: n(2),
      failed: n(3),
      chunks,
      vectors: active ? await this.repo.countVectors(active.model) : 0,
      next_vectors: building ? await this.repo.countVectors(building.model) : 0,
    };
  }

  /** These documents (or every failed one) again; answers how many were queued. */
  async retry(ids: number[]): Promise<number> {
    const queued = await this.repo.retry(ids);
    await this.startPending(queued);
    return queued.length;
  }

  /** Every document cut and embedded again, in the background. */
  async rebuild(): Promise<number> {
    const n = await this.repo.resetAll();
    await this.startPending();
    return n;
  }

  private async startPending(ids?: number[]) {
    if (this.queue.attached) {
      if (ids) for (const id of ids) await this.queue.send(indexDocumentJob, { documentId: id });
      else await this.dispatch();
    } else this.inBackground(() => this.processPending());
  }

  // ---------------------------------------------------------------- retrieval

  /**
   * Reads the active model's vectors into the process's matrix now rather than at the first question (PostgreSQL
   * without pgvector only); true when questions will be ranked in the process.
   */
  async warmVectors(): Promise<boolean> {
    if (!this.matrices || (await this.engine()) !== 'exact') return false;
    const { active } = await this.modelStates();
    if (!active?.dimension) return false;
    this.matrices.keepOnly([active.model]);
    return this.matrices.ready(active.model, active.dimension);
  }

  /**
   * The question's words that can select candidates: in a library of LARGE_LIBRARY chunks or more, a word found in
   * more than COMMON_SHARE of the chunks would match most of the library and only the cap would bound it, so it is
   * left out of the match and kept for the ranking; if every word is that common, the two rarest select. The common
   * words come from one ts_stat pass over the library, in the background, every DF_TTL_MS at most (until the first
   * pass is done, and in small libraries, every word selects).
   */
  private selectiveWords(words: string[]): string[] {
    const now = Date.now();
    const c = this.common;
    if (!this.commonLoading && (!c || now - c.at > DF_TTL_MS)) {
      this.commonLoading = (async () => {
        try {
          const total = await this.repo.chunkTotal();
          const minChunks = Math.ceil(total * COMMON_SHARE) + 1;
          const list = total >= LARGE_LIBRARY ? await this.repo.commonWords(minChunks) : [];
          this.common = { words: new Set(list), at: Date.now() };
        } catch (e) {
          this.log.warn("could not count the library's common words", { error: e instanceof Error ? e.message : String(e) });
          this.common = { words: c?.words ?? new Set(), at: Date.now() };
        } finally {
          this.commonLoading = undefined;
        }
      })();
    }
    if (words.length < 2 || !c?.words.size) return words;
    return selective(
      words,
      words.map((w) => (c.words.has(w) ? 1 : 0)),
      1,
    );
  }

  /** Waits for the common-words pass (tests, warming). */
  async commonWordsReady(): Promise<void> {
    if (!this.common && !this.commonLoading) this.selectiveWords([]);
    await this.commonLoading;
  }

  /** The question's vector with the active model, or null when there is none (or no way to call it). */
  private async queryVector(question: string): Promise<{ model: ModelRow; vector: number[] } | null> {
    const { active } = await this.modelStates();
    if (!active || !active.dimension) return null;
    const em = await this.endpointFor(active.model);
    if (!em) return null;
    const [v] = await embed(em.ep, [question], { retries: 1, connectTimeoutMs: 10_000, idleTimeoutMs: 10_000 });
    if (!v || v.length !== active.dimension) throw new LlmError('bad_response', `问题的向量为 ${v?.length ?? 0} 维，与索引的 ${active.dimension} 维不一致`);
    return { model: active, vector: unit(v) };
  }

  /**
   * Hybrid retrieval: the jieba full-text match over chunks and the active model's nearest vectors, each its top
   * CANDIDATES, fused by reciprocal rank (k = 60), one passage per (document, page), visible documents only.
   * When the embedder fails, the keyword list answers alone: a question never fails because of it.
   */
  async retrieve(opts: RetrieveOptions): Promise<Passage[]> {
    const mode = opts.mode ?? 'hybrid';
    const limit = Math.min(50, Math.max(1, Math.floor(opts.limit ?? 6)));
    const docs = opts.documentIds ? [...new Set(opts.documentIds)].filter((n) => Number.isInteger(n) && n > 0) : undefined;
    if (docs && !docs.length) return [];
    const question = opts.query.trim().slice(0, 2000);
    if (!question) return [];
    const words = keywordTerms(question);
    const tsquery = toRankQuery({ must: words, phrases: [], not: [], highlight: words });
    // the asker's reading rights: known documents (Q&A) are limited in SQL, so every candidate is one they may read;
    // the whole library is limited after ranking, from a larger pool so that pages they may not read cannot crowd
    // out the ones they may
    const limits = docs && opts.pageLimit ? await opts.pageLimit(docs) : undefined;
    if (limits && !limits.size) return [];
    const restrict: Restriction | undefined = docs ? { documentIds: docs, pageLimits: limits } : undefined;
    const pool = !docs && opts.pageLimit ? CANDIDATES * 4 : CANDIDATES;
    const keyword = async () => {
      if (!tsquery) return [];
      // a document filter makes the match small already; the whole library matches by its selective words
      const selective = docs ? words : this.selectiveWords(words);
      const match = selective.length < words.length ? toRankQuery({ must: selective, phrases: [], not: [], highlight: selective }) : tsquery;
      return this.repo.keyword(match ?? tsquery, pool, restrict, tsquery);
    };
    const vector = async (): Promise<PassageRow[] | null> => {
      try {
        const q = await this.queryVector(question);
        if (!q) return null;
        const engine = await this.engine();
        if (engine === 'exact' && !docs && this.matrices) {
          // hidden and deleted chunks are dropped after ranking: ask for room to spare
          const near = await this.matrices.nearest(q.model.model, q.model.dimension, q.vector, pool * 4);
          if (near) return await this.repo.passagesByRank(near, pool);
        }
        return await this.repo.nearest(q.model.model, q.model.dimension, q.vector, pool, engine, restrict);
      } catch (e) {
        this.log.warn('vector retrieval failed; keyword results only', { error: e instanceof Error ? e.message : String(e) });
        return null;
      }
    };
    const [kw, vecAll] = await Promise.all([mode !== 'vector' ? keyword() : Promise.resolve(null), mode !== 'keyword' ? vector() : Promise.resolve(null)]);
    // vector-only with no vectors to use: the keyword list rather than nothing
    let kwList = kw ?? (vecAll === null ? await keyword() : null);
    let vec = vecAll;
    if (!docs && opts.pageLimit) {
      const found = [...new Set([...(kwList ?? []), ...(vec ?? [])].map((r) => r.documentId))];
      const allowed = found.length ? await opts.pageLimit(found) : new Map<number, number>();
      const readable = (list: PassageRow[] | null) => list && list.filter((r) => r.page <= (allowed.get(r.documentId) ?? 0)).slice(0, CANDIDATES);
      kwList = readable(kwList);
      vec = readable(vec);
    }
    const lists = [kwList, vec].filter((l): l is PassageRow[] => l !== null);
    if (!lists.length) return [];

    const fused = new Map<number, { row: PassageRow; rrf: number; keywordRank: number; vectorRank: number }>();
    const add = (list: PassageRow[] | null, which: 'keywordRank' | 'vectorRank') => {
      list?.forEach((row, i) => {
        const f = fused.get(row.chunkId) ?? { row, rrf: 0, keywordRank: 0, vectorRank: 0 };
        f.rrf += 1 / (RRF_K + i + 1);
        f[which] = i + 1;
        fused.set(row.chunkId, f);
      });
    };
    add(kwList, 'keywordRank');
    add(vec, 'vectorRank');
    const best = new Map<string, typeof fused extends Map<number, infer V> ? V : never>();
    for (const f of fused.values()) {
      const key = `${f.row.documentId}:${f.row.page}`;
      const seen = best.get(key);
      if (!seen || f.rrf > seen.rrf) best.set(key, f);
    }
    const top = 1 / (RRF_K + 1);
    return [...best.values()]
      .sort((a, b) => b.rrf - a.rrf || a.row.chunkId - b.row.chunkId)
      .slice(0, limit)
      .map((f) => ({
        documentId: f.row.documentId,
        title: f.row.title,
        uuid: f.row.uuid,
        page: f.row.page,
        score: Math.round(Math.min(1, f.rrf / (top * lists.length)) * 10_000) / 10_000,
        snippet: bestSnippet(f.row.content, words, 120),
        content: f.row.content,
        keywordRank: f.keywordRank,
        vectorRank: f.vectorRank,
      }));
  }

  /** The administrators' hit test. */
  async testRetrieval(q: { wd: string; mode: RetrievalMode; size: number; document_id?: number[] }) {
    const started = process.hrtime.bigint();
    const passages = await this.retrieve({ query: q.wd, mode: q.mode, limit: q.size, documentIds: q.document_id?.length ? q.document_id : undefined });
    const took = Number(process.hrtime.bigint() - started) / 1e6;
    return {
      mode: q.mode,
      took_ms: Math.round(took * 10) / 10,
      passages: passages.map((p) => ({
        document_id: p.documentId,
        title: p.title,
        uuid: p.uuid,
        page: p.page,
        score: p.score,
        snippet: p.snippet,
        keyword_rank: p.keywordRank,
        vector_rank: p.vectorRank,
      })),
    };
  }
}
