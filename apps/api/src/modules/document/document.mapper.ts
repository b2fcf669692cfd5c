import { coverUrl, DocumentStatus, pageImageUrl, type TDocument } from '@wenku/contracts';
import type { DocumentRow } from './document.repo';

export { viewKeyOf } from '../attachment/attachment.mapper';
/** A view key in a page or cover URL (a uuid is at most 32 characters). */
export const VIEW_KEY = /^[a-f0-9]{64}$/;

export function toDocument(d: DocumentRow, extra: { categoryIds?: number[]; user?: { id?: number; username: string; avatar: string } } = {}): TDocument {
  return {
    id: d.id,
    uuid: d.uuid,
    title: d.title,
    keywords: d.keywords,
    description: d.description,
    user_id: d.userId,
    username: extra.user?.username,
    user_avatar: extra.user?.avatar,
    user: extra.user && { id: d.userId, username: extra.user.username, avatar: extra.user.avatar },
    ext: d.ext,
    size: d.size,
    pages: d.pages,
    preview: d.preview,
    width: d.width,
    height: d.height,
    price: d.price,
    status: d.status,
    language: d.language,
    download_count: d.downloadCount,
    view_count: d.viewCount,
    favorite_count: d.favoriteCount,
    comment_count: d.commentCount,
    score: d.score,
    score_count: d.scoreCount,
    is_recommend: d.recommendAt !== null,
    enable_gzip: d.enableGzip,
    convert_error: d.convertError,
    category_id: extra.categoryIds ?? [],
    cover: d.status === 2 ? coverUrl(d.uuid) : '',
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    deleted_at: d.deletedAt ? d.deletedAt.toISOString() : null,
  };
}

/**
 * How many pages of a document anyone may read online, pages 1..n: the preview pages of a converted document, the
 * only ones whose images exist and are served (GET /view/page). The one rule for what a reader sees of a document
 * without downloading it: page images and `page_urls` follow it, and so does what AI search and document Q&A may
 * quote to a reader who may not download the document free (DownloadService.textPages).
 */
export function readablePages(d: Pick<DocumentRow, 'status' | 'preview'>): number {
  return d.status === DocumentStatus.Converted ? Math.max(0, d.preview) : 0;
}

export function pageUrls(d: DocumentRow): string[] {
  return Array.from({ length: readablePages(d) }, (_, i) => pageImageUrl(d.uuid, i + 1, d.enableGzip));
}

/** Supported extensions (spec §3 file types) → list filter groups used by moredoc clients. */
export const EXT_GROUPS: Record<string, string[]> = {
  pdf: ['pdf'],
  word: ['doc', 'docx', 'rtf', 'wps', 'odt', 'dot'],
  doc: ['doc', 'docx', 'rtf', 'wps', 'odt', 'dot'],
  ppt: ['ppt', 'pptx', 'pps', 'ppsx', 'dps', 'odp', 'pot'],
  excel: ['xls', 'xlsx', 'et', 'ods', 'csv', 'tsv'],
  xls: ['xls', 'xlsx', 'et', 'ods', 'csv', 'tsv'],
  text: ['txt'],
  txt: ['txt'],
  epub: ['epub'],
  mobi: ['mobi'],
  chm: ['chm'],
  umd: ['umd'],
  other: ['epub', 'mobi', 'chm', 'umd'],
};
