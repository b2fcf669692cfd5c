import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DocumentStatus } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError, callRaw } from './call';
import { makeCategory, makeDocument, makeUser, type TestUser } from './factories';
import { makePdf, proofOf, sha256 } from './fixtures';
import { viewKeyOf } from '../src/modules/document/document.mapper';

let t: TestApp;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = (await makeCategory(t)).id;
});
afterAll(async () => t?.close());

/** Upload and submit through the routes, as the upload page does. */
async function publish(u: TestUser, name: string, content: Buffer) {
  const att = (await call(t, api.uploadDocument, { file: { name, content }, as: u })).data;
  const { document } = await call(t, api.createDocuments, {
    body: { category_id: [categoryId], document: [{ attachment_id: att.id, title: name, price: 0 }] },
    as: u,
  });
  return { ...document[0], hash: sha256(content), shown: att.hash };
}

const convert = (hash: string) => t.app.services.conversion.convert(hash);
const setConfig = (category: string, name: string, value: number | boolean | string) =>
  call(t, api.updateConfig, { body: { config: [{ category, name, value }] }, as: 'admin' });
const credits = async (id: number) => (await t.database.pool.query('SELECT credit_count FROM users WHERE id = $1', [id])).rows[0].credit_count as number;

describe('upload, conversion, reading', () => {
  it('uploads a PDF, converts it to SVG pages with text, and serves the pages', async () => {
    const u = await makeUser(t);
    const pdf = makePdf(['Hello Wenku page one', 'Second page text']);
    const doc = await publish(u, '测试文档.pdf', pdf);
    expect(doc.status).toBe(DocumentStatus.Pending);
    // the upload answer names the file by its view key, never by the content hash
    expect(doc.shown).toBe(viewKeyOf(sha256(pdf)));
    await convert(doc.hash);
    const detail = await call(t, api.getDocument, { query: { id: doc.id } });
    expect(detail.status).toBe(DocumentStatus.Converted);
    expect(detail.pages).toBe(2);
    expect(detail.page_urls).toEqual([`/view/page/${doc.uuid}/1.gzip.svg`, `/view/page/${doc.uuid}/2.gzip.svg`]);
    expect(detail.content).toContain('Hello Wenku page one');
    expect(detail.view_count).toBe(1);
    const gz = await t.req({ method: 'GET', url: detail.page_urls[0] });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toContain('image/svg+xml');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<svg');
    const plain = await call(t, api.viewPage, { params: { uuid: doc.uuid, file: '2.svg' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<svg');
    expect((await call(t, api.viewPage, { params: { uuid: doc.uuid, file: '3.svg' } })).statusCode).toBe(404);
    const cover = await call(t, api.viewCover, { params: { uuid: doc.uuid } });
    expect(cover.rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47');
    const texts = await t.database.pool.query('SELECT page, text FROM document_texts WHERE hash = $1 ORDER BY page', [sha256(pdf)]);
    expect(texts.rows.map((r) => r.page)).toEqual([1, 2]);
    const mine = await call(t, api.listDocuments, { query: { user_id: u.id }, as: u });
    expect(mine.total).toBe(1);
  });

  it('refuses bad input with clear messages', async () => {
    const u = await makeUser(t);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 1)]);
    const renamed = await callError(t, api.uploadDocument, { file: { name: 'virus.pdf', content: exe }, as: u });
    expect(renamed.status).toBe(415);
    expect(renamed.message).toContain('不符');
    expect((await callError(t, api.uploadDocument, { file: { name: 'empty.pdf', content: Buffer.alloc(0) }, as: u })).message).toBe('文件为空');
    const wrongExt = await callError(t, api.uploadDocument, { file: { name: 'tool.exe', content: exe }, as: u });
    expect(wrongExt.status).toBe(415);
    expect(wrongExt.message).toContain('不支持的文件类型');
    await setConfig('security', 'max_document_size', 1);
    try {
      const big = await callError(t, api.uploadDocument, { file: { name: 'big.txt', content: Buffer.alloc(1024 * 1024 + 10, 0x61) }, as: u });
      expect(big.status).toBe(413);
    } finally {
      await setConfig('security', 'max_document_size', 50);
    }
    const anon = await callError(t, api.uploadDocument, { file: { name: 'a.pdf', content: makePdf(['x']) }, as: 'anonymous' });
    expect(anon.status).toBe(401);
    const left = await t.database.pool.query('SELECT count(*)::int AS n FROM attachments WHERE user_id = $1', [u.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('a corrupt PDF ends in failed with a reason shown to the owner', async () => {
    const u = await makeUser(t);
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('this is not really a pdf at all '.repeat(20))]);
    const doc = await makeDocument(t, { owner: u, file: { name: 'broken.pdf', content: broken } });
    await convert(doc.hash);
    const d = await call(t, api.getDocument, { query: { id: doc.id }, as: u });
    expect(d.status).toBe(DocumentStatus.Failed);
    expect(d.convert_error.length).toBeGreaterThan(2);
  });

  it('stores identical bytes once and offers instant upload to whoever shows the bytes; a banned hash is refused', async () => {
    const u = await makeUser(t);
    const pdf = makePdf(['Dedup me']);
    const first = (await call(t, api.uploadDocument, { file: { name: 'a.pdf', content: pdf }, as: u })).data;
    const body = { hash: sha256(pdf), name: 'copy.pdf', size: pdf.length };
    // step 1: the server holds the bytes and asks for some of them (a file this small: all of it)
    const asked = await call(t, api.checkDocumentHash, { body, as: u });
    expect(asked).toMatchObject({ exists: true, attachment: null });
    expect(asked.challenge!.ranges).toEqual([{ offset: 0, length: pdf.length }]);
    // step 2: the proof makes the attachment, named by the file's view key like any other
    const check = await call(t, api.checkDocumentHash, {
      body: { ...body, challenge: asked.challenge!.token, proof: proofOf(pdf, asked.challenge!.ranges) },
      as: u,
    });
    expect(check.exists).toBe(true);
    expect(check.attachment).toMatchObject({ name: 'copy.pdf', size: pdf.length, hash: first.hash });
    expect(check.attachment!.hash).not.toBe(sha256(pdf));
    const unknown = await call(t, api.checkDocumentHash, { body: { hash: 'a'.repeat(64), name: 'x.pdf', size: 10 }, as: u });
    expect(unknown).toEqual({ exists: false, attachment: null });
    const paths = await t.database.pool.query('SELECT DISTINCT path FROM attachments WHERE hash = $1', [sha256(pdf)]);
    expect(paths.rowCount).toBe(1);
    await call(t, api.updateAttachment, { body: { id: first.id, enable: false }, as: 'admin' });
    expect((await callError(t, api.uploadDocument, { file: { name: 'again.pdf', content: pdf }, as: u })).message).toBe('该文件已被禁止上传');
    expect((await callError(t, api.checkDocumentHash, { body: { hash: sha256(pdf), name: 'x.pdf', size: pdf.length }, as: u })).status).toBe(400);
  });
});

describe('review, visibility, recycle', () => {
  it('documents of groups that need review are hidden until approved', async () => {
    await call(t, api.updateGroup, { body: { id: 2, enable_document_review: true }, as: 'admin' });
    try {
      const u = await makeUser(t);
      const doc = await makeDocument(t, { owner: u });
      expect(doc.doc.status).toBe(DocumentStatus.PendingReview);
      expect((await callError(t, api.getDocument, { query: { id: doc.id } })).status).toBe(404);
      expect((await call(t, api.getDocument, { query: { id: doc.id }, as: u })).id).toBe(doc.id);
      await call(t, api.checkDocument, { body: { id: [doc.id], status: 0 }, as: 'admin' });
      await convert(doc.hash);
      expect((await call(t, api.getDocument, { query: { id: doc.id } })).status).toBe(DocumentStatus.Converted);
    } finally {
      await call(t, api.updateGroup, { body: { id: 2, enable_document_review: false }, as: 'admin' });
    }
  });

  it('delete goes to the recycle bin; restore brings it back; purge removes files nobody else uses', async () => {
    const u = await makeUser(t);
    const doc = await makeDocument(t, { owner: u, converted: true });
    expect((await call(t, api.getUser, { as: u })).doc_count).toBe(1);
    expect(await call(t, api.deleteDocument, { query: { id: [doc.id] }, as: u })).toEqual({ ok: true });
    expect((await callError(t, api.getDocument, { query: { id: doc.id } })).status).toBe(404);
    const bin = await call(t, api.listRecycleDocuments, { as: 'admin' });
    expect(bin.document.map((d) => d.id)).toContain(doc.id);
    await call(t, api.restoreRecycleDocuments, { body: { id: [doc.id] }, as: 'admin' });
    expect((await call(t, api.getDocument, { query: { id: doc.id } })).id).toBe(doc.id);
    await call(t, api.deleteDocument, { query: { id: [doc.id] }, as: u });
    await call(t, api.deleteRecycleDocuments, { query: { id: [doc.id] }, as: 'admin' });
    const h = doc.hash;
    expect(await t.app.services.storage.exists(`documents/${h.slice(0, 2)}/${h.slice(2, 4)}/${h}.pdf`)).toBe(false);
    expect((await call(t, api.viewPage, { params: { uuid: doc.uuid, file: '1.svg' } })).statusCode).toBe(404);
  });
});

describe('downloads and credits', () => {
  it('free download streams the original file; a paid one moves credits once', async () => {
    const owner = await makeUser(t);
    const doc = await makeDocument(t, { owner, title: '付费文档.pdf', price: 4, converted: true });
    const buyer = await makeUser(t); // 10 credits from registration
    const link = await call(t, api.downloadDocument, { query: { id: doc.id }, as: buyer });
    const file = await t.req({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(doc.file));
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('付费文档.pdf'));
    await call(t, api.downloadDocument, { query: { id: doc.id }, as: buyer });
    expect(await credits(buyer.id)).toBe(6);
    expect(await credits(owner.id)).toBe(10 + 5 + 4); // register + upload award + sale
    const downloads = await call(t, api.listMyDownloads, { as: buyer });
    expect(downloads.total).toBe(2);
    expect(downloads.download[0].document_uuid).toBe(doc.uuid);
    expect((await call(t, api.downloadFile, { params: { token: 'not-a-token' } })).statusCode).toBe(403);
    expect((await callError(t, api.downloadDocument, { query: { id: doc.id } })).status).toBe(401);
  });

  it('parallel paid downloads never overdraw', async () => {
    const owner = await makeUser(t);
    const docs = [];
    for (let i = 0; i < 4; i++) docs.push(await makeDocument(t, { owner, price: 4, converted: true }));
    const buyer = await makeUser(t); // 10 credits: can afford two
    const results = await Promise.all(docs.map((d) => callRaw(t, api.downloadDocument, { query: { id: d.id }, as: buyer })));
    expect(results.filter((r) => r.statusCode === 200).length, results.map((r) => r.body).join(' | ')).toBe(2);
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect(refused.json().message).toContain('积分不足');
    const bal = await credits(buyer.id);
    const sum = (await t.database.pool.query('SELECT sum(delta)::int AS s FROM credit_ledger WHERE user_id = $1', [buyer.id])).rows[0].s;
    expect(bal).toBe(2);
    expect(sum).toBe(bal);
  });

  it('no-download punishment is enforced', async () => {
    const doc = await makeDocument(t, { converted: true });
    const u = await makeUser(t);
    await call(t, api.createPunishment, { body: { user_id: [u.id], type: [4] }, as: 'admin' });
    const res = await callError(t, api.downloadDocument, { query: { id: doc.id }, as: u });
    expect(res.status).toBe(403);
    expect(res.message).toBe('您已被禁止下载文档');
  });
});

describe('around a document', () => {
  it('favourite, score, comment and report', async () => {
    const owner = await makeUser(t);
    const doc = await makeDocument(t, { owner, converted: true });
    const u = await makeUser(t);
    await call(t, api.createFavorite, { body: { document_id: doc.id }, as: u });
    expect((await callError(t, api.createFavorite, { body: { document_id: doc.id }, as: u })).status).toBe(409);
    const favs = await call(t, api.listFavorites, { as: u });
    expect(favs.favorite[0].document?.id).toBe(doc.id);
    await call(t, api.setDocumentScore, { body: { document_id: doc.id, score: 500 }, as: u });
    await call(t, api.createComment, { body: { document_id: doc.id, content: '写得很好' }, as: u });
    const listed = await call(t, api.listComments, { query: { document_id: doc.id, type: [0] } });
    expect(listed.comment[0].content).toBe('写得很好');
    const tooFast = await callError(t, api.createComment, { body: { document_id: doc.id, content: '再来一条' }, as: u });
    expect(tooFast.status).toBe(429);
    const d = await call(t, api.getDocument, { query: { id: doc.id }, as: u });
    expect(d).toMatchObject({ favorite_count: 1, comment_count: 1, score: 500, is_favorite: true, my_score: 500 });
    await call(t, api.createReport, { body: { document_id: doc.id, reason: 1 }, as: u });
    expect((await callError(t, api.createReport, { body: { document_id: doc.id, reason: 2 }, as: u })).status).toBe(409);
    const reports = await call(t, api.listReports, { as: 'admin' });
    expect(reports.report.some((r) => r.document_id === doc.id)).toBe(true);
    expect(await credits(owner.id)).toBe(10 + 5 + 1 + 1); // register, upload, favourited, commented
    const me = await call(t, api.getUser, { as: u });
    expect(me).toMatchObject({ favorite_count: 1, comment_count: 1 });
  });

  it('the conversion queue converts uploads in the background', async () => {
    const { startQueue } = await import('../src/kernel/jobs');
    const { startWorkers } = await import('../src/kernel/boot');
    const { MODULES } = await import('../src/modules');
    const boss = await startQueue(t.database.connection, { supervise: true });
    try {
      t.app.services.queue.attach(boss);
      await startWorkers(t.app.services, MODULES);
      const u = await makeUser(t);
      const doc = await makeDocument(t, { owner: u });
      let status = -1;
      for (let i = 0; i < 60 && status !== DocumentStatus.Converted; i++) {
        await new Promise((r) => setTimeout(r, 500));
        status = (await call(t, api.getDocument, { query: { id: doc.id }, as: u })).status;
      }
      expect(status).toBe(DocumentStatus.Converted);
    } finally {
      t.app.services.queue.boss = undefined;
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
