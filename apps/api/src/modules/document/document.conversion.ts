import { DocumentStatus } from '@wenku/contracts';
import { DocumentPart, type ConversionOutcome } from './document.model';
import type { DocumentRow } from './document.repo';

/**
 * The documents' side of conversion: putting documents into the queue, and taking the results the conversion
 * module reports for a file (every document of that file shares its pages).
 */
export class DocumentConversion extends DocumentPart {
  /** Puts documents back into the conversion queue (failed ones when no ids are given). */
  async requestConversion(ids: number[] | undefined, force: boolean): Promise<number> {
    let docs: DocumentRow[];
    if (ids?.length) docs = await this.repo.byIds(ids);
    else docs = (await this.repo.list({ page: 1, size: 100000, status: [DocumentStatus.Failed] })).rows;
    docs = docs.filter((d) => d.status !== DocumentStatus.PendingReview && d.status !== DocumentStatus.ReviewRejected && d.status !== DocumentStatus.Disabled);
    if (!docs.length) return 0;
    await this.repo.updateMany(
      docs.map((d) => d.id),
      { status: force ? DocumentStatus.Reconvert : DocumentStatus.Pending, convertError: '' },
    );
    await this.requestConversionOf(
      docs.map((d) => d.hash),
      force,
    );
    // out of search until the pages are back
    await this.changed(docs.map((d) => d.id));
    return docs.length;
  }

  /** Every document (live or in the recycle bin) of the file `hash`. */
  idsOfFile(hash: string): Promise<number[]> {
    return this.repo.idsByHash(hash);
  }

  /** Documents waiting for this file's conversion. */
  awaitingConversion(hash: string): Promise<DocumentRow[]> {
    return this.repo.awaiting(hash);
  }

  /** Hashes whose documents still wait (a crash, a send without a queue): the worker's start-up sweep. */
  waitingHashes(): Promise<string[]> {
    return this.repo.waitingHashes();
  }

  async markConverting(ids: number[]) {
    await this.repo.updateMany(ids, { status: DocumentStatus.Converting, convertError: '' });
    await this.cache.forget();
  }

  /** Every document waiting for `hash` takes the conversion's result. */
  async conversionSucceeded(hash: string, r: ConversionOutcome) {
    for (const d of await this.repo.awaiting(hash)) {
      await this.repo.update(d.id, {
        status: r.pages > 0 ? DocumentStatus.Converted : DocumentStatus.Failed,
        pages: r.pages,
        preview: r.preview,
        width: r.width,
        height: r.height,
        enableGzip: r.gzip,
        convertError: r.pages > 0 ? '' : '文档没有内容',
        description: d.description || (r.summary ?? ''),
      });
    }
    await this.cache.forget();
    await this.events.publish('document.converted', {
      hash,
      ids: await this.repo.idsByHash(hash),
      status: r.pages > 0 ? DocumentStatus.Converted : DocumentStatus.Failed,
    });
  }

  async conversionFailed(hash: string, message: string) {
    const waiting = await this.repo.awaiting(hash);
    await this.repo.updateMany(
      waiting.map((d) => d.id),
      { status: DocumentStatus.Failed, convertError: message },
    );
    await this.cache.forget();
    await this.events.publish('document.converted', { hash, ids: await this.repo.idsByHash(hash), status: DocumentStatus.Failed });
  }
}
