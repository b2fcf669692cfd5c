import { CategoryType } from './enums/category-type';
import type { z } from 'zod';
import type { ZListCategoriesQuery, ZListNavigationsQuery, ZListFriendlinksQuery } from './content/schemas';
import type { ZListDocumentsQuery, ZHomeDocumentsQuery } from './document/schemas';
import type { ZListArticlesQuery } from './article/schemas';

/**
 * The queries the public site's first pages send, as objects both sides use: the site calls its routes with them,
 * and the routes declare them `warm`, so the API builds their anonymous answers before it listens (a cached answer
 * is found only under the same query string, so the two must not drift apart).
 */
export const CATEGORY_TREE_QUERY = {
  page: 1,
  size: 10000,
  type: [CategoryType.Document, CategoryType.Article],
  field: ['id', 'parent_id', 'title', 'icon', 'cover', 'doc_count', 'enable', 'description', 'show_description', 'sort', 'type', 'created_at'],
} satisfies z.input<typeof ZListCategoriesQuery>;
/** The home page's document blocks. */
export const HOME_DOCUMENTS_QUERY = { limit: 12 } satisfies z.input<typeof ZHomeDocumentsQuery>;
export const NAVIGATION_QUERY = { page: 1, size: 10000 } satisfies z.input<typeof ZListNavigationsQuery>;
export const FRIENDLINK_QUERY = { page: 1, size: 10000, enable: true, field: ['id', 'title', 'link'] } satisfies z.input<typeof ZListFriendlinksQuery>;
/** /category: the first page of every category's documents, latest first. */
export const DOCUMENT_FIRST_PAGE_QUERY = { page: 1, size: 20, sort: 'latest' } satisfies z.input<typeof ZListDocumentsQuery>;
/** /article: the first page of articles, latest first. */
export const ARTICLE_FIRST_PAGE_QUERY = { page: 1, size: 20, sort: 'latest' } satisfies z.input<typeof ZListArticlesQuery>;
