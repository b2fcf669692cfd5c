import crypto from 'node:crypto';
import { DocumentStatus, PunishmentType, type TDocument } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { UserService } from '../user/user.service';
import type { PunishmentService } from '../account/punishment.service';
import type { AccountService } from '../account/account.service';
import { DynamicType } from '../account/account.service';
import type { DocumentRepo, DocumentRow, DocumentFilter } from './document.repo';
import { toDocument, pageUrls, EXT_GROUPS } from './document.mapper';
import { toAttachment } from './transfer.service';
import { detectEngines } from '../../engines/convert';

/** Statuses the public may see in lists: converted only; owners and admins see everything. */
const PUBLIC_STATUSES = [DocumentStatus.Converted];
const HIDDEN_STATUSES: number[] = [DocumentStatus.Disabled, DocumentStatus.PendingReview, DocumentStatus.ReviewRejected];

export interface Viewer {
  userId?: number;
  isAdmin: boolean;
}

export class DocumentService {
  /** called after documents are created or need (re)conversion: enqueues the job */
  onNeedsConversion: (hash: string) => Promise<void> = async () => undefined;
  /** called when documents change in a way search must follow (issue 5 hooks in) */
  onChanged: (ids: number[]) => Promise<void> = async () => undefined;

  constructor(
    private readonly db: Db,
    private readonly repo: DocumentRepo,
    private readonly users: UserService,
    private readonly credits: CreditService,
    private readonly settings: ConfigService,
    private readonly punishments: PunishmentService,
    private readonly account: AccountService,
  ) {}

  /** Documents by id as list cards (row and public shape), in the order asked; deleted and unknown ids left out. */
  async cardsByIds(ids: number[]): Promise<{ row: DocumentRow; doc: TDocument }[]> {
    const found = new Map((await this.repo.cardsByIds(ids)).map((c) => [c.row.id, c]));
    return ids.flatMap((id) => {
      const c = found.get(id);
      if (!c) return [];
      const user = c.username === null ? undefined : { username: c.username, avatar: c.avatar ?? '' };
      return [{ row: c.row, doc: toDocument(c.row, { categoryIds: (c.categoryIds ?? []).map(Number), user }) }];
    });
  }

  async decorate(rows: DocumentRow[], withHash = false): Promise<TDocument[]> {
    const [cats, users] = await Promise.all([
      this.repo.categoryIdsOf(rows.map((r) => r.id)),
      this.repo.usersByIds([...new Set(rows.map((r) => r.userId))]),
    ]);
    const byUser = new Map(users.map((u) => [u.id, u]));
    return rows.map((r) => toDocument(r, { categoryIds: cats.get(r.id) ?? [], user: byUser.get(r.userId), withHash }));
  }

  private async startOfToday(): Promise<Date> {
    const tz = String((await this.settings.section('system')).timezone || 'Asia/Shanghai');
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    const sinceMidnight = ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000;
    return new Date(Math.floor(Date.now() / 1000) * 1000 - sinceMidnight);
  }
  startOfDay = () => this.startOfToday();

  // ---------------- create ----------------
  async create(userId: number, body: { category_id: number[]; document: { attachment_id: number; title: string; price: number; language: string; keywords: string; description: string }[] }): Promise<TDocument[]> {
    await this.punishments.assertAllowed(userId, PunishmentType.NoUpload);
    const groups = await this.users.groups(userId);
    if (!groups.some((g) => g.enable_upload)) throw forbidden('您所在的用户组不允许上传文档');
    // review is needed only when every group of the user requires it (moredoc's rule)
    const needsReview = groups.length > 0 && groups.every((g) => g.enable_document_review);
    const cats = await this.repo.categoriesByIds(body.category_id);
    if (cats.length !== new Set(body.category_id).size || cats.some((c) => c.type !== 0 || !c.enable)) throw badRequest('文档分类不存在或已停用');
    const attachments = await this.repo.attachmentsByIds(body.document.map((d) => d.attachment_id));
    const byId = new Map(attachments.map((a) => [a.id, a]));
    for (const d of body.document) {
      const a = byId.get(d.attachment_id);
      if (!a || a.userId !== userId || a.type !== 2 || a.deletedAt) throw badRequest('上传的文件不存在，请重新上传');
      if (a.typeId) throw badRequest(`文件「${a.name}」已经提交过了`);
      if (!a.enable) throw badRequest(`文件「${a.name}」已被禁止上传`);
    }
    const score = await this.settings.section('score');
    const todayStart = await this.startOfToday();
    const doneToday = await this.repo.countUserDocumentsToday(userId, todayStart);
    const limit = Math.max(0, Number(score.upload_document_limit) || 0);
    const award = Math.max(0, Number(score.upload_document) || 0);
    const created = await this.db.transaction(async (tx) => {
      const rows: DocumentRow[] = [];
      for (const [i, d] of body.document.entries()) {
        const a = byId.get(d.attachment_id)!;
        const row = await this.repo.insertDocument(tx, {
          uuid: crypto.randomBytes(8).toString('hex'), title: d.title, keywords: d.keywords, description: d.description, userId,
          attachmentId: a.id, hash: a.hash, ext: a.ext, size: a.size, price: d.price, language: d.language,
          status: needsReview ? DocumentStatus.PendingReview : DocumentStatus.Pending,
        });
        await this.repo.setDocumentCategories(tx, row.id, body.category_id);
        await this.repo.linkAttachment(tx, a.id, row.id);
        if (award > 0 && doneToday + i < limit) {
          await this.credits.change(tx, { userId, delta: award, reason: 'upload_document', refType: 'document', refId: row.id, remark: `上传文档《${d.title}》` });
        }
        rows.push(row);
      }
      await this.repo.recount(tx, [userId], body.category_id);
      return rows;
    });
    for (const r of created) await this.account.addDynamic(userId, DynamicType.Upload, `上传了文档《${r.title}》`);
    if (!needsReview) for (const hash of new Set(created.map((r) => r.hash))) await this.onNeedsConversion(hash);
    await this.onChanged(created.map((r) => r.id));
    return this.decorate(created);
  }

  // ---------------- read ----------------
  /** A document as a viewer may see it: disabled, pending-review and rejected ones only for owner and admins. */
  async visible(by: { id?: number; uuid?: string }, viewer: Viewer): Promise<DocumentRow> {
    const d = await this.repo.findDocument(by);
    if (!d) throw notFound('文档不存在或已被删除');
    const privileged = viewer.isAdmin || (viewer.userId !== undefined && viewer.userId === d.userId);
    if (!privileged && HIDDEN_STATUSES.includes(d.status)) throw notFound('文档不存在或已被删除');
    return d;
  }

  async detail(by: { id?: number; uuid?: string }, viewer: Viewer, countView: boolean) {
    const d = await this.visible(by, viewer);
    if (countView) await this.repo.incrementView(d.id);
    const [[doc], cats, fav, myScore, freeDl, content] = await Promise.all([
      this.decorate([{ ...d, viewCount: d.viewCount + (countView ? 1 : 0) }], viewer.isAdmin),
      this.repo.categoriesByIds((await this.repo.categoryIdsOf([d.id])).get(d.id) ?? []),
      viewer.userId ? this.repo.findFavorite(viewer.userId, d.id, 0) : undefined,
      viewer.userId ? this.repo.myScore(d.id, viewer.userId) : 0,
      this.canDownloadFree(d, viewer.userId),
      d.status === DocumentStatus.Converted ? this.repo.firstText(d.hash, 2000) : Promise.resolve(''),
    ]);
    const display = await this.settings.section('display');
    if (display.show_document_view_count === false) doc.view_count = 0;
    if (display.show_document_download_count === false) doc.download_count = 0;
    if (display.show_document_favorite_count === false) doc.favorite_count = 0;
    return {
      ...doc, content,
      category: cats.map((c) => ({ id: c.id, title: c.title, parent_id: c.parentId })),
      page_urls: pageUrls(d), is_favorite: !!fav, my_score: myScore, can_download_free: freeDl,
    };
  }

  /** Free for the owner, for free documents, for VIPs when the VIP rules say so, and within the re-download window. */
  async canDownloadFree(d: DocumentRow, userId?: number): Promise<boolean> {
    if (d.price <= 0) return true;
    if (!userId) return false;
    if (d.userId === userId) return true;
    const [vip, user, download] = await Promise.all([this.settings.section('vip'), this.users.get(userId), this.settings.section('download')]);
    if (vip.enable === true && vip.free_download === true && user.vipExpireAt && user.vipExpireAt > new Date()) return true;
    const paid = await this.repo.lastPaidDownload(userId, d.id);
    if (!paid) return false;
    const days = Number(download.free_download_duration) || 0;
    // moredoc treats <= 0 as "free forever after paying once"
    return days <= 0 || Date.now() - paid.createdAt.getTime() < days * 86_400_000;
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
    const { rows, total } = await this.repo.list(f);
    return { total, document: await this.decorate(rows, viewer.isAdmin) };
  }

  async home(limit: number) {
    const cats = await this.topCategories();
    const blocks = [];
    for (const c of cats) {
      const { rows } = await this.repo.list({ page: 1, size: limit, category_id: [c.id, ...c.children], status: PUBLIC_STATUSES });
      blocks.push({ category_id: c.id, category_name: c.title, category_cover: c.cover, document: await this.decorate(rows) });
    }
    const [rec, latest] = await Promise.all([
      this.repo.list({ page: 1, size: limit, status: PUBLIC_STATUSES, is_recommend: [true], sort: 'recommend' }),
      this.repo.list({ page: 1, size: limit, status: PUBLIC_STATUSES }),
    ]);
    return { document: blocks, recommend: await this.decorate(rec.rows), latest: await this.decorate(latest.rows) };
  }

  private async topCategories() {
    const all = await this.db.query.categories.findMany({ where: (c, { and, eq }) => and(eq(c.type, 0), eq(c.enable, true)), orderBy: (c, { desc }) => [desc(c.sort), c.id] });
    return all.filter((c) => c.parentId === 0).map((c) => ({ ...c, children: all.filter((x) => x.parentId === c.id).map((x) => x.id) }));
  }

  async related(id: number) {
    const d = await this.visible({ id }, { isAdmin: false });
    return { document: await this.decorate(await this.repo.related(d, 10)) };
  }

  // ---------------- update & delete ----------------
  async update(viewer: Viewer, body: { id: number; title?: string; keywords?: string; description?: string; price?: number; language?: string; category_id?: number[]; status?: number }) {
    const d = await this.repo.findDocument({ id: body.id });
    if (!d) throw notFound('文档不存在或已被删除');
    if (!viewer.isAdmin && d.userId !== viewer.userId) throw forbidden();
    const patch: Record<string, unknown> = {};
    for (const [k, col] of [['title', 'title'], ['keywords', 'keywords'], ['description', 'description'], ['price', 'price'], ['language', 'language']] as const) {
      if (body[k] !== undefined) patch[col] = body[k];
    }
    let reconvert = false;
    if (body.status !== undefined && body.status !== d.status) {
      if (!viewer.isAdmin) throw forbidden('只有管理员可以修改文档状态');
      const allowed: number[] = [DocumentStatus.Pending, DocumentStatus.Converted, DocumentStatus.Disabled, DocumentStatus.Reconvert, DocumentStatus.PendingReview, DocumentStatus.ReviewRejected];
      if (!allowed.includes(body.status)) throw badRequest('不支持的文档状态');
      if (body.status === DocumentStatus.Converted) {
        const conv = await this.repo.findConversion(d.hash);
        if (conv?.status !== DocumentStatus.Converted) throw badRequest('文档尚未转换成功，不能直接设为已转换');
      }
      patch.status = body.status;
      reconvert = body.status === DocumentStatus.Pending || body.status === DocumentStatus.Reconvert;
    }
    const cats = body.category_id;
    if (cats) {
      const rows = await this.repo.categoriesByIds(cats);
      if (rows.length !== new Set(cats).size || rows.some((c) => c.type !== 0)) throw badRequest('文档分类不存在');
    }
    const oldCats = (await this.repo.categoryIdsOf([d.id])).get(d.id) ?? [];
    const row = await this.db.transaction(async (tx) => {
      const r = Object.keys(patch).length ? await this.repo.updateDocument(d.id, patch, tx) : d;
      if (cats) await this.repo.setDocumentCategories(tx, d.id, cats);
      await this.repo.recount(tx, [], [...new Set([...oldCats, ...(cats ?? [])])]);
      return r;
    });
    if (reconvert) await this.requestConversion([d.id], body.status === DocumentStatus.Reconvert);
    await this.onChanged([d.id]);
    return (await this.decorate([row], viewer.isAdmin))[0];
  }

  /** Soft delete into the recycle bin; the uploader loses config.score.delete_document credits (not below zero). */
  async softDelete(viewer: Viewer, ids: number[]) {
    const docs = await this.repo.documentsByIds(ids);
    if (!docs.length) throw notFound('文档不存在或已被删除');
    if (!viewer.isAdmin && docs.some((d) => d.userId !== viewer.userId)) throw forbidden();
    const score = await this.settings.section('score');
    const penalty = Math.abs(Number(score.delete_document) || 0);
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction(async (tx) => {
      await this.repo.updateDocuments(docs.map((d) => d.id), { deletedAt: new Date(), deletedUserId: viewer.userId ?? 0 }, tx);
      if (penalty > 0) {
        for (const d of docs) {
          await this.credits.change(tx, { userId: d.userId, delta: -penalty, reason: 'delete_document', refType: 'document', refId: d.id, remark: `删除文档《${d.title}》` }, undefined, true);
        }
      }
      await this.repo.recount(tx, [...new Set(docs.map((d) => d.userId))], cats);
    });
    for (const d of docs) await this.account.addDynamic(d.userId, DynamicType.DeleteDocument, `删除了文档《${d.title}》`);
    await this.onChanged(docs.map((d) => d.id));
  }

  async restore(ids: number[]) {
    const docs = (await this.repo.documentsByIds(ids, true)).filter((d) => d.deletedAt);
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction(async (tx) => {
      await this.repo.updateDocuments(docs.map((d) => d.id), { deletedAt: null, deletedUserId: 0 }, tx);
      await this.repo.recount(tx, [...new Set(docs.map((d) => d.userId))], cats);
    });
    await this.onChanged(docs.map((d) => d.id));
  }

  /** Hard delete from the recycle bin; returns hashes no longer used by anything (their files may go). */
  async purge(ids: number[] | 'all'): Promise<string[]> {
    const targetIds = ids === 'all' ? (await this.repo.deletedDocumentIds()).map((r) => r.id) : ids;
    const docs = (await this.repo.documentsByIds(targetIds, true)).filter((d) => d.deletedAt);
    if (!docs.length) return [];
    await this.db.transaction((tx) => this.repo.hardDelete(tx, docs.map((d) => d.id)));
    await this.repo.softDeleteAttachments(docs.map((d) => d.attachmentId).filter(Boolean));
    await this.onChanged(docs.map((d) => d.id));
    return this.repo.orphanHashes([...new Set(docs.map((d) => d.hash))]);
  }

  // ---------------- admin operations ----------------
  async setRecommend(ids: number[], type: 0 | 1 | 2) {
    const docs = await this.repo.documentsByIds(ids);
    for (const d of docs) {
      if (type === 0) await this.repo.updateDocument(d.id, { recommendAt: null });
      else if (type === 2 || !d.recommendAt) await this.repo.updateDocument(d.id, { recommendAt: new Date() });
    }
  }

  /** Review: approve (→ pending conversion) or reject (→ 7, with the reason shown to the owner). */
  async check(ids: number[], status: 0 | 7, reason: string) {
    const docs = (await this.repo.documentsByIds(ids)).filter((d) => d.status === DocumentStatus.PendingReview || d.status === DocumentStatus.ReviewRejected);
    if (!docs.length) throw badRequest('没有待审核的文档');
    await this.repo.updateDocuments(docs.map((d) => d.id), { status, rejectReason: status === 7 ? reason : '', convertError: status === 7 ? (reason ? `审核未通过：${reason}` : '审核未通过') : '' });
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction((tx) => this.repo.recount(tx, [], cats));
    if (status === 0) await this.requestConversion(docs.map((d) => d.id), false);
    await this.onChanged(docs.map((d) => d.id));
  }

  /** Puts documents back into the conversion queue (failed ones when no ids are given). */
  async requestConversion(ids: number[] | undefined, force: boolean): Promise<number> {
    let docs: DocumentRow[];
    if (ids?.length) docs = await this.repo.documentsByIds(ids);
    else docs = (await this.repo.list({ page: 1, size: 100000, status: [DocumentStatus.Failed] })).rows;
    docs = docs.filter((d) => d.status !== DocumentStatus.PendingReview && d.status !== DocumentStatus.ReviewRejected && d.status !== DocumentStatus.Disabled);
    if (!docs.length) return 0;
    await this.repo.updateDocuments(docs.map((d) => d.id), { status: force ? DocumentStatus.Reconvert : DocumentStatus.Pending, convertError: '' });
    for (const hash of new Set(docs.map((d) => d.hash))) {
      if (force) await this.repo.updateConversion(hash, { status: DocumentStatus.Pending, error: '' });
      await this.onNeedsConversion(hash);
    }
    return docs.length;
  }

  async setCategory(documentIds: number[], categoryIds: number[]) {
    const rows = await this.repo.categoriesByIds(categoryIds);
    if (rows.length !== new Set(categoryIds).size || rows.some((c) => c.type !== 0)) throw badRequest('文档分类不存在');
    const old = await this.repo.categoriesOfDocuments(documentIds);
    await this.db.transaction(async (tx) => {
      for (const id of documentIds) await this.repo.setDocumentCategories(tx, id, categoryIds);
      await this.repo.recount(tx, [], [...new Set([...old, ...categoryIds])]);
    });
    await this.onChanged(documentIds);
  }

  async setLanguage(documentIds: number[], language: string) {
    await this.repo.updateDocuments(documentIds, { language });
    await this.onChanged(documentIds);
  }

  /** Hashes of documents still waiting for conversion, queued again (worker start-up sweep). */
  async requeueWaiting(): Promise<number> {
    const { rows } = await this.repo.list({ page: 1, size: 100000, status: [DocumentStatus.Pending, DocumentStatus.Converting, DocumentStatus.Reconvert] });
    const hashes = [...new Set(rows.map((r) => r.hash))];
    for (const h of hashes) await this.onNeedsConversion(h);
    return hashes.length;
  }

  async categoryTree() {
    const rows = await this.db.query.categories.findMany({ where: (c, { eq }) => eq(c.type, 0) });
    return { rows };
  }

  findForView(uuid: string) {
    return this.repo.findDocument({ uuid });
  }

  myScore(documentId: number, userId: number) {
    return this.repo.myScore(documentId, userId);
  }

  // ---------------- attachments (admin) ----------------
  async listAttachments(q: Parameters<DocumentRepo['listAttachments']>[0]) {
    const { rows, total } = await this.repo.listAttachments(q);
    return { total, attachment: rows.map(({ a, username }) => toAttachment(a, username ?? '')) };
  }

  async getAttachment(id: number) {
    const a = await this.repo.findAttachment(id);
    if (!a || a.deletedAt) throw notFound('附件不存在');
    return toAttachment(a);
  }

  /** Disabling an attachment bans its hash: no one can upload those bytes again. */
  async updateAttachment(body: { id: number; name?: string; description?: string; enable?: boolean }) {
    const a = await this.repo.findAttachment(body.id);
    if (!a || a.deletedAt) throw notFound('附件不存在');
    const patch = Object.fromEntries(Object.entries({ name: body.name, description: body.description }).filter(([, v]) => v !== undefined));
    const row = Object.keys(patch).length ? await this.repo.updateAttachment(a.id, patch) : a;
    if (body.enable !== undefined && body.enable !== a.enable) await this.repo.setHashEnabled(a.hash, body.enable);
    return toAttachment({ ...row!, enable: body.enable ?? a.enable });
  }

  async deleteAttachments(ids: number[]) {
    await this.repo.softDeleteAttachments(ids);
  }

  /** Engines and tools the conversion needs, with versions (admin: GET /envs). */
  async envs() {
    const found = await detectEngines();
    const describe: Record<string, string> = {
      soffice: 'LibreOffice：转换 Word、PPT、Excel、RTF、WPS 等办公文档',
      mutool: 'MuPDF 命令行工具（mupdf-tools，可选）：安装后 PDF、XPS 和办公文档的页面由它原生渲染，约快一倍；XPS 必需',
      'mupdf.js': 'MuPDF.js：渲染 PDF、EPUB、MOBI 页面与提取文字（内置）',
      fonts: '中文字体：保证中文正确显示',
    };
    return found.map((e) => ({ name: e.name, installed: e.installed, version: e.version, description: describe[e.name] ?? '', required: e.name === 'mupdf.js' || e.name === 'soffice' }));
  }

  ensureExists(d: DocumentRow | undefined): DocumentRow {
    if (!d) throw new AppError('not_found', '文档不存在或已被删除');
    return d;
  }
}
