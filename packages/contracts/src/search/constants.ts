export const SEARCH_SORTS = ['relevance', 'latest', 'downloads', 'views', 'score'] as const;
/** Orders only moredoc's clients ask for (largest first): page count, file size, favourites. */
export const MOREDOC_ONLY_SEARCH_SORTS = ['pages', 'size', 'favorites'] as const;
/**
 * moredoc's sort values (`default`, or a document column sorted descending) → Wenku's. `pages`, `size`, `latest` and
 * `score` are the same word in both.
 */
export const MOREDOC_SEARCH_SORT_ALIASES: Record<string, (typeof SEARCH_SORTS)[number] | (typeof MOREDOC_ONLY_SEARCH_SORTS)[number]> = {
  default: 'relevance',
  id: 'latest',
  created_at: 'latest',
  download_count: 'downloads',
  view_count: 'views',
  favorite_count: 'favorites',
};
/** The document type groups of the search filter (Wenku's names and moredoc's). */
export const SEARCH_EXTS = ['pdf', 'word', 'ppt', 'excel', 'text', 'epub', 'mobi', 'chm', 'umd', 'other', 'doc', 'xls', 'txt'] as const;
