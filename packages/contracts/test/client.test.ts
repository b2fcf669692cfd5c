import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, REQUEST_TIMEOUT_MS, api, apiErrorOfBody, buildQuery, createApiClient, defineRoute, fillPath } from '../src';

/** What the client handed to fetch. */
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: RequestInit['body'];
  signal: AbortSignal;
}

/** A fetch that records every request and answers with `respond`. */
function fakeFetch(respond: (req: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req: Sent = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      signal: init.signal!,
    };
    sent.push(req);
    return respond(req);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent, calls: fetch };
}

/** A fetch that never answers, and rejects the way fetch does once its signal aborts. */
const hangingFetch = (rejectWith: 'reason' | 'abort-error' = 'reason') =>
  fakeFetch(
    (req) =>
      new Promise<Response>((_, reject) => {
        req.signal.addEventListener('abort', () =>
          reject(rejectWith === 'reason' ? req.signal.reason : new DOMException('This operation was aborted', 'AbortError')),
        );
      }),
  );

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

/** A response whose body arrives in these byte chunks. */
function chunked(chunks: Uint8Array[], status = 200): Response {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (i < chunks.length) ctrl.enqueue(chunks[i++]);
      else ctrl.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/x-ndjson' } });
}

/** Settles-or-not probe for a promise, without leaving its rejection unhandled. */
function watch<T>(p: Promise<T>) {
  const state = { settled: false };
  p.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

const thing = defineRoute({
  method: 'GET',
  path: '/thing/:id/:name',
  auth: 'public',
  summary: 'test',
  params: z.object({ id: z.number(), name: z.string() }),
  query: z.object({ tag: z.array(z.string()).optional() }),
  response: z.object({ ok: z.boolean() }),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('time-out', () => {
  it('gives up after 30 000 ms by default with a 408 ApiError in Chinese', async () => {
    vi.useFakeTimers();
    expect(REQUEST_TIMEOUT_MS).toBe(30000);
    const f = hangingFetch();
    const p = createApiClient({ fetch: f.fetch }).call(api.getDocument, { query: { id: 1 } });
    const state = watch(p);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(state.settled).toBe(false);
    expect(f.sent[0].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.status === 408 && e.message === '请求超时，请稍后重试');
    expect(f.sent[0].signal.aborted).toBe(true);
  });

  it('honours a custom time-out, also when fetch rejects with a plain AbortError', async () => {
    vi.useFakeTimers();
    const f = hangingFetch('abort-error');
    const p = createApiClient({ fetch: f.fetch, timeoutMs: 500 }).call(api.getDocument, { query: { id: 1 } });
    const state = watch(p);
    await vi.advanceTimersByTimeAsync(499);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).rejects.toMatchObject({ name: 'ApiError', status: 408, message: '请求超时，请稍后重试' });
  });

  it('stops the timer once the answer is there', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(() => json({ ok: true }));
    await expect(createApiClient({ fetch: f.fetch, timeoutMs: 100 }).call(thing, { params: { id: 1, name: 'a' } })).resolves.toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.sent[0].signal.aborted).toBe(false);
  });
});

describe('external AbortSignal', () => {
  it('aborts the request; the caller gets the abort, not a network or time-out error', async () => {
    vi.useFakeTimers();
    const f = hangingFetch();
    const ctrl = new AbortController();
    const p = createApiClient({ fetch: f.fetch }).call(api.getDocument, { query: { id: 1 }, signal: ctrl.signal });
    const state = watch(p);
    await vi.advanceTimersByTimeAsync(10);
    expect(state.settled).toBe(false);
    ctrl.abort();
    await expect(p).rejects.toSatisfy((e: unknown) => !(e instanceof ApiError) && (e as Error).name === 'AbortError');
    expect(f.sent[0].signal.aborted).toBe(true);
  });

  it('keeps the reason the caller aborted with', async () => {
    const f = hangingFetch();
    const ctrl = new AbortController();
    const p = createApiClient({ fetch: f.fetch }).call(api.getDocument, { query: { id: 1 }, signal: ctrl.signal });
    await Promise.resolve();
    const reason = new Error('page left');
    ctrl.abort(reason);
    await expect(p).rejects.toBe(reason);
  });

  it('a signal that is already aborted sends nothing', async () => {
    const f = fakeFetch(() => json({ ok: true }));
    const ctrl = new AbortController();
    const reason = new Error('gone before we started');
    ctrl.abort(reason);
    await expect(createApiClient({ fetch: f.fetch }).call(api.getDocument, { query: { id: 1 }, signal: ctrl.signal })).rejects.toBe(reason);
    expect(f.calls).not.toHaveBeenCalled();
  });

  it('the time-out also covers a body that never finishes', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(
      (req) =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('{"ok":'));
              req.signal.addEventListener('abort', () => c.error(req.signal.reason));
            },
          }),
          { status: 200 },
        ),
    );
    const p = createApiClient({ fetch: f.fetch, timeoutMs: 1000 }).call(api.getDocument, { query: { id: 1 } });
    const state = watch(p);
    await vi.advanceTimersByTimeAsync(999);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    await expect(p).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.status === 408);
  });
});

describe('URLs', () => {
  it('repeats array query parameters and drops undefined and null', () => {
    expect(buildQuery({ id: [1, 2], wd: 'a b&c', none: undefined, nil: null, zero: 0, no: false, empty: '' })).toBe(
      '?id=1&id=2&wd=a+b%26c&zero=0&no=false&empty=',
    );
    expect(buildQuery({ id: [] })).toBe('');
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });

  it('fills and encodes path parameters; a missing one throws', () => {
    expect(fillPath(thing, { id: 7, name: 'a b/c?' })).toBe('/api/v1/thing/7/a%20b%2Fc%3F');
    expect(fillPath(api.viewPage, { uuid: 'u1', file: '1.gzip.svg' })).toBe('/view/page/u1/1.gzip.svg');
    expect(fillPath(api.getDocument)).toBe('/api/v1/document');
    expect(() => fillPath(thing, { id: 7 })).toThrow('missing path parameter :name of /thing/:id/:name');
    expect(() => fillPath(thing, { id: 7, name: '' })).toThrow(/:name/);
    expect(() => fillPath(thing, { id: null, name: 'x' })).toThrow(/:id/);
    expect(() => fillPath(api.viewCover)).toThrow(/:uuid/);
  });

  it('call sends method, base URL, path and query; a missing path parameter never reaches fetch', async () => {
    const f = fakeFetch(() => json({ ok: true }));
    const client = createApiClient({ fetch: f.fetch, baseUrl: 'https://wenku.example/' });
    await client.call(thing, { params: { id: 3, name: '文 库' }, query: { tag: ['x', 'y'] } });
    expect(f.sent[0]).toMatchObject({ method: 'GET', url: `https://wenku.example/api/v1/thing/3/${encodeURIComponent('文 库')}?tag=x&tag=y` });
    await client.call(api.deleteDocument, { query: { id: [4, 5] } });
    expect(f.sent[1]).toMatchObject({ method: 'DELETE', url: 'https://wenku.example/api/v1/document?id=4&id=5' });
    await expect(client.call(thing, { params: { id: 3 } as never })).rejects.toThrow(/missing path parameter :name/);
    expect(f.calls).toHaveBeenCalledTimes(2);
  });
});

describe('headers and bodies', () => {
  it('sends a bearer token only when there is one, read on every request', async () => {
    const f = fakeFetch(() => json({ ok: true }));
    let token: string | null | undefined = 'tok-1';
    const client = createApiClient({ fetch: f.fetch, getToken: () => token });
    await client.call(api.getDocument, { query: { id: 1 } });
    token = 'tok-2';
    await client.call(api.getDocument, { query: { id: 1 } });
    token = null;
    await client.call(api.getDocument, { query: { id: 1 } });
    token = '';
    await client.call(api.getDocument, { query: { id: 1 } });
    token = undefined;
    await client.call(api.getDocument, { query: { id: 1 } });
    await createApiClient({ fetch: f.fetch }).call(api.getDocument, { query: { id: 1 } });
    expect(f.sent.map((r) => r.headers.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2', undefined, undefined, undefined, undefined]);
    expect(f.sent.every((r) => r.headers.Accept === 'application/json')).toBe(true);
  });

  it('sends a JSON body with its content type, and none without a body', async () => {
    const f = fakeFetch(() => json({ ok: true }));
    const client = createApiClient({ fetch: f.fetch });
    await client.call(api.createComment, { body: { document_id: 1, content: '好' } });
    expect(f.sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/comment', body: JSON.stringify({ document_id: 1, content: '好' }) });
    expect(f.sent[0].headers['Content-Type']).toBe('application/json');
    await client.call(api.getDocument, { query: { id: 1 } });
    expect(f.sent[1].body).toBeUndefined();
    expect(f.sent[1].headers['Content-Type']).toBeUndefined();
  });
});

describe('answers and failures', () => {
  const callWith = (res: Response | (() => Promise<Response>)) =>
    createApiClient({ fetch: fakeFetch(() => (typeof res === 'function' ? res() : res)).fetch }).call(api.getDocument, { query: { id: 1 } });

  it('a {code, message} error body becomes ApiError(status, message, code)', async () => {
    const e = await callWith(json({ code: 'not_found', message: '文档不存在或已被删除' }, 404)).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 404, message: '文档不存在或已被删除', code: 'not_found' });
    const noCode = await callWith(json({ message: '请先登录' }, 401)).catch((x) => x);
    expect(noCode).toMatchObject({ status: 401, message: '请先登录', code: undefined });
  });

  it('a body that is not an error object becomes "status statusText body"', async () => {
    const html = await callWith(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })).catch((x) => x);
    expect(html).toBeInstanceOf(ApiError);
    expect(html).toMatchObject({ status: 502, message: '502 Bad Gateway <html>bad gateway</html>', code: undefined });
    const empty = await callWith(new Response('', { status: 500, statusText: 'Internal Server Error' })).catch((x) => x);
    expect(empty).toMatchObject({ status: 500, message: '500 Internal Server Error' });
    const noMessage = await callWith(json({ code: 'x', message: '' }, 400, 'Bad Request')).catch((x) => x);
    expect(noMessage).toMatchObject({ status: 400, message: '400 Bad Request {"code":"x","message":""}' });
  });

  it('network failures become ApiError 500 网络错误', async () => {
    const failing = (err: unknown) => createApiClient({ fetch: (() => Promise.reject(err)) as typeof fetch }).call(api.getDocument, { query: { id: 1 } });
    await expect(failing(new TypeError('fetch failed'))).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.status === 500 && e.message === '网络错误：fetch failed',
    );
    await expect(failing('socket hang up')).rejects.toMatchObject({ status: 500, message: '网络错误' });
  });

  it('204 resolves to undefined; unparsable JSON is a readable 500', async () => {
    await expect(callWith(new Response(null, { status: 204 }))).resolves.toBeUndefined();
    await expect(callWith(json({ id: 1 }))).resolves.toEqual({ id: 1 });
    await expect(callWith(new Response('{"id":', { status: 200 }))).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.status === 500 && e.message === '服务器返回了无法解析的数据',
    );
  });
});

describe('blob and upload', () => {
  it('blob returns the body of a file answer, and fails like call', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]);
    const f = fakeFetch(() => new Response(bytes, { status: 200, headers: { 'content-type': 'application/octet-stream' } }));
    const blob = await createApiClient({ fetch: f.fetch }).blob(api.markdownToDocx, { body: { markdown: '# 标题' } });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(f.sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/markdown2docx', body: JSON.stringify({ markdown: '# 标题' }) });
    const failing = fakeFetch(() => json({ code: 'bad_request', message: '没有可导出的内容' }, 400));
    await expect(createApiClient({ fetch: failing.fetch }).blob(api.markdownToDocx, { body: { markdown: '' } })).rejects.toMatchObject({
      status: 400,
      message: '没有可导出的内容',
      code: 'bad_request',
    });
  });

  it('upload posts the FormData as it is to an API path or a route, with the token and no JSON content type', async () => {
    const f = fakeFetch(() => json({ data: { id: 9 } }));
    const client = createApiClient({ fetch: f.fetch, getToken: () => 'tok' });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4']), 'a.pdf');
    await expect(client.upload('/upload/document', form)).resolves.toEqual({ data: { id: 9 } });
    await expect(client.upload(api.uploadAvatar, form)).resolves.toEqual({ data: { id: 9 } });
    const root = defineRoute({ method: 'POST', path: '/uploads/raw', root: true, kind: 'multipart', auth: 'user', summary: 'test', response: z.unknown() });
    await client.upload(root, form);
    expect(f.sent.map((r) => r.url)).toEqual(['/api/v1/upload/document', '/api/v1/upload/avatar', '/uploads/raw']);
    for (const r of f.sent) {
      expect(r.method).toBe('POST');
      expect(r.body).toBe(form);
      expect(r.headers.Authorization).toBe('Bearer tok');
      expect(r.headers['Content-Type']).toBeUndefined();
    }
    const refused = fakeFetch(() => json({ code: 'unsupported_media_type', message: '不支持的文件类型：.exe' }, 415));
    await expect(createApiClient({ fetch: refused.fetch }).upload('/upload/document', form)).rejects.toMatchObject({
      status: 415,
      message: '不支持的文件类型：.exe',
    });
  });
});

describe('NDJSON stream', () => {
  const enc = new TextEncoder();
  const text = '{"type":"references","items":["中文"]}\n\n  \n{"type":"text","delta":"你好，世界"}\r\n{"type":"done","usage":{"tokens":3}}';
  const events = [
    { type: 'references', items: ['中文'] },
    { type: 'text', delta: '你好，世界' },
    { type: 'done', usage: { tokens: 3 } },
  ];
  const collect = async <T>(it: AsyncIterable<T>) => {
    const out: T[] = [];
    for await (const e of it) out.push(e);
    return out;
  };

  it('reads events split mid-line and mid-character, skips blank lines, keeps a last line without newline', async () => {
    const bytes = enc.encode(text);
    const zhong = bytes.indexOf(0xe4); // first byte of 中
    expect(zhong).toBeGreaterThan(0);
    const cuts = [5, zhong + 1, zhong + 2, bytes.length - 3];
    const chunks = [0, ...cuts].map((from, i) => bytes.subarray(from, [...cuts, bytes.length][i]));
    const f = fakeFetch(() => chunked(chunks));
    const client = createApiClient({ fetch: f.fetch, getToken: () => 'tok' });
    expect(await collect(client.stream('/chat', { q: '你好' }))).toEqual(events);
    expect(f.sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/chat', body: JSON.stringify({ q: '你好' }) });
    expect(f.sent[0].headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('reads the same events when every byte arrives on its own', async () => {
    const bytes = enc.encode(text);
    const f = fakeFetch(() => chunked([...bytes].map((b) => new Uint8Array([b]))));
    const route = defineRoute({ method: 'POST', path: '/ai/chat', kind: 'ndjson', auth: 'user', summary: 'test', response: z.unknown() });
    expect(await collect(createApiClient({ fetch: f.fetch }).stream(route, {}))).toEqual(events);
    expect(f.sent[0].url).toBe('/api/v1/ai/chat');
  });

  it('a refused stream rejects with "status message"', async () => {
    const f = fakeFetch(() => json({ code: 'rate_limited', message: '提问太频繁' }, 429));
    await expect(collect(createApiClient({ fetch: f.fetch }).stream('/chat', {}))).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.status === 429 && e.message === '429 提问太频繁',
    );
  });

  it("aborting the caller's signal after the answer started stops the stream", async () => {
    const ctrl = new AbortController();
    const enc2 = new TextEncoder();
    const f = fakeFetch(
      (req) =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(enc2.encode('{"n":1}\n'));
              req.signal.addEventListener('abort', () => c.error(req.signal.reason));
            },
          }),
          { status: 200 },
        ),
    );
    const got: unknown[] = [];
    const run = (async () => {
      for await (const e of createApiClient({ fetch: f.fetch }).stream('/chat', {}, ctrl.signal)) {
        got.push(e);
        ctrl.abort(new Error('stop'));
      }
    })();
    await expect(run).rejects.toThrow('stop');
    expect(got).toEqual([{ n: 1 }]);
    expect(f.sent[0].signal.aborted).toBe(true);
  });

  it('a long answer is not cut by the request time-out once it streams', async () => {
    vi.useFakeTimers();
    let push!: (s: string) => void;
    let end!: () => void;
    const f = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            start(c) {
              push = (t) => c.enqueue(new TextEncoder().encode(t));
              end = () => c.close();
            },
          }),
          { status: 200 },
        ),
    );
    const got: unknown[] = [];
    const run = (async () => {
      for await (const e of createApiClient({ fetch: f.fetch, timeoutMs: 1000 }).stream('/chat', {})) got.push(e);
    })();
    await vi.advanceTimersByTimeAsync(10);
    push('{"n":1}\n');
    await vi.advanceTimersByTimeAsync(5000);
    push('{"n":2}\n');
    end();
    await run;
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('a plain-text refusal names the status once', async () => {
    const f = fakeFetch(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    await expect(collect(createApiClient({ fetch: f.fetch }).stream('/chat', {}))).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.status === 502 && e.message === '502 Bad Gateway upstream down',
    );
  });

  it('an answer without a body says to check the URL', async () => {
    const f = fakeFetch(() => new Response(null, { status: 200 }));
    await expect(collect(createApiClient({ fetch: f.fetch }).stream('/chat', {}))).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.status === 500 && e.message === 'Please check the given URL and try again',
    );
  });
});

describe('apiErrorOfBody', () => {
  it("reads the API's { code, message } body, and nothing else", () => {
    const e = apiErrorOfBody(413, JSON.stringify({ code: 'payload_too_large', message: '文件过大' }));
    expect(e).toBeInstanceOf(ApiError);
    expect([e?.status, e?.code, e?.message]).toEqual([413, 'payload_too_large', '文件过大']);
    expect(apiErrorOfBody(0, JSON.stringify({ message: '服务异常' }))?.status).toBe(500);
    expect(apiErrorOfBody(502, '<html>Bad Gateway</html>')).toBeUndefined();
    expect(apiErrorOfBody(500, 'null')).toBeUndefined();
    expect(apiErrorOfBody(400, JSON.stringify({ message: '' }))).toBeUndefined();
  });
});
