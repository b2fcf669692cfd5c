import { coverUrl, DocumentStatus, type TReadingItem } from '@wenku/contracts';
import type { Logger } from '../../kernel/module';
import { notFound } from '../../lib/errors';
import type { DocumentRow, DocumentService } from '../document/document.service';
import { ProgressBuffer } from './progress.buffer';
import type { ReaderRepo } from './reader.repo';

/**
 * Where logged-in readers stopped (issue 27): the last page of every document, kept on the server across devices.
 * Page turns are buffered and written every few seconds in one statement, so saving never slows the reader.
 */
export class ProgressService {
  readonly buffer: ProgressBuffer;

  constructor(
    private readonly repo: ReaderRepo,
    private readonly documents: DocumentService,
    log: Logger,
  ) {
    this.buffer = new ProgressBuffer(
      (rows) => this.repo.saveProgress(rows),
      (e) => log.warn('reading progress not saved', { error: e instanceof Error ? e.message : String(e) }),
    );
  }

  /** PUT /document/progress: the page the reader is on (within the document), saved within seconds. */
  async save(userId: number, uuid: string, page: number): Promise<void> {
    const d = await this.documents.views.findForView(uuid);
    if (!d) throw notFound('文档不存在或已被删除');
    this.buffer.set(userId, d.id, Math.min(page, Math.max(1, d.pages)));
  }

  /** The reader's saved page of a document (0: none), with what is not written yet. */
  async pageOf(userId: number, d: Pick<DocumentRow, 'id'>): Promise<{ page: number; updatedAt: Date | null }> {
    const held = this.buffer.unwritten(userId, d.id);
    if (held) return { page: held.page, updatedAt: held.at };
    const row = await this.repo.progress(userId, d.id);
    return { page: row?.page ?? 0, updatedAt: row?.updatedAt ?? null };
  }

  async get(userId: number, uuid: string) {
    const d = await this.documents.views.findForView(uuid);
    if (!d) throw notFound('文档不存在或已被删除');
    const p = await this.pageOf(userId, d);
    return { page: p.page, updated_at: p.updatedAt?.toISOString() ?? null };
  }

  /** /me 最近阅读: the documents the reader opened lately, newest first; documents gone or hidden are left out. */
  async recent(userId: number, page: number, size: number): Promise<{ total: number; document: TReadingItem[] }> {
    await this.buffer.flush();
    const { rows, total } = await this.repo.recent(userId, page, size);
    const docs = new Map((await this.documents.views.byIds(rows.map((r) => r.documentId))).map((d) => [d.id, d]));
    const document: TReadingItem[] = [];
    for (const r of rows) {
      const d = docs.get(r.documentId);
      // what the reader may still open: converted, or their own
      if (!d || (d.status !== DocumentStatus.Converted && d.userId !== userId)) continue;
      document.push({
        document_id: d.id,
        uuid: d.uuid,
        title: d.title,
        ext: d.ext,
        pages: d.pages,
        cover: d.status === DocumentStatus.Converted ? coverUrl(d.uuid) : '',
        page: r.page,
        updated_at: r.updatedAt.toISOString(),
      });
    }
    return { total, document };
  }
}
