import type { Readable } from 'node:stream';
import { DocumentStatus, PunishmentType, TargetType } from '@wenku/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { UserService } from '../user/user.service';
import { isVip } from '../user/user.service';
import type { PunishmentService } from '../account/punishment.service';
import { DynamicType, type AccountService } from '../account/account.service';
import type { AttachmentService } from '../attachment/attachment.service';
import type { DocumentRow, DocumentService, Viewer } from '../document/document.service';
import { readablePages } from '../document/document.mapper';
import type { SearchService } from '../search/search.service';
import type { DownloadRepo } from './download.repo';
import { Gate, GateFull } from '../../lib/gate';

/** Signs a short-lived download token (the route layer owns the key). */
export type SignDownload = (payload: { d: number; u: number }, seconds: number) => string;

/** Downloads: who may download what, daily limits, paying with credits, and the file behind a signed link. */
export class DownloadService {
  /** the locking transactions of downloads under way in this process (see downloadUrl) */
  /**
   * Two download transactions at a time per process; at most twenty wait, none longer than five seconds: beyond
   * that a click hears "busy, try again" (429) rather than waiting until its browser gives up.
   */
  private readonly gate = new Gate(2, { maxWaiting: 20, maxWaitMs: 5000 });

  constructor(
    private readonly db: Db,
    private readonly repo: DownloadRepo,
    private readonly documents: DocumentService,
    private readonly attachments: AttachmentService,
    private readonly users: UserService,
    private readonly credits: CreditService,
    private readonly settings: ConfigService,
    private readonly punishments: PunishmentService,
    private readonly account: AccountService,
    private readonly search: SearchService,
    private readonly storage: Storage,
  ) {}

  /** Free for the owner, for free documents, for VIPs when the VIP rules say so, and within the re-download window. */
  async canDownloadFree(d: DocumentRow, userId?: number): Promise<boolean> {
    return (await this.freeAmong([d], userId)).has(d.id);
  }

  /**
   * Of these documents, those the user downloads free (the rule of `canDownloadFree`, for many documents in a few
   * statements): every free one; with a user, their own, all of them for a VIP when the VIP rules say so, those
   * bought through an order, and those paid for within the re-download window (moredoc: a window <= 0 is for ever).
   */
  async freeAmong(docs: Pick<DocumentRow, 'id' | 'price' | 'userId'>[], userId?: number): Promise<Set<number>> {
    const free = new Set(docs.filter((d) => d.price <= 0 || (userId !== undefined && d.userId === userId)).map((d) => d.id));
    const rest = [...new Set(docs.filter((d) => !free.has(d.id)).map((d) => d.id))];
    if (!userId || !rest.length) return free;
    const [vip, user, download] = await Promise.all([this.settings.get('vip'), this.users.get(userId), this.settings.get('download')]);
    if (vip.enable && vip.free_download && isVip(user)) return new Set(docs.map((d) => d.id));
    const days = download.free_download_duration;
    const [bought, paid] = await Promise.all([
      this.repo.purchasedAmong(userId, rest),
      this.repo.paidAmong(userId, rest, days <= 0 ? undefined : new Date(Date.now() - days * 86_400_000)),
    ]);
    for (const id of rest) if (bought.has(id) || paid.has(id)) free.add(id);
    return free;
  }

  /**
   * The last page whose text a reader may be shown, per document (AI search and document Q&A quote passages): every
   * page of a document they download free, else only the pages anyone reads online (`readablePages`: the page
   * images). Documents not found are left out (nothing of them may be shown).
   */
  async textPages(documentIds: number[], userId?: number): Promise<Map<number, number>> {
    return this.textPagesOf(await this.documents.views.byIds([...new Set(documentIds)]), userId);
  }

  /** `textPages` of documents already read (the document page, search snippets, the crawler page). */
  async textPagesOf(docs: Pick<DocumentRow, 'id' | 'price' | 'userId' | 'status' | 'preview'>[], userId?: number): Promise<Map<number, number>> {
    const free = await this.freeAmong(docs, userId);
    return new Map(docs.map((d) => [d.id, free.has(d.id) ? Number.POSITIVE_INFINITY : readablePages(d)]));
  }

  /** Issues a short-lived signed URL after the checks and, for paid documents, the credit transfer. */
  async downloadUrl(viewer: Viewer, id: number, ip: string, sign: SignDownload): Promise<string> {
    const cfg = await this.settings.get('download');
    const d = await this.documents.views.visible({ id }, viewer);
    if (d.status === DocumentStatus.Disabled) throw notFound('文档不存在或已被删除');
    const free = await this.canDownloadFree(d, viewer.userId);
    if (!viewer.userId) {
      if (!(cfg.enable_guest_download && d.price <= 0)) throw unauthorized('请登录后下载');
    } else {
      await this.punishments.assertAllowed(viewer.userId, PunishmentType.NoDownload);
    }
    const since = await this.settings.startOfToday();
    const vip = await this.settings.get('vip');
    const perUser = viewer.userId ? (vip.enable && isVip(await this.users.get(viewer.userId)) ? vip.times_every_day : cfg.times_every_day) : 0;
    const creditName = (await this.settings.get('system')).credit_name || '积分';
    const userId = viewer.userId ?? 0;
    // a day's limit already reached is refused before any transaction: on the embedded database a transaction has
    // the only connection to itself for its whole life, so a crowd of refused clicks would queue every other
    // request behind their locks (the mixed-load bench's time-outs). The check under the locks below still decides.
    const [byIp, byUser] = await Promise.all([this.repo.countSince({ ip }, since), userId ? this.repo.countSince({ userId }, since) : Promise.resolve(0)]);
    if (byIp >= cfg.times_every_ip) throw new AppError('rate_limited', '今日下载次数已达上限（当前网络）');
    if (userId && byUser >= perUser) throw new AppError('rate_limited', '今日下载次数已达上限');
    // a few at a time per process: each waits on the per-user and per-address locks holding a pooled connection
    await this.gate
      .run(() =>
        this.db.transaction(async (tx) => {
          // the daily limits are checked and the download recorded under one lock per user and per address, so thirty
          // parallel clicks count as thirty, not as one each (the user's row lock also serialises paying)
          if (userId) await this.credits.lock(tx, userId);
          await this.repo.lockAddress(tx, ip);
          if ((await this.repo.countSince({ ip }, since, tx)) >= cfg.times_every_ip) throw new AppError('rate_limited', '今日下载次数已达上限（当前网络）');
          if (userId && (await this.repo.countSince({ userId }, since, tx)) >= perUser) throw new AppError('rate_limited', '今日下载次数已达上限');
          let pay = !free && d.price > 0;
          // a paid download paid before (a double click), or a document bought through an order, is not paid twice
          if (pay && ((await this.repo.lastPaid(userId, d.id, tx)) || (await this.repo.purchased(userId, d.id, tx)))) pay = false;
          if (pay) {
            await this.credits.change(
              tx,
              { userId, delta: -d.price, reason: 'download_document', refType: 'document', refId: d.id, remark: `下载文档《${d.title}》` },
              `${creditName}不足，下载需要 ${d.price} ${creditName}`,
            );
            await this.credits.change(tx, {
              userId: d.userId,
              delta: d.price,
              reason: 'document_sold',
              refType: 'document',
              refId: d.id,
              remark: `文档《${d.title}》被下载`,
            });
          }
          await this.repo.insert(tx, { userId, documentId: d.id, ip, isPay: pay, price: pay ? d.price : 0 });
          await this.documents.counters.countDownload(tx, d.id);
          await this.search.bumpPopularity(tx, d.id);
        }),
      )
      .catch((e: unknown) => {
        if (e instanceof GateFull) throw new AppError('rate_limited', '下载的人太多了，请稍后再试');
        throw e;
      });
    // results ranked by downloads change: cached answers go (after the commit, so none is cached from before it)
    await Promise.all([this.search.popularityChanged(), this.documents.cache.countsChanged()]);
    if (userId) await this.account.addDynamic(userId, DynamicType.Download, `下载了文档《${d.title}》`, { type: TargetType.Document, id: d.id });
    const seconds = Math.max(10, cfg.url_duration);
    return `/download/${sign({ d: d.id, u: userId }, seconds)}`;
  }

  /** Whether the user bought the document through an order (they own it: it downloads free for good). */
  owns(userId: number, documentId: number, tx?: Tx): Promise<boolean> {
    return this.repo.purchased(userId, documentId, tx);
  }

  /**
   * A document bought through an order, inside the order's transaction (the caller read the document before it):
   * the buyer downloads it free from then on, and the uploader is credited the price as for a paid download.
   * Returns false (and credits nobody) when the buyer had already bought it: the unique (buyer, document) row decides,
   * so of two orders of one document paid at once exactly one is fresh (the other waits for the first to commit).
   */
  async recordPurchase(tx: Tx, p: { buyerId: number; documentId: number; sellerId: number; price: number; title: string; orderNo: string }): Promise<boolean> {
    const fresh = await this.repo.insertPurchase(tx, { userId: p.buyerId, documentId: p.documentId, orderNo: p.orderNo, price: p.price });
    if (fresh && p.price > 0 && p.sellerId && p.sellerId !== p.buyerId) {
      await this.credits.change(tx, {
        userId: p.sellerId,
        delta: p.price,
        reason: 'document_sold',
        refType: 'order',
        refId: p.orderNo,
        remark: `文档《${p.title}》被购买`,
      });
    }
    return fresh;
  }

  /** The file behind a signed download URL. */
  async openDownload(documentId: number): Promise<{ stream: Readable; size: number; filename: string }> {
    const [d] = await this.documents.views.byIds([documentId]);
    if (!d) throw notFound('文档不存在或已被删除');
    const key = await this.attachments.fileKey(d.attachmentId, d.hash, d.ext);
    const stat = await this.storage.stat(key);
    const stream = await this.storage.get(key);
    if (!stream || !stat) throw notFound('文件不存在');
    const base = d.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 200);
    return { stream, size: stat.size, filename: base.toLowerCase().endsWith(`.${d.ext}`) ? base : `${base}.${d.ext}` };
  }

  async myDownloads(userId: number, page: number, size: number) {
    const { rows, total } = await this.repo.listOfUser(userId, page, size);
    const docs = new Map(
      (
        await this.documents.views.byIds(
          rows.map((r) => r.documentId),
          true,
        )
      ).map((d) => [d.id, d]),
    );
    return {
      total,
      download: rows.flatMap((r) => {
        const doc = docs.get(r.documentId);
        return doc
          ? [
              {
                id: r.id,
                document_id: doc.id,
                document_uuid: doc.uuid,
                title: doc.title,
                ext: doc.ext,
                size: doc.size,
                pages: doc.pages,
                score: doc.score,
                price: r.price,
                is_pay: r.isPay,
                created_at: r.createdAt.toISOString(),
              },
            ]
          : [];
      }),
    };
  }
}
