import crypto from 'node:crypto';
import { DocumentStatus, PunishmentType, TargetType, type TDocument } from '@wenku/contracts';
import { badRequest, forbidden } from '../../lib/errors';
import { DynamicType } from '../account/account.service';
import { DocumentPart, type DocumentPartDeps } from './document.model';
import type { DocumentRow } from './document.repo';
import type { DocumentViews } from './document.views';

/** Publishing uploaded files as documents: the uploader's rights, review, the upload award, the conversion request. */
export class DocumentUpload extends DocumentPart {
  constructor(
    deps: DocumentPartDeps,
    private readonly views: DocumentViews,
  ) {
    super(deps);
  }

  async create(
    userId: number,
    body: {
      category_id: number[];
      document: { attachment_id: number; title: string; price: number; language: string; keywords: string; description: string }[];
    },
    /** the collector publishes its downloads (attachment type 8, spider document) through this same path */
    opts: { attachmentType?: number } = {},
  ): Promise<TDocument[]> {
    await this.punishments.assertAllowed(userId, PunishmentType.NoUpload);
    const groups = await this.users.groups(userId);
    if (!groups.some((g) => g.enable_upload)) throw forbidden('您所在的用户组不允许上传文档');
    // review is needed only when every group of the user requires it (moredoc's rule)
    const needsReview = groups.length > 0 && groups.every((g) => g.enable_document_review);
    await this.assertDocumentCategories(body.category_id, true);
    const byId = await this.attachments.forNewDocuments(
      userId,
      body.document.map((d) => d.attachment_id),
      opts.attachmentType,
    );
    const score = await this.settings.get('score');
    const doneToday = await this.repo.countUserDocumentsSince(userId, await this.settings.startOfToday());
    const limit = Math.max(0, score.upload_document_limit);
    const award = Math.max(0, score.upload_document);
    const created = await this.db.transaction(async (tx) => {
      const rows: DocumentRow[] = [];
      for (const [i, d] of body.document.entries()) {
        const a = byId.get(d.attachment_id);
        if (!a) throw badRequest('上传的文件不存在，请重新上传');
        const row = await this.repo.insert(tx, {
          uuid: crypto.randomBytes(8).toString('hex'),
          title: d.title,
          keywords: d.keywords,
          description: d.description,
          userId,
          attachmentId: a.id,
          hash: a.hash,
          ext: a.ext,
          size: a.size,
          price: d.price,
          language: d.language,
          status: needsReview ? DocumentStatus.PendingReview : DocumentStatus.Pending,
        });
        await this.repo.setCategories(tx, row.id, body.category_id);
        await this.attachments.link(tx, a.id, row.id);
        if (award > 0 && doneToday + i < limit) {
          await this.credits.change(tx, {
            userId,
            delta: award,
            reason: 'upload_document',
            refType: 'document',
            refId: row.id,
            remark: `上传文档《${d.title}》`,
          });
        }
        rows.push(row);
      }
      await this.recount(tx, [userId], body.category_id);
      return rows;
    });
    for (const r of created) await this.account.addDynamic(userId, DynamicType.Upload, `上传了文档《${r.title}》`, { type: TargetType.Document, id: r.id });
    if (!needsReview)
      await this.requestConversionOf(
        created.map((r) => r.hash),
        false,
      );
    await this.changed(created.map((r) => r.id));
    return this.views.decorate(created);
  }
}
