import { Piscina } from 'piscina';
import { AppError } from '../../lib/errors';

/**
 * Markdown work (article HTML with KaTeX, .docx exports) on worker threads: a document of a thousand formulas takes
 * seconds of CPU, which must not stall every other request. A short queue: past it the caller hears "busy".
 */
export class MarkdownPool {
  private readonly pool = new Piscina({
    filename: new URL('./markdown.worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 2,
    maxQueue: 16,
    idleTimeout: 30_000,
  });

  private async run<T>(task: object): Promise<T> {
    try {
      return (await this.pool.run(task)) as T;
    } catch (e) {
      if (e instanceof Error && /queue is at limit/i.test(e.message)) throw new AppError('rate_limited', '服务器正忙，请稍后再试');
      throw e;
    }
  }

  /** An article's HTML (sanitized, formulas rendered): done when it is saved, never per request. */
  render(markdown: string, docId: string): Promise<string> {
    return this.run({ kind: 'render', markdown, docId });
  }

  async docx(markdown: string, title?: string): Promise<Buffer> {
    const out = await this.run<Uint8Array>({ kind: 'docx', markdown, title });
    return Buffer.from(out);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
