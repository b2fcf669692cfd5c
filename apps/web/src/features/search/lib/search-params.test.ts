import { describe, expect, it } from 'vitest';
import { QUICK_DATE_RANGES } from '@wenku/contracts/format';
import {
  DEFAULT_SEARCH,
  activeFilterCount,
  articleQueryOf,
  clearFilters,
  createdAtOf,
  documentQueryOf,
  formatSpend,
  newSearch,
  pagerOf,
  searchHref,
  searchStateFrom,
  summaryText,
  withSearch,
  type SearchState,
} from './search-params';

describe('URL → state', () => {
  it('reads every parameter', () => {
    expect(searchStateFrom('?wd=%E6%9C%BA%E5%99%A8&type=0&page=3&category_id=7&ext=pdf&fee_type=free&language=zh-cn&date=week&sort=latest')).toEqual({
      wd: '机器',
      type: 0,
      page: 3,
      category: 7,
      ext: 'pdf',
      fee: 'free',
      language: 'zh-cn',
      date: 'week',
      sort: 'latest',
    });
  });

  it('falls back to the defaults for missing or malformed values', () => {
    expect(searchStateFrom('')).toEqual(DEFAULT_SEARCH);
    expect(searchStateFrom('?type=2&page=-1&category_id=abc&ext=exe&fee_type=gratis&date=decade&sort=random')).toEqual(DEFAULT_SEARCH);
    expect(searchStateFrom('?page=1.5&category_id=0').page).toBe(1);
    expect(searchStateFrom('?page=1e3').page).toBe(1);
  });

  it('ignores document-only filters and sorts for articles', () => {
    expect(searchStateFrom('?wd=x&type=1&ext=pdf&fee_type=free&language=en&sort=downloads&date=week&category_id=4')).toEqual({
      ...DEFAULT_SEARCH,
      wd: 'x',
      type: 1,
      date: 'week',
      category: 4,
    });
    expect(searchStateFrom('?wd=x&type=1&sort=views').sort).toBe('views');
  });

  it('trims the keyword and caps it at 100 characters', () => {
    expect(searchStateFrom('?wd=%20%20a%20b%20').wd).toBe('a b');
    expect(searchStateFrom(`?wd=${'字'.repeat(150)}`).wd).toHaveLength(100);
  });

  it('accepts URLSearchParams too', () => {
    expect(searchStateFrom(new URLSearchParams({ wd: 'x', type: '0' })).wd).toBe('x');
  });
});

describe('state → URL', () => {
  it('keeps the spec form for a plain search', () => {
    expect(searchHref({ ...DEFAULT_SEARCH, wd: 'a&b' })).toBe('/search?wd=a%26b&type=0');
    expect(searchHref({ ...DEFAULT_SEARCH, wd: '量子', type: 1 })).toBe('/search?wd=%E9%87%8F%E5%AD%90&type=1');
  });

  it('leaves defaults out and round-trips', () => {
    const s: SearchState = { wd: '报告 2024', type: 0, page: 2, category: 5, ext: 'word', fee: 'charge', language: 'en', date: 'year', sort: 'views' };
    const href = searchHref(s);
    expect(href).toBe('/search?wd=%E6%8A%A5%E5%91%8A+2024&type=0&category_id=5&ext=word&fee_type=charge&language=en&date=year&sort=views&page=2');
    expect(searchStateFrom(href.slice(href.indexOf('?')))).toEqual(s);
  });
});

describe('changing the state', () => {
  const s: SearchState = { ...DEFAULT_SEARCH, wd: 'x', page: 4, ext: 'pdf', sort: 'latest' };
  it('goes back to page 1 when a filter changes, keeps filters when the page changes', () => {
    expect(withSearch(s, { fee: 'free' })).toEqual({ ...s, fee: 'free', page: 1 });
    expect(withSearch(s, { page: 5 })).toEqual({ ...s, page: 5 });
  });
  it('a new keyword drops the filters but keeps the sort', () => {
    expect(newSearch(s, '  y ')).toEqual({ ...DEFAULT_SEARCH, wd: 'y', sort: 'latest' });
    expect(newSearch(s, 'y', 1).type).toBe(1);
  });
  it('counts and clears filters', () => {
    const f: SearchState = { ...s, category: 3, language: 'zh-cn', date: 'day' };
    expect(activeFilterCount(DEFAULT_SEARCH)).toBe(0);
    expect(activeFilterCount(f)).toBe(4);
    expect(clearFilters(f)).toEqual({ ...DEFAULT_SEARCH, wd: 'x', sort: 'latest' });
  });
});

describe('quick date range → created_at', () => {
  const now = new Date('2026-03-10T08:30:20.500Z');
  it('ends at the next whole minute and reaches back the range’s days', () => {
    expect(createdAtOf('day', now)).toEqual(['2026-03-09T08:31:00.000Z', '2026-03-10T08:31:00.000Z']);
    expect(createdAtOf('week', now)).toEqual(['2026-03-03T08:31:00.000Z', '2026-03-10T08:31:00.000Z']);
  });
  it('covers every quick range with its day count', () => {
    for (const r of QUICK_DATE_RANGES) {
      const [from, to] = createdAtOf(r.key, now);
      expect(Date.parse(to) - Date.parse(from)).toBe(r.days * 86_400_000);
    }
  });
  it('is stable within a minute (stable query keys)', () => {
    expect(createdAtOf('month', new Date('2026-03-10T08:30:01Z'))).toEqual(createdAtOf('month', new Date('2026-03-10T08:30:59Z')));
    expect(createdAtOf('month', new Date('2026-03-10T08:30:00Z'))[1]).toBe('2026-03-10T08:30:00.000Z');
  });
});

describe('GET /document/search query', () => {
  const now = new Date('2026-03-10T08:30:00Z');
  it('sends only what is set', () => {
    expect(documentQueryOf({ ...DEFAULT_SEARCH, wd: 'x' }, [], now)).toEqual({ wd: 'x', page: 1, size: 10, sort: 'relevance' });
  });
  it('maps every filter', () => {
    const s: SearchState = { wd: 'x', type: 0, page: 2, category: 3, ext: 'ppt', fee: 'free', language: 'zh-cn', date: 'half_year', sort: 'score' };
    expect(documentQueryOf(s, [3, 8, 9], now)).toEqual({
      wd: 'x',
      page: 2,
      size: 10,
      sort: 'score',
      category_id: [3, 8, 9],
      ext: 'ppt',
      fee_type: 'free',
      language: ['zh-cn'],
      created_at: ['2025-09-08T08:30:00.000Z', '2026-03-10T08:30:00.000Z'],
    });
  });
  it('uses the category itself while its descendants are unknown', () => {
    expect(documentQueryOf({ ...DEFAULT_SEARCH, wd: 'x', category: 4 }, [], now).category_id).toEqual([4]);
  });
});

describe('GET /article/search query', () => {
  const now = new Date('2026-03-10T08:30:00Z');
  it('sends category, date and an article sort only', () => {
    const s: SearchState = { wd: 'x', type: 1, page: 3, category: 2, ext: 'pdf', fee: 'free', language: 'en', date: 'day', sort: 'views' };
    expect(articleQueryOf(s, [2, 5], now)).toEqual({
      wd: 'x',
      page: 3,
      size: 10,
      sort: 'views',
      category_id: [2, 5],
      created_at: ['2026-03-09T08:30:00.000Z', '2026-03-10T08:30:00.000Z'],
    });
    expect(articleQueryOf({ ...DEFAULT_SEARCH, wd: 'x', type: 1, sort: 'downloads' }, [], now)).toEqual({ wd: 'x', page: 1, size: 10, sort: 'relevance' });
  });
});

describe('summary and pager', () => {
  it('reads like the spec', () => {
    expect(summaryText(12345, 0.0234)).toBe('找到约 12,345 条结果（用时 0.02 秒）');
    expect(summaryText(3, 0.0042)).toBe('找到约 3 条结果（用时 0.004 秒）');
    expect(summaryText(0, 0)).toBe('找到约 0 条结果（用时 0 秒）');
  });
  it('formats the time spent', () => {
    expect(formatSpend(1.5)).toBe('1.5');
    expect(formatSpend(0.0001)).toBe('0.001');
    expect(formatSpend(Number.NaN)).toBe('0');
    expect(formatSpend(-1)).toBe('0');
  });
  it('caps the pager at max_page', () => {
    expect(pagerOf(35, 100)).toEqual({ pages: 4, total: 35, capped: false });
    expect(pagerOf(5000, 100)).toEqual({ pages: 100, total: 1000, capped: true });
    expect(pagerOf(1000, 100)).toEqual({ pages: 100, total: 1000, capped: false });
    expect(pagerOf(0, 100)).toEqual({ pages: 0, total: 0, capped: false });
    expect(pagerOf(50, 0)).toEqual({ pages: 5, total: 50, capped: false });
  });
});
