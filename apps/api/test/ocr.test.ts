/**
 * OCR of scanned documents: scans made here (text drawn, rendered to a picture, the picture alone on a PDF page: no
 * text layer), uploaded by a user, converted, recognised, and found by a Chinese and an English word in the picture.
 * tesseract.js always (one worker shared by the file: its Chinese model takes seconds to load); native tesseract
 * when installed. Failures end "failed" with the reason and a retry recovers; the routes are the admin's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, OcrStatus, type TOcrDocument } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError } from './call';
import { makeAdmin, makeDocument, makeUser, uniq, type TestUser } from './factories';
import { renderPng, scanPdf, textPagePdf } from './fixtures/scan';
import { NativeEngine, OcrError, TesseractJsEngine, findNativeTesseract } from '../src/engines/ocr';

const LINES = ['图书馆古籍数字化工作报告', '本报告介绍馆藏文献的整理方法。', 'Zephyr Lantern Protocol', 'The archive keeps every scanned page.'];

let t: TestApp;
let owner: TestUser;
const sharedJs = new TesseractJsEngine('chi_sim+eng');
const native = await findNativeTesseract();
const nativeReady = !!native && native.languages.includes('chi_sim') && native.languages.includes('eng');

const setOcr = (values: Record<string, string | number | boolean>) =>
  call(t, api.updateConfig, { body: { config: Object.entries(values).map(([name, value]) => ({ category: 'ocr', name, value })) }, as: 'admin' });

async function uploadScan(lines = LINES) {
  const nonce = uniq();
  return makeDocument(t, { owner, title: `扫描件 ${nonce}`, file: { name: `scan-${nonce}.pdf`, content: scanPdf(lines, nonce) }, converted: true });
}

async function ocrOf(id: number): Promise<TOcrDocument> {
  const list = await call(t, api.listOcrDocuments, { query: { size: 1000 }, as: 'admin' });
  const row = list.document.find((d) => d.document_id === id);
  if (!row) throw new Error(`document ${id} is not in the OCR list`);
  return row;
}

/** The recognised page's text layer as the reader gets it: the words where tesseract found them, inside the page. */
async function expectOcrLayer(uuid: string, words: string[]) {
  const res = await t.req({ method: 'GET', url: `/view/text/${uuid}/1.json` });
  expect(res.statusCode).toBe(200);
  const layer = res.json() as { width: number; height: number; spans: { text: string; x: number; y: number; w: number; h: number }[] };
  const text = layer.spans.map((s) => s.text).join('');
  for (const w of words) expect(text).toContain(w);
  for (const s of layer.spans) {
    expect(s.x).toBeGreaterThanOrEqual(0);
    expect(s.x + s.w).toBeLessThanOrEqual(layer.width + 1);
    expect(s.y + s.h).toBeLessThanOrEqual(layer.height + 1);
  }
  // find in the document reaches the recognised words, with their boxes
  const hit = await call(t, api.findInDocument, { query: { uuid, wd: words[0]! } });
  expect(hit.pages[0]?.rects.length).toBeGreaterThan(0);
}

async function found(wd: string): Promise<number[]> {
  await t.app.services.search.flush();
  return (await call(t, api.searchDocuments, { query: { wd } })).document.map((d) => d.id);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t);
  await setOcr({ enable: true, engine: 'tesseract.js' });
  t.app.services.ocr.engineOverride = sharedJs;
});

afterAll(async () => {
  await sharedJs.close();
  await t?.close();
});

describe('recognising scans', () => {
  it('tesseract.js: a user’s scan is recognised after conversion and found by a Chinese and an English word in the picture', async () => {
    const d = await uploadScan();
    const row = await ocrOf(d.id);
    expect(row).toMatchObject({ status: OcrStatus.Success, error: '', pages_done: 1, pages_total: 1, attempts: 1 });
    expect(row.engine).toMatch(/^tesseract\.js \d/);
    expect(await found('古籍')).toContain(d.id);
    expect(await found('Zephyr')).toContain(d.id);
    expect(await found('archive')).toContain(d.id);
    // the AI index has the recognised text too, on its page
    const hits = await call(t, api.testRetrieval, { query: { wd: '古籍数字化', mode: 'keyword' }, as: 'admin' });
    expect(hits.passages.find((p) => p.document_id === d.id)?.page).toBe(1);
    // the recognised words are the page's text layer (issue 27)
    await expectOcrLayer(d.uuid, ['Zephyr', 'archive']);
  });

  it.skipIf(!nativeReady)(
    `native tesseract recognises the same scan (${nativeReady ? native?.version : 'skipped: tesseract with chi_sim and eng is not installed'})`,
    async () => {
      t.app.services.ocr.engineOverride = undefined;
      await setOcr({ engine: 'native' });
      try {
        const d = await uploadScan(['图书馆古籍数字化工作报告', 'Quokka Harbour Ledger']);
        const row = await ocrOf(d.id);
        expect(row).toMatchObject({ status: OcrStatus.Success, pages_done: 1, pages_total: 1 });
        expect(row.engine).toMatch(/^tesseract \d/);
        expect(await found('Quokka')).toContain(d.id);
        expect(await found('图书馆')).toContain(d.id);
        await expectOcrLayer(d.uuid, ['Quokka', 'Harbour']);
      } finally {
        await setOcr({ engine: 'tesseract.js' });
        t.app.services.ocr.engineOverride = sharedJs;
      }
    },
    60_000,
  );

  it('a document with a text layer needs no recognition; with OCR off a scan waits until the admin asks for it', async () => {
    const text = await makeDocument(t, {
      owner,
      file: { name: 'text.pdf', content: textPagePdf(['有文字层的文档 text layer present ' + uniq()]) },
      converted: true,
    });
    expect(await ocrOf(text.id)).toMatchObject({ status: OcrStatus.Success, pages_total: 0, pages_done: 0 });

    await setOcr({ enable: false });
    const scan = await uploadScan(['图书馆古籍数字化工作报告', 'Marmalade Orbit Index']);
    expect((await ocrOf(scan.id)).status).toBeNull();
    expect(await found('Marmalade')).not.toContain(scan.id);
    expect((await callError(t, api.recogniseDocuments, { body: { id: [scan.id] }, as: 'admin' })).message).toMatch(/OCR 未启用/);

    await setOcr({ enable: true, auto: false });
    try {
      const later = await uploadScan(['Pelican Quartz Memo']);
      expect((await ocrOf(later.id)).status).toBeNull();
      expect(await call(t, api.recogniseDocuments, { body: { id: [scan.id, later.id] }, as: 'admin' })).toEqual({ count: 2 });
      expect((await ocrOf(scan.id)).status).toBe(OcrStatus.Success);
      expect(await found('Marmalade')).toContain(scan.id);
      expect(await found('Pelican')).toContain(later.id);
    } finally {
      await setOcr({ auto: true });
    }
  });
});

describe('failures', () => {
  it('an engine that fails leaves the document failed with the reason; a retry after the fix recovers', async () => {
    t.app.services.ocr.engineOverride = undefined;
    await setOcr({ languages: 'chi_sim+xyz' });
    let d;
    try {
      d = await uploadScan(['图书馆古籍数字化工作报告', 'Walrus Copper Atlas']);
      const row = await ocrOf(d.id);
      expect(row.status).toBe(OcrStatus.Failed);
      expect(row.error).toMatch(/xyz/);
      expect(await found('Walrus')).not.toContain(d.id);
      expect(await call(t, api.listOcrDocuments, { query: { status: [OcrStatus.Failed] }, as: 'admin' })).toMatchObject({ total: 1 });
    } finally {
      await setOcr({ languages: 'chi_sim+eng' });
      t.app.services.ocr.engineOverride = sharedJs;
    }
    expect(await call(t, api.retryOcr, { body: { id: [d.id] }, as: 'admin' })).toEqual({ count: 1 });
    const row = await ocrOf(d.id);
    expect(row).toMatchObject({ status: OcrStatus.Success, error: '', attempts: 2 });
    expect(await found('Walrus')).toContain(d.id);
    // nothing failed any more
    expect((await callError(t, api.retryOcr, { body: { id: [d.id] }, as: 'admin' })).status).toBe(400);
    expect(await call(t, api.retryOcr, { body: { id: [] }, as: 'admin' })).toEqual({ count: 0 });
  });

  it.skipIf(!nativeReady)('native: a missing language pack is a readable failure', async () => {
    t.app.services.ocr.engineOverride = undefined;
    await setOcr({ engine: 'native', languages: 'eng+xyz' });
    try {
      const d = await uploadScan(['Native Missing Pack']);
      const row = await ocrOf(d.id);
      expect(row.status).toBe(OcrStatus.Failed);
      expect(row.error).toMatch(/语言包.*xyz/);
    } finally {
      await setOcr({ engine: 'tesseract.js', languages: 'chi_sim+eng' });
      t.app.services.ocr.engineOverride = sharedJs;
    }
  });

  it('a page past its time-out fails with a time-out error (both engines)', async () => {
    const { png } = renderPng(textPagePdf(['Timeout page']), 150);
    const js = new TesseractJsEngine('eng');
    try {
      const e = await js.recognise(png, 3, 1).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(OcrError);
      expect((e as OcrError).code).toBe('timeout');
      expect((e as OcrError).message).toMatch(/第 3 页识别超时/);
    } finally {
      await js.close();
    }
    if (nativeReady) {
      const n = new NativeEngine(native!, 'eng', 150, t.config.dataDir);
      const e = await n.recognise(png, 2, 1).catch((x: unknown) => x);
      expect((e as OcrError).code).toBe('timeout');
    }
  });

  it('the watchdog fails a task that stopped making progress', async () => {
    const d = await uploadScan(['Stalled Heron']);
    await t.database.db.execute(sql`update ocr_tasks set status = 1, updated_at = now() - interval '1 day' where hash = ${d.hash}`);
    expect((await ocrOf(d.id)).status).toBe(OcrStatus.Recognising);
    expect(await t.app.services.ocr.watchdog()).toMatchObject({ failed: 1 });
    const row = await ocrOf(d.id);
    expect(row.status).toBe(OcrStatus.Failed);
    expect(row.error).toMatch(/识别超时/);
  });
});

describe('routes', () => {
  it('are the admin’s: anonymous 401, a user 403, a list-only administrator cannot start OCR', async () => {
    const user = await makeUser(t);
    for (const as of ['anonymous', user] as const) {
      const status = as === 'anonymous' ? 401 : 403;
      expect((await callError(t, api.listOcrDocuments, { as })).status).toBe(status);
      expect((await callError(t, api.recogniseDocuments, { body: { id: [1] }, as })).status).toBe(status);
      expect((await callError(t, api.retryOcr, { body: { id: [] }, as })).status).toBe(status);
    }
    const lister = await makeAdmin(t, { permissions: ['listOcrDocuments'] });
    expect((await call(t, api.listOcrDocuments, { as: lister })).total).toBeGreaterThan(0);
    expect((await callError(t, api.recogniseDocuments, { body: { id: [1] }, as: lister })).status).toBe(403);
  });

  it('refuse bad ids and documents OCR cannot read with a 4xx', async () => {
    const bad = async (body: unknown) =>
      (await t.req({ method: 'PUT', url: '/api/v1/ocr/document', payload: body as object, token: await t.adminToken() })).statusCode;
    expect(await bad({ id: [] })).toBe(400);
    expect(await bad({ id: ['x'] })).toBe(400);
    expect(await bad({ id: [-1] })).toBe(400);
    expect(await bad({ id: [2 ** 40] })).toBe(400);
    expect(await bad({})).toBe(400);
    expect((await callError(t, api.recogniseDocuments, { body: { id: [99_999_999] }, as: 'admin' })).status).toBe(404);
    const converting = await makeDocument(t, { owner });
    expect((await callError(t, api.recogniseDocuments, { body: { id: [converting.id] }, as: 'admin' })).message).toMatch(/尚未转换成功/);
    const list = (q: string) =>
      t
        .req({ method: 'GET', url: `/api/v1/ocr/document/list?${q}`, token: 'x' })
        .then(async () => (await t.req({ method: 'GET', url: `/api/v1/ocr/document/list?${q}`, token: await t.adminToken() })).statusCode);
    expect(await list('status=9')).toBe(400);
    expect(await list('size=100000')).toBe(400);
    expect(await list('page=0')).toBe(400);
    expect(await list(`wd=${encodeURIComponent('扫描件')}&status=2`)).toBe(200);
  });

  it('GET /envs says which OCR engines this server has', async () => {
    const { envs } = await call(t, api.getEnvs, { as: 'admin' });
    expect(envs.find((e) => e.name === 'tesseract.js')).toMatchObject({ installed: true });
    expect(envs.find((e) => e.name === 'tesseract')).toMatchObject({ installed: !!native });
  });

  it('settings refuse languages that are not tesseract codes', async () => {
    const e = await callError(t, api.updateConfig, { body: { config: [{ category: 'ocr', name: 'languages', value: 'eng; rm -rf /' }] }, as: 'admin' });
    expect(e.status).toBe(400);
  });
});
