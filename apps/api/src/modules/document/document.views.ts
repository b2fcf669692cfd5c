import type { TDocument, TUserCard } from '@wenku/contracts';
import { notFound } from '../../lib/errors';
import { freeze } from '../../lib/cache';
import { toUserCard } from '../user/user.service';
import { toDocument, pageUrls, EXT_GROUPS } from './document.mapper';
import { DocumentPart, HIDDEN_STATUSES, PUBLIC_STATUSES, type Viewer } from './document.model';
import type { DocumentFilter, DocumentRow } from './document.repo';

/**
 * Reading documents: one as a viewer may see it, the document page's own part, the public and own lists, the home
 * page, related documents, search cards, and the rows behind page images. The caches are filled here.
 */
export class DocumentViews extends DocumentPart {
  /** Documents by id as list cards (row and public shape), in the order asked; deleted and unknown ids left out. */
  async cardsByIds(ids: number[]): Promise<{ row: DocumentRow; doc: TDocument }[]> {
    const found = await this.cache.cardCache.getMany(ids.map(String), async (missing) => {
      const rows = await this.repo.withCategories(missing.map(Number));
      const authors = new Map((await this.users.byIds(rows.map((r) => r.row.userId))).map((u) => [u.id, u]));
      return new Map(
        rows.map((c) => {
          const u = authors.get(c.row.userId);
          const doc = toDocument(c.row, { categoryIds: (c.categoryIds ?? []).map(Number), user: u && { username: u.username, avatar: u.avatar } });
          return [String(c.row.id), freeze({ row: c.row, doc })];
        }),
      );
    });
    return ids.flatMap((id) => found.get(String(id)) ?? []);
  }

  /** Documents as answers show them: administrators too never get the file's content hash (see toAttachment). */
  async decorate(rows: DocumentRow[]): Promise<TDocument[]> {
    const [cats, users] = await Promise.all([this.repo.categoryIdsOf(rows.map((r) => r.id)), this.users.byIds(rows.map((r) => r.userId))]);
    const byUser = new Map(users.map((u) => [u.id, u]));
    return rows.map((r) => toDocument(r, { categoryIds: cats.get(r.id) ?? [], user: byUser.get(r.userId) }));
  }

  /** Documents by id (order not kept). */
  byIds(ids: number[], withDeleted = false): Promise<DocumentRow[]> {
    return this.repo.byIds(ids, withDeleted);
  }

  /** A document as a viewer may see it: disabled, pending-review and rejected ones only for owner and admins. */
  async visible(by: { id?: number; uuid?: string }, viewer: Viewer): Promise<DocumentRow> {
    const d = await this.repo.find(by);
    if (!d) throw notFound('文档不存在或已被删除');
    const privileged = viewer.isAdmin || (viewer.userId !== undefined && viewer.userId === d.userId);
    if (!privileged && HIDDEN_STATUSES.includes(d.status)) throw notFound('文档不存在或已被删除');
    return d;
  }

  /**
   * The document page's own part: the document with its categories and page URLs, counting the view. The
   * viewer's favourite, score and free-download flags and the page text come from their modules.
   */
  async detail(d: DocumentRow, viewer: Viewer, countView: boolean) {
    if (countView) this.cache.viewCounts.add(d.id);
    const [[doc], cats, display] = await Promise.all([
      this.decorate([{ ...d, viewCount: d.viewCount + this.cache.viewCounts.unwritten(d.id) }]),
      this.repo.categoryIdsOf([d.id]).then((m) => this.content.categoriesByIds(m.get(d.id) ?? [])),
      this.settings.get('display'),
    ]);
    if (display.show_document_view_count === false) doc.view_count = 0;
    if (display.show_document_download_count === false) doc.download_count = 0;
    if (display.show_document_favorite_count === false) doc.favorite_count = 0;
    return {
      ...doc,
      user: await this.authorCard(d.userId),
      // moredoc clients build page and cover URLs from it (never the content hash: see ZDocumentAttachment)
      attachment: { hash: d.viewKey },
      category: cats.map((c) => ({ id: c.id, title: c.title, parent_id: c.parentId })),
      page_urls: pageUrls(d),
    };
  }

  /** The uploader's card on the document page: public fields only (ZUserCard). */
  private async authorCard(userId: number): Promise<TUserCard | undefined> {
    const [u] = await this.users.byIds([userId]);
    return u && toUserCard(u);
  }

  async list(q: DocumentFilter & { ext?: string }, viewer: Viewer) {
    const own = viewer.userId !== undefined && q.user_id?.length === 1 && q.user_id[0] === viewer.userId;
    const f: DocumentFilter = { ...q, exts: q.ext ? EXT_GROUPS[q.ext] : undefined };
    if (!viewer.isAdmin) {
      f.deleted = false;
      if (!own) {
        f.status = PUBLIC_STATUSES;
        f.size = Math.min(f.size, 50);
      }
    }
    const load = async () => {
      const { rows, total } = await this.repo.list(f);
      return { total, document: await this.decorate(rows) };
    };
    // the public lists (home blocks, categories, the newest) are the same for every visitor who is not logged in
    if (viewer.userId === undefined && !viewer.isAdmin) return this.cache.listCache.get(JSON.stringify(f), async () => freeze(await load()));
    return load();
  }

  /** The home page's documents: from memory, dropped in every process with the lists (any document change). */
  home(limit: number) {
    return this.cache.homeCache.get(String(limit), async () => freeze(await this.buildHome(limit)));
  }

  private async buildHome(limit: number) {
    const all = (await this.content.categoriesOfType(0)).filter((c) => c.enable);
    const tops = all.filter((c) => c.parentId === 0).map((c) => ({ ...c, children: all.filter((x) => x.parentId === c.id).map((x) => x.id) }));
    // the blocks side by side: built one after the other, a cold build under load waited for each in turn
    const blocks = await Promise.all(
      tops.map(async (c) => {
        const { rows } = await this.repo.list({ page: 1, size: limit, category_id: [c.id, ...c.children], status: PUBLIC_STATUSES });
        return { category_id: c.id, category_name: c.title, category_cover: c.cover, document: await this.decorate(rows) };
      }),
    );
    const [rec, latest] = await Promise.all([
      this.repo.list({ page: 1, size: limit, status: PUBLIC_STATUSES, is_recommend: [true], sort: 'recommend' }),
      this.repo.list({ page: 1, size: limit, status: PUBLIC_STATUSES }),
    ]);
    return { document: blocks, recommend: await this.decorate(rec.rows), latest: await this.decorate(latest.rows) };
  }

  async related(by: { id?: number; uuid?: string }) {
    const d = await this.visible(by, { isAdmin: false });
    return { document: await this.decorate(await this.repo.related(d, 10)) };
  }

  /** Public documents after an id, in id order (sitemap pages). */
  publicAfter(afterId: number, limit: number) {
    return this.repo.publicAfter(afterId, limit);
  }

  /**
   * The document behind a page image or cover URL, from memory after the first read (a reader loads dozens of
   * pages): cleared in every process when a document changes or converts.
   */
  async findForView(uuid: string): Promise<DocumentRow | undefined> {
    return (await this.cache.viewCache.get(uuid, async () => (await this.repo.find({ uuid })) ?? null)) ?? undefined;
  }

  /**
   * The same for a file's view key (moredoc's `attachment.hash`): a converted, not deleted document of that file —
   * whose pages anyone may read by its uuid —, never one that is disabled or unpublished only.
   */
  async findForViewByKey(viewKey: string): Promise<DocumentRow | undefined> {
    return (await this.cache.viewCache.get(`key:${viewKey}`, async () => (await this.repo.findConvertedByViewKey(viewKey)) ?? null)) ?? undefined;
  }
}
