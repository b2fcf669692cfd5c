import { gunzip as gunzipCb } from 'node:zlib';
import { promisify } from 'node:util';
import type { TFindInDocumentAnswer, TLayerSpan, TReaderInfo } from '@wenku/contracts';
import type { CacheBus } from '../../kernel/cache-bus';
import { badRequest } from '../../lib/errors';
import type { ConfigService } from '../config/config.service';
import type { ConversionService } from '../conversion/conversion.service';
import type { DocumentRow, DocumentService, Viewer } from '../document/document.service';
import { readablePages } from '../document/document.mapper';
import type { DownloadService } from '../download/download.service';
import type { UserService } from '../user/user.service';
import { isVip } from '../user/user.service';
import { findIn, indexLayer, indexText, normaliseQuery, type PageIndex } from './find';
import { FindIndexCache } from './find-cache';

const gunzip = promisify(gunzipCb);

/** memory for the find indexes of documents searched lately */
const FIND_CACHE_BYTES = 64 * 1024 * 1024;
/** layers read at once while a document's find index is built */
const READ_CONCURRENCY = 8;

/**
 * What the reader may do with a document beyond its page images: the pages it may read (the page images' rule,
 * `readablePages`), whether its text may be copied (config display.copy_text), the outline, and find over the
 * readable pages' text layers.
 */
export class ReaderService {
  /** the find indexes: per file and readable page count */
  readonly indexes = new FindIndexCache(FIND_CACHE_BYTES);

  constructor(
    private readonly documents: DocumentService,
    private readonly downloads: DownloadService,
    private readonly conversion: ConversionService,
    private readonly users: UserService,
    private readonly settings: ConfigService,
    private readonly caches: CacheBus,
  ) {
    caches.register('reader-find', () => this.indexes.forget());
  }

  /** A file's layers or text changed (converted again, recognised, given its layers): its find index goes, everywhere. */
  async textChanged(hash: string): Promise<void> {
    this.indexes.forget(`${hash}:`);
    await this.caches.invalidate('reader-find');
  }

  /** Whether this reader may select and copy the document's text (display.copy_text). */
  async canCopy(d: DocumentRow, viewer: Viewer): Promise<boolean> {
    const rule = (await this.settings.get('display')).copy_text;
    if (rule === 'all' || viewer.isAdmin) return true;
    if (viewer.userId === undefined) return false;
    if (rule === 'user' || viewer.userId === d.userId) return true;
    if (rule === 'vip') return isVip(await this.users.get(viewer.userId));
    return this.downloads.canDownloadFree(d, viewer.userId);
  }

  /** GET /document/reader: the limits, copy right, outline and layers' version, and the saved page (given). */
  async info(uuid: string, viewer: Viewer, progress: (d: DocumentRow) => Promise<number>): Promise<TReaderInfo> {
    const d = await this.documents.views.visible({ uuid }, viewer);
    const readable = readablePages(d);
    const [state, canCopy, outline, page] = await Promise.all([
      readable > 0 ? this.conversion.layerState(d.hash) : Promise.resolve({ has: false, stamp: '' }),
      this.canCopy(d, viewer),
      readable > 0 ? this.conversion.outline(d.hash) : Promise.resolve([]),
      progress(d),
    ]);
    return { readable, has_text: state.has, text_key: state.stamp, can_copy: canCopy, outline, progress: page };
  }

  /** GET /document/find: the hits in the pages this reader may read, with their boxes. */
  async find(uuid: string, wd: string, viewer: Viewer): Promise<TFindInDocumentAnswer> {
    const query = normaliseQuery(wd);
    if (!query) throw badRequest('请输入要查找的内容');
    const d = await this.documents.views.visible({ uuid }, viewer);
    const readable = readablePages(d);
    if (readable === 0) return { total: 0, pages: [], readable, truncated: false };
    const pages = await this.indexes.get(`${d.hash}:${readable}`, () => this.buildIndex(d.hash, readable));
    return { ...findIn(pages, query), readable };
  }

  /** Pages 1..readable from their text layers, or from their extracted text where a page has no layer (yet). */
  private async buildIndex(hash: string, readable: number): Promise<PageIndex[]> {
    const out: PageIndex[] = new Array<PageIndex>(readable);
    const missing: number[] = [];
    let next = 1;
    const worker = async () => {
      for (let page = next++; page <= readable; page = next++) {
        const stored = await this.conversion.openLayer(hash, page);
        if (!stored) {
          missing.push(page);
          continue;
        }
        try {
          const layer = JSON.parse((await gunzip(stored)).toString('utf8')) as { spans?: TLayerSpan[] };
          out[page - 1] = indexLayer(page, Array.isArray(layer.spans) ? layer.spans : []);
        } catch {
          missing.push(page);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, readable) }, worker));
    if (missing.length) {
      const texts = new Map((await this.conversion.pageTexts(hash)).map((t) => [t.page, t.text]));
      for (const page of missing) out[page - 1] = indexText(page, texts.get(page) ?? '');
    }
    return out;
  }
}
