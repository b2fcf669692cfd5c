import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown, markdownToText } from '@wenku/ui/markdown';
import { createTestApp, type TestApp } from './helpers';

/** Stored-XSS corpus: markdown, raw HTML, URL schemes, SVG/MathML tricks, KaTeX macros, entities, mXSS. */
export const XSS_CORPUS: string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '![img](javascript:alert(1))',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '[x](data:text/html,<script>alert(1)</script>)',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r=10 /></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '$\\href{javascript:alert(1)}{x}$',
  '$\\url{javascript:alert(1)}$',
  '$\\htmlClass{x" onmouseover="alert(1)}{y}$',
  '$\\htmlStyle{background:url(javascript:alert(1))}{y}$',
  '$\\htmlId{root}{x}$',
  '$\\htmlData{onclick=alert(1)}{x}$',
  '$\\includegraphics{javascript:alert(1)}$',
  '$$\\def\\a{\\a\\a}\\a$$',
  '$\\color{red" onmouseover="alert(1)}{x}$',
  '\\[ \\href{javascript:alert(1)}{x} \\]',
  '[ref][x]\n\n[x]: javascript:alert(1)',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
  '<details open ontoggle=alert(1)><summary>x</summary></details>',
  '<a href="#" id="root" name="root">clobber</a>',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
  '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<style><img src=x onerror=alert(1)></style><textarea><img src=x onerror=alert(1)></textarea>',
  '![x](https://e.com/a.png "t\\" onerror=\\"alert(1)")',
  '<javascript:alert(1)>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a><animate attributeName="href" to="javascript:alert(1)"/></svg>',
  '<input autofocus onfocus=alert(1)><select onchange=alert(1)></select>',
  '<link rel="stylesheet" href="javascript:alert(1)"><template><img src=x onerror=alert(1)></template>',
  '&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;',
  '<a href=" javascript:alert(1)">x</a><a href="java\nscript:alert(1)">y</a>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<video poster="javascript:alert(1)"><source src="x" onerror="alert(1)"></video>',
];

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const FORBIDDEN_TAGS =
  /<(script|iframe|object|embed|form|input|button|select|textarea|style|link|meta|base|foreignobject|animate|set|use|image|template|frame|frameset|noscript|video|audio|source|maction|portal)\b/i;

/** Problems that would make HTML executable; [] when inert. */
export function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  for (const tag of tags) {
    if (FORBIDDEN_TAGS.test(tag)) problems.push(`tag ${tag}`);
    for (const m of tag.matchAll(/\s([a-z:_-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      const name = m[1].toLowerCase();
      const value = decode(m[3] ?? m[4] ?? m[5] ?? '')
        .replace(/[\s\u0000-\u001f]/g, '')
        .toLowerCase();
      if (name.startsWith('on')) problems.push(`handler ${name} in ${tag}`);
      if (/^(href|src|action|formaction|xlink:href|background|poster|srcset|data|cite)$/.test(name) && /^(javascript|vbscript|data|livescript):/.test(value))
        problems.push(`url ${name}=${value}`);
      if (name === 'style' && /(url\(|expression\(|position:fixed|javascript:)/.test(value)) problems.push(`style ${value}`);
      if ((name === 'id' || name === 'name') && !/^fn(ref)?wkfn-/.test(value)) problems.push(`${name}=${value}`);
    }
  }
  return problems;
}

describe('the markdown renderer neutralises the XSS corpus', () => {
  it('has at least 25 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(XSS_CORPUS.map((p, i) => [i, p]))('payload %i renders inert', (_i, payload) => {
    const html = renderMarkdown(String(payload));
    expect(unsafeParts(html), html).toEqual([]);
    // and inside other markdown (lists, quotes, tables, links)
    const nested = renderMarkdown(
      `> ${payload}\n\n- ${payload}\n\n| a |\n|---|\n| ${String(payload).replace(/\n/g, ' ')} |\n\n[${payload}](https://example.com)`,
    );
    expect(unsafeParts(nested), nested).toEqual([]);
    // plain text (descriptions, search): whatever it holds is escaped wherever it is shown
    expect(typeof markdownToText(String(payload))).toBe('string');
  });

  it('still renders what is legitimate: math, links, images, code, tables', () => {
    const html = renderMarkdown('**粗体** [链接](https://example.com) ![图](/uploads/images/ab/x.png) `code` $x^2$\n\n| a | b |\n|:-|-:|\n| 1 | 2 |');
    expect(html).toContain('<strong>粗体</strong>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer ugc" target="_blank">链接</a>');
    expect(html).toContain('<img src="/uploads/images/ab/x.png" alt="图" loading="lazy" />');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('class="katex"');
    expect(html).toContain('<td style="text-align:right">2</td>');
  });

  it('bounds KaTeX work: macro bombs and huge formulas finish quickly', () => {
    // an unbounded expansion would never return: the test's hang guard is what catches it
    renderMarkdown(`$$\\def\\a{\\a\\a\\a}\\a$$\n\n$${'x^'.repeat(3000)}x$\n\n${'$\\frac{1}{2}$ '.repeat(1500)}`);
  });
});

describe('crawler HTML of article pages renders the corpus inert', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>x</title><script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ serveStatic: true, webDist, adminDist: path.join(webDist, 'none') });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('every payload, as title, description, keywords and body, is inert in the served page', async () => {
    const u = await t.register();
    for (const payload of XSS_CORPUS) {
      const title = payload.replace(/\n/g, ' ').slice(0, 200);
      const res = await t.req({
        method: 'POST',
        url: '/api/v1/article',
        token: u.token,
        payload: { title, description: title, keywords: title.slice(0, 100), content: `正文 ${payload}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = await t.req({ method: 'GET', url: `/article/${res.json().identifier}` });
      expect(page.statusCode).toBe(200);
      const html = page.body;
      expect(html).toContain('<div id="ssr-content">');
      // the only scripts are the app's own and JSON-LD
      const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
      for (const s of scripts)
        expect(s, payload).toMatch(/^<script (nonce="[A-Za-z0-9+/=]+" )?(type="module" crossorigin src="\/assets\/app\.js"|type="application\/ld\+json")>$/);
      for (const m of html.matchAll(/<script (?:nonce="[A-Za-z0-9+/=]+" )?type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
        expect(m[1]).not.toMatch(/<\/?script/i);
        expect(() => JSON.parse(m[1])).not.toThrow();
      }
      const body = html.slice(html.indexOf('<div id="ssr-content">') + '<div id="ssr-content">'.length);
      expect(unsafeParts(body), `${payload}\n${body}`).toEqual([]);
      const head = html.slice(0, html.indexOf('</head>')).replace(/<script (?:nonce="[A-Za-z0-9+/=]+" )?type="application\/ld\+json">[\s\S]*?<\/script>/g, '');
      expect(
        unsafeParts(
          head
            .replace(/<script (nonce="[A-Za-z0-9+/=]+" )?type="module" crossorigin src="\/assets\/app\.js"><\/script>/, '')
            .replace(/<meta name="(description|keywords)"[^>]*>|<meta property="og:[^>]*>|<link rel="canonical"[^>]*>|<style>#ssr-content[^<]*<\/style>/g, ''),
        ),
        head,
      ).toEqual([]);
      // attribute values in the head are escaped: no payload can open a tag there
      for (const m of head.matchAll(/content="([^"]*)"/g)) expect(m[1]).not.toMatch(/[<>]/);
      const api = (await t.req({ method: 'GET', url: `/api/v1/article?id=${res.json().id}` })).json();
      expect(unsafeParts(api.content_html), api.content_html).toEqual([]);
    }
  });
});
