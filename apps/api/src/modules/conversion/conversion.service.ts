import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { makeWorkDir } from '../../lib/work-dir';
import { DocumentStatus } from '@wenku/contracts';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../kernel/jobs';
import type { Logger } from '../../kernel/module';
import type { PresignedRedirects, Storage } from '../../lib/storage';
import { convertDocument, ConvertError, detectEngines } from '../../engines/convert';
import type { ConfigService } from '../config/config.service';
import type { DocumentService } from '../document/document.service';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ConversionRepo } from './conversion.repo';
import { convertDocumentJob } from './conversion.jobs';
import { ByteCache } from '../../lib/byte-cache';
import { LAYER_VERSION, TextLayerStore } from './text-layer.store';
import type { OutlineItem, TextLayer } from '../../engines/convert';
import type { CacheBus } from '../../kernel/cache-bus';
import type { RateCounter } from '../../lib/rate-limit';
import type { Readable } from 'node:stream';

/** memory for page images read lately (a page is tens of KiB: some thousands of pages) */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export const pageKey = (hash: string, page: number, gzip: boolean) => `pages/${hash}/${page}.svg${gzip ? '.gz' : ''}`;
export const coverKey = (hash: string) => `covers/${hash}.png`;
/** an uploader's pages converted today (the rate counters: one window per uploader, shared by every worker) */
const pageBudgetKey = (userId: number) => `convert-pages:user:${userId}`;
const DAY_MS = 24 * 3600_000;

/**
 * Converts one file (by hash) into page images, a cover and per-page text, and reports the outcome to every
 * document waiting for that hash. Runs in the job workers, never on the request path.
 */
export class ConversionService {
  constructor(
    private readonly db: Db,
    private readonly repo: ConversionRepo,
    private readonly documents: DocumentService,
    private readonly attachments: AttachmentService,
    private readonly settings: ConfigService,
    private readonly storage: Storage,
    private readonly queue: JobQueue,
    private readonly log: Logger,
    private readonly caches: CacheBus,
    /** the per-uploader daily page budget, counted in the shared counters */
    private readonly rates: RateCounter,
    /** set with S3_REDIRECT: page images and covers are answered with a redirect to the store */
    readonly redirects?: PresignedRedirects,
    /** tests only (config WENKU_TEST_CONVERT_DELAY_MS, NODE_ENV=test): a pause once the page images are written */
    private readonly testDelayMs = 0,
  ) {
    caches.register('page-bytes', () => {
      this.pageBytes.clear();
      this.redirects?.clear();
      this.layerStates.clear();
    });
    this.layers = new TextLayerStore(storage, this.pageBytes);
  }

  /** the text layers and outlines stored with the pages */
  private readonly layers: TextLayerStore;

  async timeoutMs(): Promise<number> {
    return Math.max(1, (await this.settings.get('converter')).timeout) * 60_000;
  }

  /** Queues a file's conversion (one job per hash at a time); `force` converts again even if it was converted. */
  async request(hash: string, force: boolean): Promise<void> {
    if (force) await this.repo.update(hash, { status: DocumentStatus.Pending, error: '' });
    const seconds = Math.round((await this.timeoutMs()) / 1000) + 60;
    await this.queue.send(convertDocumentJob, { hash }, { singletonKey: hash, expireInSeconds: seconds });
  }

  /** Start-up sweep: every hash whose documents still wait is queued again. */
  async requeueWaiting(): Promise<number> {
    const hashes = await this.documents.conversion.waitingHashes();
    for (const h of hashes) await this.request(h, false);
    return hashes.length;
  }

  async isConverted(hash: string): Promise<boolean> {
    return (await this.repo.find(hash))?.status === DocumentStatus.Converted;
  }

  async convert(hash: string): Promise<{ status: number; error?: string }> {
    const waiting = await this.documents.conversion.awaitingConversion(hash);
    if (!waiting.length) return { status: -1 };
    const cfg = await this.settings.get('converter');
    const force = waiting.some((d) => d.status === DocumentStatus.Reconvert);
    const existing = await this.repo.find(hash);
    // reuse: an identical file converted before is not converted again (unless asked)
    if (
      existing?.status === DocumentStatus.Converted &&
      !force &&
      cfg.enable_convert_repeated_document !== true &&
      (await this.storage.exists(coverKey(hash)))
    ) {
      await this.documents.conversion.conversionSucceeded(hash, {
        pages: existing.pages,
        preview: existing.preview,
        width: existing.width,
        height: existing.height,
        gzip: existing.gzip,
      });
      return { status: DocumentStatus.Converted };
    }
    const ext = waiting[0].ext;
    // the first uploader of the bytes pays for their conversion
    const uploader = waiting[0].userId;
    await this.repo.ensure(hash, ext);
    await this.repo.update(hash, { status: DocumentStatus.Converting, startedAt: new Date(), error: '', attempts: (existing?.attempts ?? 0) + 1 });
    await this.documents.conversion.markConverting(waiting.map((d) => d.id));

    const workDir = await makeWorkDir('convert');
    try {
      const source = await this.fetchSource(workDir, await this.attachments.fileKey(waiting[0].attachmentId, hash, ext), ext);
      const gzip = cfg.enable_gzip;
      const maxPreview = Math.max(0, cfg.max_preview);
      const percent = Math.min(100, Math.max(1, cfg.max_preview_percent));
      const budget = await this.pageBudget(uploader, cfg.daily_pages_per_uploader, cfg.max_pages);
      const result = await convertDocument(source, ext, {
        workDir,
        maxPreviewPages: maxPreview,
        gzip,
        timeoutMs: await this.timeoutMs(),
        limits: { maxPages: budget.maxPages, maxPagesMessage: budget.message },
      });
      // the uploader pays for the pages once they are converted
      if (cfg.daily_pages_per_uploader > 0) await this.rates.hit(pageBudgetKey(uploader), DAY_MS, result.pages);
      let preview = result.pages;
      if (percent < 100) preview = Math.max(1, Math.ceil((result.pages * percent) / 100));
      if (maxPreview > 0) preview = Math.min(preview, maxPreview);
      preview = Math.min(preview, result.rendered.length || preview);
      await this.storage.deletePrefix(`pages/${hash}`);
      await this.pagesChanged([hash]);
      const shown = result.rendered.slice(0, preview);
      for (const p of shown) await this.storage.put(pageKey(hash, p.page, gzip), p.svg, { contentType: 'image/svg+xml' });
      // each shown page's text where it is drawn, and the outline, beside the page images
      await this.layers.put(hash, shown, result.outline);
      await this.pagesChanged([hash]);
      // the scale-out test kills a worker here: half the output written, no cover, no text, still `converting`
      if (this.testDelayMs > 0) await new Promise((r) => setTimeout(r, this.testDelayMs));
      await this.storage.put(coverKey(hash), result.cover, { contentType: 'image/png' });
      await this.db.transaction(async (tx) => {
        await this.repo.replaceTexts(tx, hash, result.texts);
        await this.repo.update(
          hash,
          {
            status: DocumentStatus.Converted,
            pages: result.pages,
            preview,
            width: result.width,
            height: result.height,
            gzip,
            engine: result.engine.slice(0, 128),
            layers: LAYER_VERSION,
            layersAt: new Date(),
            error: '',
            finishedAt: new Date(),
          },
          tx,
        );
      });
      // the layer state read meanwhile (this file's layers' stamp) is stale now
      await this.pagesChanged([hash]);
      // the description made from the text is shown to everyone: only the pages anyone may read go into it
      const summary = result.texts
        .filter((t) => t.page <= preview)
        .map((t) => t.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 255);
      await this.documents.conversion.conversionSucceeded(hash, { pages: result.pages, preview, width: result.width, height: result.height, gzip, summary });
      this.log.info('document converted', { hash, pages: result.pages, engine: result.engine });
      return { status: DocumentStatus.Converted };
    } catch (e) {
      const message = e instanceof ConvertError ? e.message : `转换失败：${e instanceof Error ? e.message.slice(0, 300) : String(e)}`;
      await this.fail(hash, message);
      this.log.warn('document conversion failed', { hash, error: message });
      return { status: DocumentStatus.Failed, error: message };
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  /** The original file, copied into the work dir. */
  private async fetchSource(workDir: string, key: string, ext: string): Promise<string> {
    const source = path.join(workDir, `source.${ext}`);
    const stream = await this.storage.get(key);
    if (!stream) throw new ConvertError('corrupt', '原文件不存在，无法转换');
    await pipeline(stream, fs.createWriteStream(source));
    return source;
  }

  /**
   * The page cap of one conversion for this uploader: the document limit, or what is left of the uploader's daily
   * pages (`converter.daily_pages_per_uploader`) when that is less, with a sentence saying so. The cap is the
   * engines' own page-count check, so a document over it is refused when its pages are counted, before any page is
   * drawn or read. Conversions of one uploader that run at the same moment each see the same remainder: the day's
   * total can pass the budget by what those parallel conversions convert (at most `converter.workers` documents).
   */
  private async pageBudget(userId: number, perDay: number, maxPages: number): Promise<{ maxPages: number; message?: string }> {
    if (perDay <= 0) return { maxPages };
    const used = await this.rates.peek(pageBudgetKey(userId));
    const left = perDay - used.count;
    const hours = Math.max(1, Math.ceil(used.resetMs / 3_600_000));
    if (left <= 0) throw new ConvertError('too_large', `上传者今日的转换额度已用完（每天 ${perDay} 页），请约 ${hours} 小时后重新转换`);
    if (left >= maxPages) return { maxPages };
    return {
      maxPages: left,
      message: `上传者今日剩余的转换额度（${left} 页）不足以转换这篇文档（每位上传者每天 ${perDay} 页），请约 ${hours} 小时后重新转换`,
    };
  }

  async fail(hash: string, message: string) {
    await this.repo.update(hash, { status: DocumentStatus.Failed, error: message, finishedAt: new Date() });
    await this.documents.conversion.conversionFailed(hash, message);
  }

  /** Watchdog: conversions stuck in `converting` past the time-out (a crashed worker) fail with a reason. */
  async failStuck(): Promise<number> {
    const deadline = new Date(Date.now() - (await this.timeoutMs()) - 60_000);
    const stuck = await this.repo.stuck(deadline);
    for (const c of stuck) await this.fail(c.hash, '转换超时：转换进程没有在规定时间内完成，请重新转换');
    return stuck.length;
  }

  /** Page image bytes: `.gzip.svg` as stored gzip, `.svg` decompressed when needed. */
  /** page images read lately (immutable for their file), served from memory */
  readonly pageBytes = new ByteCache(PAGE_CACHE_BYTES);

  /** Drops the pages of these files held in memory, here and in the other API processes (they were converted again). */
  private async pagesChanged(hashes: string[]) {
    for (const h of hashes) {
      this.pageBytes.clear(`pages/${h}`);
      this.layerStates.delete(h);
      // a new URL (signed again) for the new bytes: the browser keeps the old ones under the old URL
      this.redirects?.clear(`pages/${h}/`);
      this.redirects?.clear(coverKey(h));
    }
    await this.caches.invalidate('page-bytes');
  }

  async openPage(hash: string, page: number, storedGzip: boolean, wantGzip: boolean): Promise<{ body: Buffer | Readable; encoding?: 'gzip' } | undefined> {
    const key = pageKey(hash, page, storedGzip);
    if (storedGzip === wantGzip) {
      const held = this.pageBytes.get(key);
      if (held) return { body: held, encoding: storedGzip ? 'gzip' : undefined };
    }
    const stream = await this.storage.get(key);
    if (!stream) return undefined;
    if (storedGzip === wantGzip) {
      // read it whole (pages are tens of KiB) and keep it for the next reader
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const c of stream as AsyncIterable<Buffer>) {
        chunks.push(c);
        size += c.length;
      }
      const body = Buffer.concat(chunks, size);
      this.pageBytes.set(key, body);
      return { body, encoding: storedGzip ? 'gzip' : undefined };
    }
    if (storedGzip) return { body: stream.pipe(zlib.createGunzip()), encoding: undefined };
    return { body: stream.pipe(zlib.createGzip()), encoding: 'gzip' as const };
  }

  /**
   * Where to send the reader of a page image instead of its bytes (S3_REDIRECT=1 with S3 storage): a presigned URL
   * that answers with the type, encoding and a cache life of its own; undefined when the API sends the bytes itself
   * (no redirects, or a `.svg` asked of a page stored gzipped, which only the API decompresses).
   */
  pageRedirect(hash: string, page: number, storedGzip: boolean, wantGzip: boolean): Promise<string | undefined> {
    if (!this.redirects || storedGzip !== wantGzip) return Promise.resolve(undefined);
    return this.redirects.url(pageKey(hash, page, storedGzip), {
      contentType: 'image/svg+xml; charset=utf-8',
      contentEncoding: storedGzip ? 'gzip' : undefined,
      cacheControl: redirectedCacheControl(this.redirects),
    });
  }

  /** Where to send the reader of a cover instead of its bytes (see pageRedirect). */
  coverRedirect(hash: string): Promise<string | undefined> {
    if (!this.redirects) return Promise.resolve(undefined);
    return this.redirects.url(coverKey(hash), { contentType: 'image/png', cacheControl: redirectedCacheControl(this.redirects) });
  }

  openCover(hash: string) {
    return this.storage.get(coverKey(hash));
  }

  /** The first pages' text of a converted file (the document page shows it to readers and crawlers). */
  /** The text of the first pages, up to `maxChars`, from pages 1..maxPage only (what the reader may be shown). */
  firstText(hash: string, maxChars: number, maxPage?: number) {
    return this.repo.firstText(hash, maxChars, maxPage);
  }

  /** The extracted text of every page of a converted file (OCR picks the pages with little text from it). */
  pageTexts(hash: string) {
    return this.repo.pageTexts(hash);
  }

  /**
   * Recognised text (OCR) takes the place of these pages' text, and the recognised words that of the layers of those
   * pages that have an image; search and the AI index follow the OCR event.
   */
  async setPageTexts(hash: string, texts: { page: number; text: string; layer?: TextLayer }[]) {
    await this.db.transaction((tx) => this.repo.upsertTexts(tx, hash, texts));
    const c = await this.repo.find(hash);
    const layers = texts.flatMap((t) => (t.layer && c && t.page <= c.preview ? [{ page: t.page, layer: t.layer }] : []));
    if (!layers.length) return;
    await this.layers.put(hash, layers);
    await this.repo.update(hash, { layersAt: new Date() });
    await this.pagesChanged([hash]);
  }

  // ---------------------------------------------------------------- text layers (issue 27)

  /** A page's text layer as stored (gzipped JSON `{ page, width, height, spans }`), or undefined. */
  openLayer(hash: string, page: number): Promise<Buffer | undefined> {
    return this.layers.open(hash, page);
  }

  /** the layer state of files read lately (dropped with the page bytes when a file's output changes) */
  private readonly layerStates = new Map<string, Promise<{ has: boolean; stamp: string }>>();

  /**
   * Whether a file's pages have text layers, and their stamp: when they were last written, in base 36 — the layer
   * URLs carry it (`?v=`), so a layer rewritten by OCR or the backfill gets a new URL and the browser's year-long
   * copy of the old one is never used for it.
   */
  layerState(hash: string): Promise<{ has: boolean; stamp: string }> {
    let s = this.layerStates.get(hash);
    if (!s) {
      if (this.layerStates.size >= 5000) this.layerStates.clear();
      s = this.repo.find(hash).then((c) => ({ has: !!c?.layersAt, stamp: c?.layersAt ? c.layersAt.getTime().toString(36) : '' }));
      s.catch(() => this.layerStates.delete(hash));
      this.layerStates.set(hash, s);
    }
    return s;
  }

  /** The file's outline (bookmarks, table of contents); [] when it has none. */
  outline(hash: string): Promise<OutlineItem[]> {
    return this.layers.outline(hash);
  }

  /** Converted files whose layers are older than this release's (or missing), after `after` in hash order. */
  layerlessHashes(after: string, limit: number): Promise<string[]> {
    return this.repo.layerless(LAYER_VERSION, after, limit);
  }

  /** How many converted files there are, and how many have this release's layers. */
  layerCounts(): Promise<{ total: number; done: number }> {
    return this.repo.layerCounts(LAYER_VERSION);
  }

  /**
   * The backfill of one file converted before text layers existed: its source is read again, text only (no page
   * images, no cover), and the layers of its shown pages and its outline are stored with the pages. The version is
   * recorded even when the file cannot be read any more, so the backfill does not try it for ever; the error is
   * returned for the job's count.
   */
  async fillTextLayers(hash: string): Promise<{ filled: boolean; error?: string }> {
    const c = await this.repo.find(hash);
    if (!c || c.status !== DocumentStatus.Converted || c.layers >= LAYER_VERSION) return { filled: false };
    const workDir = await makeWorkDir('layers');
    try {
      const cfg = await this.settings.get('converter');
      const source = await this.fetchSource(workDir, await this.attachments.fileKeyOfHash(hash, c.ext), c.ext);
      const result = await convertDocument(source, c.ext, {
        workDir,
        maxPreviewPages: c.preview,
        gzip: false,
        textOnly: true,
        timeoutMs: await this.timeoutMs(),
        limits: { maxPages: Math.max(cfg.max_pages, c.pages) },
      });
      await this.layers.put(hash, result.rendered.slice(0, c.preview), result.outline);
      await this.repo.update(hash, { layers: LAYER_VERSION, layersAt: new Date() });
      await this.pagesChanged([hash]);
      return { filled: true };
    } catch (e) {
      const error = e instanceof ConvertError ? e.message : e instanceof Error ? e.message.slice(0, 300) : String(e);
      await this.repo.update(hash, { layers: LAYER_VERSION });
      this.log.warn('text layers could not be made', { hash, error });
      return { filled: false, error };
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  /** Deletes the pages, cover, text and conversion row of files nothing uses any more. */
  async removeOutputs(hashes: string[]) {
    await this.pagesChanged(hashes);
    for (const hash of hashes) {
      await this.storage.deletePrefix(`pages/${hash}`).catch(() => undefined);
      await this.storage.delete(coverKey(hash)).catch(() => undefined);
    }
    await this.repo.remove(hashes);
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
    return found.map((e) => ({
      name: e.name,
      installed: e.installed,
      version: e.version,
      description: describe[e.name] ?? '',
      required: e.name === 'mupdf.js' || e.name === 'soffice',
    }));
  }
}

/** the store's answer at a presigned URL: the file never changes under that URL, which lives `lifetime` seconds */
function redirectedCacheControl(redirects: PresignedRedirects): string {
  return `public, max-age=${redirects.lifetime}, immutable`;
}
