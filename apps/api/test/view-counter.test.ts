/**
 * View counters (issue 16): a page view is counted in memory and written with the others in one statement every
 * few seconds and at shutdown, never an UPDATE per view; readers see the stored count plus the unwritten views;
 * a failed write keeps its counts for the next one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@wenku/contracts';
import { CounterBuffer } from '../src/lib/counter-buffer';
import { createTestApp, type TestApp } from './helpers';
import { call } from './call';
import { makeArticle, makeDocument, makeUser } from './factories';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close().catch(() => undefined);
});

const stored = async (t: TestApp, table: 'documents' | 'articles', id: number) =>
  (await t.database.pool.query(`SELECT view_count FROM ${table} WHERE id = $1`, [id])).rows[0].view_count as number;

describe('buffered view counters', () => {
  it('40 parallel views of a document and an article are all counted, written in one go, and shown before that', async () => {
    const t = await createTestApp();
    apps.push(t);
    const doc = await makeDocument(t);
    const article = await makeArticle(t, { status: 'approved' });
    const reader = await makeUser(t);
    // visitors who are not logged in share one cached answer, so their count lags a few seconds; every view counts
    await Promise.all(Array.from({ length: 40 }, () => call(t, api.getDocument, { query: { id: doc.id } })));
    await Promise.all(Array.from({ length: 40 }, () => call(t, api.getArticle, { query: { id: article.id, with_view: true } })));
    // nothing written yet: a logged-in reader sees the stored count plus the views still in memory, and their own
    expect(await stored(t, 'documents', doc.id)).toBe(0);
    expect(await stored(t, 'articles', article.id)).toBe(0);
    expect((await call(t, api.getDocument, { query: { id: doc.id }, as: reader })).view_count).toBe(41);
    expect((await call(t, api.getArticle, { query: { id: article.id, with_view: true }, as: reader })).view_count).toBe(41);

    await t.app.services.documents.cache.viewCounts.flush();
    await t.app.services.articles.cache.viewCounts.flush();
    expect(await stored(t, 'documents', doc.id)).toBe(41);
    expect(await stored(t, 'articles', article.id)).toBe(41);
    // after the write the count is the stored one, not counted twice
    expect((await call(t, api.getDocument, { query: { id: doc.id }, as: reader })).view_count).toBe(42);
    await t.app.services.documents.cache.viewCounts.flush();
    expect(await stored(t, 'documents', doc.id)).toBe(42);
  });

  it('a graceful stop writes the views still in memory', async () => {
    const t = await createTestApp();
    const doc = await makeDocument(t);
    const article = await makeArticle(t, { status: 'approved' });
    for (let i = 0; i < 3; i++) await call(t, api.getDocument, { query: { id: doc.id } });
    await call(t, api.getArticle, { query: { id: article.id, with_view: true } });
    const { pool } = t.database;
    // the app closes its modules (and so the counters) before the test database goes
    await t.app.close();
    expect((await pool.query('SELECT view_count FROM documents WHERE id = $1', [doc.id])).rows[0].view_count).toBe(3);
    expect((await pool.query('SELECT view_count FROM articles WHERE id = $1', [article.id])).rows[0].view_count).toBe(1);
    await t.close();
  });

  it('a failed write keeps its counts for the next one; concurrent flushes write each view once', async () => {
    const written = new Map<number, number>();
    let fail = true;
    const errors: unknown[] = [];
    const buffer = new CounterBuffer(
      async (ids, counts) => {
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new Error('database unreachable');
        ids.forEach((id, i) => written.set(id, (written.get(id) ?? 0) + counts[i]));
      },
      (e) => errors.push(e),
      60_000,
    );
    buffer.add(1);
    buffer.add(1);
    buffer.add(2, 3);
    await buffer.flush();
    expect(errors).toHaveLength(1);
    expect(written.size).toBe(0);
    expect(buffer.unwritten(1)).toBe(2);
    fail = false;
    buffer.add(1);
    await Promise.all([buffer.flush(), buffer.flush(), buffer.flush()]);
    expect(Object.fromEntries(written)).toEqual({ 1: 3, 2: 3 });
    expect(buffer.unwritten(1)).toBe(0);
    await buffer.close();
    buffer.add(5);
    await buffer.flush();
    expect(written.get(5)).toBe(1);
  });
});
