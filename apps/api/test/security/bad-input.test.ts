/**
 * Issue 11 §10, the cases found by hand: each of these answered 500. NUL bytes in a search word, a comment or a
 * signature; ids beyond PostgreSQL's integer (`category_id=99999999999`, `id=2147483648`); an unreadable date
 * (`created_at=garbage`); punctuation-only searches (`'`, `%`, `-`, `*`: "ORDER BY position 0"). Now: a 400 with
 * `{ code, message }` in Chinese, or an empty result for the searches; nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { makeArticle, makeDocument, makeUser, type TestUser } from '../factories';

let t: TestApp;
let user: TestUser;
let documentId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t);
  documentId = (await makeDocument(t, { title: 'bad input target' })).id;
  await makeArticle(t, { title: 'an article to search among' });
});
afterAll(async () => t?.close());

const get = (url: string, token?: string) => t.req({ method: 'GET', url: `/api/v1${url}`, token });

/** A refusal: 4xx with the error shape, a Chinese message and no internals. */
function expectRefused(res: { statusCode: number; json: () => unknown; body: string }, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { code: string; message: string };
  expect(body.code).toMatch(/^(validation|bad_request)$/);
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  expect(res.body).not.toMatch(/postgres|drizzle|select |stack/i);
}

describe('NUL bytes', () => {
  it.each([
    '/document/search?wd=a%00b',
    '/article/search?wd=%00',
    '/document/list?wd=a%00',
    '/user/list?wd=%00',
    '/comment/list?wd=x%00y',
    '/article/list?wd=%00',
  ])('%s → 400', async (url) => {
    const res = await get(url);
    expectRefused(res);
    expect(res.json()).toEqual({ code: 'validation', message: '参数不能包含空字符' });
  });

  it('in a comment: refused, nothing stored', async () => {
    const res = await t.req({
      method: 'POST',
      url: '/api/v1/comment',
      token: user.token,
      payload: { document_id: documentId, type: 0, content: 'hello\u0000world' },
    });
    expectRefused(res);
    const { rows } = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments WHERE user_id = $1`, [user.id]);
    expect(rows[0].n).toBe(0);
  });

  it('in a signature (and in a key): refused, the profile unchanged', async () => {
    const res = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: user.token, payload: { id: user.id, signature: 'me\u0000' } });
    expectRefused(res);
    const key = await t.req({ method: 'PUT', url: '/api/v1/user/profile', token: user.token, payload: { id: user.id, ['signature\u0000']: 'x' } });
    expectRefused(key);
    const me = (await get(`/user?id=${user.id}`, user.token)).json() as { signature: string };
    expect(me.signature).not.toContain('\u0000');
  });
});

describe('integers beyond the column', () => {
  it.each([
    '/document/list?category_id=99999999999',
    '/document/search?wd=test&category_id=99999999999',
    '/article/list?category_id=99999999999',
    '/document?id=2147483648',
    '/article?id=2147483648',
    '/user?id=2147483648',
    '/document/related?id=2147483648',
    '/category?id=-2147483649',
    '/document/list?user_id=99999999999',
    '/comment/list?document_id=2147483648',
  ])('%s → 400', async (url) => {
    const res = await get(url);
    expectRefused(res);
    expect(res.json().message).toMatch(/超出范围|不正确/);
  });

  it('in a body: favourite and score of document 2147483648 → 400', async () => {
    for (const [url, payload] of [
      [api.createFavorite.path, { document_id: 2147483648, type: 0 }],
      [api.setDocumentScore.path, { document_id: 99999999999, score: 5 }],
    ] as const) {
      expectRefused(await t.req({ method: 'POST', url: `/api/v1${url}`, token: user.token, payload }));
    }
  });
});

describe('dates', () => {
  it.each([
    '/document/list?created_at=garbage',
    '/document/list?created_at=2024-01-01,garbage',
    '/article/list?created_at=garbage',
    '/document/search?wd=test&created_at=garbage',
    '/article/search?wd=test&created_at=2024-13-45',
  ])('%s → 400', async (url) => {
    const res = await get(url);
    expectRefused(res);
    expect(res.json().message).toMatch(/日期格式不正确/);
  });
});

describe('punctuation-only searches find nothing', () => {
  it.each(["'", '%', '-', '*', "''", '--', '%_', '"', '-*', '\\'])('article and document search for %s → an empty result', async (wd) => {
    for (const path of ['/article/search', '/document/search']) {
      const res = await get(`${path}?wd=${encodeURIComponent(wd)}`);
      expect(res.statusCode, `${path} ${wd}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.json().total).toBe(0);
      else expectRefused(res);
    }
  });

  it('the list filters take the same characters as plain text', async () => {
    for (const wd of ["'", '%', '-', '*', '_']) {
      for (const path of ['/document/list', '/article/list', '/user/list', '/comment/list', '/category/list']) {
        const res = await get(`${path}?wd=${encodeURIComponent(wd)}`);
        expect(res.statusCode, `${path} ${wd}: ${res.body}`).toBe(200);
      }
    }
    // `%` and `_` are not wildcards: nothing has them in its title
    expect((await get(`/document/list?wd=${encodeURIComponent('%')}`)).json().total).toBe(0);
    expect((await get(`/article/list?wd=${encodeURIComponent('_')}`)).json().total).toBe(0);
  });
});
