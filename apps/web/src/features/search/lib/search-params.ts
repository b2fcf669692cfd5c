import { QUICK_DATE_RANGES, quickDateRange, type TQuickDateRangeKey } from '@wenku/contracts/format';
import { SEARCH_SORTS } from '@wenku/contracts/constants';
import type { RouteQuery } from '@wenku/contracts/paths';
import type { api } from '@wenku/contracts/schemas';
import { EXT_OPTIONS, FEE_OPTIONS, optionOf, type ExtOption, type FeeOption } from '../../document/lib/filter-options';

/**
 * The search page keeps all of its state in the URL (`/search?wd=..&type=..&page=..&ext=..`), so links can be shared
 * and back/forward restore a search exactly. These helpers are the only place that reads or writes those parameters.
 */

export type SearchType = 0 | 1;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SORT_OPTIONS: readonly { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: '相关度' },
  { value: 'latest', label: '最新' },
  { value: 'downloads', label: '下载最多' },
  { value: 'views', label: '浏览最多' },
  { value: 'score', label: '评分最高' },
];

/** The article search sorts by relevance, date and views only. */
const ARTICLE_SORT_OPTIONS = SORT_OPTIONS.filter((o) => o.value === 'relevance' || o.value === 'latest' || o.value === 'views');

export function sortOptionsFor(type: SearchType): readonly { value: SearchSort; label: string }[] {
  return type === 1 ? ARTICLE_SORT_OPTIONS : SORT_OPTIONS;
}

export const DATE_OPTIONS: readonly { value: TQuickDateRangeKey | ''; label: string }[] = [
  { value: '', label: '不限' },
  ...QUICK_DATE_RANGES.map((r) => ({ value: r.key, label: r.label })),
];

/** Results per page (as moredoc: 10). */
export const SEARCH_PAGE_SIZE = 10;
/** The longest keyword the API accepts. */
export const MAX_KEYWORD_LENGTH = 100;

export interface SearchState {
  wd: string;
  type: SearchType;
  page: number;
  /** a document category; its sub-categories are searched too */
  category: number | null;
  ext: ExtOption;
  fee: FeeOption;
  /** a language code, '' for all */
  language: string;
  /** a quick date range, '' for any time */
  date: TQuickDateRangeKey | '';
  sort: SearchSort;
}

export const DEFAULT_SEARCH: SearchState = {
  wd: '',
  type: 0,
  page: 1,
  category: null,
  ext: '',
  fee: '',
  language: '',
  date: '',
  sort: 'relevance',
};

function positiveInt(v: string | null): number | null {
  if (v === null || !/^\d+$/.test(v.trim())) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The state of a search URL's query; unknown or malformed values fall back to their defaults. Articles have no file
 * type, fee or language, and fewer sorts: those parameters are ignored for type 1.
 */
export function searchStateFrom(search: URLSearchParams | string): SearchState {
  const sp = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type: SearchType = sp.get('type') === '1' ? 1 : 0;
  const docs = type === 0;
  return {
    wd: (sp.get('wd') ?? '').trim().slice(0, MAX_KEYWORD_LENGTH),
    type,
    page: positiveInt(sp.get('page')) ?? 1,
    category: positiveInt(sp.get('category_id')),
    ext: docs ? optionOf(EXT_OPTIONS, sp.get('ext'), '') : '',
    fee: docs ? optionOf(FEE_OPTIONS, sp.get('fee_type'), '') : '',
    language: docs ? (sp.get('language') ?? '').trim().slice(0, 16) : '',
    date: optionOf(DATE_OPTIONS, sp.get('date'), ''),
    sort: optionOf(sortOptionsFor(type), sp.get('sort'), 'relevance'),
  };
}

/**
 * `/search?...` of a state. `wd` and `type` always come first (the spec's form of the URL); other defaults are left out,
 * so a plain search stays `/search?wd=x&type=0`.
 */
export function searchHref(s: SearchState): string {
  const sp = new URLSearchParams();
  if (s.wd) sp.set('wd', s.wd);
  sp.set('type', String(s.type));
  if (s.category) sp.set('category_id', String(s.category));
  if (s.ext) sp.set('ext', s.ext);
  if (s.fee) sp.set('fee_type', s.fee);
  if (s.language) sp.set('language', s.language);
  if (s.date) sp.set('date', s.date);
  if (s.sort !== 'relevance') sp.set('sort', s.sort);
  if (s.page > 1) sp.set('page', String(s.page));
  return `/search?${sp.toString()}`;
}

/** A changed filter (or keyword, or type) starts again at page 1; a changed page keeps everything else. */
export function withSearch(s: SearchState, patch: Partial<SearchState>): SearchState {
  return { ...s, ...patch, page: patch.page ?? 1 };
}

/** A new keyword or type: the filters belong to the old search and the page starts at 1; the sort is kept. */
export function newSearch(s: SearchState, wd: string, type: SearchType = s.type): SearchState {
  return { ...DEFAULT_SEARCH, wd: wd.trim().slice(0, MAX_KEYWORD_LENGTH), type, sort: s.sort };
}

/** How many filters differ from the defaults (the mobile 筛选 button shows it). */
export function activeFilterCount(s: SearchState): number {
  return [s.category !== null, s.ext !== '', s.fee !== '', s.language !== '', s.date !== ''].filter(Boolean).length;
}

export function clearFilters(s: SearchState): SearchState {
  return { ...s, category: null, ext: '', fee: '', language: '', date: '', page: 1 };
}

const MINUTE_MS = 60_000;

/**
 * `created_at` [from, to] (ISO) of a quick range. "Now" is rounded up to the next whole minute, so the query, and with
 * it the cache key, stays the same for a minute instead of changing on every render; documents uploaded a moment ago
 * are still inside the range.
 */
export function createdAtOf(key: TQuickDateRangeKey, now: Date | number = Date.now()): [string, string] {
  const t = typeof now === 'number' ? now : now.getTime();
  const end = Math.ceil(t / MINUTE_MS) * MINUTE_MS;
  const [from, to] = quickDateRange(key, new Date(end));
  return [from.toISOString(), to.toISOString()];
}

/** GET /document/search's query, as the contract declares it. */
export type SearchDocumentsQuery = RouteQuery<typeof api.searchDocuments>;

/**
 * GET /document/search query of a state. `categoryIds` are the chosen category and its descendants (a document filed
 * under a sub-category belongs to the parent too).
 */
export function documentQueryOf(s: SearchState, categoryIds: readonly number[] = [], now: Date | number = Date.now()): SearchDocumentsQuery {
  const q: SearchDocumentsQuery = { wd: s.wd, page: s.page, size: SEARCH_PAGE_SIZE, sort: s.sort };
  if (s.category !== null) q.category_id = categoryIds.length ? [...categoryIds] : [s.category];
  if (s.ext) q.ext = s.ext;
  if (s.fee) q.fee_type = s.fee;
  if (s.language) q.language = [s.language];
  if (s.date) q.created_at = createdAtOf(s.date, now);
  return q;
}

/** GET /article/search's query, as the contract declares it. */
export type SearchArticlesQuery = RouteQuery<typeof api.searchArticles>;

/** GET /article/search query of a state (category and date filters; articles have no type, fee or language). */
export function articleQueryOf(s: SearchState, categoryIds: readonly number[] = [], now: Date | number = Date.now()): SearchArticlesQuery {
  const sort = ARTICLE_SORT_OPTIONS.some((o) => o.value === s.sort) ? (s.sort as NonNullable<SearchArticlesQuery['sort']>) : 'relevance';
  const q: SearchArticlesQuery = { wd: s.wd, page: s.page, size: SEARCH_PAGE_SIZE, sort };
  if (s.category !== null) q.category_id = categoryIds.length ? [...categoryIds] : [s.category];
  if (s.date) q.created_at = createdAtOf(s.date, now);
  return q;
}

/** '找到约 N 条结果（用时 X 秒）' */
export function summaryText(total: number, spend: number): string {
  const n = Math.max(0, Math.floor(total)).toLocaleString('zh-CN');
  return `找到约 ${n} 条结果（用时 ${formatSpend(spend)} 秒）`;
}

/** Seconds for people: three decimals under 0.01 s, else two; never a negative or NaN. */
export function formatSpend(spend: number): string {
  const s = Number.isFinite(spend) && spend > 0 ? spend : 0;
  if (s === 0) return '0';
  return s < 0.01 ? String(Math.max(0.001, Number(s.toFixed(3)))) : String(Number(s.toFixed(2)));
}

/**
 * Pages the pager may offer: never past `max_page` (the server stops there), never past the results.
 * `capped` says that more results exist than the pages shown ('最多显示前 N 页').
 */
export function pagerOf(total: number, maxPage: number, size = SEARCH_PAGE_SIZE): { pages: number; total: number; capped: boolean } {
  const all = Math.ceil(Math.max(0, total) / size);
  const limit = maxPage > 0 ? maxPage : all;
  const pages = Math.min(all, limit);
  return { pages, total: Math.min(Math.max(0, total), pages * size), capped: all > limit };
}
