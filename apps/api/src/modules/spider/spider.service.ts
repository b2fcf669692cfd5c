import { AttachmentType, SpiderDocumentStatus as D, SpiderUrlStatus as U, type TSpiderDocument, type TSpiderUrl } from '@wenku/contracts';
import type { JobQueue } from '../../kernel/jobs';
import type { Logger } from '../../kernel/module';
import { AppError, badRequest } from '../../lib/errors';
import type { AttachmentService } from '../attachment/attachment.service';
import { viewKeyOf } from '../attachment/attachment.mapper';
import type { ContentService } from '../content/content.service';
import type { DocumentService } from '../document/document.service';
import type { UserService } from '../user/user.service';
import { compilePattern, decodeSafe, documentExtOfUrl, extOfMime, extractLinks, fileNameFor, parseRobots } from './spider.crawl';
import { SafeFetcher, SpiderFetchError } from './spider.fetcher';
import { collectUrlJob, downloadDocumentJob, publishDocumentJob } from './spider.jobs';
import type { SpiderDocumentRow, SpiderRepo, SpiderUrlRow } from './spider.repo';

/** A readable sentence for whatever went wrong (fetch refusals and upload rules already are). */
function reason(err: unknown): string {
  if (err instanceof SpiderFetchError || err instanceof AppError) return err.message;
  const m = err instanceof Error ? err.message : String(err);
  return `处理失败：${m}`.slice(0, 1000);
}

export interface SpiderLimits {
  /** pages fetched per start URL (list pages, not documents) */
  pageCap: number;
  /** document links recorded per start URL */
  documentCap: number;
  /** pause between two requests to the same host */
  hostDelayMs: number;
  /** largest HTML page read */
  pageMaxBytes: number;
}

/**
 * The collector: start URLs are crawled (robots.txt, per-host delay, page cap, depth) for document links; each link
 * becomes a spider document that is downloaded through the upload path (size cap, type sniffed from the bytes, hash
 * dedupe, banned hashes; attachment type 8) and published as a document of the library (converted, indexed,
 * embedded like any upload). All network access goes through `fetcher`, which refuses unsafe targets.
 */
export class SpiderService {
  readonly limits: SpiderLimits = { pageCap: 50, documentCap: 500, hostDelayMs: 1000, pageMaxBytes: 5 * 1024 * 1024 };
  /** replaceable in tests (an injected resolver and connector) */
  fetcher: SafeFetcher;
  private readonly nextSlot = new Map<string, number>();

  constructor(
    private readonly repo: SpiderRepo,
    private readonly attachments: AttachmentService,
    private readonly documents: DocumentService,
    private readonly users: UserService,
    private readonly content: ContentService,
    private readonly queue: JobQueue,
    private readonly log: Logger,
    allowHosts: string[],
  ) {
    this.fetcher = new SafeFetcher({ allowHosts });
  }

  // ---------------- start URLs ----------------

  private async assertCategories(ids: number[]) {
    const rows = await this.content.categoriesByIds(ids);
    if (rows.length !== new Set(ids).size || rows.some((c) => c.type !== 0)) throw badRequest('文档分类不存在');
  }

  async createUrls(
    adminId: number,
    body: { url: string[]; category_id: number[]; user_id?: number; price: number; language: string; pattern: string; depth: number; auto_publish: boolean },
  ): Promise<number> {
    await this.assertCategories(body.category_id);
    const userId = body.user_id ?? adminId;
    if (!(await this.users.byIds([userId])).length) throw badRequest('上传用户不存在');
    try {
      compilePattern(body.pattern);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    const urls = [...new Set(body.url)];
    const rows = await this.repo.insertUrls(
      urls.map((url) => ({
        url,
        categoryIds: [...new Set(body.category_id)],
        userId,
        price: body.price,
        language: body.language,
        pattern: body.pattern,
        depth: body.depth,
        autoPublish: body.auto_publish,
        createdBy: adminId,
      })),
    );
    for (const r of rows) await this.queue.send(collectUrlJob, { id: r.id });
    return rows.length;
  }

  async listUrls(q: { page: number; size: number; status?: number[]; wd?: string }): Promise<{ total: number; spider_url: TSpiderUrl[] }> {
    const { rows, total } = await this.repo.listUrls(q);
    const names = new Map((await this.users.byIds([...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.username]));
    return { total, spider_url: rows.map((r) => toSpiderUrl(r, names.get(r.userId) ?? '')) };
  }

  async deleteUrls(ids: number[]): Promise<number> {
    return this.repo.deleteUrls(ids);
  }

  /** collects these URLs again (not one being collected right now) */
  async retryUrls(ids: number[]): Promise<number> {
    const reset = await this.repo.resetUrls(ids);
    for (const id of reset) await this.queue.send(collectUrlJob, { id });
    return reset.length;
  }

  /** waits for this host's turn (one request per host per `hostDelayMs`, across every crawl of this process) */
  private async politeness(host: string) {
    const now = Date.now();
    if (this.nextSlot.size > 1000) for (const [h, t] of this.nextSlot) if (t < now) this.nextSlot.delete(h);
    const slot = Math.max(now, this.nextSlot.get(host) ?? 0);
    this.nextSlot.set(host, slot + this.limits.hostDelayMs);
    if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
  }

  /** Collects one start URL: the job's handler. */
  async collect(id: number): Promise<void> {
    const row = await this.repo.claimUrl(id);
    if (!row) return;
    try {
      const { found, pages, warnings } = await this.crawl(row);
      const newIds = await this.repo.insertDocuments(
        found.map((f) => ({ spiderUrlId: row.id, url: f.url, sourceUrl: f.source, title: f.title, ext: f.ext, status: D.Pending })),
      );
      const queued = await this.repo.transition(newIds, [D.Pending], D.DownloadQueue);
      for (const docId of queued) await this.queue.send(downloadDocumentJob, { id: docId });
      await this.repo.updateUrl(row.id, {
        status: U.Done,
        pages,
        documents: await this.repo.countDocumentsOf(row.id),
        error: found.length ? warnings.join('；').slice(0, 2000) : ['没有找到文档链接', ...warnings].join('；').slice(0, 2000),
        finishedAt: new Date(),
      });
    } catch (err) {
      await this.repo.updateUrl(row.id, { status: U.Failed, error: reason(err), finishedAt: new Date() });
    }
  }

  private async crawl(row: SpiderUrlRow) {
    const start = this.fetcher.checkUrl(row.url);
    const match = compilePattern(row.pattern);
    const robotsByOrigin = new Map<string, (u: URL) => boolean>();
    const robotsAllow = async (u: URL) => {
      let rule = robotsByOrigin.get(u.origin);
      if (!rule) {
        try {
          await this.politeness(u.host);
          const r = await this.fetcher.fetchBuffer(new URL('/robots.txt', u).toString(), 512 * 1024);
          rule = parseRobots(r.body.toString('utf8'));
        } catch (err) {
          // a refused target is refused here already; a missing, broken or oversized robots.txt allows everything
          // (an unreachable host then fails at its own fetch)
          if (err instanceof SpiderFetchError && ['blocked_address', 'scheme', 'credentials'].includes(err.reason)) throw err;
          rule = () => true;
        }
        robotsByOrigin.set(u.origin, rule);
      }
      return rule(u);
    };
    const found = new Map<string, { url: string; source: string; title: string; ext: string }>();
    const warnings: string[] = [];
    const record = (u: URL, source: string, text: string, ext: string) => {
      if (found.size >= this.limits.documentCap || found.has(u.toString())) return;
      const name = decodeSafe(u.pathname.split('/').pop() ?? '').replace(/\.[^.]+$/, '');
      const title = (text && !/^https?:\/\//i.test(text) ? text : name || u.hostname).slice(0, 255);
      found.set(u.toString(), { url: u.toString().slice(0, 2048), source: source.slice(0, 2048), title, ext });
    };

    // a start URL that is itself a document
    const startExt = documentExtOfUrl(start);
    if (startExt) {
      if (!(await robotsAllow(start))) throw new SpiderFetchError('http_status', `robots.txt 不允许采集 ${start.toString()}`);
      record(start, '', '', startExt);
      return { found: [...found.values()], pages: 0, warnings };
    }

    const queue: { url: URL; depth: number; source: string; text: string }[] = [{ url: start, depth: 0, source: '', text: '' }];
    const visited = new Set<string>();
    let pages = 0;
    while (pages < this.limits.pageCap) {
      const item = queue.shift();
      if (!item) break;
      const key = item.url.toString();
      if (visited.has(key)) continue;
      visited.add(key);
      const isStart = item.depth === 0;
      try {
        if (!(await robotsAllow(item.url))) {
          if (isStart) throw new SpiderFetchError('http_status', `robots.txt 不允许采集 ${key}`);
          warnings.push(`robots.txt 不允许采集 ${key}`);
          continue;
        }
        await this.politeness(item.url.host);
        const res = await this.fetcher.fetch(key, this.limits.pageMaxBytes);
        pages++;
        const mimeExt = extOfMime(res.contentType);
        if (mimeExt) {
          res.body.destroy();
          if (!match || match(item.url)) record(item.url, item.source, item.text, mimeExt);
          continue;
        }
        if (res.contentType && res.contentType !== 'text/html' && res.contentType !== 'application/xhtml+xml') {
          res.body.destroy();
          if (isStart) throw new SpiderFetchError('http_status', `${key} 不是网页也不是文档（${res.contentType}）`);
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const c of res.body) chunks.push(c as Buffer);
        const html = Buffer.concat(chunks).toString('utf8');
        for (const link of extractLinks(html, res.url)) {
          const ext = documentExtOfUrl(link.url);
          if (ext) {
            if (match && !match(link.url)) continue;
            if (link.url.origin === item.url.origin && !(await robotsAllow(link.url))) {
              warnings.push(`robots.txt 不允许采集 ${link.url.toString()}`);
              continue;
            }
            record(link.url, res.url, link.text, ext);
          } else if (item.depth < row.depth && link.url.origin === start.origin && !visited.has(link.url.toString())) {
            queue.push({ url: link.url, depth: item.depth + 1, source: res.url, text: link.text });
          }
        }
      } catch (err) {
        if (isStart) throw err;
        warnings.push(reason(err));
      }
    }
    if (queue.length && pages >= this.limits.pageCap) warnings.push(`已达到每个网址最多 ${this.limits.pageCap} 个页面的上限`);
    return { found: [...found.values()], pages, warnings: warnings.slice(0, 20) };
  }

  // ---------------- collected documents ----------------

  async listDocuments(q: { page: number; size: number; status?: number[]; wd?: string; spider_url_id?: number; ext?: string }) {
    const { rows, total } = await this.repo.listDocuments(q);
    const docIds = rows.map((r) => r.documentId).filter((x): x is number => !!x);
    const uuids = new Map((await this.documents.views.byIds(docIds, true)).map((d) => [d.id, d.uuid]));
    return { total, spider_document: rows.map((r) => toSpiderDocument(r, r.documentId ? (uuids.get(r.documentId) ?? '') : '')) };
  }

  /** queues downloaded (or failed-to-publish) documents for publication, optionally into other categories */
  async publishDocuments(ids: number[], categoryIds?: number[]): Promise<number> {
    if (categoryIds?.length) await this.assertCategories(categoryIds);
    const moved = await this.repo.transition(ids, [D.Downloaded, D.PublishFailed], D.PublishQueue, { error: '' });
    if (!moved.length) throw badRequest('所选文档都还没有下载完成（或已发布），不能发布');
    for (const id of moved) await this.queue.send(publishDocumentJob, { id, categoryIds: categoryIds?.length ? categoryIds : undefined });
    return moved.length;
  }

  /** failed (or never started) downloads go back to the download queue, failed publications to the publish queue */
  async retryDocuments(ids: number[]): Promise<number> {
    const downloads = await this.repo.transition(ids, [D.Pending, D.DownloadFailed], D.DownloadQueue, { error: '' });
    for (const id of downloads) await this.queue.send(downloadDocumentJob, { id });
    const publishes = await this.repo.transition(ids, [D.PublishFailed], D.PublishQueue, { error: '' });
    for (const id of publishes) await this.queue.send(publishDocumentJob, { id });
    return downloads.length + publishes.length;
  }

  async deleteDocuments(ids: number[]): Promise<number> {
    return this.repo.deleteDocuments(ids);
  }

  /** Downloads one collected document through the upload path: the job's handler. */
  async download(id: number): Promise<void> {
    const [claimed] = await this.repo.transition([id], [D.DownloadQueue], D.Downloading, { error: '' });
    if (!claimed) return;
    const doc = await this.repo.document(id);
    if (!doc) return;
    const owner = await this.repo.url(doc.spiderUrlId);
    if (!owner) return;
    try {
      const maxBytes = await this.attachments.maxUploadBytes();
      const u = this.fetcher.checkUrl(doc.url);
      await this.politeness(u.host);
      const res = await this.fetcher.fetch(doc.url, maxBytes);
      let attachment;
      try {
        const { name, ext } = fileNameFor(new URL(res.url), res.headers['content-disposition'], res.contentType, doc.title);
        if (!ext) throw new AppError('unsupported_media_type', `无法判断文件类型（${res.contentType || '服务器没有说明类型'}），不是支持的文档格式`);
        attachment = await this.attachments.receiveDocument(owner.userId, '', name, res.body, () => false, maxBytes, AttachmentType.SpiderDocument);
      } finally {
        res.body.destroy();
      }
      const same = await this.repo.sameHash(attachment.hash, id);
      if (same) {
        await this.repo.updateDocument(id, {
          status: D.DownloadFailed,
          size: attachment.size,
          hash: attachment.hash,
          ext: attachment.ext,
          attachmentId: attachment.id,
          error: `与已采集的文档 #${same.id}（${same.url.slice(0, 200)}）内容相同，已跳过`,
        });
        return;
      }
      await this.repo.updateDocument(id, {
        status: D.Downloaded,
        size: attachment.size,
        hash: attachment.hash,
        ext: attachment.ext,
        attachmentId: attachment.id,
      });
      if (owner.autoPublish) {
        const moved = await this.repo.transition([id], [D.Downloaded], D.PublishQueue);
        for (const m of moved) await this.queue.send(publishDocumentJob, { id: m });
      }
    } catch (err) {
      await this.repo.updateDocument(id, { status: D.DownloadFailed, error: reason(err) });
    }
  }

  /** Publishes one downloaded document as its start URL's uploader: the job's handler. */
  async publish(id: number, categoryIds?: number[]): Promise<void> {
    const [claimed] = await this.repo.transition([id], [D.PublishQueue], D.Publishing, { error: '' });
    if (!claimed) return;
    const doc = await this.repo.document(id);
    if (!doc) return;
    try {
      const owner = await this.repo.url(doc.spiderUrlId);
      if (!owner) throw badRequest('采集网址已被删除');
      if (!doc.attachmentId) throw badRequest('文件还没有下载');
      const [created] = await this.documents.upload.create(
        owner.userId,
        {
          category_id: categoryIds?.length ? categoryIds : owner.categoryIds,
          document: [
            {
              attachment_id: doc.attachmentId,
              title: doc.title || '未命名文档',
              price: owner.price,
              language: owner.language || 'zh-cn',
              keywords: '',
              description: '',
            },
          ],
        },
        { attachmentType: AttachmentType.SpiderDocument },
      );
      await this.repo.updateDocument(id, { status: D.Published, documentId: created.id });
    } catch (err) {
      await this.repo.updateDocument(id, { status: D.PublishFailed, error: reason(err) });
    }
  }

  /** worker start-up: rows left waiting in a queue state are queued again */
  async recover(): Promise<Record<string, number>> {
    const urls = await this.repo.urlIdsIn([U.Pending]);
    for (const id of urls) await this.queue.send(collectUrlJob, { id });
    const downloads = await this.repo.documentIdsIn([D.DownloadQueue]);
    for (const id of downloads) await this.queue.send(downloadDocumentJob, { id });
    const publishes = await this.repo.documentIdsIn([D.PublishQueue]);
    for (const id of publishes) await this.queue.send(publishDocumentJob, { id });
    return { spiderUrls: urls.length, spiderDownloads: downloads.length, spiderPublishes: publishes.length };
  }

  async watchdog() {
    const r = await this.repo.failStuck(new Date(Date.now() - 60 * 60 * 1000));
    if (r.urls || r.documents) this.log.warn('spider: stuck rows failed', r);
    return r;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSpiderUrl(r: SpiderUrlRow, username: string): TSpiderUrl {
  return {
    id: r.id,
    url: r.url,
    category_id: r.categoryIds,
    user_id: r.userId,
    username,
    price: r.price,
    language: r.language,
    pattern: r.pattern,
    depth: r.depth,
    auto_publish: r.autoPublish,
    status: r.status as TSpiderUrl['status'],
    error: r.error,
    pages: r.pages,
    documents: r.documents,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    finished_at: iso(r.finishedAt),
  };
}

function toSpiderDocument(r: SpiderDocumentRow, uuid: string): TSpiderDocument {
  return {
    id: r.id,
    spider_url_id: r.spiderUrlId,
    url: r.url,
    source_url: r.sourceUrl,
    title: r.title,
    ext: r.ext,
    size: r.size,
    // the file by its view key: the content hash names it to the instant upload
    hash: r.hash ? viewKeyOf(r.hash) : '',
    attachment_id: r.attachmentId,
    document_id: r.documentId,
    document_uuid: uuid,
    status: r.status as TSpiderDocument['status'],
    error: r.error,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
