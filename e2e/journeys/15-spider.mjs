// Issue 15 journey (collector): a tiny local site (a list page linking a PDF and a text file, a robots.txt) runs in
// this process on the port the server's SPIDER_ALLOW_HOSTS exempts (e2e/run.mjs). In the admin, the administrator adds
// the list page as a start URL, watches it collect, publishes the downloaded PDF from 采集文档, and opens the document on
// the public site once it is converted. On a phone: a second start URL with 自动发布 goes all the way by itself.
// Desktop 1366×900 and a phone 390×844.
import assert from 'node:assert/strict';
import http from 'node:http';
import { json, login, textPdf } from '../helpers.mjs';

const stamp = Date.now().toString(36);
const handbookTitle = `员工手册 ${stamp}`;
const phoneTitle = `Phone guide ${stamp}`;
const files = {
  '/files/handbook.pdf': {
    type: 'application/pdf',
    body: textPdf([[`Employee handbook ${stamp}`, 'Working hours are nine to five.'], ['Holidays: twenty days a year.']]),
  },
  '/files/notes.txt': { type: 'text/plain; charset=utf-8', body: Buffer.from(`Meeting notes ${stamp}\n会议纪要\n`, 'utf8') },
  '/files/phone.pdf': { type: 'application/pdf', body: textPdf([[`Phone guide ${stamp}`, 'Collected and published by itself.']]) },
  '/private/secret.pdf': { type: 'application/pdf', body: textPdf([['secret']]) },
};
const pages = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
  '/': {
    type: 'text/html; charset=utf-8',
    body: `<html><body><h1>资料下载</h1><ul>
      <li><a href="/files/handbook.pdf">${handbookTitle}</a></li>
      <li><a href="/files/notes.txt">会议纪要 ${stamp}</a></li>
      <li><a href="/private/secret.pdf">内部资料</a></li>
    </ul></body></html>`,
  },
  '/m/': { type: 'text/html; charset=utf-8', body: `<a href="/files/phone.pdf">${phoneTitle}</a>` },
};

let site;
/** The local site, once per run, on the port the server allows. */
function startSite() {
  const port = Number(process.env.E2E_SPIDER_PORT);
  assert.ok(port, 'E2E_SPIDER_PORT is set by e2e/run.mjs (and the server allows it in SPIDER_ALLOW_HOSTS)');
  site ??= new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      const hit = pages[req.url] ?? files[req.url];
      if (!hit) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
      }
      res.writeHead(200, { 'content-type': hit.type });
      res.end(hit.body);
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${port}`);
    });
  });
  return site;
}

const bearer = (token, extra = {}) => ({ ...extra, authorization: `Bearer ${token}` });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Fills the 添加网址 form and submits it. */
async function addStartUrl(page, url, { autoPublish }) {
  await page.getByRole('button', { name: /添加网址/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder(/一行一个/).fill(url);
  await dialog.locator('.ant-select').filter({ hasText: '请选择文档分类' }).click();
  await page.locator('.ant-select-tree-node-content-wrapper').first().click();
  await dialog.getByText('添加采集网址').click(); // closes the tree dropdown
  if (autoPublish) await dialog.getByRole('switch').click();
  await dialog.getByRole('button', { name: /开始采集/ }).click();
  await page.getByText('已加入采集队列').first().waitFor({ timeout: 15000 });
}

/** Waits until the public API says the document is converted (the site shows pages only then). */
async function waitConverted(api, token, uuid) {
  const until = Date.now() + 180_000;
  for (;;) {
    const d = await json(await api(`/document?uuid=${uuid}`, { headers: bearer(token) }));
    if (d.status === 2) return d;
    if (d.status === 3) throw new Error(`conversion failed: ${d.convert_error}`);
    if (Date.now() > until) throw new Error(`not converted in time: status ${d.status}`);
    await sleep(1000);
  }
}

export const journeys = [
  {
    name: 'collector: add a start URL in the admin, watch it collect, publish the PDF, open it on the site',
    viewport: { width: 1366, height: 900 },
    async run({ page, baseUrl, shot, admin, api }) {
      const siteUrl = await startSite();
      const { token } = await json(await api('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }));
      await login(page, baseUrl, admin);
      await page.goto(`${baseUrl}/admin/spider/url`);
      await page.getByText('采集网址').first().waitFor({ timeout: 15000 });
      await addStartUrl(page, `${siteUrl}/`, { autoPublish: false });

      // the list reads itself again while the URL is waiting or being collected
      const row = page.locator('tr', { hasText: `${siteUrl}/` }).first();
      await row.getByText('已完成').waitFor({ timeout: 60000 });
      await row.getByText('robots.txt 不允许采集').waitFor();
      await shot('admin-spider-url');

      await row.getByRole('link', { name: '2', exact: true }).click();
      await page.waitForURL(/\/admin\/spider\/document\?spider_url_id=\d+/);
      const pdfRow = page.locator('tr', { hasText: handbookTitle });
      await pdfRow.getByText('已下载').waitFor({ timeout: 60000 });
      await page
        .locator('tr', { hasText: `会议纪要 ${stamp}` })
        .getByText('已下载')
        .waitFor({ timeout: 60000 });
      assert.equal(await page.locator('tr', { hasText: '内部资料' }).count(), 0, 'robots.txt kept /private/ out');
      await shot('admin-spider-document-downloaded');

      await pdfRow.getByText('发布', { exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('发布 1 篇采集文档').waitFor();
      await dialog.getByRole('button', { name: /发\s*布/ }).click();
      await page.getByText('已加入发布队列').first().waitFor({ timeout: 15000 });
      await pdfRow.getByText('已发布').waitFor({ timeout: 60000 });
      await shot('admin-spider-document-published');

      const href = await pdfRow.getByRole('link', { name: handbookTitle }).getAttribute('href');
      assert.match(href, /\/document\/[0-9a-f]{16}$/);
      await waitConverted(api, token, href.split('/').pop());
      await page.goto(href.startsWith('http') ? href : `${baseUrl}${href}`);
      await page.locator('.wk-doc-head').getByText(handbookTitle).first().waitFor({ timeout: 20000 });
      await page.locator('.wk-reader-page img').first().waitFor({ timeout: 60000 });
      await shot('site-document');
    },
  },
  {
    name: 'collector on a phone: a start URL with 自动发布 is collected, downloaded and published by itself',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot, admin }) {
      const siteUrl = await startSite();
      await login(page, baseUrl, admin, { until: 'left' });
      await page.goto(`${baseUrl}/admin/spider/url`);
      await page.getByRole('button', { name: /添加网址/ }).waitFor({ timeout: 15000 });
      await addStartUrl(page, `${siteUrl}/m/`, { autoPublish: true });
      const row = page.locator('tr', { hasText: `${siteUrl}/m/` }).first();
      await row.getByText('已完成').waitFor({ timeout: 60000 });
      await shot('admin-spider-url-phone');
      await page.goto(`${baseUrl}/admin/spider/document`);
      await page.locator('tr', { hasText: phoneTitle }).getByText('已发布').waitFor({ timeout: 60000 });
      await shot('admin-spider-document-phone');
    },
  },
];
