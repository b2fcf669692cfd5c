import { describe, expect, it } from 'vitest';
import { ZSearchArticlesResult } from '@wenku/contracts/schemas';
import { articleHitsOf } from './article-hits';

/** A hit as the API sends it, checked against the contract. */
const hit = (over: Record<string, unknown>) => ({
  id: 1,
  identifier: '',
  user_id: 0,
  username: '',
  title: '',
  keywords: '',
  description: '',
  status: 1,
  is_draft: false,
  reject_reason: '',
  view_count: 0,
  favorite_count: 0,
  comment_count: 0,
  is_recommend: false,
  recommend_at: null,
  category_id: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  highlight_title: '',
  highlight_snippet: '',
  rank: 0,
  ...over,
});

describe('articleHitsOf', () => {
  it('reads the contract answer', () => {
    const r = articleHitsOf(
      ZSearchArticlesResult.parse({
        total: 12,
        spend: 0.02,
        max_page: 2,
        words: ['量子'],
        article: [
          hit({
            id: 3,
            identifier: '',
            title: '量子<入门>',
            description: 'd',
            highlight_title: '<em>量子</em>&lt;入门&gt;',
            highlight_snippet: '',
            user_id: 2,
            username: 'u',
            view_count: 9,
          }),
          hit({ id: 4, identifier: 'about', title: 'A & B', description: 'x < y' }),
        ],
      }),
    );
    expect(r.total).toBe(12);
    expect(r.maxPage).toBe(2);
    expect(r.hits[0]).toMatchObject({
      key: '3',
      href: '/article/3',
      titleHtml: '<em>量子</em>&lt;入门&gt;',
      snippetHtml: 'd',
      username: 'u',
      userId: 2,
      viewCount: 9,
    });
    expect(r.hits[1]).toMatchObject({ key: 'about', href: '/article/about', titleHtml: 'A &amp; B', snippetHtml: 'x &lt; y', viewCount: 0 });
  });
  it('an empty answer gives no hits', () => {
    expect(articleHitsOf(ZSearchArticlesResult.parse({ total: 0, spend: 0, max_page: 0, article: [], words: [] }))).toEqual({
      total: 0,
      spend: 0,
      maxPage: 0,
      hits: [],
    });
  });
});
