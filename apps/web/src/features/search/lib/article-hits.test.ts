import { describe, expect, it } from 'vitest';
import { articleHitsOf } from './article-hits';

describe('articleHitsOf', () => {
  it('reads the contract answer', () => {
    const r = articleHitsOf({
      total: 12, spend: 0.02, max_page: 2, words: ['量子'],
      article: [
        { id: 3, identifier: '', title: '量子<入门>', description: 'd', highlight_title: '<em>量子</em>&lt;入门&gt;', highlight_snippet: '', user_id: 2, username: 'u', created_at: '2026-01-01T00:00:00Z', view_count: 9 },
        { id: 4, identifier: 'about', title: 'A & B', description: 'x < y', user_id: 0, created_at: '' },
      ],
    });
    expect(r.total).toBe(12);
    expect(r.maxPage).toBe(2);
    expect(r.hits[0]).toMatchObject({ key: '3', href: '/article/3', titleHtml: '<em>量子</em>&lt;入门&gt;', snippetHtml: 'd', username: 'u', userId: 2, viewCount: 9 });
    expect(r.hits[1]).toMatchObject({ key: 'about', href: '/article/about', titleHtml: 'A &amp; B', snippetHtml: 'x &lt; y', viewCount: null });
  });
  it('never throws on odd answers', () => {
    expect(articleHitsOf(null)).toEqual({ total: 0, spend: 0, maxPage: 0, hits: [] });
    expect(articleHitsOf({ article: [null, 1, 'x'] }).hits).toEqual([]);
  });
});
