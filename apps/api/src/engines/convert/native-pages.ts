import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCb, gzipSync } from 'node:zlib';
import type { RenderedPage } from './render.js';
import type { PageLine } from './native-script.js';
import type { NativeTexts } from './native-text.js';
import { layerFromStext, type TextLayer } from './text-layer.mjs';

const gzipAsync = promisify(gzipCb);

const blankSvg = (w: number, h: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"></svg>\n`);

const round = (n: number) => Math.round(n * 100) / 100;

/** At most `n` page reads (file read + gzip) at once, started in page order. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export interface NativePagesOptions {
  /** mutool's output folder */
  out: string;
  maxPreviewPages: number;
  maxRenderedBytes: number;
  gzip: boolean;
  /** false: no page images were made (text-only run): rendered pages carry an empty svg */
  images: boolean;
  onPage?: (page: RenderedPage) => void;
  /** a failure on this side (a page file unreadable, onPage threw): the run kills mutool and throws it */
  fail: (e: unknown) => void;
}

type Got = { svg?: Buffer; text?: string; layer?: TextLayer; warn?: string };
type Queued = { rec: PageLine; got?: Got; done: boolean };

/**
 * The pages mutool reports, turned into the worker's result in page order: each page's files are read as soon as it
 * is reported (four at a time, then removed, so a long document never has them all on disk), and pages are finished
 * strictly in order — text accounting, the preview byte budget, onPage — through a queue whose ready head is pumped.
 */
export class NativePages {
  readonly rendered: RenderedPage[] = [];
  readonly warnings: string[] = [];
  width = 0;
  height = 0;
  private readonly previewLimit: number;
  private renderedBytes = 0;
  private overBudget = false;
  private renderStopped = false;
  private readonly limit = limiter(4);
  private readonly queue: Queued[] = [];
  private head = 0;
  private reading = 0;
  private drained?: () => void;
  private failed = false;

  constructor(
    private readonly opts: NativePagesOptions,
    private readonly texts: NativeTexts,
  ) {
    this.previewLimit = opts.maxPreviewPages > 0 ? opts.maxPreviewPages : Infinity;
  }

  /** A page the script reported. */
  add(rec: PageLine): void {
    // most pages of a long document have no file to read (their text is in text.txt): no promise for those
    const item: Queued = { rec, done: !rec.svg && rec.txt !== 1 };
    this.queue.push(item);
    if (item.done) return;
    this.reading++;
    this.limit(() => this.read(rec))
      .then(
        (got) => {
          item.got = got;
          item.done = true;
        },
        (e: unknown) => this.fail(e),
      )
      .finally(() => {
        this.reading--;
        this.pump();
      });
  }

  /** Finishes the pages at the head of the queue whose files are read. */
  pump(): void {
    while (this.head < this.queue.length && this.queue[this.head].done && !this.failed) {
      const item = this.queue[this.head];
      this.queue[this.head++] = undefined as unknown as Queued;
      try {
        this.finish(item.rec, item.got ?? {});
      } catch (e) {
        this.fail(e);
      }
    }
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    }
    if (this.reading === 0 && this.drained) this.drained();
  }

  /** Waits for the page files still being read (after mutool has exited, or been killed). */
  settle(): Promise<void> {
    return this.reading === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          this.drained = resolve;
        });
  }

  /** The text of pages whose text came from text.txt at the end (there is no onPage then: see pageText). */
  fillTexts(): void {
    for (const p of this.rendered) p.text = this.texts.text(p.page);
  }

  private fail(e: unknown) {
    this.failed = true;
    this.opts.fail(e);
  }

  private async read(rec: PageLine): Promise<Got> {
    const svgPath = rec.svg ? join(this.opts.out, rec.svg) : undefined;
    const txtPath = rec.txt === 1 ? join(this.opts.out, `l${rec.n}.json`) : undefined;
    try {
      const wantSvg = svgPath && rec.n <= this.previewLimit && !this.overBudget;
      // a preview page's structured text is its layer whatever the text budget says; its text is read from it
      const [svg, stext] = await Promise.all([wantSvg ? readFile(svgPath) : undefined, txtPath ? readFile(txtPath, 'utf8') : undefined]);
      const got: Got = { svg: svg && (await prepareSvg(svg, this.opts.gzip)) };
      if (stext !== undefined && rec.b) {
        const read = readStext(stext, rec.b);
        if (read) {
          got.layer = read.layer;
          if (this.texts.wanted) got.text = read.text;
        } else {
          got.warn = `page ${rec.n} text: unreadable structured text`;
        }
      }
      return got;
    } finally {
      // the files are not needed any more: a long document never has them all on disk
      for (const p of [svgPath, txtPath]) if (p) void rm(p, { force: true });
    }
  }

  /** In page order, like the worker: text accounting, the preview byte budget, onPage. */
  private finish(rec: PageLine, got: Got) {
    const index = rec.n - 1;
    if (index !== this.texts.pages) throw new Error(`mutool page ${rec.n} out of order`);
    // a page that could not be loaded has no size: it takes page 1's, as in the worker
    const w = rec.b ? round(rec.b[2] - rec.b[0]) : this.width;
    const h = rec.b ? round(rec.b[3] - rec.b[1]) : this.height;
    if (index === 0) {
      this.width = w;
      this.height = h;
    }
    if (rec.warn) this.warnings.push(...rec.warn);
    if (got.warn) this.warnings.push(got.warn);
    this.texts.add(!!rec.b, got.text, rec.txt === 2);

    if (!this.renderStopped && index < this.previewLimit && this.overBudget) {
      this.renderStopped = true;
      this.warnings.push(`preview stopped after ${this.rendered.length} pages: page images passed ${this.opts.maxRenderedBytes} bytes`);
    }
    if (index >= this.previewLimit || this.renderStopped) return;
    // a page whose SVG failed is a blank page of its size (the script said why in rec.warn)
    const svg = got.svg ?? (!this.opts.images ? Buffer.alloc(0) : this.opts.gzip ? gzipSync(blankSvg(w, h)) : blankSvg(w, h));
    // the text of a deferred page is filled in at the end (fillTexts)
    const entry: RenderedPage = { page: rec.n, svg, width: w, height: h, text: this.texts.text(rec.n), layer: got.layer ?? emptyLayer(w, h) };
    this.rendered.push(entry);
    this.renderedBytes += svg.byteLength;
    if (this.renderedBytes > this.opts.maxRenderedBytes && !this.overBudget) {
      this.overBudget = true;
      // tell the script to render no more previews; it looks for this file before each page
      void writeFile(join(this.opts.out, 'stop'), '').catch(() => undefined);
    }
    this.opts.onPage?.(entry);
  }
}

const emptyLayer = (width: number, height: number): TextLayer => ({ width, height, spans: [] });

/** MuPDF 1.21's stext JSON of one page (an array of one page object), as a layer and its text. */
function readStext(json: string, bounds: [number, number, number, number]) {
  try {
    const pages = JSON.parse(json) as unknown;
    const page: unknown = Array.isArray(pages) ? pages[0] : pages;
    return layerFromStext(page, bounds);
  } catch {
    return undefined;
  }
}

/**
 * MuPDF starts at <svg; drop an XML prolog or doctype should a version add one. MuPDF 1.21 sizes the page in pt
 * (width="595pt"), MuPDF.js 1.28 in user units (width="595"): the same viewBox either way, but a page opened on its
 * own should not depend on the engine, so the unit goes — overwritten in place (`"595"  `), the page is not copied.
 * Gzip runs on the thread pool.
 */
async function prepareSvg(bytes: Buffer, gzip: boolean): Promise<Buffer> {
  const head = bytes.subarray(0, 1024).toString('latin1');
  const at = Math.max(0, head.indexOf('<svg'));
  const end = head.indexOf('>', at);
  if (end > at) {
    for (const m of head.slice(at, end).matchAll(/ (?:width|height)="[\d.]+pt"/g)) bytes.write('"  ', at + m.index + m[0].length - 3, 'latin1');
  }
  const svg = at > 0 ? bytes.subarray(at) : bytes;
  return gzip ? gzipAsync(svg) : svg;
}
