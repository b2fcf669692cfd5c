import type { TArticle } from '@wenku/contracts/schemas';

/** An article's page: /article/{identifier}, or its id when it has none (the page accepts both). */
export const articleHref = (a: Pick<TArticle, 'identifier' | 'id'>) => `/article/${encodeURIComponent(a.identifier || String(a.id))}`;
