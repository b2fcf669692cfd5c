import { Worker } from 'node:worker_threads';
import { ConvertError, abortError, type ConvertErrorCode } from './errors.js';
import type { OutlineItem, TextLayer } from './text-layer.mjs';

/** What either render path (MuPDF.js worker, native mutool) is told about previews, text and the cover. */
export interface RenderOptions {
  maxPreviewPages: number;
  /** false: no page images (rendered pages carry an empty svg) and no cover, only text, layers and outline */
  images: boolean;
  gzip: boolean;
  coverWidth: number;
  maxTextBytes: number;
  maxPages: number;
  /** the refusal's sentence when a document has more than maxPages pages (default: 文档页数过多（上限 N 页）) */
  maxPagesMessage?: string;
  maxRenderedBytes: number;
}

/** What the worker is asked to do (see mupdf-worker.mjs). */
export interface MupdfJob extends RenderOptions {
  /**
   * the document, or its consecutive parts (long text laid out in chunks); magic is a MIME type or extension
   * MuPDF understands: 'application/pdf', 'application/epub+zip', 'text/html', ...
   */
  inputs: { path: string; magic: string }[];
  layout?: { width: number; height: number; em: number } | null;
}

export interface RenderedPage {
  page: number;
  svg: Uint8Array;
  width: number;
  height: number;
  text: string;
  /** the page's words where they are drawn (text-layer.mjs) */
  layer?: TextLayer;
}

export interface MupdfResult {
  pages: number;
  /** the page images, streamed from the worker one by one (see `onPage`) and gathered here */
  rendered: RenderedPage[];
  texts: string[];
  textTruncated: boolean;
  cover: Uint8Array;
  width: number;
  height: number;
  title?: string;
  /** bookmarks / table of contents, flattened, pages 1-based */
  outline: OutlineItem[];
  warnings: string[];
}

type WorkerMessage =
  | { type: 'ready'; version: string }
  | { type: 'page'; page: RenderedPage }
  | { type: 'result'; result: Omit<MupdfResult, 'rendered'> }
  | { type: 'error'; code: ConvertErrorCode; message: string; detail?: string };

const WORKER_URL = new URL('./mupdf-worker.mjs', import.meta.url);

let knownVersion: string | undefined;
/** The MuPDF.js version, known once a worker has started (or read from its package.json). */
export function mupdfVersion(): string | undefined {
  return knownVersion;
}

/**
 * One MuPDF worker thread for one document. It starts loading MuPDF's WASM at once, so callers that first run
 * LibreOffice should create it before and `run` it after: the ~0.3 s start-up then overlaps the office conversion.
 * A crash, an out-of-memory kill (resourceLimits) or a time-out ends only this worker.
 */
export class MupdfWorker {
  private readonly worker: Worker;
  private readonly messages: WorkerMessage[] = [];
  /** the job waiting for the worker's next message; undefined once the worker has exited */
  private waiter?: (m: WorkerMessage | undefined) => void;
  private failure?: Error;
  private exited = false;
  private readonly pages: RenderedPage[] = [];
  private onPage?: (page: RenderedPage) => void;

  constructor(heapMb: number) {
    this.worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
      stdout: false,
      stderr: false,
    });
    this.worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') {
        knownVersion = m.version;
        return;
      }
      if (m.type === 'page') {
        this.pages.push(m.page);
        this.onPage?.(m.page);
        return;
      }
      this.deliver(m);
    });
    this.worker.on('error', (err: Error & { code?: string }) => {
      this.failure =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ConvertError('too_large', '文档过大，转换时内存不足', err.message)
          : new ConvertError('corrupt', '文档转换失败', `worker error: ${err.message}`);
    });
    this.worker.on('exit', (code) => {
      this.exited = true;
      if (!this.failure) this.failure = new ConvertError('corrupt', '文档转换失败', `worker exited with code ${code}`);
      this.deliver(undefined);
    });
    // the worker must not keep the process alive while idle
    this.worker.unref();
  }

  private deliver(m: WorkerMessage | undefined) {
    if (m) this.messages.push(m);
    const w = this.waiter;
    if (w && (this.messages.length > 0 || this.exited)) {
      this.waiter = undefined;
      w(this.messages.shift());
    }
  }

  /** Runs the job; `onPage` sees each page image as soon as the worker has it (page order). */
  async run(job: MupdfJob, timeoutMs: number, signal?: AbortSignal, onPage?: (page: RenderedPage) => void): Promise<MupdfResult> {
    this.onPage = onPage;
    if (signal?.aborted) {
      await this.terminate();
      throw abortError(signal);
    }
    if (this.exited) throw this.failure ?? new ConvertError('corrupt', '文档转换失败', 'worker gone');
    this.worker.ref();
    this.worker.postMessage(job);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      const message = await new Promise<WorkerMessage | undefined>((resolve, reject) => {
        timer = setTimeout(() => {
          void this.terminate();
          reject(new ConvertError('timeout', '文档转换超时', `MuPDF worker killed after ${timeoutMs} ms`));
        }, timeoutMs);
        onAbort = () => {
          void this.terminate();
          reject(abortError(signal));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiter = resolve;
        this.deliver(undefined);
      });
      if (!message) throw this.failure ?? new ConvertError('corrupt', '文档转换失败', 'worker exited');
      if (message.type === 'error') throw new ConvertError(message.code, message.message, message.detail);
      if (message.type !== 'result') throw new ConvertError('corrupt', '文档转换失败', `unexpected worker message ${message.type}`);
      return { ...message.result, rendered: this.pages.splice(0) };
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      this.waiter = undefined;
    }
  }

  async terminate(): Promise<void> {
    if (this.exited) return;
    await this.worker.terminate();
  }
}
