import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makeWorkDir } from '../../lib/work-dir';
import { DocumentStatus, OcrStatus, type TOcrDocument } from '@wenku/contracts';
import type { EventBus } from '../../kernel/events';
import type { JobQueue } from '../../kernel/jobs';
import type { Logger } from '../../kernel/module';
import type { RateCounter } from '../../lib/rate-limit';
import type { Storage } from '../../lib/storage';
import { badRequest, notFound } from '../../lib/errors';
import { OcrError, detectOcrEngines, isOcrSupported, recogniseDocument, type PageEngine } from '../../engines/ocr';
import type { ConfigService } from '../config/config.service';
import type { AttachmentService } from '../attachment/attachment.service';
import type { DocumentConversion } from '../document/document.conversion';
import type { ConversionService } from '../conversion/conversion.service';
import type { OcrRepo } from './ocr.repo';
import { recogniseDocumentJob } from './ocr.jobs';

/** formats whose pages can be scans (MuPDF.js opens them) */
const OCR_EXTS = ['pdf', 'cbz'];
/** a recognising task with no page finished for this long past its page time-out has lost its worker */
const STALE_GRACE_MS = 5 * 60_000;
const RESEND_PENDING_AFTER_MS = 10 * 60_000;
/** the window of the per-uploader daily budget */
const DAY_MS = 24 * 3600_000;

/**
 * Text recognition of scanned documents: after a conversion (when `config/ocr` is on) or on the admin's demand,
 * the pages with little text and an image are rendered and read, the text is stored per page beside the
 * extracted text, and search and the AI index follow (`document.text-recognised`). Per file hash, like conversion.
 */
export class OcrService {
  /** tests inject a failing or slow engine here; production leaves it unset */
  engineOverride?: PageEngine;
  /** the clock the time caps are measured with; tests move a clock of their own */
  clock: () => number = Date.now;

  constructor(
    private readonly repo: OcrRepo,
    private readonly settings: ConfigService,
    private readonly conversion: ConversionService,
    private readonly attachments: AttachmentService,
    private readonly storage: Storage,
    private readonly queue: JobQueue,
    private readonly events: EventBus,
    private readonly log: Logger,
    /** the per-uploader daily OCR time, counted in the shared counters */
    private readonly rates: RateCounter,
    private readonly documents: { conversion: Pick<DocumentConversion, 'idsOfFile'> },
  ) {}

  /** The uploader's recognition time today (milliseconds), shared by every worker process. */
  private budgetKey(userId: number) {
    return `ocr-ms:user:${userId}`;
  }

  /** Refuses to go on once the uploader's daily recognition time (`ocr.daily_minutes_per_uploader`) is used up. */
  private async assertBudget(userId: number, minutesPerDay: number, done: number, total?: number): Promise<void> {
    if (minutesPerDay <= 0) return;
    const used = await this.rates.peek(this.budgetKey(userId));
    if (used.count < minutesPerDay * 60_000) return;
    const progress = total === undefined ? '' : `，已识别 ${done} / ${total} 页`;
    const hours = Math.max(1, Math.ceil(used.resetMs / 3_600_000));
    throw new OcrError('budget', `上传者今日的 OCR 识别时长已用完（每天 ${minutesPerDay} 分钟）${progress}，请约 ${hours} 小时后重试`);
  }

  /** A conversion ended: a converted file of a scannable format gets OCR when it is on and automatic. */
  async onConverted(hash: string, status: number): Promise<void> {
    if (status !== DocumentStatus.Converted) return;
    const cfg = await this.settings.get('ocr');
    if (!cfg.enable || !cfg.auto) return;
    const source = await this.repo.sourceOf(hash);
    if (!source || !isOcrSupported(source.ext)) return;
    await this.request(hash);
  }

  private async request(hash: string) {
    await this.repo.reset(hash);
    await this.enqueue(hash);
  }

  /** Runs on the queue; without one (tools, tests) the work is done right here. */
  private async enqueue(hash: string) {
    if (!this.queue.attached) {
      await this.process(hash);
      return;
    }
    const cfg = await this.settings.get('ocr');
    const pages = cfg.max_pages > 0 ? cfg.max_pages : 1000;
    let seconds = Math.min(23 * 3600, pages * (cfg.page_timeout + 30) + 300);
    // the document's own cap ends it sooner (it may overrun by the page that was being read)
    if (cfg.document_timeout > 0) seconds = Math.min(seconds, cfg.document_timeout * 60 + cfg.page_timeout + 300);
    await this.queue.send(recogniseDocumentJob, { hash }, { singletonKey: hash, expireInSeconds: seconds });
  }

  /** The job: every page that needs it, one at a time; always ends in success or failed with a readable error. */
  async process(hash: string): Promise<{ status: number; error?: string }> {
    const task = await this.repo.claim(hash);
    if (!task) return { status: -1 };
    const workDir = await makeWorkDir('ocr');
    try {
      const cfg = await this.settings.get('ocr');
      const doc = await this.repo.sourceOf(hash);
      if (!doc) throw new OcrError('unsupported', '文档不存在或已删除');
      if (!isOcrSupported(doc.ext)) throw new OcrError('unsupported', `${doc.ext.toUpperCase()} 格式的文档不支持 OCR（支持 PDF、CBZ）`);
      if (!(await this.conversion.isConverted(hash))) throw new OcrError('unsupported', '文档尚未转换成功，无法识别');
      // nothing is downloaded or drawn for an uploader whose time is used up
      await this.assertBudget(doc.userId, cfg.daily_minutes_per_uploader, 0);
      const source = path.join(workDir, `source.${doc.ext}`);
      const stream = await this.storage.get(await this.attachments.fileKey(doc.attachmentId, hash, doc.ext));
      if (!stream) throw new OcrError('unsupported', '原文件不存在，无法识别');
      await pipeline(stream, fs.createWriteStream(source));
      const texts = await this.conversion.pageTexts(hash);
      const result = await recogniseDocument(
        source,
        doc.ext,
        texts,
        {
          engine: cfg.engine as 'auto' | 'native' | 'tesseract.js',
          languages: cfg.languages,
          dpi: cfg.dpi,
          pageTimeoutMs: cfg.page_timeout * 1000,
          maxPages: cfg.max_pages,
          minChars: cfg.min_chars,
          maxPagePixels: cfg.max_page_pixels * 10_000,
          documentTimeoutMs: cfg.document_timeout * 60_000,
          now: this.clock,
          workDir,
          pageEngine: this.engineOverride,
        },
        {
          onStart: (pages, engine) => this.repo.update(hash, { pagesTotal: pages.length, engine: engine.slice(0, 64) }),
          beforePage: (_page, done, total) => this.assertBudget(doc.userId, cfg.daily_minutes_per_uploader, done, total),
          onPage: async (_page, _text, done, ms) => {
            // the uploader pays for every page read, whoever asked for the recognition
            if (cfg.daily_minutes_per_uploader > 0 && ms > 0) await this.rates.hit(this.budgetKey(doc.userId), DAY_MS, Math.round(ms));
            await this.repo.update(hash, { pagesDone: done });
          },
        },
      );
      // a time cap keeps what was read: those pages are searchable, the task ends failed with the reason
      const found = result.texts.filter((t) => t.text.trim() !== '');
      if (found.length) await this.conversion.setPageTexts(hash, found);
      const stopped = result.stopped;
      const status = stopped ? OcrStatus.Failed : OcrStatus.Success;
      await this.repo.update(hash, { status, error: stopped?.message ?? '', finishedAt: new Date() });
      if (stopped) this.log.warn('document recognition stopped', { hash, pages: result.texts.length, reason: stopped.message });
      else this.log.info('document recognised', { hash, pages: result.texts.length, engine: result.engine });
      if (found.length) await this.events.publish('document.text-recognised', { hash, ids: await this.documents.conversion.idsOfFile(hash) });
      return stopped ? { status, error: stopped.message } : { status };
    } catch (e) {
      const message = e instanceof OcrError ? e.message : `识别失败：${e instanceof Error ? e.message.slice(0, 300) : String(e)}`;
      await this.repo.update(hash, { status: OcrStatus.Failed, error: message, finishedAt: new Date() });
      this.log.warn('document recognition failed', { hash, error: message, detail: e instanceof OcrError ? e.detail?.slice(0, 500) : undefined });
      return { status: OcrStatus.Failed, error: message };
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * A file's text layers were just made again from its source (the backfill): pages recognised before have no words
   * in them, so a file whose recognition succeeded is recognised again (its words become those pages' layers).
   */
  async refreshLayers(hash: string): Promise<void> {
    if ((await this.repo.hashesWithStatus(OcrStatus.Success, [hash])).length) await this.request(hash);
  }

  // ---------------------------------------------------------------- admin

  /** "OCR this document": converted documents of a scannable format, recognised again from the start. */
  async recognise(ids: number[]): Promise<number> {
    const cfg = await this.settings.get('ocr');
    if (!cfg.enable) throw badRequest('OCR 未启用，请先在「OCR设置」中启用');
    const docs = await this.repo.documents([...new Set(ids)]);
    if (docs.length !== new Set(ids).size) throw notFound('文档不存在或已删除');
    for (const d of docs) {
      if (!isOcrSupported(d.ext)) throw badRequest(`「${d.title}」是 ${d.ext.toUpperCase()} 文档，只有 PDF、CBZ 文档可以识别`);
      if (d.status !== DocumentStatus.Converted) throw badRequest(`「${d.title}」尚未转换成功，无法识别`);
    }
    const hashes = [...new Set(docs.map((d) => d.hash))];
    const busy = new Set(await this.repo.hashesWithStatus(OcrStatus.Recognising, hashes));
    const todo = hashes.filter((h) => !busy.has(h));
    for (const h of todo) await this.request(h);
    return todo.length;
  }

  /** Failed tasks of these documents (or every failed one) back to pending and queued. */
  async retry(ids: number[]): Promise<number> {
    let hashes: string[];
    if (ids.length) {
      const docs = await this.repo.documents([...new Set(ids)]);
      if (!docs.length) throw notFound('文档不存在或已删除');
      hashes = await this.repo.hashesWithStatus(OcrStatus.Failed, [...new Set(docs.map((d) => d.hash))]);
      if (!hashes.length) throw badRequest('所选文档没有识别失败的任务，无需重试');
    } else {
      hashes = await this.repo.hashesWithStatus(OcrStatus.Failed);
    }
    for (const h of hashes) await this.request(h);
    return hashes.length;
  }

  async list(q: { page: number; size: number; status?: number[]; wd?: string }): Promise<{ total: number; document: TOcrDocument[] }> {
    const { rows, total } = await this.repo.list({ ...q, exts: OCR_EXTS });
    return {
      total,
      document: rows.map(({ id, title, uuid, ext, task: t }) => ({
        document_id: id,
        title,
        uuid,
        ext,
        status: t ? (t.status as TOcrDocument['status']) : null,
        error: t?.error ?? '',
        pages_done: t?.pagesDone ?? 0,
        pages_total: t?.pagesTotal ?? 0,
        engine: t?.engine ?? '',
        attempts: t?.attempts ?? 0,
        updated_at: (t?.updatedAt ?? new Date()).toISOString(),
        finished_at: t?.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  envs() {
    return detectOcrEngines();
  }

  // ---------------------------------------------------------------- watchdog

  /**
   * Nothing stays "recognising": a task with no page finished for longer than a page may take (plus a grace) lost
   * its worker and fails with a reason; pending tasks whose job may be lost are sent again.
   */
  async watchdog(): Promise<{ failed: number; resent: number }> {
    const cfg = await this.settings.get('ocr');
    const stale = await this.repo.stale(new Date(Date.now() - cfg.page_timeout * 1000 - STALE_GRACE_MS));
    for (const t of stale) {
      await this.repo.update(t.hash, { status: OcrStatus.Failed, error: '识别超时：识别进程长时间没有进展（可能已中断），请重试', finishedAt: new Date() });
    }
    let resent = 0;
    if (this.queue.attached) {
      for (const h of await this.repo.pendingSince(new Date(Date.now() - RESEND_PENDING_AFTER_MS))) {
        await this.enqueue(h);
        resent++;
      }
    }
    return { failed: stale.length, resent };
  }

  /**
   * Start-up sweep: pending tasks are queued again. Tasks left recognising are the watchdog's (another worker
   * process may still be working on them; a dead one's task stops making progress and fails there).
   */
  async recover(): Promise<number> {
    const pending = await this.repo.pendingSince(new Date());
    for (const h of pending) await this.enqueue(h);
    return pending.length;
  }
}
