// Issue 16 journey: the first load of the public site, counted on the built product as a visitor gets it (brotli
// from the server, nothing cached): the home page, a document page and the search page each load at most 30
// requests until usable, and their JavaScript stays under the ceiling below; no markdown, KaTeX, editor or chart
// code on them. Bytes and counts only, never times (the times are in docs/benchmarks.md, from bench/web-bench.mjs).
import assert from 'node:assert/strict';
import { json, measureFirstLoad, textPdf } from '../helpers.mjs';

const stamp = Date.now().toString(36);
const MAX_REQUESTS = 30;
/**
 * JavaScript on the wire per page, in bytes. Issue 16 asks for at most 250 KB on the home page and the document page;
 * measured on 2026-11-25 after the cuts: home 247 900, document 245 700, search 289 000 (see docs/benchmarks.md,
 * "First load"). The search page has no byte target in the issue (its filters need antd's Select and TreeSelect);
 * its ceiling holds what was reached, with a little room, to catch a regression.
 */
const MAX_JS_BYTES = { home: 250_000, document: 250_000, search: 300_000 };
/** Code that only the pages that need it may load. */
const FORBIDDEN = /markdown|katex|editor|chart|table-/i;

/** Admin uploads a two-page PDF and waits for its conversion; the document's uuid. */
async function seed(api, admin) {
  const post = (p, body, token) =>
    api(p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(json);
  const { token } = await post('/user/login', admin);
  const category = await post('/category', { title: `首屏 ${stamp}`, type: 0 }, token);
  const form = new FormData();
  const pdf = textPdf([['First load budget, page one.', 'Packages and maintainers.'], ['Page two of the budget document.']]);
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), `first-load-${stamp}.pdf`);
  const up = await json(await api('/upload/document', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
  const { document } = await post(
    '/document',
    { category_id: [category.id], document: [{ attachment_id: up.data.id, title: `首屏预算 ${stamp}`, price: 0 }] },
    token,
  );
  for (const until = Date.now() + 120_000; ;) {
    const d = await json(await api(`/document?id=${document[0].id}`, { headers: { authorization: `Bearer ${token}` } }));
    if (d.status === 2) return document[0].uuid;
    if (d.status === 3 || Date.now() > until) throw new Error(`the document did not convert: ${d.convert_error ?? 'time-out'}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export const journeys = [
  {
    name: 'first load: home, document and search pages within the request and JavaScript budget',
    async run({ page, baseUrl, api, admin }) {
      const uuid = await seed(api, admin);
      const browser = page.context().browser();
      const pages = { home: '/', document: `/document/${uuid}`, search: `/search?wd=${encodeURIComponent('budget')}` };
      for (const width of [1366, 390]) {
        for (const [name, p] of Object.entries(pages)) {
          const r = await measureFirstLoad(browser, `${baseUrl}${p}`, { viewport: { width, height: width > 800 ? 900 : 844 } });
          const what = `${name} at ${width} px (${r.requests} requests, ${r.jsBytes} bytes of JavaScript: ${r.list.join(', ')})`;
          assert.ok(r.requests <= MAX_REQUESTS, `${what}: more than ${MAX_REQUESTS} requests`);
          assert.ok(r.jsBytes <= MAX_JS_BYTES[name], `${what}: more than ${MAX_JS_BYTES[name]} bytes of JavaScript`);
          console.log(`    ${name} at ${width} px: ${r.requests} requests, ${r.jsBytes} bytes of JavaScript`);
          // compressed as served: every script came with brotli (its size on the wire is well below its file's)
          assert.ok(r.jsBytes > 50_000, `${what}: the measurement saw the scripts`);
          const forbidden = r.js.filter((j) => FORBIDDEN.test(j.url));
          assert.deepEqual(forbidden, [], `${what}: loads code the page does not need`);
        }
      }
    },
  },
];
