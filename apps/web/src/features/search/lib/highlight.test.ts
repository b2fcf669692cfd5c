import { describe, expect, it } from 'vitest';
import { highlightText, sanitizeHighlight } from './highlight';

describe('sanitizeHighlight (allow-list: <em> only)', () => {
  it('keeps the server highlight as it is', () => {
    expect(sanitizeHighlight('机器<em>学习</em>入门')).toBe('机器<em>学习</em>入门');
    expect(sanitizeHighlight('<em>A</em> &amp; <em>B</em> &lt;c&gt; &#39;d&#39;')).toBe('<em>A</em> &amp; <em>B</em> &lt;c&gt; &#39;d&#39;');
  });

  it('escapes every other tag, attribute and quote', () => {
    expect(sanitizeHighlight('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(sanitizeHighlight('<script>alert("x")</script>')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(sanitizeHighlight('<em onclick="x()">hi</em>')).toBe('&lt;em onclick=&quot;x()&quot;&gt;hi');
    expect(sanitizeHighlight('<b>粗</b><em>斜</em>')).toBe('&lt;b&gt;粗&lt;/b&gt;<em>斜</em>');
    expect(sanitizeHighlight("it's")).toBe('it&#39;s');
  });

  it('escapes a bare ampersand but keeps character references', () => {
    expect(sanitizeHighlight('R&D')).toBe('R&amp;D');
    expect(sanitizeHighlight('a &nbsp; &#x4e2d; &#20013;')).toBe('a &nbsp; &#x4e2d; &#20013;');
    expect(sanitizeHighlight('&;')).toBe('&amp;;');
  });

  it('accepts <EM> and <em > but repairs unbalanced and nested tags', () => {
    expect(sanitizeHighlight('<EM>x</EM>')).toBe('<em>x</em>');
    expect(sanitizeHighlight('<em >x</em >')).toBe('<em>x</em>');
    expect(sanitizeHighlight('</em>a<em>b')).toBe('a<em>b</em>');
    expect(sanitizeHighlight('<em>a<em>b</em>c</em>d')).toBe('<em>abc</em>d');
    expect(sanitizeHighlight('<em></em>x')).toBe('x');
  });

  it('handles empty input', () => {
    expect(sanitizeHighlight('')).toBe('');
    expect(sanitizeHighlight(undefined)).toBe('');
    expect(sanitizeHighlight(null)).toBe('');
  });

  it('the result parses to text and <em> elements only', () => {
    const samples = ['<em>a</em><svg onload=1>', '"><iframe src=javascript:1>', '<em><a href="j">x</a></em>', '<!-- c --><em>y'];
    for (const s of samples) {
      const div = document.createElement('div');
      div.innerHTML = sanitizeHighlight(s);
      for (const el of Array.from(div.querySelectorAll('*'))) {
        expect(el.tagName).toBe('EM');
        expect(el.attributes.length).toBe(0);
      }
    }
  });
});

describe('highlightText', () => {
  it('gives the plain text', () => {
    expect(highlightText('机器<em>学习</em> &amp; &lt;AI&gt; it&#39;s')).toBe("机器学习 & <AI> it's");
    expect(highlightText(undefined)).toBe('');
  });
});
