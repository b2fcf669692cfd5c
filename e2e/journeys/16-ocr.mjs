// Issue 15 journey (OCR): the administrator switches OCR on in OCR设置; a user uploads a scan (a picture of Chinese and
// English text on a PDF page, no text layer); once it is converted and recognised, the admin's OCR 识别 page shows it
// 识别成功 with its pages, and the public search finds it by a Chinese word and an English word that exist only in the
// picture. Desktop 1366×900, then the same pages on a phone 390×844.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { json, login, root } from '../helpers.mjs';

const stamp = Date.now().toString(36);
const requireApi = createRequire(path.join(root, 'apps/api/package.json'));
const { tsImport } = await import(pathToFileURL(path.join(path.dirname(requireApi.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href);
const { scanPdf } = await tsImport(pathToFileURL(path.join(root, 'apps/api/test/fixtures/scan.ts')).href, import.meta.url);

const LINES = ['图书馆古籍数字化工作报告', '本报告介绍馆藏文献的整理方法。', 'Zephyr Lantern Protocol', 'The archive keeps every scanned page.'];
const TITLE = `扫描件 ${stamp}`;
const bearer = (token, extra = {}) => ({ ...extra, authorization: `Bearer ${token}` });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const post = (api, p, token, body, method = 'POST') =>
  api(p, { method, headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) }).then(json);

const shared = {};

/** A user (made by the administrator) uploads the scan; answers the document once OCR succeeded. */
function uploadOnce(api, adminToken) {
  shared.doc ??= (async () => {
    const user = { username: `scanner_${stamp}`, password: 'e2e-pass-123' };
    await post(api, '/user', adminToken, user);
    const { token } = await json(await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) }));
    const cats = await json(await api('/category/list?page=1&size=100&type=0'));
    const category = cats.category.find((c) => c.type === 0 && c.enable && c.parent_id === 0);
    assert.ok(category, 'a document category exists');
    const form = new FormData();
    form.append('file', new Blob([scanPdf(LINES, stamp)], { type: 'application/pdf' }), `scan-${stamp}.pdf`);
    const uploaded = await json(await api('/upload/document', { method: 'POST', headers: bearer(token), body: form }));
    const created = await post(api, '/document', token, {
      category_id: [category.id],
      document: [{ attachment_id: uploaded.data.id, title: TITLE, price: 0 }],
    });
    const doc = created.document[0];
    assert.ok(doc?.uuid, `the document was created: ${JSON.stringify(created)}`);
    // converted, then recognised: the admin's OCR list follows it to a terminal state
    const until = Date.now() + 240_000;
    let row;
    for (;;) {
      const list = await json(await api(`/ocr/document/list?page=1&size=10&wd=${encodeURIComponent(TITLE)}`, { headers: bearer(adminToken) }));
      row = list.document.find((d) => d.uuid === doc.uuid);
      if (row?.status === 3) throw new Error(`OCR failed: ${row.error}`);
      if (row?.status === 2) break;
      if (Date.now() > until) throw new Error(`not recognised in time: ${JSON.stringify(row)}`);
      await sleep(1000);
    }
    assert.equal(row.pages_total, 1, `one scanned page: ${JSON.stringify(row)}`);
    return { ...doc, row };
  })();
  return shared.doc;
}

async function findOnSearch(page, baseUrl, word) {
  await page.goto(`${baseUrl}/search?wd=${encodeURIComponent(word)}&type=0`);
  await page.locator('.wk-search-hit', { hasText: TITLE }).waitFor({ timeout: 20000 });
}

export const journeys = [
  {
    name: 'OCR: switch it on in the admin, upload a scan, see it recognised, find it by a word in the picture',
    viewport: { width: 1366, height: 900 },
    async run({ page, baseUrl, shot, admin, api }) {
      const { token: adminToken } = await json(
        await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }),
      );
      // OCR设置: switch it on (the engines this server has are listed above the form)
      await login(page, baseUrl, admin);
      await page.goto(`${baseUrl}/admin/config/ocr`);
      const toggle = page.getByLabel('启用 OCR');
      await toggle.waitFor({ timeout: 15000 });
      await page.getByText('识别引擎（本服务器）').waitFor({ timeout: 15000 });
      await page.getByText('tesseract.js', { exact: true }).waitFor({ timeout: 15000 });
      if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
      await page.getByRole('button', { name: /保存设置/ }).click();
      await page.waitForSelector('text=保存成功', { timeout: 10000 });
      await shot('admin-config-ocr');
      await page.goto(`${baseUrl}/admin/config/converter`);
      await page.getByText('转换引擎（本服务器）').waitFor({ timeout: 15000 });
      await page.getByText('mupdf.js', { exact: true }).waitFor({ timeout: 15000 });
      await shot('admin-config-converter');

      const doc = await uploadOnce(api, adminToken);

      // OCR 识别: the document, 识别成功, 1/1 页, the engine
      await page.goto(`${baseUrl}/admin/document/ocr`);
      const row = page.locator('tr', { hasText: TITLE });
      await row.waitFor({ timeout: 15000 });
      await row.getByText('识别成功').waitFor({ timeout: 15000 });
      await row.getByText('1/1 页').waitFor({ timeout: 15000 });
      assert.ok((await row.textContent()).includes(doc.row.engine), `the engine is shown: ${doc.row.engine}`);
      await shot('admin-ocr');

      // the public search finds the scan by words that are only in the picture
      await page.evaluate(() => localStorage.clear());
      await findOnSearch(page, baseUrl, '古籍');
      await shot('search-chinese');
      await findOnSearch(page, baseUrl, 'Zephyr');
      await shot('search-english');
    },
  },
  {
    name: 'OCR on a phone: the admin’s OCR pages and the search',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot, admin, api }) {
      const { token: adminToken } = await json(
        await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }),
      );
      await post(api, '/config', adminToken, { config: [{ category: 'ocr', name: 'enable', value: true }] }, 'PUT');
      await uploadOnce(api, adminToken);
      await login(page, baseUrl, admin, { until: 'left' });
      await page.goto(`${baseUrl}/admin/document/ocr`);
      await page.locator('tr', { hasText: TITLE }).getByText('识别成功').waitFor({ timeout: 15000 });
      await shot('phone-admin-ocr');
      await page.goto(`${baseUrl}/admin/config/ocr`);
      await page.getByLabel('启用 OCR').waitFor({ timeout: 15000 });
      await page.getByText('识别引擎（本服务器）').waitFor({ timeout: 15000 });
      await shot('phone-admin-config-ocr');
      await page.evaluate(() => localStorage.clear());
      await findOnSearch(page, baseUrl, '古籍');
      await shot('phone-search');
    },
  },
];
