import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ZApiError, ROUTE_LIST, API_PREFIX, routeUrl } from '@wenku/contracts';
import { createTestApp, type TestApp } from './helpers';
import { call, callError } from './call';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimit: 64 * 1024 });
});
afterAll(async () => t?.close());

describe('platform basics', () => {
  it('health reports the database kind', async () => {
    const body = await call(t, api.health);
    expect(body.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('unknown /api routes are JSON 404s', async () => {
    const res = await t.req({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(ZApiError.parse(res.json()).code).toBe('not_found');
  });

  it('malformed JSON is a 400 with a readable message', async () => {
    const res = await t.req({ method: 'POST', url: '/api/v1/user/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: '请求体不是有效的 JSON' });
  });

  it('wrong types and missing fields are 400s naming the problem', async () => {
    const wrong = await t.req({ method: 'POST', url: '/api/v1/user/login', payload: { username: 123, password: true } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('validation');
    const missing = await t.req({ method: 'POST', url: '/api/v1/user/register', payload: { password: 'abcdef' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请输入您的登录用户名');
    const badQuery = await t.req({ method: 'GET', url: '/api/v1/category?id=abc' });
    expect(badQuery.statusCode).toBe(400);
  });

  it('oversized bodies are 413', async () => {
    const res = await callError(t, api.login, { body: { username: 'x'.repeat(70 * 1024), password: 'y' } });
    expect(res.status).toBe(413);
    expect(res.code).toBe('payload_too_large');
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await t.req({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(doc.paths['/api/v1/user/login'].post.requestBody).toBeTruthy();
    // every contract route is in the document, uploads and files included
    for (const r of ROUTE_LIST) {
      const url = routeUrl(r)
        .replace(/:(\w+)/g, '{$1}')
        .replace(/\*$/, '{*}');
      expect(doc.paths[url]?.[r.method.toLowerCase()], `${r.method} ${url}`).toBeTruthy();
    }
    expect(doc.paths['/api/v1/upload/document'].post.requestBody.content['multipart/form-data']).toBeTruthy();
    expect(doc.paths['/view/page/{uuid}/{file}'].get.responses['200'].content['image/svg+xml']).toBeTruthy();
    const ui = await t.req({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('every contract route is registered', async () => {
    for (const r of ROUTE_LIST) {
      const found = t.app.hasRoute({ method: r.method, url: routeUrl(r) });
      expect(found, `${r.method} ${r.path}`).toBe(true);
    }
  });
});

describe('admin route table', () => {
  it('every admin route refuses anonymous callers (401) and ordinary users (403)', async () => {
    const user = await t.register();
    const admin = ROUTE_LIST.filter((r) => r.auth === 'admin');
    expect(admin.length).toBeGreaterThan(10);
    for (const r of admin) {
      const url = `${API_PREFIX}${r.path}`;
      const anon = await t.req({ method: r.method, url });
      expect(anon.statusCode, `anonymous ${r.method} ${url}`).toBe(401);
      const ord = await t.req({ method: r.method, url, token: user.token });
      expect(ord.statusCode, `user ${r.method} ${url}`).toBe(403);
      expect(ord.json().message).toBe('您没有权限执行此操作');
    }
  });
});
