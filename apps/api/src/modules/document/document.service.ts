import crypto from 'node:crypto';
import { DocumentStatus, PunishmentType, TargetType, type TDocument, type TUserCard } from '@wenku/contracts';
import type { Db, Exec, Tx } from '../../db/client';
import type { EventBus } from '../../kernel/events';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import { toUserCard, type UserService } from '../user/user.service';
import type { PunishmentService } from '../account/punishment.service';
import { DynamicType, type AccountService } from '../account/account.service';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ContentService } from '../content/content.service';
import type { DocumentRepo, DocumentRow, DocumentFilter } from './document.repo';

export type { DocumentRow } from './document.repo';
import { toDocument, pageUrls, EXT_GROUPS } from './document.mapper';
import { CounterBuffer } from '../../lib/counter-buffer';
import { TtlCache, freeze, type Caches } from '../../lib/cache';
import type { Logger } from '../../kernel/module';
import type { DocumentPageAnswer } from './document.page';

/** Statuses the public may see in lists: converted only; owners and admins see everything. */
const PUBLIC_STATUSES = [DocumentStatus.Converted];
const HIDDEN_STATUSES: number[] = [DocumentStatus.Disabled, DocumentStatus.PendingReview, DocumentStatus.ReviewRejected];

export interface Viewer {
  userId?: number;
  isAdmin: boolean;
}

/** What a finished conversion tells the documents of its file. */
export interface ConversionOutcome {
  pages: number;
  preview: number;
  width: number;
  height: number;
  gzip: boolean;
  /** the first text of the file, for documents without a description */
  summary?: string;
}

/** What DocumentService is built from, passed as one object (index.ts). */
export interface DocumentDeps {
  db: Db;
  repo: DocumentRepo;
  users: UserService;
  credits: CreditService;
  settings: ConfigService;
  punishments: PunishmentService;
  account: AccountService;
  attachments: AttachmentService;
  content: ContentService;
  events: EventBus;
  log: Logger;
  caches: Caches;
}

/**
 * Documents: their metadata, lists, review, recycle bin and status. The file behind a document belongs to the
 * attachment module, its pages to the conversion module, its favourites and comments to the interaction module.
 */
export class DocumentService {
  private readonly db: Db;
  private readonly repo: DocumentRepo;
  private readonly users: UserService;
  private readonly credits: CreditService;
  private readonly settings: ConfigService;
  private readonly punishments: PunishmentService;
  private readonly account: AccountService;
  private readonly attachments: AttachmentService;
  private readonly content: ContentService;
  private readonly events: EventBus;
  constructor(deps: DocumentDeps) {
    ({
      db: this.db,
      repo: this.repo,
      users: this.users,
      credits: this.credits,
      settings: this.settings,
      punishments: this.punishments,
      account: this.account,
      attachments: this.attachments,
      content: this.content,
      events: this.events,
    } = deps);
    const log = deps.log;
    const caches = deps.caches;
    this.viewCache = caches.cache('document-views', { ttlMs: 60_000, maxEntries: 20_000, staleMs: 60_000 });
    this.pageCache = caches.cache('document-pages', { ttlMs: 10_000, maxEntries: 5000, staleMs: 20_000 });
    this.listCache = caches.cache('document-lists', { ttlMs: 10_000, maxEntries: 1000, staleMs: 20_000 });
    this.homeCache = caches.cache('document-home', { ttlMs: 10_000, maxEntries: 50, staleMs: 20_000 });
    this.cardCache = caches.cache('document-cards', { ttlMs: 10_000, maxEntries: 20_000 });
    this.views = new CounterBuffer(
      (ids, counts) => this.repo.addViews(ids, counts),
      (e) => log.warn("could not write the documents' view counts; kept for the next try", { error: e instanceof Error ? e.message : String(e) }),
    );
  }

  /** page views, written every few seconds in one statement (and at shutdown) */
  readonly views: CounterBuffer;
  /** uuid → document for the page images and covers */
  readonly viewCache: TtlCache<DocumentRow | null>;
  /**
   * What visitors who are not logged in read — the document page and the lists — as whole answers: the same for
   * all of them. Dropped in every process on any document change; the time limit bounds what else they show
   * (an uploader's new name, a category's new title, the view counts).
   */
  readonly pageCache: TtlCache<DocumentPageAnswer>;
  readonly listCache: TtlCache<{ total: number; document: TDocument[] }>;
  /** the home page's blocks (a list per top category: dozens of statements), the same for every visitor */
  readonly homeCache: TtlCache<Awaited<ReturnType<DocumentService['buildHome']>>>;

  /** result cards by id (search pages): row, categories and uploader, which took two statements per page */
  readonly cardCache: TtlCache<{ row: DocumentRow; doc: TDocument }>;

  /** Favourite, comment or download counts changed (committed): the cached pages and lists showing them go. */
  async countsChanged() {
    await TtlCache.clearAll([this.pageCache, this.listCache, this.homeCache, this.cardCache]);
  }

  /** Drops what is held in memory about documents, here and in the other API processes. */
  private async forgetCached() {
    await TtlCache.clearAll([this.viewCache, this.pageCache, this.listCache, this.homeCache, this.cardCache]);
  }

  /** Documents by id as list cards (row and public shape), in the order asked; deleted and unknown ids left out. */
  async cardsByIds(ids: number[]): Promise<{ row: DocumentRow; doc: TDocument }[]> {
    const found = await this.cardCache.getMany(ids.map(String), async (missing) => {
      const rows = await this.repo.withCategories(missing.map(Number));
      const authors = new Map((await this.users.byIds(rows.map((r) => r.row.userId))).map((u) => [u.id, u]));
      return new Map(
        rows.map((c) => {
          const u = authors.get(c.row.userId);
          const doc = toDocument(c.row, { categoryIds: (c.categoryIds ?? []).map(Number), user: u && { username: u.username, avatar: u.avatar } });
          return [String(c.row.id), freeze({ row: c.row, doc })];
        }),
      );
    });
    return ids.flatMap((id) => found.get(String(id)) ?? []);
  }

  /** Documents as answers show them: administrators too never get the file's content hash (see toAttachment). */
  async decorate(rows: DocumentRow[]): Promise<TDocument[]> {
    const [cats, users] = await Promise.all([this.repo.categoryIdsOf(rows.map((r) => r.id)), this.users.byIds(rows.map((r) => r.userId))]);
    const byUser = new Map(users.map((u) => [u.id, u]));
    return rows.map((r) => toDocument(r, { categoryIds: cats.get(r.id) ?? [], user: byUser.get(r.userId) }));
  }

  /** Documents by id (order not kept). */
  byIds(ids: number[], withDeleted = false): Promise<DocumentRow[]> {
    return this.repo.byIds(ids, withDeleted);
  }

  private async changed(ids: number[]) {
    if (!ids.length) return;
    await this.forgetCached();
    await this.events.emit('document.changed', { ids });
  }

  private async requestConversionOf(hashes: Iterable<string>, force: boolean) {
    for (const hash of new Set(hashes)) await this.events.emit('document.conversion-requested', { hash, force });
  }

  /** Recounts doc_count of these users and categories, inside the caller's transaction. */
  private async recount(tx: Tx, userIds: number[], categoryIds: number[]) {
    for (const [userId, n] of await this.repo.liveCountsOfUsers(tx, [...new Set(userIds)])) await this.users.setCounts(tx, userId, { docCount: n });
    await this.content.setDocCounts(tx, await this.repo.liveCountsOfCategories(tx, [...new Set(categoryIds)]));
  }

  private async assertDocumentCategories(ids: number[], requireEnabled: boolean) {
    const rows = await this.content.categoriesByIds(ids);
    if (rows.length !== new Set(ids).size || rows.some((c) => c.type !== 0 || (requireEnabled && !c.enable))) {
      throw badRequest(requireEnabled ? '文档分类不存在或已停用' : '文档分类不存在');
    }
  }

  // ---------------- create ----------------
  async create(
    userId: number,
    body: {
      category_id: number[];
      document: { attachment_id: number; title: string; price: number; language: string; keywords: string; description: string }[];
    },
    /** the collector publishes its downloads (attachment type 8, spider document) through this same path */
    opts: { attachmentType?: number } = {},
  ): Promise<TDocument[]> {
    await this.punishments.assertAllowed(userId, PunishmentType.NoUpload);
    const groups = await this.users.groups(userId);
    if (!groups.some((g) => g.enable_upload)) throw forbidden('您所在的用户组不允许上传文档');
    // review is needed only when every group of the user requires it (moredoc's rule)
    const needsReview = groups.length > 0 && groups.every((g) => g.enable_document_review);
    await this.assertDocumentCategories(body.category_id, true);
    const byId = await this.attachments.forNewDocuments(
      userId,
      body.document.map((d) => d.attachment_id),
      opts.attachmentType,
    );
    const score = await this.settings.get('score');
    const doneToday = await this.repo.countUserDocumentsSince(userId, await this.settings.startOfToday());
    const limit = Math.max(0, score.upload_document_limit);
    const award = Math.max(0, score.upload_document);
    const created = await this.db.transaction(async (tx) => {
      const rows: DocumentRow[] = [];
      for (const [i, d] of body.document.entries()) {
        const a = byId.get(d.attachment_id);
        if (!a) throw badRequest('上传的文件不存在，请重新上传');
        const row = await this.repo.insert(tx, {
          uuid: crypto.randomBytes(8).toString('hex'),
          title: d.title,
          keywords: d.keywords,
          description: d.description,
          userId,
          attachmentId: a.id,
          hash: a.hash,
          ext: a.ext,
          size: a.size,
          price: d.price,
          language: d.language,
          status: needsReview ? DocumentStatus.PendingReview : DocumentStatus.Pending,
        });
        await this.repo.setCategories(tx, row.id, body.category_id);
        await this.attachments.link(tx, a.id, row.id);
        if (award > 0 && doneToday + i < limit) {
          await this.credits.change(tx, {
            userId,
            delta: award,
            reason: 'upload_document',
            refType: 'document',
            refId: row.id,
            remark: `上传文档《${d.title}》`,
          });
        }
        rows.push(row);
      }
      await this.recount(tx, [userId], body.category_id);
      return rows;
    });
    for (const r of created) await this.account.addDynamic(userId, DynamicType.Upload, `上传了文档《${r.title}》`, { type: TargetType.Document, id: r.id });
    if (!needsReview)
      await this.requestConversionOf(
        created.map((r) => r.hash),
        false,
      );
    await this.changed(created.map((r) => r.id));
    return this.decorate(created);
  }

  // ---------------- read ----------------
  /** A document as a viewer may see it: disabled, pending-review and rejected ones only for owner and admins. */
  async visible(by: { id?: number; uuid?: string }, viewer: Viewer): Promise<DocumentRow> {
    const d = await this.repo.find(by);
    if (!d) throw notFound('文档不存在或已被删除');
    const privileged = viewer.isAdmin || (viewer.userId !== undefined && viewer.userId === d.userId);
    if (!privileged && HIDDEN_STATUSES.includes(d.status)) throw notFound('文档不存在或已被删除');
    return d;
  }

  /**
   * The document page's own part: the document with its categories and page URLs, counting the view. The
   * viewer's favourite, score and free-download flags and the page text come from their modules.
   */
  async detail(d: DocumentRow, viewer: Viewer, countView: boolean) {
    if (countView) this.views.add(d.id);
    const [[doc], cats, display] = await Promise.all([
      this.decorate([{ ...d, viewCount: d.viewCount + this.views.unwritten(d.id) }]),
      this.repo.categoryIdsOf([d.id]).then((m) => this.content.categoriesByIds(m.get(d.id) ?? [])),
      this.settings.get('display'),
    ]);
    if (display.show_document_view_count === false) doc.view_count = 0;
    if (display.show_document_download_count === false) doc.download_count = 0;
    if (display.show_document_favorite_count === false) doc.favorite_count = 0;
    return {
      ...doc,
      user: await this.authorCard(d.userId),
      // moredoc clients build page and cover URLs from it (never the content hash: see ZDocumentAttachment)
      attachment: { hash: d.viewKey },
      category: cats.map((c) => ({ id: c.id, title: c.title, parent_id: c.parentId })),
      page_urls: pageUrls(d),
    };
  }

  /** The uploader's card on the document page: public fields only (ZUserCard). */
  private async authorCard(userId: number): Promise<TUserCard | undefined> {
    const [u] = await this.users.byIds([userId]);
    return u && toUserCard(u);
  }

  async list(q: DocumentFilter & { ext?: string }, viewer: Viewer) {
    const own = viewer.userId !== undefined && q.user_id?.length === 1 && q.user_id[0] === viewer.userId;
    const f: DocumentFilter = { ...q, exts: q.ext ? EXT_GROUPS[q.ext] : undefined };
    if (!viewer.isAdmin) {
      f.deleted = false;
      if (!own) {
        f.status = PUBLIC_STATUSES;
        f.size = Math.min(f.size, 50);
      }
    }
    const load = async () => {
      const { rows, total } = await this.repo.list(f);
      return { total, document: await this.decorate(rows) };
    };
    // the public lists (home blocks, categories, the newest) are the same for every visitor who is not logged in
    if (viewer.userId === undefined && !viewer.isAdmin) return this.listCache.get(JSON.stringify(f), async () => freeze(await load()));
    return load();
  }

  /** The home page's documents: from memory, dropped in every process with the lists (any document change). */
  home(limit: number) {
    return this.homeCache.get(String(limit), async () => freeze(await this.buildHome(limit)));
  }

  private async buildHome(limit: number) {
    const all = (await this.content.categoriesOfType(0)).filter((c) => c.enable);
    const tops = all.filter((c) => c.parentId === 0).map((c) => ({ ...c, children: all.filter((x) => x.parentId === c.id).map((x) => x.id) }));
    // the blocks side by side: built one after the other, a cold build under load waited for each in turn
    const blocks = await Promise.all(
      tops.map(async (c) => {
        const { rows } = await this.repo.list({ page: 1, size: limit, category_id: [c.id, ...c.children], status: PUBLIC_STATUSES });
        return { category_id: c.id, category_name: c.title, category_cover: c.cover, document: await this.decorate(rows) };
      }),
    );
    const [rec, latest] = await Promise.all([
      this.repo.list({ page: 1, size: limit, status: PUBLIC_STATUSES, is_recommend: [true], sort: 'recommend' }),
      this.repo.list({ page: 1, size: limit, status: PUBLIC_STATUSES }),
    ]);
    return { document: blocks, recommend: await this.decorate(rec.rows), latest: await this.decorate(latest.rows) };
  }

  async related(by: { id?: number; uuid?: string }) {
    const d = await this.visible(by, { isAdmin: false });
    return { document: await this.decorate(await this.repo.related(d, 10)) };
  }

  /** Public documents after an id, in id order (sitemap pages). */
  publicAfter(afterId: number, limit: number) {
    return this.repo.publicAfter(afterId, limit);
  }

  /**
   * The document behind a page image or cover URL, from memory after the first read (a reader loads dozens of
   * pages): cleared in every process when a document changes or converts.
   */
  async findForView(uuid: string): Promise<DocumentRow | undefined> {
    return (await this.viewCache.get(uuid, async () => (await this.repo.find({ uuid })) ?? null)) ?? undefined;
  }

  /**
   * The same for a file's view key (moredoc's `attachment.hash`): a converted, not deleted document of that file —
   * whose pages anyone may read by its uuid —, never one that is disabled or unpublished only.
   */
  async findForViewByKey(viewKey: string): Promise<DocumentRow | undefined> {
    return (await this.viewCache.get(`key:${viewKey}`, async () => (await this.repo.findConvertedByViewKey(viewKey)) ?? null)) ?? undefined;
  }

  // ---------------- update & delete ----------------
  /**
   * `isConverted(hash)` answers whether the file has converted pages: only then may an administrator set a
   * document straight back to "converted".
   */
  async update(
    viewer: Viewer,
    body: { id: number; title?: string; keywords?: string; description?: string; price?: number; language?: string; category_id?: number[]; status?: number },
    isConverted: (hash: string) => Promise<boolean>,
  ) {
    const d = await this.repo.find({ id: body.id });
    if (!d) throw notFound('文档不存在或已被删除');
    if (!viewer.isAdmin && d.userId !== viewer.userId) throw forbidden();
    const patch: Record<string, unknown> = {};
    for (const k of ['title', 'keywords', 'description', 'price', 'language'] as const) {
      if (body[k] !== undefined) patch[k] = body[k];
    }
    let reconvert = false;
    if (body.status !== undefined && body.status !== d.status) {
      if (!viewer.isAdmin) throw forbidden('只有管理员可以修改文档状态');
      const allowed: number[] = [
        DocumentStatus.Pending,
        DocumentStatus.Converted,
        DocumentStatus.Disabled,
        DocumentStatus.Reconvert,
        DocumentStatus.PendingReview,
        DocumentStatus.ReviewRejected,
      ];
      if (!allowed.includes(body.status)) throw badRequest('不支持的文档状态');
      if (body.status === DocumentStatus.Converted && !(await isConverted(d.hash))) throw badRequest('文档尚未转换成功，不能直接设为已转换');
      patch.status = body.status;
      reconvert = body.status === DocumentStatus.Pending || body.status === DocumentStatus.Reconvert;
    }
    const cats = body.category_id;
    if (cats) await this.assertDocumentCategories(cats, false);
    const oldCats = (await this.repo.categoryIdsOf([d.id])).get(d.id) ?? [];
    const row = await this.db.transaction(async (tx) => {
      const r = Object.keys(patch).length ? await this.repo.update(d.id, patch, tx) : d;
      if (cats) await this.repo.setCategories(tx, d.id, cats);
      await this.recount(tx, [], [...oldCats, ...(cats ?? [])]);
      return r;
    });
    if (reconvert) await this.requestConversion([d.id], body.status === DocumentStatus.Reconvert);
    await this.changed([d.id]);
    return (await this.decorate([row]))[0];
  }

  /** Soft delete into the recycle bin; the uploader loses config.score.delete_document credits (not below zero). */
  async softDelete(viewer: Viewer, ids: number[]) {
    const docs = await this.repo.byIds(ids);
    if (!docs.length) throw notFound('文档不存在或已被删除');
    if (!viewer.isAdmin && docs.some((d) => d.userId !== viewer.userId)) throw forbidden();
    const score = await this.settings.get('score');
    const penalty = Math.abs(score.delete_document);
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction(async (tx) => {
      await this.repo.updateMany(
        docs.map((d) => d.id),
        { deletedAt: new Date(), deletedUserId: viewer.userId ?? 0 },
        tx,
      );
      if (penalty > 0) {
        for (const d of docs) {
          await this.credits.change(
            tx,
            { userId: d.userId, delta: -penalty, reason: 'delete_document', refType: 'document', refId: d.id, remark: `删除文档《${d.title}》` },
            undefined,
            true,
          );
        }
      }
      await this.recount(
        tx,
        docs.map((d) => d.userId),
        cats,
      );
    });
    for (const d of docs)
      await this.account.addDynamic(d.userId, DynamicType.DeleteDocument, `删除了文档《${d.title}》`, { type: TargetType.Document, id: d.id });
    await this.changed(docs.map((d) => d.id));
  }

  async restore(ids: number[]) {
    const docs = (await this.repo.byIds(ids, true)).filter((d) => d.deletedAt);
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction(async (tx) => {
      await this.repo.updateMany(
        docs.map((d) => d.id),
        { deletedAt: null, deletedUserId: 0 },
        tx,
      );
      await this.recount(
        tx,
        docs.map((d) => d.userId),
        cats,
      );
    });
    await this.changed(docs.map((d) => d.id));
  }

  /** Hard delete from the recycle bin; files nothing uses any more are released to their owners for deletion. */
  async purge(ids: number[] | 'all'): Promise<void> {
    const targetIds = ids === 'all' ? (await this.repo.deletedIds()).map((r) => r.id) : ids;
    const docs = (await this.repo.byIds(targetIds, true)).filter((d) => d.deletedAt);
    if (!docs.length) return;
    await this.db.transaction((tx) =>
      this.repo.hardDelete(
        tx,
        docs.map((d) => d.id),
      ),
    );
    await this.attachments.remove(docs.map((d) => d.attachmentId).filter(Boolean));
    await this.changed(docs.map((d) => d.id));
    const hashes = [...new Set(docs.map((d) => d.hash))];
    const inUse = await this.repo.hashesInUse(hashes);
    const released = await this.attachments.unusedHashes(hashes.filter((h) => !inUse.has(h)));
    if (released.length) await this.events.emit('document.files-released', { hashes: released });
  }

  // ---------------- admin operations ----------------
  async setRecommend(ids: number[], type: 0 | 1 | 2) {
    const docs = await this.repo.byIds(ids);
    for (const d of docs) {
      if (type === 0) await this.repo.update(d.id, { recommendAt: null });
      else if (type === 2 || !d.recommendAt) await this.repo.update(d.id, { recommendAt: new Date() });
    }
  }

  /** Review: approve (→ pending conversion) or reject (→ 7, with the reason shown to the owner). */
  async check(ids: number[], status: 0 | 7, reason: string) {
    const docs = (await this.repo.byIds(ids)).filter((d) => d.status === DocumentStatus.PendingReview || d.status === DocumentStatus.ReviewRejected);
    if (!docs.length) throw badRequest('没有待审核的文档');
    await this.repo.updateMany(
      docs.map((d) => d.id),
      { status, rejectReason: status === 7 ? reason : '', convertError: status === 7 ? (reason ? `审核未通过：${reason}` : '审核未通过') : '' },
    );
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction((tx) => this.recount(tx, [], cats));
    if (status === 0)
      await this.requestConversion(
        docs.map((d) => d.id),
        false,
      );
    await this.changed(docs.map((d) => d.id));
  }

  /** Puts documents back into the conversion queue (failed ones when no ids are given). */
  async requestConversion(ids: number[] | undefined, force: boolean): Promise<number> {
    let docs: DocumentRow[];
    if (ids?.length) docs = await this.repo.byIds(ids);
    else docs = (await this.repo.list({ page: 1, size: 100000, status: [DocumentStatus.Failed] })).rows;
    docs = docs.filter((d) => d.status !== DocumentStatus.PendingReview && d.status !== DocumentStatus.ReviewRejected && d.status !== DocumentStatus.Disabled);
    if (!docs.length) return 0;
    await this.repo.updateMany(
      docs.map((d) => d.id),
      { status: force ? DocumentStatus.Reconvert : DocumentStatus.Pending, convertError: '' },
    );
    await this.requestConversionOf(
      docs.map((d) => d.hash),
      force,
    );
    // out of search until the pages are back
    await this.changed(docs.map((d) => d.id));
    return docs.length;
  }

  async setCategory(documentIds: number[], categoryIds: number[]) {
    await this.assertDocumentCategories(categoryIds, false);
    const old = await this.repo.categoriesOfDocuments(documentIds);
    await this.db.transaction(async (tx) => {
      for (const id of documentIds) await this.repo.setCategories(tx, id, categoryIds);
      await this.recount(tx, [], [...old, ...categoryIds]);
    });
    await this.changed(documentIds);
  }

  async setLanguage(documentIds: number[], language: string) {
    await this.repo.updateMany(documentIds, { language });
    await this.changed(documentIds);
  }

  // ---------------- conversion results (the conversion module reports here) ----------------
  /** Every document (live or in the recycle bin) of the file `hash`. */
  idsOfFile(hash: string): Promise<number[]> {
    return this.repo.idsByHash(hash);
  }

  /** Documents waiting for this file's conversion. */
  awaitingConversion(hash: string): Promise<DocumentRow[]> {
    return this.repo.awaiting(hash);
  }

  /** Hashes whose documents still wait (a crash, a send without a queue): the worker's start-up sweep. */
  waitingHashes(): Promise<string[]> {
    return this.repo.waitingHashes();
  }

  async markConverting(ids: number[]) {
    await this.repo.updateMany(ids, { status: DocumentStatus.Converting, convertError: '' });
    await this.forgetCached();
  }

  /** Every document waiting for `hash` takes the conversion's result. */
  async conversionSucceeded(hash: string, r: ConversionOutcome) {
    for (const d of await this.repo.awaiting(hash)) {
      await this.repo.update(d.id, {
        status: r.pages > 0 ? DocumentStatus.Converted : DocumentStatus.Failed,
        pages: r.pages,
        preview: r.preview,
        width: r.width,
        height: r.height,
        enableGzip: r.gzip,
        convertError: r.pages > 0 ? '' : '文档没有内容',
        description: d.description || (r.summary ?? ''),
      });
    }
    await this.forgetCached();
    await this.events.publish('document.converted', {
      hash,
      ids: await this.repo.idsByHash(hash),
      status: r.pages > 0 ? DocumentStatus.Converted : DocumentStatus.Failed,
    });
  }

  async conversionFailed(hash: string, message: string) {
    const waiting = await this.repo.awaiting(hash);
    await this.repo.updateMany(
      waiting.map((d) => d.id),
      { status: DocumentStatus.Failed, convertError: message },
    );
    await this.forgetCached();
    await this.events.publish('document.converted', { hash, ids: await this.repo.idsByHash(hash), status: DocumentStatus.Failed });
  }

  // ---------------- counters kept by other modules ----------------
  /** Favourite and comment counts, recounted by the interaction module inside its transaction. */
  setInteractionCounts(tx: Exec, rows: { id: number; favorites: number; comments: number }[]) {
    return this.repo.setCounts(tx, rows);
  }

  setScore(tx: Exec, id: number, score: number, scoreCount: number) {
    return this.repo.setScore(tx, id, score, scoreCount);
  }

  /** One more download, inside the download's transaction. */
  countDownload(tx: Exec, id: number) {
    return this.repo.addDownloads(tx, id, 1);
  }
}
