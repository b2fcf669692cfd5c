import { describe, expect, it } from 'vitest';
import { renderMarkdown, markdownToText, sanitizeUserHtml } from '../src/markdown';

describe('shared markdown renderer', () => {
  it('renders inline and block math with KaTeX', () => {
    const html = renderMarkdown('质能方程 $E=mc^2$\n\n$$\\int_0^1 x\\,dx = \\frac12$$');
    expect(html).toContain('class="katex"');
    expect(html).toContain('katex-display');
    expect(html).toContain('质能方程');
  });

  it('resolves reference-style links and renders tables and code', () => {
    const html = renderMarkdown('见 [文库][home]。\n\n[home]: https://example.com/wenku\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```');
    expect(html).toContain('href="https://example.com/wenku"');
    expect(html).toContain('<table');
    expect(html).toContain('<code');
  });

  it('keeps user HTML and math inert', () => {
    const evil = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '$\\href{javascript:alert(1)}{点我}$',
      '<svg><script>alert(1)</script></svg>',
    ].join('\n\n');
    const html = renderMarkdown(evil);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i);
    // the words may remain as text; never as a link or source
    expect(html).not.toMatch(/(href|src)\s*=\s*"?\s*javascript:/i);
    expect(sanitizeUserHtml('<a href="javascript:alert(1)" onclick="x()">x</a>')).not.toMatch(/javascript:|onclick/i);
  });

  it('gives plain text for summaries', () => {
    expect(markdownToText('# 标题\n\n**加粗** 文字')).toContain('加粗 文字');
  });
});
