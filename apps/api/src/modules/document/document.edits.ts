import { DocumentStatus, TargetType } from '@wenku/contracts';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { DynamicType } from '../account/account.service';
import { DocumentPart, type DocumentPartDeps, type Viewer } from './document.model';
import type { DocumentConversion } from './document.conversion';
import type { DocumentViews } from './document.views';

/** What the owner of a document (or an administrator) does to it: edit it, delete it into the recycle bin. */
export class DocumentEdits extends DocumentPart {
  constructor(
    deps: DocumentPartDeps,
    private readonly views: DocumentViews,
    private readonly conversion: DocumentConversion,
  ) {
    super(deps);
  }

  /**
   * `isConverted(hash)` answers whether the file has converted pages: only then may an administrator set a
   * document straight back to "converted".
   */
  async update(
    viewer: Viewer,
    body: { id: number; title?: string; keywords?: string; description?: string; price?: number; language?: string; category_id?: number[]; status?: number },
    isConverted: (hash: string) => Promise<boolean>,
  ) {
    const d = await this.repo.find({ id: body.id });
    if (!d) throw notFound('文档不存在或已被删除');
    if (!viewer.isAdmin && d.userId !== viewer.userId) throw forbidden();
    const patch: Record<string, unknown> = {};
    for (const k of ['title', 'keywords', 'description', 'price', 'language'] as const) {
      if (body[k] !== undefined) patch[k] = body[k];
    }
    let reconvert = false;
    if (body.status !== undefined && body.status !== d.status) {
      if (!viewer.isAdmin) throw forbidden('只有管理员可以修改文档状态');
      const allowed: number[] = [
        DocumentStatus.Pending,
        DocumentStatus.Converted,
        DocumentStatus.Disabled,
        DocumentStatus.Reconvert,
        DocumentStatus.PendingReview,
        DocumentStatus.ReviewRejected,
      ];
      if (!allowed.includes(body.status)) throw badRequest('不支持的文档状态');
      if (body.status === DocumentStatus.Converted && !(await isConverted(d.hash))) throw badRequest('文档尚未转换成功，不能直接设为已转换');
      patch.status = body.status;
      reconvert = body.status === DocumentStatus.Pending || body.status === DocumentStatus.Reconvert;
    }
    const cats = body.category_id;
    if (cats) await this.assertDocumentCategories(cats, false);
    const oldCats = (await this.repo.categoryIdsOf([d.id])).get(d.id) ?? [];
    const row = await this.db.transaction(async (tx) => {
      const r = Object.keys(patch).length ? await this.repo.update(d.id, patch, tx) : d;
      if (cats) await this.repo.setCategories(tx, d.id, cats);
      await this.recount(tx, [], [...oldCats, ...(cats ?? [])]);
      return r;
    });
    if (reconvert) await this.conversion.requestConversion([d.id], body.status === DocumentStatus.Reconvert);
    await this.changed([d.id]);
    return (await this.views.decorate([row]))[0];
  }

  /** Soft delete into the recycle bin; the uploader loses config.score.delete_document credits (not below zero). */
  async softDelete(viewer: Viewer, ids: number[]) {
    const docs = await this.repo.byIds(ids);
    if (!docs.length) throw notFound('文档不存在或已被删除');
    if (!viewer.isAdmin && docs.some((d) => d.userId !== viewer.userId)) throw forbidden();
    const score = await this.settings.get('score');
    const penalty = Math.abs(score.delete_document);
    const cats = await this.repo.categoriesOfDocuments(docs.map((d) => d.id));
    await this.db.transaction(async (tx) => {
      await this.repo.updateMany(
        docs.map((d) => d.id),
        { deletedAt: new Date(), deletedUserId: viewer.userId ?? 0 },
        tx,
      );
      if (penalty > 0) {
        for (const d of docs) {
          await this.credits.change(
            tx,
            { userId: d.userId, delta: -penalty, reason: 'delete_document', refType: 'document', refId: d.id, remark: `删除文档《${d.title}》` },
            undefined,
            true,
          );
        }
      }
      await this.recount(
        tx,
        docs.map((d) => d.userId),
        cats,
      );
    });
    for (const d of docs)
      await this.account.addDynamic(d.userId, DynamicType.DeleteDocument, `删除了文档《${d.title}》`, { type: TargetType.Document, id: d.id });
    await this.changed(docs.map((d) => d.id));
  }
}
