/**
 * The text-layer backfill (issue 27): a document converted before text layers existed gets them from a background
 * job the admin starts, its progress visible through the admin route; a re-conversion replaces a file's layers.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError } from './call';
import { makeDocument, makeUser, type TestDocument, type TestUser } from './factories';
import { encodeLayer, layerKey, outlineKey } from '../src/modules/conversion/text-layer.store';

let t: TestApp;
let owner: TestUser;

const PAGES = ['Backfill manual, page one\n第一页 文字层', 'Page two holds the word quokka\n第二页 回填'];
const squash = (s: string) => s.replace(/\s+/g, '');
const layerText = async (uuid: string, page: number) => {
  const res = await t.req({ method: 'GET', url: `/view/text/${uuid}/${page}.json` });
  return {
    status: res.statusCode,
    text:
      res.statusCode === 200
        ? squash(
            res
              .json<{ spans: { text: string }[] }>()
              .spans.map((s) => s.text)
              .join(''),
          )
        : '',
  };
};
const status = () => call(t, api.getTextLayerStatus, { as: 'admin' });
/** The admin's view of a run, read again until the run has finished (an effect, not a time). */
async function finished(s: Awaited<ReturnType<typeof status>>) {
  while (s.running) {
    await new Promise((r) => setTimeout(r, 50));
    s = await status();
  }
  return s;
}

/** What a conversion from before text layers left: pages and text, no layers, no outline, version 0. */
async function stripLayers(d: TestDocument, pages: number) {
  const { storage } = t.app.services;
  for (let p = 1; p <= pages; p++) await storage.delete(layerKey(d.hash, p));
  await storage.delete(outlineKey(d.hash));
  await t.database.pool.query('UPDATE conversions SET layers = 0, layers_at = NULL WHERE hash = $1', [d.hash]);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t);
});
afterAll(async () => t?.close());

describe('text-layer backfill', () => {
  it('a converted document without layers gets them from the job the admin starts; its progress shows', async () => {
    const old = await makeDocument(t, { owner, text: PAGES, converted: true });
    const current = await makeDocument(t, { owner, text: ['Already has its layers'], converted: true });
    await stripLayers(old, PAGES.length);

    // before: no layers served, nothing found, the admin sees one file waiting
    expect((await layerText(old.uuid, 1)).status).toBe(404);
    expect(await call(t, api.getReaderInfo, { query: { uuid: old.uuid } })).toMatchObject({ has_text: false, text_key: '' });
    const before = await status();
    expect(before.total - before.done).toBe(1);
    expect(before.running).toBe(false);

    // only the admin may look or start it
    const u = await makeUser(t);
    expect((await callError(t, api.renewTextLayers, { as: u })).status).toBe(403);
    expect((await callError(t, api.getTextLayerStatus, { as: u })).status).toBe(403);

    const started = await call(t, api.renewTextLayers, { as: 'admin' });
    expect(started.running).toBe(true);
    expect(started.started_at).not.toBeNull();
    // the job runs in the background; its progress comes through the admin route until it has finished
    const s = await finished(started);
    expect(s).toMatchObject({ running: false, failed: 0, error: '', done: before.total, total: before.total });
    expect(s.finished_at).not.toBeNull();

    // after: every shown page has its words, the reader has text, find reaches it
    for (let p = 1; p <= PAGES.length; p++) expect(await layerText(old.uuid, p)).toEqual({ status: 200, text: squash(PAGES[p - 1]!) });
    const info = await call(t, api.getReaderInfo, { query: { uuid: old.uuid } });
    expect(info.has_text).toBe(true);
    expect(info.text_key).not.toBe('');
    const found = await call(t, api.findInDocument, { query: { uuid: old.uuid, wd: 'quokka' } });
    expect(found.pages.map((p) => p.page)).toEqual([2]);
    // the file that had its layers was not read again
    expect((await layerText(current.uuid, 1)).status).toBe(200);

    // a second start with nothing left to do finishes at once, and the count holds
    const again = await finished(await call(t, api.renewTextLayers, { as: 'admin' }));
    expect(again).toMatchObject({ done: again.total, failed: 0 });
  });

  it('a re-conversion replaces the stored layers (and their version in the URL)', async () => {
    const d = await makeDocument(t, { owner, text: PAGES, converted: true });
    const first = await call(t, api.getReaderInfo, { query: { uuid: d.uuid } });
    // a layer left by some earlier conversion: words that are not on the page
    const stale = await encodeLayer(1, { width: 595, height: 842, spans: [{ text: 'stale words', x: 1, y: 1, w: 10, h: 10 }] } as never);
    await t.app.services.storage.put(layerKey(d.hash, 1), stale, { contentType: 'application/json' });
    expect(zlib.gunzipSync(stale).toString()).toContain('stale words');

    // the admin asks for it again; the conversion job (no queue worker in tests) runs
    await call(t, api.updateDocument, { body: { id: d.id, status: DocumentStatus.Reconvert }, as: 'admin' });
    expect(await t.app.services.conversion.convert(d.hash)).toEqual({ status: DocumentStatus.Converted });
    expect(await layerText(d.uuid, 1)).toEqual({ status: 200, text: squash(PAGES[0]!) });
    const second = await call(t, api.getReaderInfo, { query: { uuid: d.uuid } });
    expect(second.has_text).toBe(true);
    expect(second.text_key).not.toBe(first.text_key);
    expect((await call(t, api.findInDocument, { query: { uuid: d.uuid, wd: 'stale' } })).total).toBe(0);
  });
});
