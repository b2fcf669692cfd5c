import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDocumentDetail, ZUploadResult, DocumentStatus } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { makePdf, multipart, sha256 } from './fixtures';

let t: TestApp;
let admin: string;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const cats = (await t.req({ method: 'GET', url: '/api/v1/category/list?type=0' })).json().category;
  categoryId = cats[0].id;
});
afterAll(async () => t?.close());

async function upload(token: string, name: string, content: Buffer) {
  const mp = multipart(name, content);
  return t.req({ method: 'POST', url: '/api/v1/upload/document', token, payload: mp.payload, headers: mp.headers });
}

async function publish(token: string, name: string, content: Buffer, extra: { price?: number; title?: string } = {}) {
  const up = await upload(token, name, content);
  expect(up.statusCode, up.body).toBe(200);
  const att = ZUploadResult.parse(up.json()).data;
  const res = await t.req({ method: 'POST', url: '/api/v1/document', token, payload: { category_id: [categoryId], document: [{ attachment_id: att.id, title: extra.title ?? name, price: extra.price ?? 0 }] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document[0] as { id: number; uuid: string; status: number; hash?: string };
}

async function convertAll() {
  const { rows } = await t.database.pool.query(`SELECT DISTINCT hash FROM documents WHERE status IN (0, 1, 5)`);
  for (const r of rows) await t.app.services.conversion.convert(r.hash);
}

describe('upload, conversion, reading', () => {
  it('uploads a PDF, converts it to SVG pages with text, and serves the pages', async () => {
    const u = await t.register();
    const pdf = makePdf(['Hello Wenku page one', 'Second page text']);
    const doc = await publish(u.token, '测试文档.pdf', pdf);
    expect(doc.status).toBe(DocumentStatus.Pending);
    await convertAll();
    const detail = ZDocumentDetail.parse((await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}` })).json());
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
    const plain = await t.req({ method: 'GET', url: `/view/page/${doc.uuid}/2.svg` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<svg');
    expect((await t.req({ method: 'GET', url: `/view/page/${doc.uuid}/3.svg` })).statusCode).toBe(404);
    const cover = await t.req({ method: 'GET', url: `/view/cover/${doc.uuid}` });
    expect(cover.rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47');
    const texts = await t.database.pool.query('SELECT page, text FROM document_texts WHERE hash = $1 ORDER BY page', [sha256(pdf)]);
    expect(texts.rows.map((r) => r.page)).toEqual([1, 2]);
    const mine = (await t.req({ method: 'GET', url: `/api/v1/document/list?user_id=${u.id}`, token: u.token })).json();
    expect(mine.total).toBe(1);
  });

  it('refuses bad input with clear messages', async () => {
    const u = await t.register();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 1)]);
    const renamed = await upload(u.token, 'virus.pdf', exe);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toContain('不符');
    expect((await upload(u.token, 'empty.pdf', Buffer.alloc(0))).json().message).toBe('文件为空');
    const wrongExt = await upload(u.token, 'tool.exe', exe);
    expect(wrongExt.statusCode).toBe(415);
    expect(wrongExt.json().message).toContain('不支持的文件类型');
    await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'security', name: 'max_document_size', value: 1 }] } });
    try {
      const big = await upload(u.token, 'big.txt', Buffer.alloc(1024 * 1024 + 10, 0x61));
      expect(big.statusCode).toBe(413);
    } finally {
      await t.req({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ category: 'security', name: 'max_document_size', value: 50 }] } });
    }
    const anon = await upload('', 'a.pdf', makePdf(['x']));
    expect(anon.statusCode).toBe(401);
    const left = await t.database.pool.query('SELECT count(*)::int AS n FROM attachments WHERE user_id = $1', [u.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('a corrupt PDF ends in failed with a reason shown to the owner', async () => {
    const u = await t.register();
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('this is not really a pdf at all '.repeat(20))]);
    const doc = await publish(u.token, 'broken.pdf', broken);
    await convertAll();
    const d = (await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}`, token: u.token })).json();
    expect(d.status).toBe(DocumentStatus.Failed);
    expect(d.convert_error.length).toBeGreaterThan(2);
  });

  it('stores identical bytes once and offers instant upload by hash; a banned hash is refused', async () => {
    const u = await t.register();
    const pdf = makePdf(['Dedup me']);
    const first = ZUploadResult.parse((await upload(u.token, 'a.pdf', pdf)).json()).data;
    const check = await t.req({ method: 'POST', url: '/api/v1/upload/document/check', token: u.token, payload: { hash: sha256(pdf), name: 'copy.pdf', size: pdf.length } });
    expect(check.json().exists).toBe(true);
    expect(check.json().attachment.hash).toBe(first.hash);
    const unknown = await t.req({ method: 'POST', url: '/api/v1/upload/document/check', token: u.token, payload: { hash: 'a'.repeat(64), name: 'x.pdf', size: 10 } });
    expect(unknown.json()).toEqual({ exists: false, attachment: null });
    const paths = await t.database.pool.query('SELECT DISTINCT path FROM attachments WHERE hash = $1', [first.hash]);
    expect(paths.rowCount).toBe(1);
    await t.req({ method: 'PUT', url: '/api/v1/attachment', token: admin, payload: { id: first.id, enable: false } });
    expect((await upload(u.token, 'again.pdf', pdf)).json().message).toBe('该文件已被禁止上传');
    expect((await t.req({ method: 'POST', url: '/api/v1/upload/document/check', token: u.token, payload: { hash: first.hash, name: 'x.pdf', size: pdf.length } })).statusCode).toBe(400);
  });
});

describe('review, visibility, recycle', () => {
  it('documents of groups that need review are hidden until approved', async () => {
    await t.req({ method: 'PUT', url: '/api/v1/group', token: admin, payload: { id: 2, enable_document_review: true } });
    try {
      const u = await t.register();
      const doc = await publish(u.token, 'review.pdf', makePdf(['Needs review']));
      expect(doc.status).toBe(DocumentStatus.PendingReview);
      expect((await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}` })).statusCode).toBe(404);
      expect((await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}`, token: u.token })).statusCode).toBe(200);
      await t.req({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: { id: [doc.id], status: 0 } });
      await convertAll();
      expect((await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}` })).json().status).toBe(DocumentStatus.Converted);
    } finally {
      await t.req({ method: 'PUT', url: '/api/v1/group', token: admin, payload: { id: 2, enable_document_review: false } });
    }
  });

  it('delete goes to the recycle bin; restore brings it back; purge removes files nobody else uses', async () => {
    const u = await t.register();
    const pdf = makePdf(['Recycle me please']);
    const doc = await publish(u.token, 'recycle.pdf', pdf);
    await convertAll();
    const before = (await t.req({ method: 'GET', url: '/api/v1/user', token: u.token })).json();
    expect(before.doc_count).toBe(1);
    expect((await t.req({ method: 'DELETE', url: `/api/v1/document?id=${doc.id}`, token: u.token })).statusCode).toBe(200);
    expect((await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}` })).statusCode).toBe(404);
    const bin = (await t.req({ method: 'GET', url: '/api/v1/document/recycle', token: admin })).json();
    expect(bin.document.map((d: { id: number }) => d.id)).toContain(doc.id);
    await t.req({ method: 'PUT', url: '/api/v1/document/recycle', token: admin, payload: { id: [doc.id] } });
    expect((await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}` })).statusCode).toBe(200);
    await t.req({ method: 'DELETE', url: `/api/v1/document?id=${doc.id}`, token: u.token });
    await t.req({ method: 'DELETE', url: `/api/v1/document/recycle?id=${doc.id}`, token: admin });
    expect(await t.app.services.storage.exists(`documents/${sha256(pdf).slice(0, 2)}/${sha256(pdf).slice(2, 4)}/${sha256(pdf)}.pdf`)).toBe(false);
    expect((await t.req({ method: 'GET', url: `/view/page/${doc.uuid}/1.svg` })).statusCode).toBe(404);
  });
});

describe('downloads and credits', () => {
  it('free download streams the original file; a paid one moves credits once', async () => {
    const owner = await t.register();
    const pdf = makePdf(['Paid content here']);
    const doc = await publish(owner.token, '付费文档.pdf', pdf, { price: 4 });
    await convertAll();
    const buyer = await t.register(); // 10 credits from registration
    const link = await t.req({ method: 'GET', url: `/api/v1/document/download?id=${doc.id}`, token: buyer.token });
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.req({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(pdf));
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('付费文档.pdf'));
    const again = await t.req({ method: 'GET', url: `/api/v1/document/download?id=${doc.id}`, token: buyer.token });
    expect(again.statusCode).toBe(200);
    const credits = async (id: number) => (await t.database.pool.query('SELECT credit_count FROM users WHERE id = $1', [id])).rows[0].credit_count;
    expect(await credits(buyer.id)).toBe(6);
    expect(await credits(owner.id)).toBe(10 + 5 + 4); // register + upload award + sale
    const downloads = (await t.req({ method: 'GET', url: '/api/v1/user/download', token: buyer.token })).json();
    expect(downloads.total).toBe(2);
    expect(downloads.download[0].document_uuid).toBe(doc.uuid);
    expect((await t.req({ method: 'GET', url: '/download/not-a-token' })).statusCode).toBe(403);
    expect((await t.req({ method: 'GET', url: `/api/v1/document/download?id=${doc.id}` })).statusCode).toBe(401);
  });

  it('parallel paid downloads never overdraw', async () => {
    const owner = await t.register();
    const docs = [];
    for (let i = 0; i < 4; i++) docs.push(await publish(owner.token, `p${i}.pdf`, makePdf([`Paid ${i} ${Date.now()}`]), { price: 4 }));
    await convertAll();
    const buyer = await t.register(); // 10 credits: can afford two
    const results = await Promise.all(docs.map((d) => t.req({ method: 'GET', url: `/api/v1/document/download?id=${d.id}`, token: buyer.token })));
    expect(results.filter((r) => r.statusCode === 200).length, results.map((r) => r.body).join(' | ')).toBe(2);
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect(refused.json().message).toContain('积分不足');
    const bal = (await t.database.pool.query('SELECT credit_count FROM users WHERE id = $1', [buyer.id])).rows[0].credit_count;
    const sum = (await t.database.pool.query('SELECT sum(delta)::int AS s FROM credit_ledger WHERE user_id = $1', [buyer.id])).rows[0].s;
    expect(bal).toBe(2);
    expect(sum).toBe(bal);
  });

  it('no-download punishment is enforced', async () => {
    const owner = await t.register();
    const doc = await publish(owner.token, 'free.pdf', makePdf([`Free ${Date.now()}`]));
    await convertAll();
    const u = await t.register();
    await t.req({ method: 'POST', url: '/api/v1/punishment', token: admin, payload: { user_id: [u.id], type: [4] } });
    const res = await t.req({ method: 'GET', url: `/api/v1/document/download?id=${doc.id}`, token: u.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('您已被禁止下载文档');
  });
});

describe('around a document', () => {
  it('favourite, score, comment and report', async () => {
    const owner = await t.register();
    const doc = await publish(owner.token, 'social.pdf', makePdf([`Social ${Date.now()}`]));
    await convertAll();
    const u = await t.register();
    const fav = await t.req({ method: 'POST', url: '/api/v1/favorite', token: u.token, payload: { document_id: doc.id } });
    expect(fav.statusCode).toBe(200);
    expect((await t.req({ method: 'POST', url: '/api/v1/favorite', token: u.token, payload: { document_id: doc.id } })).statusCode).toBe(409);
    const favs = (await t.req({ method: 'GET', url: '/api/v1/favorite/list', token: u.token })).json();
    expect(favs.favorite[0].document.id).toBe(doc.id);
    await t.req({ method: 'POST', url: '/api/v1/document/score', token: u.token, payload: { document_id: doc.id, score: 500 } });
    const c = await t.req({ method: 'POST', url: '/api/v1/comment', token: u.token, payload: { document_id: doc.id, content: '写得很好' } });
    expect(c.statusCode).toBe(200);
    const listed = (await t.req({ method: 'GET', url: `/api/v1/comment/list?document_id=${doc.id}&type=0` })).json();
    expect(listed.comment[0].content).toBe('写得很好');
    const tooFast = await t.req({ method: 'POST', url: '/api/v1/comment', token: u.token, payload: { document_id: doc.id, content: '再来一条' } });
    expect(tooFast.statusCode).toBe(429);
    const d = (await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}`, token: u.token })).json();
    expect(d).toMatchObject({ favorite_count: 1, comment_count: 1, score: 500, is_favorite: true, my_score: 500 });
    expect((await t.req({ method: 'POST', url: '/api/v1/report', token: u.token, payload: { document_id: doc.id, reason: 1 } })).statusCode).toBe(200);
    expect((await t.req({ method: 'POST', url: '/api/v1/report', token: u.token, payload: { document_id: doc.id, reason: 2 } })).statusCode).toBe(409);
    const reports = (await t.req({ method: 'GET', url: '/api/v1/report/list', token: admin })).json();
    expect(reports.report.some((r: { document_id: number }) => r.document_id === doc.id)).toBe(true);
    const ownerCredits = (await t.database.pool.query('SELECT credit_count FROM users WHERE id = $1', [owner.id])).rows[0].credit_count;
    expect(ownerCredits).toBe(10 + 5 + 1 + 1); // register, upload, favourited, commented
    const me = (await t.req({ method: 'GET', url: '/api/v1/user', token: u.token })).json();
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
      const u = await t.register();
      const doc = await publish(u.token, 'queued.pdf', makePdf([`Queued ${Date.now()}`]));
      let status = -1;
      for (let i = 0; i < 60 && status !== DocumentStatus.Converted; i++) {
        await new Promise((r) => setTimeout(r, 500));
        status = (await t.req({ method: 'GET', url: `/api/v1/document?id=${doc.id}`, token: u.token })).json().status;
      }
      expect(status).toBe(DocumentStatus.Converted);
    } finally {
      t.app.services.queue.boss = undefined;
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
