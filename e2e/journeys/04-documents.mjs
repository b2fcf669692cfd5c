// Issue 4 journey: upload a DOCX and a PDF through the browser (hashing and upload progress bars, instant upload of
// a file the server already has), wait for conversion, read pages (继续阅读, page indicator, remaining pages),
// favourite, score, comment, download for credits, and see the credit history on /me.
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { textPdf } from '../helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// the `docx` package is a dev dependency of the API (its tests build Word files too)
const requireFromApi = createRequire(path.join(root, 'apps', 'api', 'package.json'));

const stamp = Date.now().toString(36);
const PDF_PAGES = 15; // more than the default preview (12): the reader ends with "剩余 3 页未读"
const PRICE = 2;

async function makeDocx(title) {
  const { Document, Packer, Paragraph, HeadingLevel } = requireFromApi('docx');
  const paragraphs = [new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 })];
  for (let i = 1; i <= 12; i++) {
    paragraphs.push(new Paragraph({ text: `第${i}节 文库端到端测试：上传、转换、在线阅读、收藏、评论与下载。`, heading: HeadingLevel.HEADING_2 }));
    paragraphs.push(new Paragraph({ text: '文档共享平台让知识的传播更加便捷，用户可以上传各类文档，其他用户可以在线阅读、收藏、评分并下载。'.repeat(3) }));
  }
  return Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] })));
}

async function registerUser(api, prefix) {
  const user = { username: `${prefix}_${stamp}`, password: 'e2e-pass-123', email: `${prefix}_${stamp}@example.com` };
  const r = await api('/user/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  const body = await r.json();
  assert.equal(r.status, 200, `register ${prefix}: ${JSON.stringify(body)}`);
  return { ...user, token: body.token, user: body.user };
}

/** Signs the browser in with a token (the login form itself is covered by the platform journey). */
async function signIn(page, baseUrl, account) {
  await page.goto(`${baseUrl}/`);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('wenku:token', t);
      localStorage.setItem('wenku:user', JSON.stringify(u));
    },
    [account.token, account.user],
  );
}

const state = {};

export const journeys = [
  {
    name: 'documents: upload a DOCX and a PDF with hashing and upload progress, instant upload, submit',
    async run({ page, baseUrl, shot, api }) {
      const uploader = await registerUser(api, 'uploader');
      state.uploader = uploader;
      const cats = await (await api('/category/list?page=1&size=100&type=0')).json();
      const category = cats.category.find((c) => c.type === 0 && c.enable && c.parent_id === 0);
      assert.ok(category, 'a document category exists');
      state.category = category;

      await signIn(page, baseUrl, uploader);
      await page.goto(`${baseUrl}/upload`);
      await page.getByText('点击选择文件，或将文件拖拽到此处').waitFor({ timeout: 15000 });
      await shot('upload-empty');

      const label = `Report ${stamp}`;
      const pdf = textPdf(
        Array.from({ length: PDF_PAGES }, (_, i) => [{ text: `${label} - page ${i + 1} of ${PDF_PAGES}`, size: 28 }, 'Wenku end-to-end test document']),
      );
      const docx = await makeDocx(`文库使用手册 ${stamp}`);
      await page.locator('[data-testid=upload-input]').setInputFiles([
        { name: `使用手册-${stamp}.docx`, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx },
        { name: `年度报告-${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf },
        { name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
      ]);
      await page.locator('[data-testid=hash-progress]').first().waitFor();
      await shot('upload-progress');
      // refused before sending, with the reason
      await page.getByText('不支持上传 .exe 文件').waitFor();
      // both real files: hashed, checked, uploaded
      await page.getByText('上传完成').nth(1).waitFor({ timeout: 60000 });
      assert.equal(await page.locator('[data-testid=upload-progress]').count(), 2, 'an upload progress bar per uploaded file');
      await page.getByRole('button', { name: '移除 notes.exe' }).click();

      const pdfItem = page.locator('[data-testid=upload-item]', { hasText: `年度报告-${stamp}.pdf` });
      await pdfItem.getByLabel('文档标题').fill(`年度报告 ${stamp}`);
      await pdfItem.getByRole('spinbutton').fill(String(PRICE));
      const docxItem = page.locator('[data-testid=upload-item]', { hasText: `使用手册-${stamp}.docx` });
      await docxItem.getByLabel('关键词').fill('手册,文库,测试');
      await page.locator('.wk-upload-category .ant-select').click();
      await page.locator('.ant-select-tree-title', { hasText: category.title }).first().click();
      await shot('upload-ready');
      await page.getByRole('button', { name: /提交 2 篇文档/ }).click();
      await page.getByText('成功提交 2 篇文档').waitFor({ timeout: 20000 });
      await shot('upload-success');
      const links = await page
        .locator('.wk-upload-success-list a.wk-upload-success-title')
        .evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), title: a.textContent })));
      state.pdf = links.find((l) => l.title.includes('年度报告'));
      state.docx = links.find((l) => l.title.includes('使用手册'));
      assert.ok(state.pdf && state.docx, `both documents listed: ${JSON.stringify(links)}`);

      // the same PDF again: the server has the bytes, so it is done at once (秒传)
      await page.getByRole('button', { name: '继续上传' }).click();
      await page.locator('[data-testid=upload-input]').setInputFiles([{ name: `再次上传-${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf }]);
      await page.getByText('秒传成功').waitFor({ timeout: 30000 });
      assert.equal(await page.locator('[data-testid=upload-progress]').count(), 0, 'an instant upload sends no bytes');
      await shot('upload-instant');
    },
  },
  {
    name: 'documents: conversion, reading pages, zoom and page indicator',
    async run({ page, baseUrl, shot }) {
      assert.ok(state.pdf, 'the upload journey ran');
      await signIn(page, baseUrl, state.uploader);
      await page.goto(`${baseUrl}${state.pdf.href}`);
      await page.locator('.wk-doc-head').waitFor({ timeout: 15000 });
      if (await page.getByText('文档转换中，请稍后刷新').count()) await shot('converting');
      // the page polls every 5 s while converting
      await page.locator('.wk-reader-page img').first().waitFor({ timeout: 120000 });
      await page.waitForFunction(
        () => {
          const img = document.querySelector('.wk-reader-page img');
          return img && img.complete && img.naturalWidth > 0;
        },
        null,
        { timeout: 30000 },
      );
      await shot('pdf-reader');
      assert.equal(await page.locator('.wk-reader-page').count(), 2, 'two pages at first');
      await page.getByRole('button', { name: '继续阅读' }).click();
      assert.equal(await page.locator('.wk-reader-page').count(), 7, 'pages_per_read (5) more');
      await page.locator('.wk-reader-page[data-page="6"]').scrollIntoViewIfNeeded();
      // the indicator's page number is the page box (an input) since the reader took a page box (issue 27)
      await page.waitForFunction(() => /^[56]$/.test(document.querySelector('.wk-reader-indicator input')?.value ?? ''), null, {
        timeout: 120000,
      });
      await page.getByRole('button', { name: '继续阅读' }).click();
      assert.equal(await page.locator('.wk-reader-page').count(), 12, 'up to the preview');
      await page.getByText(`剩余 ${PDF_PAGES - 12} 页未读，下载后阅读全文`).waitFor();
      await page.locator('.wk-reader-end').scrollIntoViewIfNeeded();
      await shot('pdf-remaining');
      await page.getByRole('button', { name: '放大' }).click();
      await page.getByText('110%').waitFor();
      await page.getByRole('button', { name: '缩小' }).click();

      await page.goto(`${baseUrl}${state.docx.href}`);
      await page.locator('.wk-reader-page img').first().waitFor({ timeout: 120000 });
      await page.locator('.wk-doc-keywords').getByText('手册').waitFor();
      await shot('docx-reader');
    },
  },
  {
    name: 'documents: favourite, score, comment and download for credits; credit history on /me',
    async run({ page, baseUrl, shot, api }) {
      assert.ok(state.pdf, 'the upload journey ran');
      const reader = await registerUser(api, 'reader');
      const before = reader.user.credit_count ?? 0;
      assert.ok(before >= PRICE, `a new user has credits to spend (${before})`);

      // anonymous: downloading asks to log in first
      await page.goto(`${baseUrl}${state.pdf.href}`);
      await page.locator('.wk-reader-page img').first().waitFor({ timeout: 30000 });
      await page
        .getByRole('button', { name: /下载（2/ })
        .first()
        .click();
      await page.waitForURL(/\/login\?redirect=/, { timeout: 10000 });

      await signIn(page, baseUrl, reader);
      await page.goto(`${baseUrl}${state.pdf.href}`);
      await page.locator('.wk-reader-page img').first().waitFor({ timeout: 30000 });
      await page.getByRole('button', { name: '收藏' }).click();
      await page.getByRole('button', { name: '已收藏' }).waitFor();
      await page.locator('.wk-doc-rate .ant-rate-star').nth(4).click();
      await page.getByText('评分成功').first().waitFor();

      const download = page.waitForEvent('download', { timeout: 20000 });
      await page
        .getByRole('button', { name: new RegExp(`下载（${PRICE}`) })
        .first()
        .click();
      await page.locator('.ant-modal-confirm').getByText(`需要支付 ${PRICE}`).waitFor();
      await shot('download-confirm');
      await page.getByRole('button', { name: '确认下载' }).click();
      const file = await download;
      assert.match(file.suggestedFilename(), /\.pdf$/);
      await page.getByRole('button', { name: '免费下载' }).first().waitFor({ timeout: 10000 });
      await shot('downloaded');

      await page.locator('.wk-comments').scrollIntoViewIfNeeded();
      await page.getByPlaceholder('说说你对这篇文档的看法…').fill('内容很实用，感谢分享！');
      await page.getByRole('button', { name: '发表评论' }).click();
      await page.locator('.wk-comment-content', { hasText: '内容很实用' }).waitFor({ timeout: 10000 });
      await shot('commented');

      // the credit went from the reader to the uploader
      const me = await (await api('/user', { headers: { authorization: `Bearer ${reader.token}` } })).json();
      assert.equal(me.credit_count, before - PRICE, 'the price was paid');
      const uploaderNow = await (await api('/user', { headers: { authorization: `Bearer ${state.uploader.token}` } })).json();
      assert.ok(uploaderNow.credit_count >= PRICE, 'the uploader was paid');

      const logs = await (await api('/user/credit/log?page=1&size=10', { headers: { authorization: `Bearer ${reader.token}` } })).json();
      assert.ok(
        logs.log.some((l) => l.reason === 'download_document' && l.delta === -PRICE),
        `the credit log has the download: ${JSON.stringify(logs)}`,
      );

      // …and the personal centre shows it
      await page.goto(`${baseUrl}/me`);
      await page.getByTestId('credit-balance').waitFor({ timeout: 15000 });
      await page.waitForFunction((v) => document.querySelector('[data-testid=credit-balance]')?.textContent?.trim() === String(v), before - PRICE, {
        timeout: 10000,
      });
      const history = page.locator('.wk-me-credit-list, .ant-table').first();
      await history.getByText('下载文档').first().waitFor({ timeout: 10000 });
      await history.getByText(String(-PRICE), { exact: true }).first().waitFor();
      await history.scrollIntoViewIfNeeded();
      await shot('me-credit-history');
    },
  },
  {
    name: 'documents: category list filters and the home page blocks (phone)',
    viewport: { width: 390, height: 844 },
    async run({ page, baseUrl, shot }) {
      assert.ok(state.category, 'the upload journey ran');
      await page.goto(`${baseUrl}/category/${state.category.id}?ext=pdf`);
      await page.locator('.wk-doc-item').first().waitFor({ timeout: 15000 });
      assert.equal(await page.locator('.wk-doc-item').count(), 1, 'only the PDF with the PDF filter');
      await shot('category-pdf');
      await page.goto(`${baseUrl}/category/${state.category.id}?ext=ppt`);
      await page.getByText('没有符合筛选条件的文档').waitFor({ timeout: 15000 });
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { name: /最新文档/ }).waitFor({ timeout: 15000 });
      await page.getByRole('heading', { name: /最新文档/ }).scrollIntoViewIfNeeded();
      await shot('home-documents');
      await page.goto(`${baseUrl}${state.pdf.href}`);
      await page.locator('.wk-reader-page img').first().waitFor({ timeout: 30000 });
      await shot('phone-reader');
    },
  },
];
