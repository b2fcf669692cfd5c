import { embed, LlmError } from '../../engines/llm';
import type { Logger } from '../../kernel/module';
import { tokenize, toRankQuery } from '../../lib/segment';
import { bestSnippet } from '../../lib/text';
import type { ModelRow } from './chunk.repo';
import { unit, type EmbeddingModels } from './models';
import type { PassageRow, Restriction, RetrievalRepo } from './retrieval.repo';
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

/** candidates per list before fusion */
const CANDIDATES = 50;
/** from this many chunks on, words in more than COMMON_SHARE of them do not select keyword candidates */
const LARGE_LIBRARY = 5000;
const COMMON_SHARE = 0.05;
/** how long the list of common words is trusted before it is counted again (in the background) */
const DF_TTL_MS = 10 * 60_000;
/** reciprocal rank fusion constant (Cormack et al.) */
const RRF_K = 60;
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

export interface RetrievalDeps {
  repo: RetrievalRepo;
  models: EmbeddingModels;
  log: Logger;
  /** exact ranking in the process when the database has no pgvector (absent: rank in SQL) */
  matrices?: VectorMatrices;
}

/**
 * Hybrid retrieval over the AI index for chat and AI search: the jieba full-text match and the active model's
 * nearest vectors, fused by reciprocal rank, within the asker's reading rights; the administrators' hit test.
 */
export class Retrieval {
  private common?: { words: Set<string>; at: number };
  private commonLoading?: Promise<void>;

  constructor(private readonly deps: RetrievalDeps) {}

  /** pgvector (HNSW) or exact `real[]`: how vectors are ranked. */
  engine() {
    return this.deps.models.engine();
  }

  /** Ends what retrieval runs besides requests (the vector scan threads). */
  async close(): Promise<void> {
    await this.deps.matrices?.close();
  }

  /**
   * Reads the active model's vectors into the process's matrix now rather than at the first question (PostgreSQL
   * without pgvector only); true when questions will be ranked in the process.
   */
  async warmVectors(): Promise<boolean> {
    if (!this.deps.matrices || (await this.deps.models.engine()) !== 'exact') return false;
    const { active } = await this.deps.models.states();
    if (!active?.dimension) return false;
    this.deps.matrices.keepOnly([active.model]);
    return this.deps.matrices.ready(active.model, active.dimension);
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
          const total = await this.deps.repo.chunkTotal();
          const minChunks = Math.ceil(total * COMMON_SHARE) + 1;
          const list = total >= LARGE_LIBRARY ? await this.deps.repo.commonWords(minChunks) : [];
          this.common = { words: new Set(list), at: Date.now() };
        } catch (e) {
          this.deps.log.warn("could not count the library's common words", { error: e instanceof Error ? e.message : String(e) });
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
    const { active } = await this.deps.models.states();
    if (!active || !active.dimension) return null;
    const em = await this.deps.models.endpointFor(active.model);
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
      return this.deps.repo.keyword(match ?? tsquery, pool, restrict, tsquery);
    };
    const vector = async (): Promise<PassageRow[] | null> => {
      try {
        const q = await this.queryVector(question);
        if (!q) return null;
        const engine = await this.deps.models.engine();
        if (engine === 'exact' && !docs && this.deps.matrices) {
          // hidden and deleted chunks are dropped after ranking: ask for room to spare
          const near = await this.deps.matrices.nearest(q.model.model, q.model.dimension, q.vector, pool * 4);
          if (near) return await this.deps.repo.passagesByRank(near, pool);
        }
        return await this.deps.repo.nearest(q.model.model, q.model.dimension, q.vector, pool, engine, restrict);
      } catch (e) {
        this.deps.log.warn('vector retrieval failed; keyword results only', { error: e instanceof Error ? e.message : String(e) });
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
