/**
 * Issue 11 §3: one request could stall the server. POST /markdown2docx (anonymous, 199 KB) held the event loop for
 * seconds, and an article with 1 000 formulas was rendered on every read. Now: the export needs a login, takes at
 * most 100 000 characters and 10 a minute, and runs on a worker thread; an article's HTML is rendered once when it
 * is saved and stored; at most 300 formulas are drawn.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { makeArticle, makeUser, type TestUser } from '../factories';
import { callError, callRaw } from '../call';

let t: TestApp;
let user: TestUser;

// the suite acts behind a proxy (helpers): each block below comes from its own address, so the export limit of one
// does not spend another's
const from = (ip: string) => ({ 'x-forwarded-for': ip });

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t);
});
afterAll(async () => t?.close());

/** Markdown that takes the .docx builder a while: headings, emphasis, lists, code and tables, just under the cap. */
function heavyMarkdown(limit = 99_000): string {
  const block = [
    '## 第一节 **加粗** 与 _斜体_',
    '',
    '- 列表项 **一** `code`',
    '- 列表项 _二_ [链接](https://example.com)',
    '',
    '| 列一 | 列二 | 列三 |',
    '| --- | --- | --- |',
    '| a **b** | c _d_ | `e` |',
    '',
    '```js',
    'const x = 1;',
    '```',
    '',
    '> 引用 **文字** 与更多的文字，让段落更长一些。',
    '',
  ].join('\n');
  return block.repeat(Math.floor(limit / block.length));
}

describe('POST /markdown2docx', () => {
  it('needs a login', async () => {
    const res = await callError(t, api.markdownToDocx, { body: { markdown: '# hi', title: 'x' }, headers: from('10.1.0.1') });
    expect(res.status).toBe(401);
  });

  it('refuses more than 100 000 characters', async () => {
    const res = await callError(t, api.markdownToDocx, { body: { markdown: 'x'.repeat(100_001), title: 'big' }, as: user, headers: from('10.1.0.2') });
    expect(res.status).toBe(400);
    expect(res.message).toBe('内容过长（最多 10 万字），无法导出');
  });

  it('allows 10 a minute from one address, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof callRaw>> | undefined;
    for (let i = 0; i < 12; i++) {
      last = await callRaw(t, api.markdownToDocx, { body: { markdown: `# 第 ${i} 篇`, title: 't' }, as: user, headers: from('10.1.0.3') });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(last!.json()).toMatchObject({ code: 'rate_limited' });
    expect(last!.json().message).toMatch(/操作过于频繁/);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected
    expect((await callRaw(t, api.markdownToDocx, { body: { markdown: '# ok' }, as: user, headers: from('10.1.0.4') })).statusCode).toBe(200);
  });

  it('a health check answers while a large export runs (the export is off the event loop)', async () => {
    const health = async () => {
      const t0 = performance.now();
      const res = await t.req({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(200);
      return performance.now() - t0;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // warm the worker up (thread start, module compilation) so the export measured is the work itself
    expect((await callRaw(t, api.markdownToDocx, { body: { markdown: '# warm' }, as: user, headers: from('10.1.0.5') })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await health();
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push(await health());

    const markdown = heavyMarkdown();
    expect(markdown.length).toBeLessThanOrEqual(100_000);
    let done = false;
    const t0 = performance.now();
    const exporting = callRaw(t, api.markdownToDocx, { body: { markdown, title: 'heavy' }, as: user, headers: from('10.1.0.5') }).finally(() => {
      done = true;
    });
    const busy: number[] = [];
    while (!done) {
      busy.push(await health());
      await new Promise((r) => setImmediate(r));
    }
    const res = await exporting;
    const exportMs = performance.now() - t0;
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK'); // a .docx is a zip

    // Held on the event loop, the export would let one or two health checks through, each waiting for all of it.
    // Off the loop, many answer while it runs, each a small share of the export and near the idle latency.
    expect(busy.length).toBeGreaterThanOrEqual(5);
    expect(median(busy) / exportMs).toBeLessThan(0.2);
    expect(median(busy) / Math.max(median(idle), 0.5)).toBeLessThan(25);
  });
});

describe('an article with many formulas', () => {
  const formulas = (n: number) => Array.from({ length: n }, (_, i) => `公式 ${i}: $x_{${i}}^2 + \\frac{${i}}{2}$`).join('\n\n');
  const stored = async (id: number) =>
    (await t.database.pool.query<{ content_html: string }>(`SELECT content_html FROM articles WHERE id = $1`, [id])).rows[0].content_html;

  it('is rendered once when saved, stored, and read from the stored column; an edit renders again', async () => {
    const article = await makeArticle(t, { owner: user, content: formulas(400) });
    const html = await stored(article.id);
    // rendered at save time, before anyone read it
    expect(html).toContain('class="katex"');

    // reads serve the stored HTML as it is (no rendering per request): a marker put into the column comes back
    await t.database.pool.query(`UPDATE articles SET content_html = $2 WHERE id = $1`, [article.id, '<p>stored-marker</p>']);
    for (let i = 0; i < 2; i++) {
      const read = await t.req({ method: 'GET', url: `/api/v1/article?id=${article.id}`, token: user.token });
      expect(read.statusCode).toBe(200);
      expect(read.json().content_html).toBe('<p>stored-marker</p>');
    }

    // an edit of the content renders it again
    const edit = await t.req({ method: 'PUT', url: '/api/v1/article', token: user.token, payload: { id: article.id, content: formulas(3) } });
    expect(edit.statusCode, edit.body).toBe(200);
    const again = await stored(article.id);
    expect(again).not.toContain('stored-marker');
    expect(again.match(/class="katex"/g)?.length).toBe(3);
  });

  it('draws at most 300 formulas; the rest are shown as their source', async () => {
    const article = await makeArticle(t, { owner: user, content: formulas(400) });
    const html = await stored(article.id);
    expect(html.match(/class="katex"/g)?.length).toBe(300);
    expect(html.match(/class="wk-math-source"/g)?.length).toBe(100);
    // the stored page stays far from the 11 MB a thousand drawn formulas made
    expect(html.length).toBeLessThan(2_000_000);
  });
});
