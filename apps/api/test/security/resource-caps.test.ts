/**
 * Issue 25 §8: what one upload may cost the server. OCR draws a page with at most `ocr.max_page_pixels` pixels (a
 * 5 000 pt page at 300 dpi would be 434 million), refuses page boxes no real page has before drawing anything, and
 * stops between pages at the document's and the uploader's time caps, keeping what was read. Conversion stops at the
 * uploader's daily pages when the document's pages are counted. The hostile PDFs are made here, a few KB each. Time
 * is a clock the test moves (the recogniser "takes" a set time per page): nothing depends on the machine's speed.
 */
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus, OcrStatus, type TOcrDocument } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { call } from '../call';
import { makeDocument, makeUser, uniq, type TestUser } from '../factories';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageEngine, RecognisedPage } from '../../src/engines/ocr/tesseract';
import { convertDocument, ConvertError } from '../../src/engines/convert';

/** `count` pages of `width` × `height` pt, each a small grey picture stretched over the whole page (no text layer). */
function imagePdf(width: number, height: number, count: number, nonce = uniq()): Buffer {
  const doc = new mupdf.PDFDocument();
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 8, 8], false);
  pix.clear(160);
  const image = doc.addImage(new mupdf.Image(pix));
  const resources = doc.addObject({ XObject: { Im0: image } });
  for (let i = 0; i < count; i++) doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, `q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`));
  const info = doc.newDictionary();
  info.put('Subject', doc.newString(nonce));
  doc.getTrailer().put('Info', doc.addObject(info));
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}

/** The clock the OCR time caps read. */
const clock = { now: 1_000_000 };

/** A recogniser that records what it was given (PNG size, resolution) and "takes" `msPerPage` of the test's clock. */
class FakeRecogniser implements PageEngine {
  readonly label = 'fake-ocr 1.0';
  msPerPage = 0;
  tag = '';
  seen: { tag: string; page: number; width: number; height: number; dpi: number }[] = [];
  async recognise(png: Buffer, page: number, _timeoutMs: number, dpi?: number): Promise<RecognisedPage> {
    this.seen.push({ tag: this.tag, page, width: png.readUInt32BE(16), height: png.readUInt32BE(20), dpi: dpi ?? 0 });
    clock.now += this.msPerPage;
    return { text: `识别文字 ${this.tag}p${page}`, tsv: '' };
  }
  async close(): Promise<void> {}
}

let t: TestApp;
const engine = new FakeRecogniser();

const setConfig = (category: string, values: Record<string, string | number | boolean>) =>
  call(t, api.updateConfig, { body: { config: Object.entries(values).map(([name, value]) => ({ category, name, value })) }, as: 'admin' });

const OCR_DEFAULTS = { enable: true, auto: true, dpi: 300, max_pages: 200, max_page_pixels: 2500, document_timeout: 60, daily_minutes_per_uploader: 120 };

async function ocrOf(id: number): Promise<TOcrDocument> {
  const list = await call(t, api.listOcrDocuments, { query: { size: 1000 }, as: 'admin' });
  const row = list.document.find((d) => d.document_id === id);
  if (!row) throw new Error(`document ${id} is not in the OCR list`);
  return row;
}

/** Uploads, converts and (OCR on and automatic) recognises a PDF; the recogniser tags what it reads with `tag`. */
async function scan(owner: TestUser, content: Buffer, tag = uniq()) {
  engine.tag = tag;
  const d = await makeDocument(t, { owner, file: { name: `scan-${tag}.pdf`, content }, converted: true });
  return { ...d, tag, read: engine.seen.filter((s) => s.tag === tag) };
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.ocr.engineOverride = engine;
  t.app.services.ocr.clock = () => clock.now;
  await setConfig('ocr', OCR_DEFAULTS);
});
afterAll(async () => t?.close());

describe('OCR: pixels, page boxes and time', () => {
  it('a 5 000 pt page is drawn at a lower resolution, within the pixel cap; an A4 page keeps its resolution', async () => {
    await setConfig('ocr', { max_page_pixels: 400 });
    try {
      const owner = await makeUser(t);
      const huge = await scan(owner, imagePdf(5000, 5000, 2));
      expect((await ocrOf(huge.id)).status).toBe(OcrStatus.Success);
      expect(huge.read.map((r) => r.page)).toEqual([1, 2]);
      for (const r of huge.read) {
        expect(r.width * r.height).toBeLessThanOrEqual(4_000_000);
        // the recogniser is told the resolution the page was drawn at (about 29 dpi here), not the configured 300
        expect(r.dpi).toBeLessThan(30);
        expect(Math.abs(r.width - (5000 * r.dpi) / 72)).toBeLessThanOrEqual(2);
      }
      // under the default cap (25 million pixels) an A4 page at 300 dpi (8.7 million) is drawn as configured
      await setConfig('ocr', { max_page_pixels: OCR_DEFAULTS.max_page_pixels });
      const a4 = await scan(owner, imagePdf(595, 842, 1));
      expect(a4.read[0]!.dpi).toBe(300);
      expect(Math.abs(a4.read[0]!.width - (595 * 300) / 72)).toBeLessThanOrEqual(1);
      expect(Math.abs(a4.read[0]!.height - (842 * 300) / 72)).toBeLessThanOrEqual(1);
    } finally {
      await setConfig('ocr', { max_page_pixels: OCR_DEFAULTS.max_page_pixels });
    }
  });

  it('a page box over PDF’s 14 400 pt limit fails the task with the reason, before any page is drawn', async () => {
    const owner = await makeUser(t);
    const absurd = await scan(owner, imagePdf(20000, 20000, 2));
    const row = await ocrOf(absurd.id);
    expect(row.status).toBe(OcrStatus.Failed);
    expect(row.error).toBe('第 1 页的页面尺寸异常（20000 × 20000 pt，PDF 页面每边最大 14400 pt），拒绝识别');
    expect(absurd.read).toEqual([]);
    // the document itself stays readable: only its recognition is refused
    expect((await call(t, api.getDocument, { query: { id: absurd.id } })).status).toBe(DocumentStatus.Converted);
  });

  it('the document’s time cap stops it between pages; the pages read are kept and searchable', async () => {
    await setConfig('ocr', { document_timeout: 1 });
    engine.msPerPage = 40_000;
    try {
      const owner = await makeUser(t);
      const long = await scan(owner, imagePdf(595, 842, 4));
      // page 1 at 0 s, page 2 at 40 s, and at 80 s the minute is over
      expect(long.read.map((r) => r.page)).toEqual([1, 2]);
      const row = await ocrOf(long.id);
      expect(row).toMatchObject({ status: OcrStatus.Failed, pages_done: 2, pages_total: 4 });
      expect(row.error).toBe('识别时长达到每篇文档的上限（1 分钟），已识别 2 / 4 页，其余页未识别');
      await t.app.services.search.flush();
      const hits = await call(t, api.searchDocuments, { query: { wd: `${long.tag}p2` } });
      expect(hits.document.map((d) => d.id)).toContain(long.id);
    } finally {
      engine.msPerPage = 0;
      await setConfig('ocr', { document_timeout: OCR_DEFAULTS.document_timeout });
    }
  });

  it('the uploader’s daily time stops the next page and the next document; another uploader is not affected', async () => {
    await setConfig('ocr', { daily_minutes_per_uploader: 1 });
    engine.msPerPage = 40_000;
    try {
      const greedy = await makeUser(t);
      const first = await scan(greedy, imagePdf(595, 842, 3));
      expect(first.read.map((r) => r.page)).toEqual([1, 2]);
      const row = await ocrOf(first.id);
      expect(row).toMatchObject({ status: OcrStatus.Failed, pages_done: 2, pages_total: 3 });
      expect(row.error).toMatch(/^上传者今日的 OCR 识别时长已用完（每天 1 分钟），已识别 2 \/ 3 页，请约 \d+ 小时后重试$/);
      // the next document of the same uploader: refused before anything is drawn
      const second = await scan(greedy, imagePdf(595, 842, 1));
      expect(second.read).toEqual([]);
      expect((await ocrOf(second.id)).error).toMatch(/^上传者今日的 OCR 识别时长已用完（每天 1 分钟），请约 \d+ 小时后重试$/);
      // someone else's scan is recognised
      const other = await scan(await makeUser(t), imagePdf(595, 842, 1));
      expect((await ocrOf(other.id)).status).toBe(OcrStatus.Success);
    } finally {
      engine.msPerPage = 0;
      await setConfig('ocr', { daily_minutes_per_uploader: OCR_DEFAULTS.daily_minutes_per_uploader });
    }
  });
});

describe('conversion: the uploader’s daily pages', () => {
  it('a document over what is left is refused when its pages are counted; what fits converts; another uploader converts', async () => {
    await setConfig('ocr', { enable: false });
    await setConfig('converter', { daily_pages_per_uploader: 5 });
    try {
      const convert = async (owner: TestUser, pages: number) => {
        const d = await makeDocument(t, { owner, text: Array.from({ length: pages }, (_, i) => `第 ${i + 1} 页 ${uniq()}`) });
        return t.app.services.conversion.convert(d.hash);
      };
      const uploader = await makeUser(t);
      expect(await convert(uploader, 3)).toEqual({ status: DocumentStatus.Converted });
      const over = await convert(uploader, 3);
      expect(over.status).toBe(DocumentStatus.Failed);
      expect(over.error).toMatch(/^上传者今日剩余的转换额度（2 页）不足以转换这篇文档（每位上传者每天 5 页），请约 \d+ 小时后重新转换$/);
      expect(await convert(uploader, 2)).toEqual({ status: DocumentStatus.Converted });
      const spent = await convert(uploader, 1);
      expect(spent.error).toMatch(/^上传者今日的转换额度已用完（每天 5 页），请约 \d+ 小时后重新转换$/);
      expect(await convert(await makeUser(t), 3)).toEqual({ status: DocumentStatus.Converted });

      // the probe's upload: 3 000 pages of 5 000 pt in under a megabyte is refused when its pages are counted
      await setConfig('converter', { daily_pages_per_uploader: 100 });
      const flood = imagePdf(5000, 5000, 3000);
      expect(flood.length).toBeLessThan(1024 * 1024);
      const d = await makeDocument(t, { owner: await makeUser(t), file: { name: 'flood.pdf', content: flood } });
      const r = await t.app.services.conversion.convert(d.hash);
      expect(r.status).toBe(DocumentStatus.Failed);
      expect(r.error).toMatch(/^上传者今日剩余的转换额度（100 页）不足以转换这篇文档/);
    } finally {
      await setConfig('converter', { daily_pages_per_uploader: 20000 });
      await setConfig('ocr', { enable: true });
    }
  });
});

describe('conversion: the page cap says the budget’s sentence on both render paths', () => {
  it.each([
    ['native mutool (when installed)', undefined],
    ['the MuPDF.js worker', ''],
  ])('%s', async (_name, mutool) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenku-caps-'));
    try {
      const input = path.join(dir, 'in.pdf');
      fs.writeFileSync(input, imagePdf(595, 842, 3));
      const err = await convertDocument(input, 'pdf', {
        workDir: path.join(dir, 'work'),
        maxPreviewPages: 1,
        gzip: false,
        timeoutMs: 60_000,
        tools: mutool === undefined ? undefined : { mutool },
        limits: { maxPages: 2, maxPagesMessage: '额度不足的说明' },
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConvertError);
      expect(err).toMatchObject({ code: 'too_large', message: '额度不足的说明' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
