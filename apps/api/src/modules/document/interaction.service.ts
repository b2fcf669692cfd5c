import { PunishmentType, type TComment } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { UserService } from '../user/user.service';
import type { PunishmentService } from '../account/punishment.service';
import type { CaptchaService } from '../account/captcha.service';
import { DynamicType, type AccountService } from '../account/account.service';
import type { DocumentRepo } from './document.repo';
import type { DocumentService, Viewer } from './document.service';
import type { Tx } from '../credit/credit.service';

/** Another kind of item commented on and favourited through the same tables (type 1: articles, registered by their module). */
export interface InteractionTarget {
  /** the item as the user may see it; throws when it is not there */
  find(id: number, userId: number): Promise<{ id: number; userId: number; title: string }>;
  /** recounts the items' comment and favourite counts */
  refreshCounts(tx: Db | Tx, ids: number[]): Promise<void>;
  commentsEnabled?(): Promise<boolean>;
  /** what a favourites list shows of these items (missing ones are gone) */
  favoriteSummaries?(ids: number[]): Promise<{ id: number; title: string; identifier: string }[]>;
}

/** Favourites, scores, comments and reports around a document (articles reuse comments and favourites with type 1). */
export class InteractionService {
  /** comment/favourite targets other than documents, by type */
  readonly targets = new Map<number, InteractionTarget>();

  constructor(
    private readonly db: Db,
    private readonly repo: DocumentRepo,
    private readonly documents: DocumentService,
    private readonly users: UserService,
    private readonly credits: CreditService,
    private readonly settings: ConfigService,
    private readonly punishments: PunishmentService,
    private readonly captcha: CaptchaService,
    private readonly account: AccountService,
  ) {}

  // ---------------- favourites ----------------
  async favorite(userId: number, documentId: number, type: number, ip: string) {
    await this.punishments.assertAllowed(userId, PunishmentType.NoFavorite);
    if (type !== 0) return this.favoriteOther(userId, documentId, type, ip);
    const d = await this.documents.visible({ id: documentId }, { userId, isAdmin: false });
    const score = await this.settings.section('score');
    const since = await this.documents.startOfDay();
    const rewarded = d.userId !== userId && (await this.repo.countFavoritesToday(userId, since)) < (Number(score.document_collected_limit) || 0);
    const award = Math.max(0, Number(score.document_collected) || 0);
    const row = await this.db.transaction(async (tx) => {
      const f = await this.repo.insertFavorite(tx, { userId, documentId, type, ip });
      if (!f) return undefined;
      await this.repo.bump(tx, documentId, 'favoriteCount', 1);
      await this.repo.refreshUserCounts(tx, userId);
      if (rewarded && award > 0) await this.credits.change(tx, { userId: d.userId, delta: award, reason: 'document_collected', refType: 'document', refId: d.id, remark: `文档《${d.title}》被收藏` });
      return f;
    });
    if (!row) throw conflict('您已经收藏过了');
    await this.account.addDynamic(userId, DynamicType.Favorite, `收藏了文档《${d.title}》`);
    return { id: row.id, document_id: row.documentId, type: row.type, created_at: row.createdAt.toISOString() };
  }

  private async favoriteOther(userId: number, id: number, type: number, ip: string) {
    const target = this.targets.get(type);
    if (!target) throw badRequest('暂不支持收藏该类型');
    const item = await target.find(id, userId);
    const row = await this.db.transaction(async (tx) => {
      const f = await this.repo.insertFavorite(tx, { userId, documentId: item.id, type, ip });
      if (f) await target.refreshCounts(tx, [item.id]);
      return f;
    });
    if (!row) throw conflict('您已经收藏过了');
    return { id: row.id, document_id: row.documentId, type: row.type, created_at: row.createdAt.toISOString() };
  }

  async unfavorite(userId: number, ids: number[]) {
    await this.db.transaction(async (tx) => {
      const removed = await this.repo.deleteFavorites(tx, userId, ids);
      for (const f of removed) if (f.type === 0) await this.repo.bump(tx, f.documentId, 'favoriteCount', -1);
      await this.repo.refreshUserCounts(tx, userId);
      for (const [type, target] of this.targets) await target.refreshCounts(tx, removed.filter((f) => f.type === type).map((f) => f.documentId));
    });
  }

  async getFavorite(userId: number, documentId: number, type: number) {
    const f = await this.repo.findFavorite(userId, documentId, type);
    return { favorite: f ? { id: f.id, document_id: f.documentId, type: f.type, created_at: f.createdAt.toISOString() } : null };
  }

  async listFavorites(userId: number, type: number, page: number, size: number) {
    const { rows, total } = await this.repo.listFavorites(userId, type, page, size);
    const ids = rows.map((r) => r.documentId);
    const docs = type === 0 ? await this.repo.documentsByIds(ids) : [];
    const decorated = new Map((await this.documents.decorate(docs)).map((d) => [d.id, d]));
    const others = type === 0 ? [] : ((await this.targets.get(type)?.favoriteSummaries?.(ids)) ?? []);
    const byId = new Map(others.map((o) => [o.id, o]));
    return {
      total,
      favorite: rows.map((f) => ({
        id: f.id, document_id: f.documentId, type: f.type, created_at: f.createdAt.toISOString(),
        document: decorated.get(f.documentId), article: type === 1 ? byId.get(f.documentId) : undefined,
      })),
    };
  }

  // ---------------- scores ----------------
  async score(userId: number, documentId: number, score: number) {
    await this.documents.visible({ id: documentId }, { userId, isAdmin: false });
    await this.db.transaction((tx) => this.repo.upsertScore(tx, documentId, userId, score));
  }

  // ---------------- comments ----------------
  async comment(userId: number, body: { document_id: number; parent_id: number; content: string; type: 0 | 1; captcha?: string; captcha_id?: string }, ip: string): Promise<TComment> {
    await this.punishments.assertAllowed(userId, PunishmentType.NoComment);
    const groups = await this.users.groups(userId);
    if (!groups.some((g) => g.enable_comment)) throw forbidden('您所在的用户组不允许发表评论');
    await this.captcha.verify('comment', body.captcha_id, body.captcha);
    const security = await this.settings.section('security');
    const interval = Math.max(0, Number(security.comment_interval) || 0);
    const last = await this.repo.lastCommentAt(userId);
    if (last && interval > 0 && Date.now() - last.getTime() < interval * 1000) {
      const wait = Math.ceil((last.getTime() + interval * 1000 - Date.now()) / 1000);
      throw new AppError('rate_limited', `评论太频繁，请 ${wait} 秒后再试`, { 'Retry-After': String(wait) });
    }
    const target = body.type === 0 ? undefined : this.targets.get(body.type);
    if (body.type !== 0 && !target) throw badRequest('暂不支持评论该类型');
    if (target?.commentsEnabled && !(await target.commentsEnabled())) throw forbidden('评论功能已关闭');
    const d = target ? await target.find(body.document_id, userId) : await this.documents.visible({ id: body.document_id }, { userId, isAdmin: false });
    if (body.parent_id) {
      const parent = await this.repo.findComment(body.parent_id);
      if (!parent || parent.documentId !== d.id || parent.type !== body.type) throw badRequest('回复的评论不存在');
    }
    const needsApproval = groups.length > 0 && groups.every((g) => g.enable_comment_approval);
    const score = await this.settings.section('score');
    const since = await this.documents.startOfDay();
    const rewarded = body.type === 0 && d.userId !== userId && (await this.repo.countDocCommentsToday(d.id, 0, since)) < (Number(score.document_commented_limit) || 0);
    const award = Math.max(0, Number(score.document_commented) || 0);
    const row = await this.db.transaction(async (tx) => {
      const c = await this.repo.insertComment(tx, { userId, parentId: body.parent_id, documentId: d.id, type: body.type, content: body.content, status: needsApproval ? 0 : 1, ip });
      await this.repo.refreshCommentCounts(tx, body.type, [d.id]);
      await this.repo.refreshUserCounts(tx, userId);
      if (target) await target.refreshCounts(tx, [d.id]);
      if (!needsApproval && rewarded && award > 0) await this.credits.change(tx, { userId: d.userId, delta: award, reason: 'document_commented', refType: 'document', refId: d.id, remark: `文档《${d.title}》被评论` });
      return c;
    });
    await this.account.addDynamic(userId, DynamicType.Comment, `评论了${target ? '文章' : '文档'}《${d.title}》`);
    const u = await this.users.get(userId);
    return { id: row.id, user_id: userId, username: u.username, user_avatar: u.avatar, parent_id: row.parentId, document_id: row.documentId, type: row.type, content: row.content, status: row.status, comment_count: 0, created_at: row.createdAt.toISOString() };
  }

  async listComments(q: { page: number; size: number; document_id?: number; type?: number[]; status?: number[]; user_id?: number[]; parent_id?: number[]; wd?: string; with_document_title?: boolean }, viewer: Viewer) {
    const own = viewer.userId !== undefined && q.user_id?.length === 1 && q.user_id[0] === viewer.userId;
    const filter = viewer.isAdmin || own ? q : { ...q, status: [1], size: Math.min(q.size, 100) };
    const { rows, total } = await this.repo.listComments(filter);
    let titles = new Map<number, string>();
    if (q.with_document_title) titles = new Map((await this.repo.documentsByIds([...new Set(rows.filter((r) => r.c.type === 0).map((r) => r.c.documentId))], true)).map((d) => [d.id, d.title]));
    return {
      total,
      comment: rows.map(({ c, username, avatar }) => ({
        id: c.id, user_id: c.userId, username: username ?? '', user_avatar: avatar ?? '', parent_id: c.parentId, document_id: c.documentId,
        document_title: titles.get(c.documentId), type: c.type, content: c.content, status: c.status, comment_count: c.commentCount, created_at: c.createdAt.toISOString(),
      })),
    };
  }

  async checkComments(ids: number[], status: number) {
    const rows = await this.repo.setCommentStatus(ids, status);
    for (const type of [0, 1]) await this.repo.refreshCommentCounts(this.db, type, [...new Set(rows.filter((r) => r.type === type).map((r) => r.documentId))]);
    for (const [type, target] of this.targets) await target.refreshCounts(this.db, [...new Set(rows.filter((r) => r.type === type).map((r) => r.documentId))]);
  }

  async deleteComments(viewer: Viewer, ids: number[]) {
    const rows = await this.repo.commentsByIds(ids);
    if (!rows.length) throw notFound('评论不存在');
    if (!viewer.isAdmin && rows.some((r) => r.userId !== viewer.userId)) throw forbidden();
    await this.db.transaction(async (tx) => {
      const removed = await this.repo.deleteComments(tx, ids);
      for (const type of [0, 1]) await this.repo.refreshCommentCounts(tx, type, [...new Set(removed.filter((r) => r.type === type).map((r) => r.documentId))]);
      for (const [type, target] of this.targets) await target.refreshCounts(tx, [...new Set(removed.filter((r) => r.type === type).map((r) => r.documentId))]);
    });
  }

  // ---------------- reports ----------------
  async report(userId: number, body: { document_id: number; reason: number; remark: string }) {
    const d = await this.documents.visible({ id: body.document_id }, { userId, isAdmin: false });
    const row = await this.repo.insertReport({ documentId: d.id, documentTitle: d.title, userId, reason: body.reason, remark: body.remark });
    if (!row) throw conflict('您已经举报过该文档，我们会尽快处理');
  }

  async listReports(q: { page: number; size: number; status?: boolean[]; wd?: string }) {
    const { rows, total } = await this.repo.listReports(q);
    return { total, report: rows.map(({ r, username, uuid }) => this.toReport(r, username ?? '', uuid ?? undefined)) };
  }

  toReport(r: Awaited<ReturnType<DocumentRepo['updateReport']>> & object, username: string, uuid?: string) {
    return { id: r.id, document_id: r.documentId, document_title: r.documentTitle, document_uuid: uuid, user_id: r.userId, username, reason: r.reason, status: r.status, remark: r.remark, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString() };
  }

  async updateReport(id: number, status: boolean, remark: string) {
    const r = await this.repo.updateReport(id, status, remark);
    if (!r) throw notFound('举报不存在');
    return this.toReport(r, (await this.users.get(r.userId).catch(() => ({ username: '' }))).username);
  }

  deleteReports(ids: number[]) {
    return this.repo.deleteReports(ids);
  }

  // ---------------- my downloads ----------------
  async myDownloads(userId: number, page: number, size: number) {
    const { rows, total } = await this.repo.listDownloads(userId, page, size);
    return {
      total,
      download: rows.map(({ d, doc }) => ({ id: d.id, document_id: doc.id, document_uuid: doc.uuid, title: doc.title, ext: doc.ext, size: doc.size, pages: doc.pages, score: doc.score, price: d.price, is_pay: d.isPay, created_at: d.createdAt.toISOString() })),
    };
  }
}
