// Issue 27 journey: the reader reads text, at 1366 and 390 px. A three-page PDF with bookmarks: select a sentence on
// page 3 and copy it (the clipboard holds it), find a word and land on its highlighted hit on a later page, jump by
// an outline entry and by the page box, continue at the saved page in a new browser context, and a citation past the
// preview shows the plain limit message; on a phone the pages zoom inside their frame and the 文字版 shows the text
// at 16 px, neither scrolling the page sideways.
import assert from 'node:assert/strict';
import { json, textPdf } from '../helpers.mjs';

const stamp = Date.now().toString(36);
const SENTENCE = 'Debian keeps every package signed.';

async function seed(api, admin, { pages, preview, outline }) {
  const post = (p, body, token, method = 'POST') =>
    api(p, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(json);
  const { token } = await post('/user/login', admin);
  await post('/config', { config: [{ category: 'converter', name: 'max_preview', value: preview }] }, token, 'PUT');
  const category = await post('/category', { title: `阅读 ${stamp}-${pages.length}`, type: 0 }, token);
  const form = new FormData();
  form.append('file', new Blob([textPdf(pages, { outline })], { type: 'application/pdf' }), `reader-${stamp}-${pages.length}.pdf`);
  const up = await json(await api('/upload/document', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
  const { document } = await post(
    '/document',
    { category_id: [category.id], document: [{ attachment_id: up.data.id, title: `阅读器 ${stamp}`, price: 0 }] },
    token,
  );
  for (const until = Date.now() + 120_000; ;) {
    const d = await json(await api(`/document?id=${document[0].id}`, { headers: { authorization: `Bearer ${token}` } }));
    if (d.status === 2) return document[0].uuid;
    if (d.status === 3 || Date.now() > until) throw new Error(`the document did not convert: ${d.convert_error ?? 'time-out'}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const PAGES = [
  ['Reader journey, page one.', 'An introduction to the manual.'],
  ['Page two speaks of mirrors.', 'Nothing to find here.'],
  ['Page three, chapter on trust.', SENTENCE, 'The keyring holds the zebrafinch key.'],
];
const OUTLINE = [
  { title: '第一章 引言', page: 1 },
  { title: '第二章 镜像', page: 2 },
  { title: '第三章 信任', page: 3 },
];

const state = {};
const VIEWPORTS = [
  { tag: '1366', viewport: { width: 1366, height: 900 } },
  { tag: '390', viewport: { width: 390, height: 844 } },
];

/** The document (seeded once, by the first journey that needs it). */
async function theDocument(api, admin) {
  state.uuid ??= await seed(api, admin, { pages: PAGES, preview: 0, outline: OUTLINE });
  return state.uuid;
}

/** Whether page n's top half is on screen (a jump landed there). */
const landedOn = (page, n) =>
  page.waitForFunction(
    (p) => {
      const r = document.querySelector(`[data-page="${p}"]`)?.getBoundingClientRect();
      return Boolean(r) && r.top < window.innerHeight / 2 && r.bottom > 0 && document.querySelector('.wk-reader-indicator input')?.value === String(p);
    },
    n,
    { timeout: 15000 },
  );

async function register(api, tag) {
  const user = { username: `reader${tag}_${stamp}`, password: 'e2e-pass-123', email: `reader${tag}_${stamp}@example.com` };
  return json(await api('/user/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) }));
}

async function signIn(p, baseUrl, reg) {
  await p.goto(`${baseUrl}/`);
  await p.evaluate(
    ([t, u]) => {
      localStorage.setItem('wenku:token', t);
      localStorage.setItem('wenku:user', JSON.stringify(u));
    },
    [reg.token, reg.user],
  );
}

export const journeys = [
  ...VIEWPORTS.map(({ tag, viewport }) => ({
    name: `reader ${tag}: select and copy a sentence on page 3, find a word on a later page, outline and page box`,
    viewport,
    async run({ page, context, baseUrl, shot, api, admin }) {
      const uuid = await theDocument(api, admin);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await page.goto(`${baseUrl}/document/${uuid}?page=3`);
      const run = page.locator('[data-page="3"] .wk-text-run', { hasText: SENTENCE });
      await run.waitFor({ timeout: 20000 });
      // select the sentence where it is drawn, as a reader's drag does, and copy it
      await page.evaluate((text) => {
        const el = [...document.querySelectorAll('[data-page="3"] .wk-text-run')].find((e) => e.textContent.includes(text));
        const range = document.createRange();
        range.selectNodeContents(el.firstChild);
        const sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
      }, SENTENCE);
      await run.scrollIntoViewIfNeeded();
      await shot(`27-reader-selected-${tag}`);
      await page.keyboard.press('Control+C');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied.trim(), SENTENCE);
      // the sentence sits over its drawn line: inside page 3's box
      const pageBox = await page.locator('[data-page="3"]').boundingBox();
      const box = await run.boundingBox();
      assert.ok(box.y > pageBox.y && box.y + box.height < pageBox.y + pageBox.height && box.x >= pageBox.x, 'the words sit on their page');
      assert.ok(box.x + box.width <= pageBox.x + pageBox.width, 'the words stay inside their page');

      // find: from page 1, a word on page 3 (any case); the reader lands on its highlighted hit
      await page.goto(`${baseUrl}/document/${uuid}`);
      await page.locator('[data-page="1"] img').waitFor({ timeout: 20000 });
      await page.getByRole('button', { name: '查找' }).click();
      await page.getByRole('textbox', { name: '查找内容' }).fill('ZEBRAFINCH');
      await page.getByRole('textbox', { name: '查找内容' }).press('Enter');
      await page.getByText('第 3 页 · 1 处').waitFor({ timeout: 15000 });
      const hit = page.locator('[data-page="3"] .wk-find-hit.is-current');
      await hit.waitFor({ timeout: 15000 });
      await page.waitForFunction(
        () => {
          const r = document.querySelector('[data-page="3"] .wk-find-hit.is-current')?.getBoundingClientRect();
          return Boolean(r) && r.top >= 0 && r.bottom <= window.innerHeight;
        },
        null,
        { timeout: 15000 },
      );
      // the find bar stays on screen above the pages (next/previous at hand), the hit not under it
      const bar = await page.getByRole('search', { name: '在文档中查找' }).boundingBox();
      const mark = await hit.boundingBox();
      assert.ok(bar.y >= 0 && bar.y + bar.height < mark.y, `the find bar (${bar.y}..${bar.y + bar.height}) above the hit (${mark.y})`);
      await shot(`27-reader-find-${tag}`);
      await page.getByRole('button', { name: '关闭查找' }).click();

      // the outline: the PDF's bookmarks, in the side panel; an entry jumps to its page
      await page.goto(`${baseUrl}/document/${uuid}`);
      await page.locator('[data-page="1"] img').waitFor({ timeout: 20000 });
      await page.getByRole('button', { name: '目录' }).click();
      const entry = page.getByRole('navigation', { name: '文档目录' }).getByRole('button', { name: /第三章 信任/ });
      await entry.waitFor({ timeout: 15000 });
      // the drawer has slid in (for the picture)
      await page.waitForFunction(() => (document.querySelector('nav[aria-label="文档目录"]')?.getBoundingClientRect().left ?? -1) >= 0);
      await shot(`27-reader-outline-${tag}`);
      await entry.click();
      await landedOn(page, 3);
      await entry.waitFor({ state: 'hidden' }); // the drawer has closed (and given the focus back)

      // the page box
      await page.getByRole('textbox', { name: '页码' }).fill('2');
      await page.getByRole('textbox', { name: '页码' }).press('Enter');
      await landedOn(page, 2);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(sideways <= 0, `the page scrolls sideways by ${sideways}px`);
    },
  })),
  ...VIEWPORTS.map(({ tag, viewport }) => ({
    name: `reader ${tag}: a citation past the preview stops at the last readable page and says why`,
    viewport,
    async run({ page, baseUrl, shot, api, admin }) {
      const pages = Array.from({ length: 6 }, (_, i) => [`Limited document, page ${i + 1}.`]);
      state.limited ??= await seed(api, admin, { pages, preview: 2 });
      const uuid = state.limited;
      await page.goto(`${baseUrl}/document/${uuid}?page=5`);
      const limit = page.getByTestId('reader-limit');
      await limit.waitFor({ timeout: 15000 });
      assert.match(await limit.innerText(), /第 5 页需下载后阅读/);
      assert.ok(await limit.getByRole('button', { name: /下载/ }).isVisible(), 'the download action is next to the message');
      // nothing past the preview is served: page 3's layer is refused
      const r = await fetch(`${baseUrl}/view/text/${uuid}/3.json`);
      assert.equal(r.status, 404);
      // the reader stands at the last readable page, the message on screen above it
      await landedOn(page, 2);
      const where = await limit.boundingBox();
      const second = await page.locator('[data-page="2"]').boundingBox();
      assert.ok(where.y >= 0 && where.y + where.height <= second.y, `the message (${where.y}) on screen above page 2 (${second.y})`);
      await shot(`27-reader-limit-${tag}`);
    },
  })),
  ...VIEWPORTS.map(({ tag, viewport }) => ({
    name: `reader ${tag}: a logged-in reader continues at the saved page in a new browser context`,
    viewport,
    async run({ page, baseUrl, api, admin }) {
      const uuid = await theDocument(api, admin);
      const reg = await register(api, tag);
      await signIn(page, baseUrl, reg);
      await page.goto(`${baseUrl}/document/${uuid}`);
      // thumbnails jump too
      await page.getByRole('button', { name: '目录' }).click();
      await page.getByText('缩略图', { exact: true }).click();
      await page.getByRole('button', { name: '第 3 页' }).click({ timeout: 15000 });
      await landedOn(page, 3);
      // the page is saved on the server (a page turn is buffered there, and read back at once)
      for (const until = Date.now() + 20000; ;) {
        const p = await json(await api(`/document/progress?uuid=${uuid}`, { headers: { authorization: `Bearer ${reg.token}` } }));
        if (p.page === 3) break;
        assert.ok(Date.now() < until, `progress saved: ${JSON.stringify(p)}`);
        await new Promise((r) => setTimeout(r, 300));
      }
      // another device: a new browser context, the same user
      const other = await page.context().browser().newContext({ viewport, locale: 'zh-CN' });
      try {
        const p2 = await other.newPage();
        await signIn(p2, baseUrl, reg);
        await p2.goto(`${baseUrl}/document/${uuid}`);
        await p2.getByText('上次读到第 3 页').waitFor({ timeout: 15000 });
        await p2.getByRole('button', { name: '接着读第 3 页' }).click();
        await landedOn(p2, 3);
      } finally {
        await other.close();
      }
    },
  })),
  {
    name: 'reader: on a phone the pages fit the width and zooming scrolls the page frame, not the whole page',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot, api, admin }) {
      await page.goto(`${baseUrl}/document/${await theDocument(api, admin)}`);
      const first = page.locator('[data-page="1"] img');
      await first.waitFor({ timeout: 20000 });
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok((await sideways()) <= 0, `before zooming the page scrolls sideways by ${await sideways()}px`);
      // the page image fits the width of the screen
      const fit = await first.boundingBox();
      assert.ok(fit.x >= 0 && fit.x + fit.width <= 390, `page 1 spans ${fit.x}..${fit.x + fit.width}`);
      await page.getByRole('button', { name: '放大' }).click();
      await page.getByRole('button', { name: '放大' }).click();
      await page.getByText('120%').waitFor();
      assert.ok((await sideways()) <= 0, `zoomed in twice, the page scrolls sideways by ${await sideways()}px`);
      // the zoomed page scrolls inside its own frame
      const frame = await page.locator('.wk-reader-scroll').evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
      assert.ok(frame.sw > frame.cw, `the page frame scrolls sideways (${frame.sw} > ${frame.cw})`);
      await shot('27-reader-phone-zoom');
    },
  },
  {
    name: 'reader: the phone 文字版 shows the text at 16 px with no sideways scroll',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot, api, admin }) {
      await page.goto(`${baseUrl}/document/${await theDocument(api, admin)}`);
      await page.getByRole('button', { name: '文字版' }).click({ timeout: 20000 });
      const view = page.getByTestId('reader-text-view');
      await view.getByText(SENTENCE).waitFor({ timeout: 15000 });
      const size = await view.evaluate((el) => parseFloat(getComputedStyle(el.querySelector('p')).fontSize));
      assert.ok(size >= 16, `text at ${size}px`);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(sideways <= 0, `the page scrolls sideways by ${sideways}px`);
      await shot('27-reader-phone-text');
    },
  },
];
