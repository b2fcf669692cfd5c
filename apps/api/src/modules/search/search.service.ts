import type { Exec } from '../../db/client';
import { segment, parseQuery, setUserDictionary, toTsQuery, toRankQuery } from '../../lib/segment';
import { snippetAround } from '../../lib/text';
import { highlightHtml } from '@wenku/contracts';
import type { ConfigService } from '../config/config.service';
import type { DocumentRow, DocumentService } from '../document/document.service';
import type { ContentService } from '../content/content.service';
import type { UserService } from '../user/user.service';
import type { JobQueue } from '../../kernel/jobs';
import { reindexDocumentsJob } from './search.jobs';
import { EXT_GROUPS } from '../document/document.mapper';
import { AppError, badRequest } from '../../lib/errors';
import { freeze, type Caches, type TtlCache } from '../../lib/cache';
import type { SearchRepo, SearchFilter } from './search.repo';

/** Body text indexed per document (tsvector has a 1 MB limit; the start of a document carries its vocabulary). */
const MAX_INDEXED_TEXT = 400_000;
/** candidates per branch (head matches, any-field matches) ranked per search: common words stay fast */
export const CANDIDATE_CAP = 2000;

interface RecordInput {
  keywords: string;
  type: number;
  total: number;
  page: number;
  spendTime: number;
  userId: number;
  ip: string;
  userAgent: string;
}

export class SearchService {
  private buffer: RecordInput[] = [];
  /** answers by question */
  readonly results: TtlCache<Awaited<ReturnType<SearchService['compute']>>>;
  private timer?: NodeJS.Timeout;
  private dictLoadedAt = 0;

  /**
   * The last page of each document whose text a snippet may quote, for an anonymous reader (the download module's
   * rule, given by the reader module, which is made after both).
   */
  private snippetPages?: (docs: DocumentRow[]) => Promise<Map<number, number>>;
  limitSnippets(pages: (docs: DocumentRow[]) => Promise<Map<number, number>>): void {
    this.snippetPages = pages;
  }

  constructor(
    private readonly repo: SearchRepo,
    private readonly settings: ConfigService,
    private readonly documents: DocumentService,
    private readonly content: ContentService,
    private readonly users: UserService,
    private readonly queue: JobQueue,
    caches: Caches,
  ) {
    this.results = caches.cache('search-results', { ttlMs: 30_000, maxEntries: 2000, staleMs: 30_000 });
  }

  /** One more download of a document, in the index's copy of the count (inside the download's transaction). */
  bumpPopularity(tx: Exec, documentId: number) {
    return this.repo.bumpPopularity(tx, documentId, 1);
  }

  /** After a committed popularity change: the cached answers ranked the old way go, in every process. */
  popularityChanged() {
    return this.results.clear();
  }

  private async syncDictionary() {
    if (Date.now() - this.dictLoadedAt < 5000) return;
    const dict = String((await this.settings.get('search')).user_dict ?? '');
    setUserDictionary(dict.split(/\r?\n/));
    this.dictLoadedAt = Date.now();
  }

  private async weights() {
    const s = await this.settings.get('search');
    return { title: s.weight_title, keywords: s.weight_keywords, description: s.weight_description, content: s.weight_content };
  }

  /** Brings the index of these documents up to date (deleted rows leave it). */
  async index(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.syncDictionary();
    const unique = [...new Set(ids)];
    const rows = await this.repo.loadForIndex(unique, MAX_INDEXED_TEXT);
    const found = new Set(rows.map((r) => r.documentId));
    await this.repo.deleteIndex(unique.filter((id) => !found.has(id)));
    const w = await this.weights();
    await this.repo.upsertIndex(
      rows.map((r) => ({
        documentId: r.documentId,
        visible: r.visible,
        title: segment(r.title),
        keywords: segment(r.keywords),
        description: segment(r.description),
        content: segment(r.content),
        popularity: r.popularity,
      })),
      w,
    );
    await this.results.clear();
  }

  async search(
    q: {
      wd: string;
      page: number;
      size: number;
      category_id?: number[];
      ext?: string;
      fee_type?: 'free' | 'charge';
      language?: string[];
      user_id?: number;
      created_at?: string[];
      sort: string;
    },
    who: { userId?: number; ip: string; userAgent: string },
  ) {
    const started = process.hrtime.bigint();
    await this.syncDictionary();
    const display = await this.settings.get('display');
    const maxPage = Math.max(1, display.max_search_pages);
    if (q.page > maxPage) throw badRequest(`最多只能查看前 ${maxPage} 页结果`);
    // the same question gets the same answer whoever asks: popular words are answered from memory until the index
    // changes (dropped in every process) or for at most RESULT_TTL_MS (popularity, names)
    const found = await this.results.get(
      JSON.stringify([q.wd, q.page, q.size, q.category_id, q.ext, q.fee_type, q.language, q.user_id, q.created_at, q.sort, maxPage]),
      async () => freeze(await this.compute(q, maxPage)),
    );
    const spend = Number(process.hrtime.bigint() - started) / 1e9;
    if (found.recorded)
      this.record({
        keywords: q.wd.slice(0, 100),
        type: 0,
        total: found.total,
        page: q.page,
        spendTime: spend,
        userId: who.userId ?? 0,
        ip: who.ip,
        userAgent: who.userAgent.slice(0, 512),
      });
    return { total: found.total, spend: Math.round(spend * 1000) / 1000, max_page: found.max_page, document: found.document, words: found.words };
  }

  /** Matches, ranks and dresses one page of results. */
  private async compute(q: Parameters<SearchService['search']>[0], maxPage: number) {
    const parsed = parseQuery(q.wd);
    const tsq = toTsQuery(parsed);
    // nothing searchable left (only punctuation): nothing matches, and nothing is recorded
    if (!tsq) return { recorded: false, total: 0, max_page: 1, document: [], words: [] as string[] };
    const filter: SearchFilter = {
      categoryIds: q.category_id?.length ? await this.content.withDescendants(0, q.category_id) : undefined,
      exts: q.ext ? EXT_GROUPS[q.ext] : undefined,
      fee: q.fee_type,
      languages: q.language,
      userId: q.user_id,
      from: q.created_at?.[0] ? new Date(q.created_at[0]) : undefined,
      to: q.created_at?.[1] ? new Date(q.created_at[1]) : undefined,
    };
    if ((filter.from && isNaN(filter.from.getTime())) || (filter.to && isNaN(filter.to.getTime()))) throw badRequest('日期格式不正确');
    const offset = (q.page - 1) * q.size;
    // nothing matched word for word: titles that look alike (typos) come back instead, from the same statement
    const similar = !parsed.not.length && !parsed.phrases.length && q.wd.length >= 3 ? q.wd.trim() : undefined;
    const {
      rows,
      total,
      similar: fell,
    } = await this.repo.search(tsq, filter, q.sort, q.size, offset, CANDIDATE_CAP, parsed.not.length > 0, toRankQuery(parsed), similar);
    const words = fell ? [q.wd.trim()] : parsed.highlight;
    // the result cards (row, categories, uploader: one query) and the snippet pages in parallel — the index query
    // already returned each hash — so one round trip follows the index query
    const cards = await this.documents.views.cardsByIds(rows.map((r) => r.id));
    // answers are shared by every searcher: a snippet comes from the pages anyone may be shown (a priced document's
    // preview); a file behind several documents takes the smallest of their limits
    const limits = new Map<string, number>();
    if (this.snippetPages) {
      const pages = await this.snippetPages(cards.map((c) => c.row));
      for (const { row } of cards) limits.set(row.hash, Math.min(limits.get(row.hash) ?? Number.POSITIVE_INFINITY, pages.get(row.id) ?? 0));
    }
    const texts = await this.repo.snippetSources([...new Set(rows.map((r) => r.hash))], words, limits);
    const rankOf = new Map(rows.map((r) => [r.id, r.rank]));
    const document = cards.map(({ row: raw, doc: d }) => {
      const body = texts.get(raw.hash) ?? raw.description;
      return {
        ...d,
        rank: rankOf.get(d.id) ?? 0,
        highlight_title: highlightHtml(raw.title, words),
        highlight_snippet: highlightHtml(snippetAround(body || raw.description, words), words),
      };
    });
    return {
      recorded: true,
      total,
      max_page: Math.min(maxPage, Math.max(1, Math.ceil(Math.min(total, CANDIDATE_CAP) / q.size))),
      document,
      words: parsed.highlight,
    };
  }

  // ---------------- records (written off the request path, in batches) ----------------
  /** Queues a search record (documents type 0, articles type 1); written in batches off the request path. */
  recordSearch(r: RecordInput) {
    this.record(r);
  }

  private record(r: RecordInput) {
    this.buffer.push(r);
    if (this.buffer.length >= 200) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), 2000);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    if (!batch.length) return;
    const days = Number((await this.settings.get('security')).search_record_retention_days);
    if (days === 0) return; // 0 = do not keep search records
    await this.repo.insertRecords(batch).catch(() => undefined);
  }

  async purgeRecords() {
    const days = (await this.settings.get('security')).search_record_retention_days;
    if (days > 0) await this.repo.purgeRecords(new Date(Date.now() - days * 86_400_000));
  }

  async listRecords(q: Parameters<SearchRepo['listRecords']>[0]) {
    const { rows, total } = await this.repo.listRecords(q);
    const names = new Map((await this.users.byIds(rows.map((r) => r.userId))).map((u) => [u.id, u.username]));
    return {
      total,
      search_record: rows.map((r) => ({
        id: r.id,
        keywords: r.keywords,
        type: r.type,
        total: r.total,
        page: r.page,
        spend_time: r.spendTime,
        user_id: r.userId,
        username: names.get(r.userId) ?? '',
        ip: r.ip,
        user_agent: r.userAgent,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }

  deleteRecords(ids: number[]) {
    return this.repo.deleteRecords(ids);
  }

  async hotWords(limit: number) {
    return { words: await this.repo.hotWords(new Date(Date.now() - 7 * 86_400_000), limit) };
  }

  // ---------------- whole-index rebuild ----------------
  async reindexStatus() {
    const s = await this.repo.reindexState();
    return {
      running: s?.running ?? false,
      total: s?.total ?? 0,
      done: s?.done ?? 0,
      error: s?.error ?? '',
      started_at: s?.startedAt?.toISOString() ?? null,
      finished_at: s?.finishedAt?.toISOString() ?? null,
    };
  }

  async startReindex() {
    const s = await this.repo.reindexState();
    if (s?.running && s.startedAt && Date.now() - s.startedAt.getTime() < 6 * 3600_000) throw new AppError('conflict', '索引正在重建中，请稍候');
    await this.repo.setReindexState({ running: true, total: await this.repo.countDocuments(), done: 0, error: '', startedAt: new Date(), finishedAt: null });
    await this.queue.send(reindexDocumentsJob, {});
    // without a queue (tools, tests) the rebuild runs right here in the background
    if (!this.queue.attached) void this.runReindex().catch(() => undefined);
    return this.reindexStatus();
  }

  /** The rebuild job: every document, in batches, progress saved as it goes. */
  async runReindex(): Promise<void> {
    let after = 0;
    let done = 0;
    try {
      for (;;) {
        const ids = await this.repo.allDocumentIds(after, 200);
        if (!ids.length) break;
        await this.index(ids);
        done += ids.length;
        after = ids[ids.length - 1];
        await this.repo.setReindexState({ done });
      }
      await this.repo.setReindexState({ running: false, done, finishedAt: new Date() });
    } catch (e) {
      await this.repo.setReindexState({ running: false, error: e instanceof Error ? e.message.slice(0, 500) : String(e), finishedAt: new Date() });
      throw e;
    }
  }
}
