import type { TTextLayerStatus } from '@wenku/contracts';
import type { JobQueue } from '../../kernel/jobs';
import type { Logger } from '../../kernel/module';
import { conflict } from '../../lib/errors';
import type { ConversionService } from '../conversion/conversion.service';
import type { ReaderRepo } from './reader.repo';
import { backfillTextLayersJob } from './reader.jobs';

/** a run marked running for longer than this lost its worker: it may be started again */
const STALE_MS = 12 * 3600_000;

/**
 * Text layers for documents converted before they existed (issue 27): a background job reads each such file again,
 * text only, and stores its pages' layers and outline; progress is the count of converted files with layers, shown
 * in the admin. It starts by itself at start-up when files wait, and again from the admin.
 */
export class TextLayerBackfill {
  constructor(
    private readonly repo: ReaderRepo,
    private readonly conversion: ConversionService,
    private readonly queue: JobQueue,
    private readonly log: Logger,
    /** a file got its layers: the reader's find index of it goes, OCR'd pages are read again for their words */
    private readonly filled: (hash: string) => Promise<void>,
  ) {}

  async status(): Promise<TTextLayerStatus> {
    const [s, counts] = await Promise.all([this.repo.backfillState(), this.conversion.layerCounts()]);
    return {
      running: s?.running ?? false,
      total: counts.total,
      done: counts.done,
      failed: s?.failed ?? 0,
      error: s?.error ?? '',
      started_at: s?.startedAt?.toISOString() ?? null,
      finished_at: s?.finishedAt?.toISOString() ?? null,
    };
  }

  /** PUT /renew/document/text-layer, and the start-up sweep (`onlyIfNeeded`: when files wait and none runs). */
  async start(onlyIfNeeded = false): Promise<TTextLayerStatus> {
    const s = await this.repo.backfillState();
    const running = s?.running && s.startedAt && Date.now() - s.startedAt.getTime() < STALE_MS;
    if (running) {
      if (onlyIfNeeded) return this.status();
      throw conflict('文字层正在生成中，请稍候');
    }
    if (onlyIfNeeded) {
      const { total, done } = await this.conversion.layerCounts();
      if (done >= total) return this.status();
    }
    await this.repo.setBackfillState({ running: true, failed: 0, error: '', startedAt: new Date(), finishedAt: null });
    await this.queue.send(backfillTextLayersJob, {});
    // without a queue (tools, tests) the run happens right here in the background
    if (!this.queue.attached) void this.run().catch(() => undefined);
    return this.status();
  }

  /** The job: every converted file without this release's layers, one at a time. */
  async run(): Promise<void> {
    let after = '';
    let failed = 0;
    try {
      for (;;) {
        const hashes = await this.conversion.layerlessHashes(after, 20);
        if (!hashes.length) break;
        for (const hash of hashes) {
          const r = await this.conversion.fillTextLayers(hash);
          if (r.error) {
            failed++;
            await this.repo.setBackfillState({ failed, error: r.error.slice(0, 500) });
          }
          if (r.filled) await this.filled(hash);
        }
        after = hashes.at(-1) ?? after;
      }
      await this.repo.setBackfillState({ running: false, failed, finishedAt: new Date() });
      this.log.info('text layers backfilled', { failed });
    } catch (e) {
      await this.repo.setBackfillState({ running: false, error: e instanceof Error ? e.message.slice(0, 500) : String(e), finishedAt: new Date() });
      throw e;
    }
  }
}
