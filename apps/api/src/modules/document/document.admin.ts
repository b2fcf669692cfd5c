import { DocumentStatus } from '@wenku/contracts';
import { badRequest } from '../../lib/errors';
import { DocumentPart, type DocumentPartDeps } from './document.model';
import type { DocumentConversion } from './document.conversion';

/** The back office: review, recommendation, categories and language in bulk, and the recycle bin. */
export class DocumentAdmin extends DocumentPart {
  constructor(
    deps: DocumentPartDeps,
    private readonly conversion: DocumentConversion,
  ) {
    super(deps);
  }

  async setRecommend(ids: number[], type: 0 | 1 | 2) {
    const docs = await this.repo.byIds(ids);
    for (const d of docs) {
      if (type === 0) await this.repo.update(d.id, { recommendAt: null });
      else if (type === 2 || !d.recommendAt) await this.repo.update(d.id, { recommendAt: new Date() });
    }
  }

  /** Review: approve (→ pending conversion) or reject (→ 7, with the reason shown to the owner). */
  async check(ids: number[], status: 0 | 7, reason: string) {
    const docs = (await this.repo.byIds(ids)).filter((d) => d.status === DocumentStatus.PendingReview || d.status === DocumentStatus.ReviewRejected);
    if (!docs.length) throw badRequest('没有待审核的文档');
    await this.repo.updateMany(
      docs.map((d) => d.id),
      { status, rejectReason: status === 7 ? reason : '', convertError: status === 7 ? (reason ? `审核未通过：${reason}` : '审核未通过') : '' },
    );
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction((tx) => this.recount(tx, [], cats));
    if (status === 0)
      await this.conversion.requestConversion(
        docs.map((d) => d.id),
        false,
      );
    await this.changed(docs.map((d) => d.id));
  }

  async setCategory(documentIds: number[], categoryIds: number[]) {
    await this.assertDocumentCategories(categoryIds, false);
    const old = await this.repo.categoriesOfDocuments(documentIds);
    await this.db.transaction(async (tx) => {
      for (const id of documentIds) await this.repo.setCategories(tx, id, categoryIds);
      await this.recount(tx, [], [...old, ...categoryIds]);
    });
    await this.changed(documentIds);
  }

  async setLanguage(documentIds: number[], language: string) {
    await this.repo.updateMany(documentIds, { language });
    await this.changed(documentIds);
  }

  /** Takes documents back out of the recycle bin. */
  async restore(ids: number[]) {
    const docs = (await this.repo.byIds(ids, true)).filter((d) => d.deletedAt);
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction(async (tx) => {
      await this.repo.updateMany(
        docs.map((d) => d.id),
        { deletedAt: null, deletedUserId: 0 },
        tx,
      );
      await this.recount(
        tx,
        docs.map((d) => d.userId),
        cats,
      );
    });
    await this.changed(docs.map((d) => d.id));
  }

  /** Hard delete from the recycle bin; files nothing uses any more are released to their owners for deletion. */
  async purge(ids: number[] | 'all'): Promise<void> {
    const targetIds = ids === 'all' ? (await this.repo.deletedIds()).map((r) => r.id) : ids;
    const docs = (await this.repo.byIds(targetIds, true)).filter((d) => d.deletedAt);
    if (!docs.length) return;
    await this.db.transaction((tx) =>
      this.repo.hardDelete(
        tx,
        docs.map((d) => d.id),
      ),
    );
    await this.attachments.remove(docs.map((d) => d.attachmentId).filter(Boolean));
    await this.changed(docs.map((d) => d.id));
    const hashes = [...new Set(docs.map((d) => d.hash))];
    const inUse = await this.repo.hashesInUse(hashes);
    const released = await this.attachments.unusedHashes(hashes.filter((h) => !inUse.has(h)));
    if (released.length) await this.events.emit('document.files-released', { hashes: released });
  }
}
