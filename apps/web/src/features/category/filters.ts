import type { TCategory } from '@wenku/contracts/schemas';
import { EXT_OPTIONS, FEE_OPTIONS, optionOf, type ExtOption, type FeeOption } from '../document/lib/filter-options';

export const SORT_OPTIONS = [
  { value: 'latest', label: '最新' },
  { value: 'popular', label: '最热' },
  { value: 'downloads', label: '下载最多' },
  { value: 'score', label: '评分最高' },
] as const;

type SortFilter = (typeof SORT_OPTIONS)[number]['value'];

export interface DocumentFilters {
  ext: ExtOption;
  fee: FeeOption;
  sort: SortFilter;
  page: number;
}

export const DEFAULT_FILTERS: DocumentFilters = { ext: '', fee: '', sort: 'latest', page: 1 };
export const LIST_PAGE_SIZE = 20;

/** Filters from the page URL (`?ext=pdf&fee_type=free&sort=popular&page=2`); anything unknown falls back to the default. */
export function filtersFromSearch(search: URLSearchParams | string): DocumentFilters {
  const sp = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Math.floor(Number(sp.get('page')));
  return {
    ext: optionOf(EXT_OPTIONS, sp.get('ext'), ''),
    fee: optionOf(FEE_OPTIONS, sp.get('fee_type'), ''),
    sort: optionOf(SORT_OPTIONS, sp.get('sort'), 'latest'),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The URL query of filters, defaults left out, so /category/3 stays clean. */
export function filtersToSearch(f: DocumentFilters): string {
  const sp = new URLSearchParams();
  if (f.ext) sp.set('ext', f.ext);
  if (f.fee) sp.set('fee_type', f.fee);
  if (f.sort !== 'latest') sp.set('sort', f.sort);
  if (f.page > 1) sp.set('page', String(f.page));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Changing a filter goes back to page 1; changing the page keeps the filters. */
export function withFilter(f: DocumentFilters, patch: Partial<DocumentFilters>): DocumentFilters {
  return { ...f, ...patch, page: patch.page ?? 1 };
}

/** GET /document/list query of the filters for a category (its id and every descendant's) or all categories. */
export function listQueryOf(f: DocumentFilters, categoryIds: readonly number[], size = LIST_PAGE_SIZE) {
  return {
    page: f.page,
    size,
    sort: f.sort,
    ...(categoryIds.length ? { category_id: [...categoryIds] } : {}),
    ...(f.ext ? { ext: f.ext } : {}),
    ...(f.fee ? { fee_type: f.fee } : {}),
  };
}

/** `id` and all categories below it (documents of a parent category include its children's). */
export function descendantIds(list: readonly Pick<TCategory, 'id' | 'parent_id'>[], id: number): number[] {
  const out = [id];
  const seen = new Set(out);
  for (let i = 0; i < out.length && out.length < 10_000; i++) {
    for (const c of list) {
      if (c.parent_id === out[i] && !seen.has(c.id)) {
        seen.add(c.id);
        out.push(c.id);
      }
    }
  }
  return out;
}
