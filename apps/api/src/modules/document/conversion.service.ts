import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { DocumentStatus } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { contentKey, type Storage } from '../../lib/storage';
import { convertDocument, ConvertError } from '../../engines/convert';
import type { ConfigService } from '../config/config.service';
import type { DocumentRepo } from './document.repo';

export const pageKey = (hash: string, page: number, gzip: boolean) => `pages/${hash}/${page}.svg${gzip ? '.gz' : ''}`;
export const coverKey = (hash: string) => `covers/${hash}.png`;

/**
 * Converts one file (by hash) into page images, a cover and per-page text, and moves every document waiting for
 * that hash to converted or failed. Runs in the job workers, never on the request path.
 */
export class ConversionService {
  /** called when a hash's documents changed state (search follows) */
  onFinished: (hash: string) => Promise<void> = async () => undefined;

  constructor(
    private readonly db: Db,
    private readonly repo: DocumentRepo,
    private readonly settings: ConfigService,
    private readonly storage: Storage,
    private readonly log: (msg: string, extra?: object) => void = () => undefined,
  ) {}

  async timeoutMs(): Promise<number> {
    return Math.max(1, Number((await this.settings.section('converter')).timeout) || 30) * 60_000;
  }

  async convert(hash: string): Promise<{ status: number; error?: string }> {
    const waiting = await this.repo.documentsAwaiting(hash);
    if (!waiting.length) return { status: -1 };
    const cfg = await this.settings.section('converter');
    const force = waiting.some((d) => d.status === DocumentStatus.Reconvert);
    const existing = await this.repo.findConversion(hash);
    // reuse: an identical file converted before is not converted again (unless asked)
    if (existing?.status === DocumentStatus.Converted && !force && cfg.enable_convert_repeated_document !== true && (await this.storage.exists(coverKey(hash)))) {
      await this.finish(hash, existing.pages, existing.preview, existing.width, existing.height, existing.gzip);
      return { status: DocumentStatus.Converted };
    }
    const ext = waiting[0].ext;
    await this.repo.upsertConversion(hash, ext);
    await this.repo.updateConversion(hash, { status: DocumentStatus.Converting, startedAt: new Date(), error: '', attempts: (existing?.attempts ?? 0) + 1 });
    await this.repo.updateDocuments(waiting.map((d) => d.id), { status: DocumentStatus.Converting, convertError: '' });

    const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wenku-convert-'));
    try {
      const source = path.join(workDir, `source.${ext}`);
      const attachment = await this.repo.findAttachment(waiting[0].attachmentId);
      const stream = await this.storage.get(attachment?.path ?? contentKey(hash, ext));
      if (!stream) throw new ConvertError('corrupt', '原文件不存在，无法转换');
      await pipeline(stream, fs.createWriteStream(source));
      const gzip = cfg.enable_gzip !== false;
      const maxPreview = Math.max(0, Number(cfg.max_preview) || 0);
      const percent = Math.min(100, Math.max(1, Number(cfg.max_preview_percent) || 100));
      const result = await convertDocument(source, ext, { workDir, maxPreviewPages: maxPreview, gzip, timeoutMs: await this.timeoutMs() });
      let preview = result.pages;
      if (percent < 100) preview = Math.max(1, Math.ceil((result.pages * percent) / 100));
      if (maxPreview > 0) preview = Math.min(preview, maxPreview);
      preview = Math.min(preview, result.rendered.length || preview);
      await this.storage.deletePrefix(`pages/${hash}`);
      for (const p of result.rendered.slice(0, preview)) await this.storage.put(pageKey(hash, p.page, gzip), p.svg, { contentType: 'image/svg+xml' });
      await this.storage.put(coverKey(hash), result.cover, { contentType: 'image/png' });
      await this.db.transaction(async (tx) => {
        await this.repo.replaceTexts(tx, hash, result.texts);
        await this.repo.updateConversion(hash, {
          status: DocumentStatus.Converted, pages: result.pages, preview, width: result.width, height: result.height, gzip, engine: result.engine.slice(0, 128), error: '', finishedAt: new Date(),
        }, tx);
      });
      const summary = result.texts.map((t) => t.text).join(' ').replace(/\s+/g, ' ').trim().slice(0, 255);
      await this.finish(hash, result.pages, preview, result.width, result.height, gzip, summary);
      this.log('document converted', { hash, pages: result.pages, engine: result.engine });
      return { status: DocumentStatus.Converted };
    } catch (e) {
      const message = e instanceof ConvertError ? e.message : `转换失败：${e instanceof Error ? e.message.slice(0, 300) : String(e)}`;
      await this.fail(hash, message);
      this.log('document conversion failed', { hash, error: message });
      return { status: DocumentStatus.Failed, error: message };
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  private async finish(hash: string, pages: number, preview: number, width: number, height: number, gzip: boolean, summary = '') {
    const waiting = await this.repo.documentsAwaiting(hash);
    for (const d of waiting) {
      await this.repo.updateDocument(d.id, { status: pages > 0 ? DocumentStatus.Converted : DocumentStatus.Failed, pages, preview, width, height, enableGzip: gzip, convertError: pages > 0 ? '' : '文档没有内容', description: d.description || summary });
    }
    await this.onFinished(hash).catch((e) => this.log('search index update failed', { hash, error: String(e) }));
  }

  async fail(hash: string, message: string) {
    await this.repo.updateConversion(hash, { status: DocumentStatus.Failed, error: message, finishedAt: new Date() });
    const waiting = await this.repo.documentsAwaiting(hash);
    await this.repo.updateDocuments(waiting.map((d) => d.id), { status: DocumentStatus.Failed, convertError: message });
    await this.onFinished(hash).catch(() => undefined);
  }

  /** Watchdog: conversions stuck in `converting` past the time-out (a crashed worker) fail with a reason. */
  async failStuck(): Promise<number> {
    const deadline = new Date(Date.now() - (await this.timeoutMs()) - 60_000);
    const stuck = await this.repo.stuckConversions(deadline);
    for (const c of stuck) await this.fail(c.hash, '转换超时：转换进程没有在规定时间内完成，请重新转换');
    return stuck.length;
  }

  /** Page image bytes: `.gzip.svg` as stored gzip, `.svg` decompressed when needed. */
  async openPage(hash: string, page: number, storedGzip: boolean, wantGzip: boolean) {
    const stream = await this.storage.get(pageKey(hash, page, storedGzip));
    if (!stream) return undefined;
    if (storedGzip && !wantGzip) return { stream: stream.pipe(zlib.createGunzip()), encoding: undefined };
    if (!storedGzip && wantGzip) return { stream: stream.pipe(zlib.createGzip()), encoding: 'gzip' as const };
    return { stream, encoding: storedGzip ? ('gzip' as const) : undefined };
  }

  openCover(hash: string) {
    return this.storage.get(coverKey(hash));
  }
}
