import { describe, expect, it } from 'vitest';
import { DOCUMENT_FIRST_PAGE_QUERY } from '@wenku/contracts/constants';
import { buildQuery } from '@wenku/contracts/client';
import { DEFAULT_FILTERS, descendantIds, filtersFromSearch, filtersToSearch, listQueryOf, withFilter } from './filters';

describe('filters ↔ URL', () => {
  it('reads the URL, falling back to defaults for unknown values', () => {
    expect(filtersFromSearch('')).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch('?ext=word&fee_type=charge&sort=downloads&page=3')).toEqual({ ext: 'word', fee: 'charge', sort: 'downloads', page: 3 });
    expect(filtersFromSearch('ext=exe&fee_type=maybe&sort=random&page=-2')).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch('page=2.7').page).toBe(2);
  });
  it('writes only what differs from the defaults', () => {
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe('');
    expect(filtersToSearch({ ext: 'pdf', fee: 'free', sort: 'score', page: 2 })).toBe('?ext=pdf&fee_type=free&sort=score&page=2');
  });
  it('round-trips', () => {
    const f = { ext: 'text', fee: '', sort: 'popular', page: 4 } as const;
    expect(filtersFromSearch(filtersToSearch(f))).toEqual(f);
  });
  it('changing a filter resets the page; paging keeps filters', () => {
    const f = { ...DEFAULT_FILTERS, ext: 'pdf' as const, page: 5 };
    expect(withFilter(f, { sort: 'popular' })).toEqual({ ext: 'pdf', fee: '', sort: 'popular', page: 1 });
    expect(withFilter(f, { page: 6 })).toEqual({ ...f, page: 6 });
  });
});

describe('filters → GET /document/list query', () => {
  it('maps each filter to its query parameter', () => {
    expect(listQueryOf({ ext: 'excel', fee: 'free', sort: 'score', page: 2 }, [3, 4], 20)).toEqual({
      page: 2,
      size: 20,
      sort: 'score',
      category_id: [3, 4],
      ext: 'excel',
      fee_type: 'free',
    });
  });
  it('leaves out "all" filters and the category for the all-categories list', () => {
    expect(listQueryOf(DEFAULT_FILTERS, [])).toEqual({ page: 1, size: 20, sort: 'latest' });
  });
  it('every file type group maps to a value the API accepts', () => {
    for (const ext of ['pdf', 'word', 'ppt', 'excel', 'text', 'other'] as const) {
      expect(listQueryOf({ ...DEFAULT_FILTERS, ext }, []).ext).toBe(ext);
    }
  });
});

describe('descendantIds', () => {
  it('includes the category and its whole subtree, once', () => {
    const list = [
      { id: 1, parent_id: 0 },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
      { id: 4, parent_id: 0 },
      { id: 5, parent_id: 1 },
    ];
    expect(descendantIds(list, 1)).toEqual([1, 2, 5, 3]);
    expect(descendantIds(list, 4)).toEqual([4]);
  });
});

describe('the first page of /category', () => {
  it('asks with the query the API warms before it listens (the same query string, or the warm answer is missed)', () => {
    expect(buildQuery(listQueryOf(DEFAULT_FILTERS, []))).toBe(buildQuery(DOCUMENT_FIRST_PAGE_QUERY));
  });
});
