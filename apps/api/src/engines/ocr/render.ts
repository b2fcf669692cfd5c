import { Worker } from 'node:worker_threads';
import { OcrError } from './errors.js';

const WORKER_URL = new URL('./render-worker.mjs', import.meta.url);

type Reply = { id: number; error?: string; pages?: number | number[]; absurd?: AbsurdPage[]; png?: Uint8Array; dpi?: number };

/** A page whose box no real page has (a side over PDF's 14 400 pt limit, or none at all). */
export interface AbsurdPage {
  page: number;
  width: number;
  height: number;
}

/**
 * One MuPDF.js worker thread holding one document open: which pages carry images, and a page as a grey PNG at a
 * resolution. Rendering a page at 300 dpi costs a few hundred milliseconds of WASM: off the event loop. A crash or
 * an out-of-memory kill (resourceLimits) ends only this worker.
 */
export class PageRenderer {
  private readonly worker: Worker;
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private failure?: Error;

  constructor(path: string, magic: string, heapMb = 512) {
    this.worker = new Worker(WORKER_URL, {
      workerData: { path, magic },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
      stdout: false,
      stderr: false,
    });
    this.worker.on('message', (r: Reply) => {
      const w = this.waiting.get(r.id);
      this.waiting.delete(r.id);
      w?.resolve(r);
    });
    const fail = (e: Error) => {
      this.failure ??= e;
      for (const w of this.waiting.values()) w.reject(this.failure);
      this.waiting.clear();
    };
    this.worker.on('error', (e: Error & { code?: string }) =>
      fail(new OcrError('render', e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? '页面渲染时内存不足' : '页面渲染失败', e.message)),
    );
    this.worker.on('exit', (code) => fail(new OcrError('render', '页面渲染失败', `render worker exited with ${code}`)));
  }

  private ask(msg: object, timeoutMs: number): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.seq;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        void this.worker.terminate();
        reject(new OcrError('timeout', '页面渲染超时', `render worker killed after ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          if (r.error) reject(new OcrError('render', r.error === 'encrypted' ? '文档已加密，无法识别' : '页面渲染失败', r.error));
          else resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** Opens the document; answers its page count. */
  async open(timeoutMs: number): Promise<number> {
    return (await this.ask({ type: 'open' }, timeoutMs)).pages as number;
  }

  /** Of these 1-based pages, those that draw at least one image, and which of those have an absurd page box. */
  async pagesWithImages(pages: number[], timeoutMs: number): Promise<{ pages: number[]; absurd: AbsurdPage[] }> {
    const r = await this.ask({ type: 'images', pages }, timeoutMs);
    return { pages: r.pages as number[], absurd: r.absurd ?? [] };
  }

  /**
   * A page as a grey PNG at `dpi`, or at the lower resolution that keeps it within `maxPixels` (a 5 000 pt page at
   * 300 dpi would be 434 million pixels); `dpi` in the answer is the resolution used.
   */
  async render(page: number, dpi: number, maxPixels: number, timeoutMs: number): Promise<{ png: Buffer; dpi: number }> {
    const r = await this.ask({ type: 'render', page, dpi, maxPixels }, timeoutMs);
    if (!r.png) throw new OcrError('render', '页面渲染失败', 'the render worker answered without an image');
    return { png: Buffer.from(r.png.buffer, r.png.byteOffset, r.png.byteLength), dpi: r.dpi ?? dpi };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
