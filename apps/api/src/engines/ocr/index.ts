/**
 * Text recognition of scanned pages: which pages need it (little text, some image), each rendered by MuPDF.js at
 * the configured resolution and read by native tesseract or tesseract.js, one page at a time. No database, no HTTP.
 */
import { OcrError } from './errors.js';
import { PageRenderer } from './render.js';
import { BUNDLED_LANGUAGES, NativeEngine, TesseractJsEngine, findNativeTesseract, tesseractJsVersion, type PageEngine } from './tesseract.js';
import { layerFromTsv, pngSize } from './layer.js';
import type { TextLayer } from '../convert/index.js';

export { OcrError, type OcrErrorCode } from './errors.js';
export {
  cleanOcrText,
  findNativeTesseract,
  tesseractJsVersion,
  NativeEngine,
  TesseractJsEngine,
  BUNDLED_LANGUAGES,
  type PageEngine,
  type RecognisedPage,
} from './tesseract.js';
export { layerFromTsv } from './layer.js';

export type OcrEngineChoice = 'auto' | 'native' | 'tesseract.js';

/** Formats MuPDF.js opens whose pages can be scans. */
const MAGIC: Record<string, string> = { pdf: 'application/pdf', cbz: 'application/x-cbz' };
export const isOcrSupported = (ext: string) => ext in MAGIC;

export interface OcrOptions {
  engine: OcrEngineChoice;
  /** tesseract's `-l`: `chi_sim+eng` */
  languages: string;
  dpi: number;
  pageTimeoutMs: number;
  /** 0 = every page that needs it */
  maxPages: number;
  /** a page with fewer non-blank characters of text than this (and an image) is recognised */
  minChars: number;
  /** a page is rendered at `dpi`, or lower so that its picture has at most this many pixels */
  maxPagePixels: number;
  /** the whole document's recognition stops (keeping what was read) once it has taken this long; 0: no cap */
  documentTimeoutMs: number;
  /** the clock the time caps are measured with (tests) */
  now?: () => number;
  /** private, made and removed by the caller */
  workDir: string;
  /** overrides the engine (tests, the bench) */
  pageEngine?: PageEngine;
}

/** The engine `choice` resolves to on this machine (native needs `tesseract` installed). */
export async function createPageEngine(choice: OcrEngineChoice, languages: string, dpi: number, workDir: string): Promise<PageEngine> {
  if (choice !== 'tesseract.js') {
    const native = await findNativeTesseract();
    if (native) return new NativeEngine(native, languages, dpi, workDir);
    if (choice === 'native')
      throw new OcrError('engine_missing', '识别引擎设为原生 tesseract，但服务器没有安装 tesseract（Debian：apt install tesseract-ocr tesseract-ocr-chi-sim）');
  }
  return new TesseractJsEngine(languages);
}

const visibleChars = (s: string) => s.replace(/\s+/g, '').length;

export interface OcrProgress {
  /** pages that need recognition (after the max-pages cap) */
  pages: number[];
  done: number;
}

export interface OcrResult {
  /** recognised text per page (only the pages that were recognised), with its words where tesseract found them */
  texts: { page: number; text: string; layer: TextLayer }[];
  engine: string;
  /** why recognition stopped before the last page (a time cap): `texts` holds what was read until then */
  stopped?: OcrError;
}

/** PDF's own limit for a page side (ISO 32000: 14 400 units, 200 inches). */
export const MAX_PAGE_SIDE_PT = 14_400;

const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));
const pt = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : '?');

/**
 * Recognises the pages of `source` that carry little text (`texts`: the text extraction's result per page) and an
 * image. `onStart` gets the pages chosen, `onPage` each page's text as soon as it is read (progress), in order.
 * One page at a time; the render worker and the engine end with the document. A page is drawn with at most
 * `maxPagePixels` pixels; a page box over PDF's limit fails the document before anything is drawn; the document's
 * time cap and `beforePage` (the uploader's budget) stop it between pages, the result keeping what was read.
 */
export async function recogniseDocument(
  source: string,
  ext: string,
  texts: { page: number; text: string }[],
  opts: OcrOptions,
  hooks: {
    onStart?: (pages: number[], engine: string) => Promise<void> | void;
    /** before each page: throwing an OcrError stops the recognition there, keeping what was read (a budget) */
    beforePage?: (page: number, done: number, total: number) => Promise<void> | void;
    /** after each page, with the time it took (render and recognition) */
    onPage?: (page: number, text: string, done: number, ms: number) => Promise<void> | void;
  } = {},
): Promise<OcrResult> {
  const magic = MAGIC[ext];
  if (!magic) throw new OcrError('unsupported', `${ext.toUpperCase()} 格式的文档不支持 OCR（支持 PDF、CBZ）`);
  const engine = opts.pageEngine ?? (await createPageEngine(opts.engine, opts.languages, opts.dpi, opts.workDir));
  const renderer = new PageRenderer(source, magic);
  const renderTimeout = Math.max(30_000, opts.pageTimeoutMs);
  try {
    const count = await renderer.open(renderTimeout);
    const known = new Map(texts.map((t) => [t.page, t.text]));
    const sparse: number[] = [];
    for (let p = 1; p <= count; p++) if (visibleChars(known.get(p) ?? '') < opts.minChars) sparse.push(p);
    const found = sparse.length ? await renderer.pagesWithImages(sparse, renderTimeout * 4) : { pages: [], absurd: [] };
    let pages = found.pages;
    if (opts.maxPages > 0) pages = pages.slice(0, opts.maxPages);
    // a page box no real page has is refused before anything is drawn: the document is not a scan, it is a trap
    const absurd = found.absurd.find((a) => pages.includes(a.page));
    if (absurd) {
      throw new OcrError(
        'page_size',
        `第 ${absurd.page} 页的页面尺寸异常（${pt(absurd.width)} × ${pt(absurd.height)} pt，PDF 页面每边最大 ${MAX_PAGE_SIDE_PT} pt），拒绝识别`,
      );
    }
    await hooks.onStart?.(pages, engine.label);
    const now = opts.now ?? Date.now;
    const started = now();
    const out: OcrResult['texts'] = [];
    for (const page of pages) {
      if (opts.documentTimeoutMs > 0 && now() - started >= opts.documentTimeoutMs) {
        const stopped = new OcrError(
          'document_timeout',
          `识别时长达到每篇文档的上限（${minutes(opts.documentTimeoutMs)} 分钟），已识别 ${out.length} / ${pages.length} 页，其余页未识别`,
        );
        return { texts: out, engine: engine.label, stopped };
      }
      try {
        await hooks.beforePage?.(page, out.length, pages.length);
      } catch (e) {
        if (e instanceof OcrError) return { texts: out, engine: engine.label, stopped: e };
        throw e;
      }
      const t0 = now();
      const { png, dpi } = await renderer.render(page, opts.dpi, opts.maxPagePixels, renderTimeout);
      const { text, tsv } = await engine.recognise(png, page, opts.pageTimeoutMs, dpi);
      // the page is drawn at dpi (lower than configured for a very large page) from its top left: a pixel is 72 / dpi points
      const scale = 72 / dpi;
      const size = pngSize(png);
      out.push({ page, text, layer: layerFromTsv(tsv, scale, size.width * scale, size.height * scale) });
      await hooks.onPage?.(page, text, out.length, Math.max(0, now() - t0));
    }
    return { texts: out, engine: engine.label };
  } finally {
    await renderer.close().catch(() => undefined);
    if (!opts.pageEngine) await engine.close().catch(() => undefined);
  }
}

/** The OCR engines for GET /envs. */
export async function detectOcrEngines() {
  const native = await findNativeTesseract();
  return [
    {
      name: 'tesseract',
      installed: !!native,
      version: native?.version ?? '',
      description: `原生 OCR（可选，Debian：tesseract-ocr tesseract-ocr-chi-sim）：安装后「自动」引擎优先使用，每页一个独立进程，可用任何已安装的语言包${native ? `；已装语言：${native.languages.join('、')}` : ''}`,
      required: false,
    },
    {
      name: 'tesseract.js',
      installed: tesseractJsVersion() !== '',
      version: tesseractJsVersion(),
      description: `内置 OCR（WASM，语言数据 ${BUNDLED_LANGUAGES.join('、')} 随程序安装，无需下载）：未安装原生 tesseract 或选择「内置 tesseract.js」时使用`,
      required: false,
    },
  ];
}
