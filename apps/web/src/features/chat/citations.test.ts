import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@wenku/ui/markdown';
import type { TChatReference } from '@wenku/contracts/schemas';
import { linkCitations, relevancePercent, shortSnippet } from './citations';
import { documentTopicTitle } from './lib';

const refs: TChatReference[] = [
  { title: '劳动合同范本', uuid: 'doc-1', page: 3, score: 0.032, snippet: '试用期不得超过六个月' },
  { title: 'Linux "入门" <指南>', uuid: 'doc-2', page: 12, score: 0.016, snippet: '' },
];

const badges = (html: string) => [...html.matchAll(/<a href="([^"]+)" data-cite="(\d+)"/g)].map((m) => [m[2], m[1]]);

describe('linkCitations', () => {
  it('turns [n] into superscript links to the cited page', () => {
    const html = linkCitations(renderMarkdown('试用期最长六个月[1]，见第二份资料[2]。'), refs);
    expect(badges(html)).toEqual([
      ['1', '/document/doc-1?page=3'],
      ['2', '/document/doc-2?page=12'],
    ]);
    expect(html).toContain('<sup class="wk-cite">');
    expect(html).toContain('target="_blank"');
    // the title is escaped inside the attribute
    expect(html).toContain('title="Linux &quot;入门&quot; &lt;指南&gt; · 第 12 页"');
  });

  it('leaves marks without a matching reference as plain text', () => {
    const html = linkCitations(renderMarkdown('见[3]与[0]，以及[1]。'), refs);
    expect(badges(html)).toEqual([['1', '/document/doc-1?page=3']]);
    expect(html).toContain('见[3]与[0]');
  });

  it('splits grouped marks and keeps unmatched numbers of a group as text', () => {
    const html = linkCitations(renderMarkdown('两份都提到[1, 2]，还有[2，7]。'), refs);
    expect(badges(html).map((b) => b[0])).toEqual(['1', '2', '2']);
    expect(html).toContain('[7]');
  });

  it('does not touch code, links or anything when there are no references', () => {
    const src = '代码 `arr[1]` 与\n\n```\nx[2]\n```\n\n[链接[1]](https://example.com) 正文[1]';
    const html = linkCitations(renderMarkdown(src), refs);
    expect(badges(html)).toEqual([['1', '/document/doc-1?page=3']]);
    expect(html).toContain('arr[1]');
    expect(html).toContain('x[2]');
    expect(linkCitations(renderMarkdown('正文[1]'), [])).toBe(renderMarkdown('正文[1]'));
  });

  it('opens in the same tab on phones (no target)', () => {
    const html = linkCitations(renderMarkdown('正文[1]'), refs, { newTab: false });
    expect(html).not.toContain('target=');
    expect(badges(html)).toEqual([['1', '/document/doc-1?page=3']]);
  });
});

describe('reference helpers', () => {
  it('relevance is relative to the best reference, never 0 for a positive score', () => {
    expect(relevancePercent(0.032, refs)).toBe(100);
    expect(relevancePercent(0.016, refs)).toBe(50);
    expect(relevancePercent(0.0001, refs)).toBe(4);
    expect(relevancePercent(0, refs)).toBe(0);
    expect(relevancePercent(1, [])).toBe(0);
  });

  it('shortens snippets on characters, not UTF-16 units', () => {
    expect(shortSnippet('  a\n\n b  ')).toBe('a b');
    expect(shortSnippet('文'.repeat(130), 120)).toBe(`${'文'.repeat(120)}…`);
  });

  it('document Q&A titles stay within 100 characters', () => {
    expect(documentTopicTitle('线性代数')).toBe('问文档：线性代数');
    const long = documentTopicTitle('长'.repeat(200));
    expect(Array.from(long)).toHaveLength(100);
    expect(long.endsWith('…')).toBe(true);
  });
});
