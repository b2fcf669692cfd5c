import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConvertError } from './errors.js';
import { runProcess } from './process.js';
import type { MupdfResult, RenderOptions, RenderedPage } from './render.js';
import type { NativeMutool } from './native-mutool.js';
import { NativePages } from './native-pages.js';
import { diedError, engineWarnings, parseLine, scriptCommand, scriptError, type ScriptLine, type ScriptOutlineItem } from './native-script.js';
import { flattenOutline, type OutlineItem } from './text-layer.mjs';
import { NativeTexts } from './native-text.js';

/**
 * The native render path: one `mutool run mutool-render.js` process (Debian mupdf-tools, MuPDF in C) does for a
 * PDF or XPS what the MuPDF.js worker does — every page's SVG and text, the cover — about twice as fast per page
 * and without the worker's ~0.3 s WASM start-up. The script reports each page on stdout as soon as its files are
 * written; this side reads them, cleans the text, gzips, applies the byte budgets and calls onPage in page order.
 * Finding mutool is native-mutool.ts, the script's protocol native-script.ts, the pages native-pages.ts and their
 * text native-text.ts.
 */
export { findNativeMutool, mutoolVersion, type NativeMutool } from './native-mutool.js';

export interface NativeJob extends RenderOptions {
  /** a PDF, or an XPS (MuPDF C reads XPS itself; the MuPDF.js build does not) */
  input: string;
  kind: 'pdf' | 'xps';
  /** a private temp dir for the page files is made inside and removed afterwards */
  workDir: string;
  /** mutool's address-space cap (MiB), when prlimit is there */
  memoryMb: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** each preview page in page order, as soon as it is ready */
  onPage?: (page: RenderedPage) => void;
  /** false: no text layers, the pages' text from the plain text dump (the cost comparison of bench/reader-bench.ts) */
  layers?: boolean;
}

/** What the script said about the document as a whole, gathered from its lines. */
class ScriptReport {
  pages = 0;
  title: string | undefined;
  outline: OutlineItem[] = [];
  coverReady = false;
  ended = false;
  failure: { reason: string; detail?: string } | undefined;
  /** lines that were not the script's (mutool's own output), kept as warnings */
  readonly stray: string[] = [];

  constructor(private readonly sink: NativePages) {}

  line(line: string) {
    const rec: ScriptLine | undefined = parseLine(line);
    if (!rec) {
      if (line.trim() !== '' && this.stray.length < 50) this.stray.push(`mutool: ${line.slice(0, 200)}`);
      return;
    }
    switch (rec.t) {
      case 'doc':
        this.pages = rec.pages;
        this.title = rec.title || undefined;
        break;
      case 'page':
        this.sink.add(rec);
        this.sink.pump();
        break;
      case 'pages':
        for (const p of rec.list) this.sink.add(p);
        this.sink.pump();
        break;
      case 'outline':
        this.outline = flattenOutline(rec.items, (item: ScriptOutlineItem) => (item.page >= 0 ? { page: item.page, y: item.y } : undefined), this.pages);
        break;
      case 'cover':
        this.coverReady = true;
        break;
      case 'end':
        this.ended = true;
        break;
      case 'error':
        this.failure = rec;
        break;
    }
  }
}

/** Renders one PDF/XPS with mutool; the result has the shape (and the semantics) of the worker's. */
export async function renderNative(mutool: NativeMutool, job: NativeJob): Promise<MupdfResult> {
  const out = await mkdtemp(join(job.workDir, 'mutool-'));
  // a failure on this side (onPage threw, a page file unreadable): kills mutool, and is what the call throws
  let failure: unknown;
  const stop = new AbortController();
  const texts = new NativeTexts(job.maxTextBytes);
  const pages = new NativePages(
    {
      out,
      maxPreviewPages: job.maxPreviewPages,
      maxRenderedBytes: job.maxRenderedBytes,
      gzip: job.gzip,
      images: job.images,
      onPage: job.onPage,
      fail: (e) => {
        if (failure === undefined) failure = e;
        stop.abort(e);
      },
    },
    texts,
  );
  const report = new ScriptReport(pages);
  // the marker after each page in text.txt; random, so no document can contain it
  const nonce = `wk${randomBytes(8).toString('hex')}`;

  try {
    let input = job.input;
    // mutool picks the XPS handler by the name; a PDF is opened by content (PDFDocument) whatever it is called
    if (job.kind === 'xps' && !/\.o?xps$/i.test(input)) {
      input = join(out, 'input.xps');
      await symlink(resolve(job.input), input);
    }
    const { command, args } = scriptCommand(
      mutool,
      {
        input,
        kind: job.kind,
        out,
        maxPreviewPages: job.maxPreviewPages,
        coverWidth: job.coverWidth,
        maxPages: job.maxPages,
        // preview pages' structured text: their layer, and their text with it
        layers: job.layers ?? true,
        nonce,
        images: job.images,
      },
      job.memoryMb,
    );
    const signal = job.signal ? AbortSignal.any([job.signal, stop.signal]) : stop.signal;
    let res;
    try {
      res = await runProcess(command, args, { timeoutMs: job.timeoutMs, signal, label: 'mutool', cwd: out, onStdoutLine: (l) => report.line(l) });
    } catch (e) {
      if (failure !== undefined && !job.signal?.aborted) throw failure;
      throw e;
    }
    await pages.settle();
    if (failure !== undefined) throw failure;
    // the script fails on its own, through this, for errors MuPDF throws; the detail carries MuPDF's reason
    if (report.failure) throw scriptError(report.failure.reason, report.failure.detail, job.maxPages, job.maxPagesMessage);
    if (!report.ended) throw diedError(mutool, res);
    if ((job.images && !report.coverReady) || report.pages === 0 || texts.pages !== report.pages) {
      throw new ConvertError('corrupt', '文档首页无法渲染', `mutool reported ${texts.pages} of ${report.pages} pages, cover ${report.coverReady}`);
    }
    if (texts.pending) {
      await texts.finish(join(out, 'text.txt'), nonce);
      pages.fillTexts();
    }
    const cover = job.images ? await readFile(join(out, 'cover.png')) : Buffer.alloc(0);
    return {
      pages: report.pages,
      rendered: pages.rendered,
      texts: texts.texts,
      textTruncated: texts.budget.truncated,
      cover,
      width: pages.width,
      height: pages.height,
      title: report.title,
      outline: report.outline,
      warnings: [...pages.warnings, ...report.stray, ...engineWarnings(res.stderr)],
    };
  } finally {
    await pages.settle();
    await rm(out, { recursive: true, force: true });
  }
}
