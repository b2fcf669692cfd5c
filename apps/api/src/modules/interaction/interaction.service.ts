import { PunishmentType, TargetType, type TComment, type TDocument, type TTargetType } from '@wenku/contracts';
import type { Db, Exec, Tx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { UserService } from '../user/user.service';
import type { PunishmentService } from '../account/punishment.service';
import type { CaptchaService } from '../account/captcha.service';
import { DynamicType, type AccountService } from '../account/account.service';
import type { DocumentService, Viewer } from '../document/document.service';
import type { ArticleService } from '../article/article.service';
import type { CommentListFilter, InteractionRepo, ReportRow } from './interaction.repo';

/** A kind of item that is favourited and commented on through the same tables. */
export interface InteractionTarget {
  /** the item as the user may see it; throws when it is not there */
  find(id: number, userId: number): Promise<{ id: number; userId: number; title: string }>;
  /** stores the recounted comment and favourite counts of these items */
  setCounts(tx: Exec, rows: { id: number; favorites: number; comments: number }[]): Promise<void>;
  /** after the transaction that set the counts: cached pages showing them go */
  countsChanged(): Promise<void>;
  commentsEnabled(): Promise<boolean>;
  /** what a favourites list shows of these items (missing ones are gone) */
  favoriteItems(ids: number[]): Promise<Map<number, { document?: TDocument; article?: { id: number; title: string; identifier: string } }>>;
  /** the noun in dynamics ("收藏了文档《…》") */
  noun: string;
}

const iso = (d: Date) => d.toISOString();

/** Favourites, scores, comments and reports of documents and articles. */
export class InteractionService {
  private readonly targets: Record<TTargetType, InteractionTarget>;

  constructor(
    private readonly db: Db,
    private readonly repo: InteractionRepo,
    private readonly documents: DocumentService,
    articles: ArticleService,
    private readonly users: UserService,
    private readonly credits: CreditService,
    private readonly settings: ConfigService,
    private readonly punishments: PunishmentService,
    private readonly captcha: CaptchaService,
    private readonly account: AccountService,
  ) {
    this.targets = {
      [TargetType.Document]: {
        noun: '文档',
        find: (id, userId) => documents.views.visible({ id }, { userId, isAdmin: false }),
        setCounts: (tx, rows) => documents.counters.setInteractionCounts(tx, rows),
        countsChanged: () => documents.cache.countsChanged(),
        commentsEnabled: async () => true,
        favoriteItems: async (ids) => {
          const decorated = await documents.views.decorate(await documents.views.byIds(ids));
          return new Map(decorated.map((d) => [d.id, { document: d }]));
        },
      },
      [TargetType.Article]: {
        noun: '文章',
        find: (id, userId) => articles.interaction.interactionTarget(id, userId),
        setCounts: (tx, rows) => articles.interaction.setInteractionCounts(tx, rows),
        countsChanged: () => articles.cache.countsChanged(),
        commentsEnabled: () => articles.interaction.commentsEnabled(),
        favoriteItems: async (ids) => new Map((await articles.interaction.favoriteSummaries(ids)).map((a) => [a.id, { article: a }])),
      },
    };
  }

  private target(type: number): InteractionTarget {
    const t = this.targets[type as TTargetType];
    if (!t) throw badRequest('不支持的类型');
    return t;
  }

  /** the item types whose counts a transaction changed, to tell their owners once it commits */
  private readonly touched = new WeakMap<object, Set<number>>();

  /** A transaction; after it commits, the owners of the items it recounted drop their cached pages. */
  private async tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const types = new Set<number>();
    const result = await this.db.transaction(async (tx) => {
      this.touched.set(tx, types);
      return fn(tx);
    });
    for (const type of types) await this.target(type).countsChanged();
    return result;
  }

  /** Recounts favourites and comments of these items, and the user's own counters, inside `tx`. */
  private async recount(tx: Exec, type: number, ids: number[], userIds: number[] = []) {
    this.touched.get(tx)?.add(type);
    if (ids.length) await this.target(type).setCounts(tx, await this.repo.countsOf(tx, type, ids));
    for (const userId of new Set(userIds)) await this.users.setCounts(tx, userId, await this.repo.userCounts(tx, userId));
  }

  // ---------------- the viewer's own state ----------------
  /** Whether the viewer favourited an item and, for documents, the score they gave. */
  async viewerState(type: TTargetType, id: number, userId?: number): Promise<{ is_favorite: boolean; my_score: number }> {
    if (!userId) return { is_favorite: false, my_score: 0 };
    const [fav, score] = await Promise.all([this.repo.findFavorite(userId, id, type), type === TargetType.Document ? this.repo.myScore(id, userId) : 0]);
    return { is_favorite: !!fav, my_score: score };
  }

  // ---------------- favourites ----------------
  async favorite(userId: number, targetId: number, type: TTargetType, ip: string) {
    await this.punishments.assertAllowed(userId, PunishmentType.NoFavorite);
    const target = this.target(type);
    const item = await target.find(targetId, userId);
    const score = await this.settings.get('score');
    const rewardable = type === TargetType.Document && item.userId !== userId && score.document_collected > 0;
    const since = rewardable ? await this.settings.startOfToday() : undefined;
    const row = await this.tx(async (tx) => {
      const f = await this.repo.insertFavorite(tx, { userId, documentId: item.id, type, ip });
      if (!f) return undefined;
      await this.recount(tx, type, [item.id], [userId]);
      if (rewardable) {
        // counted from the ledger (what was paid), under the uploader's row lock: unfavouriting and favouriting again,
        // or forty favourites at once, pay no more than the rules say; one favouriter pays a document once, ever
        await this.credits.lock(tx, item.userId);
        const ref = `${userId}:${item.id}`;
        const paidForPair = await this.credits.countEntries({ reason: 'document_collected', refType: 'favorite', refId: ref }, tx);
        const paidToday = await this.credits.countEntries({ reason: 'document_collected', refType: 'favorite', refIdPrefix: `${userId}:`, since }, tx);
        if (!paidForPair && paidToday < score.document_collected_limit) {
          await this.credits.change(tx, {
            userId: item.userId,
            delta: score.document_collected,
            reason: 'document_collected',
            refType: 'favorite',
            refId: ref,
            remark: `文档《${item.title}》被收藏`,
          });
        }
      }
      return f;
    });
    if (!row) throw conflict('您已经收藏过了');
    if (type === TargetType.Document)
      await this.account.addDynamic(userId, DynamicType.Favorite, `收藏了${target.noun}《${item.title}》`, { type, id: item.id });
    return { id: row.id, document_id: row.documentId, type: row.type, created_at: iso(row.createdAt) };
  }

  async unfavorite(userId: number, ids: number[]) {
    await this.tx(async (tx) => {
      const removed = await this.repo.deleteFavorites(tx, userId, ids);
      for (const type of [TargetType.Document, TargetType.Article]) {
        await this.recount(
          tx,
          type,
          removed.filter((f) => f.type === type).map((f) => f.documentId),
        );
      }
      await this.recount(tx, TargetType.Document, [], [userId]);
    });
  }

  async getFavorite(userId: number, targetId: number, type: number) {
    const f = await this.repo.findFavorite(userId, targetId, type);
    return { favorite: f ? { id: f.id, document_id: f.documentId, type: f.type, created_at: iso(f.createdAt) } : null };
  }

  async listFavorites(userId: number, type: TTargetType, page: number, size: number) {
    const { rows, total } = await this.repo.listFavorites(userId, type, page, size);
    const items = await this.target(type).favoriteItems(rows.map((r) => r.documentId));
    return {
      total,
      favorite: rows.map((f) => ({ id: f.id, document_id: f.documentId, type: f.type, created_at: iso(f.createdAt), ...items.get(f.documentId) })),
    };
  }

  // ---------------- scores ----------------
  async score(userId: number, documentId: number, score: number) {
    await this.documents.views.visible({ id: documentId }, { userId, isAdmin: false });
    await this.tx(async (tx) => {
      const r = await this.repo.upsertScore(tx, documentId, userId, score);
      await this.documents.counters.setScore(tx, documentId, r.score, r.count);
    });
  }

  // ---------------- comments ----------------
  async comment(
    userId: number,
    body: { document_id: number; parent_id: number; content: string; type: TTargetType; captcha?: string; captcha_id?: string },
    ip: string,
  ): Promise<TComment> {
    await this.punishments.assertAllowed(userId, PunishmentType.NoComment);
    const groups = await this.users.groups(userId);
    if (!groups.some((g) => g.enable_comment)) throw forbidden('您所在的用户组不允许发表评论');
    await this.captcha.verify('comment', body.captcha_id, body.captcha);
    const interval = Math.max(0, (await this.settings.get('security')).comment_interval);
    const target = this.target(body.type);
    if (!(await target.commentsEnabled())) throw forbidden('评论功能已关闭');
    const d = await target.find(body.document_id, userId);
    if (body.parent_id) {
      const parent = await this.repo.findComment(body.parent_id);
      if (!parent || parent.documentId !== d.id || parent.type !== body.type) throw badRequest('回复的评论不存在');
    }
    const needsApproval = groups.length > 0 && groups.every((g) => g.enable_comment_approval);
    const score = await this.settings.get('score');
    const rewardable = body.type === TargetType.Document && d.userId !== userId && !needsApproval && score.document_commented > 0;
    const since = rewardable ? await this.settings.startOfToday() : undefined;
    const row = await this.tx(async (tx) => {
      // the interval is checked under the commenter's row lock, in the transaction that inserts: parallel comments
      // of one user wait for each other and each sees the one before (read outside, 20 at once all passed)
      await this.credits.lock(tx, userId);
      const last = await this.repo.lastCommentAt(tx, userId);
      if (last && interval > 0 && Date.now() - last.getTime() < interval * 1000) {
        const wait = Math.max(1, Math.ceil((last.getTime() + interval * 1000 - Date.now()) / 1000));
        throw new AppError('rate_limited', `评论太频繁，请 ${wait} 秒后再试`, { 'Retry-After': String(wait) });
      }
      const c = await this.repo.insertComment(tx, {
        userId,
        parentId: body.parent_id,
        documentId: d.id,
        type: body.type,
        content: body.content,
        status: needsApproval ? 0 : 1,
        ip,
      });
      await this.repo.refreshReplyCounts(tx, body.type, [d.id]);
      await this.recount(tx, body.type, [d.id], [userId]);
      if (rewardable) {
        // the document's awards today, counted from the ledger: deleting comments gives nothing back to pay again
        await this.credits.lock(tx, d.userId);
        const paidToday = await this.credits.countEntries({ reason: 'document_commented', refType: 'document', refId: String(d.id), since }, tx);
        if (paidToday < score.document_commented_limit) {
          await this.credits.change(tx, {
            userId: d.userId,
            delta: score.document_commented,
            reason: 'document_commented',
            refType: 'document',
            refId: d.id,
            remark: `文档《${d.title}》被评论`,
          });
        }
      }
      return c;
    });
    await this.account.addDynamic(userId, DynamicType.Comment, `评论了${target.noun}《${d.title}》`, { type: body.type, id: d.id });
    const u = await this.users.get(userId);
    return {
      id: row.id,
      user_id: userId,
      username: u.username,
      user_avatar: u.avatar,
      parent_id: row.parentId,
      document_id: row.documentId,
      type: row.type,
      content: row.content,
      status: row.status,
      comment_count: 0,
      created_at: iso(row.createdAt),
    };
  }

  async listComments(q: CommentListFilter & { with_document_title?: boolean }, viewer: Viewer) {
    const own = viewer.userId !== undefined && q.user_id?.length === 1 && q.user_id[0] === viewer.userId;
    const filter = viewer.isAdmin || own ? q : { ...q, status: [1], size: Math.min(q.size, 100) };
    const { rows, total } = await this.repo.listComments(filter);
    const [authors, docs] = await Promise.all([
      this.users.byIds(rows.map((r) => r.userId)),
      q.with_document_title
        ? this.documents.views.byIds(
            rows.filter((r) => r.type === TargetType.Document).map((r) => r.documentId),
            true,
          )
        : [],
    ]);
    const byUser = new Map(authors.map((u) => [u.id, u]));
    const titles = new Map(docs.map((d) => [d.id, d.title]));
    return {
      total,
      comment: rows.map((c) => ({
        id: c.id,
        user_id: c.userId,
        username: byUser.get(c.userId)?.username ?? '',
        user_avatar: byUser.get(c.userId)?.avatar ?? '',
        parent_id: c.parentId,
        document_id: c.documentId,
        document_title: titles.get(c.documentId),
        type: c.type,
        content: c.content,
        status: c.status,
        comment_count: c.commentCount,
        created_at: iso(c.createdAt),
      })),
    };
  }

  /** GET /comment (administrators): one comment with its author and, for a document, the document's title. */
  async getComment(id: number): Promise<TComment> {
    const c = await this.repo.findComment(id);
    if (!c) throw notFound('评论不存在');
    const [author] = await this.users.byIds([c.userId]);
    const [doc] = c.type === TargetType.Document ? await this.documents.views.byIds([c.documentId], true) : [];
    return {
      id: c.id,
      user_id: c.userId,
      username: author?.username ?? '',
      user_avatar: author?.avatar ?? '',
      parent_id: c.parentId,
      document_id: c.documentId,
      document_title: doc?.title,
      type: c.type,
      content: c.content,
      status: c.status,
      comment_count: c.commentCount,
      created_at: iso(c.createdAt),
    };
  }

  /** PUT /comment (administrators): new text and/or review state; a state change recounts like a review does. */
  async updateComment(body: { id: number; content?: string; status?: number }): Promise<TComment> {
    const before = await this.repo.findComment(body.id);
    if (!before) throw notFound('评论不存在');
    await this.tx(async (tx) => {
      await this.repo.updateComment(tx, body.id, { content: body.content, status: body.status });
      if (body.status !== undefined && body.status !== before.status) {
        await this.repo.refreshReplyCounts(tx, before.type, [before.documentId]);
        await this.recount(tx, before.type, [before.documentId]);
      }
    });
    return this.getComment(body.id);
  }

  async checkComments(ids: number[], status: number) {
    const rows = await this.repo.setCommentStatus(ids, status);
    await this.tx(async (tx) => {
      for (const type of [TargetType.Document, TargetType.Article]) {
        const targetIds = rows.filter((r) => r.type === type).map((r) => r.documentId);
        await this.repo.refreshReplyCounts(tx, type, targetIds);
        await this.recount(tx, type, targetIds);
      }
    });
  }

  async deleteComments(viewer: Viewer, ids: number[]) {
    const rows = await this.repo.commentsByIds(ids);
    if (!rows.length) throw notFound('评论不存在');
    if (!viewer.isAdmin && rows.some((r) => r.userId !== viewer.userId)) throw forbidden();
    await this.tx(async (tx) => {
      const removed = await this.repo.deleteComments(tx, ids);
      for (const type of [TargetType.Document, TargetType.Article]) {
        const targetIds = removed.filter((r) => r.type === type).map((r) => r.documentId);
        await this.repo.refreshReplyCounts(tx, type, targetIds);
        await this.recount(
          tx,
          type,
          targetIds,
          removed.filter((r) => r.type === type).map((r) => r.userId),
        );
      }
    });
  }

  // ---------------- reports ----------------
  async report(userId: number, body: { document_id: number; reason: number; remark: string }) {
    const d = await this.documents.views.visible({ id: body.document_id }, { userId, isAdmin: false });
    const row = await this.repo.insertReport({ documentId: d.id, documentTitle: d.title, userId, reason: body.reason, remark: body.remark });
    if (!row) throw conflict('您已经举报过该文档，我们会尽快处理');
  }

  async listReports(q: { page: number; size: number; status?: boolean[]; wd?: string }) {
    const { rows, total } = await this.repo.listReports(q);
    const [authors, docs] = await Promise.all([
      this.users.byIds(rows.map((r) => r.userId)),
      this.documents.views.byIds(
        rows.map((r) => r.documentId),
        true,
      ),
    ]);
    const names = new Map(authors.map((u) => [u.id, u.username]));
    const uuids = new Map(docs.map((d) => [d.id, d.uuid]));
    return { total, report: rows.map((r) => this.toReport(r, names.get(r.userId) ?? '', uuids.get(r.documentId))) };
  }

  private toReport(r: ReportRow, username: string, uuid?: string) {
    return {
      id: r.id,
      document_id: r.documentId,
      document_title: r.documentTitle,
      document_uuid: uuid,
      user_id: r.userId,
      username,
      reason: r.reason,
      status: r.status,
      remark: r.remark,
      created_at: iso(r.createdAt),
      updated_at: iso(r.updatedAt),
    };
  }

  async updateReport(id: number, status: boolean, remark: string) {
    const r = await this.repo.updateReport(id, status, remark);
    if (!r) throw notFound('举报不存在');
    return this.toReport(r, (await this.users.get(r.userId).catch(() => ({ username: '' }))).username);
  }

  deleteReports(ids: number[]) {
    return this.repo.deleteReports(ids);
  }

  /** Comments and favourites of purged items go with them. */
  forgetTargets(type: TTargetType, ids: number[]) {
    return this.repo.deleteForTargets(type, ids);
  }
}
