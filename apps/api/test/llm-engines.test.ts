import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LLM_PROVIDER_BASE_URLS, type TLlmProvider } from '@wenku/contracts';
import {
  chatComplete,
  chatRequestTarget,
  chatStream,
  embed,
  LineDecoder,
  LlmError,
  providerPreset,
  sseDataPayloads,
  vendorMessage,
  type LlmEndpoint,
  type LlmEvent,
  type LlmOptions,
} from '../src/engines/llm';
import { cosine, FAKE_EMBEDDING_DIM, fakeVector, startFakeLlm, type FakeLlm } from './fakes/llm-server';
import { LOOPBACK_OUTBOUND } from './fakes/util';

const KEY = 'sk-test-0123456789abcdef';
// Tests that are not about time-outs give the fake all the time a busy CI machine may need; the time-out tests
// below make the fake wait far longer than the limit under test, so they hold however slow the machine is.
const FAST: LlmOptions = { connectTimeoutMs: 60_000, idleTimeoutMs: 60_000, retries: 0 };
let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm({ apiKey: KEY });
});
afterAll(async () => fake?.close());

// the fake listens on loopback: allowed here as an operator would allow a local model (OUTBOUND_ALLOW_HOSTS)
const openai = (over: Partial<LlmEndpoint> = {}): LlmEndpoint => ({
  provider: 'deepseek',
  baseUrl: fake.url,
  apiKey: KEY,
  model: 'deepseek-chat',
  outbound: LOOPBACK_OUTBOUND,
  ...over,
});
const ollama = (over: Partial<LlmEndpoint> = {}): LlmEndpoint => ({
  provider: 'ollama',
  baseUrl: fake.ollamaUrl,
  apiKey: '',
  model: 'qwen2.5',
  outbound: LOOPBACK_OUTBOUND,
  ...over,
});
const ask = (q: string, signal?: AbortSignal) => ({
  messages: [
    { role: 'system' as const, content: '你是助手' },
    { role: 'user' as const, content: q },
  ],
  temperature: 0.3,
  maxTokens: 256,
  signal,
});

async function collect(it: AsyncIterable<LlmEvent>, seen: LlmEvent[] = []): Promise<LlmEvent[]> {
  for await (const ev of it) seen.push(ev);
  return seen;
}
const text = (evs: LlmEvent[]) => evs.map((e) => (e.type === 'delta' ? e.content : '')).join('');
async function failure(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(LlmError);
    return e as LlmError;
  }
  throw new Error('expected an LlmError');
}
async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
/** a byte stream that hands out one byte per chunk */
function byteStream(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (i < bytes.length) c.enqueue(bytes.slice(i, ++i));
      else c.close();
    },
  });
}

describe('presets and request targets', () => {
  const expected: [TLlmProvider, string, string][] = [
    ['ollama', 'http://127.0.0.1:11434/v1/chat/completions', 'qwen2.5'],
    ['deepseek', 'https://api.deepseek.com/v1/chat/completions', 'deepseek-chat'],
    ['qianwen', 'https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions', 'qwen-plus'],
    ['hunyuan', 'https://api.hunyuan.cloud.tencent.com/v1/chat/completions', 'hunyuan-turbos-latest'],
    ['qianfan', 'https://qianfan.baidubce.com/v2/chat/completions', 'ernie-4.0-turbo-8k'],
    ['doubao', 'https://ark.cn-beijing.volces.com/api/v3/chat/completions', 'doubao-1-5-pro-32k-250115'],
    ['xunfei', 'https://spark-api-open.xf-yun.com/v1/chat/completions', 'generalv3.5'],
    ['kimi', 'https://api.moonshot.cn/v1/chat/completions', 'moonshot-v1-8k'],
    ['siliconflow', 'https://api.siliconflow.cn/v1/chat/completions', 'Qwen/Qwen2.5-7B-Instruct'],
    ['gitee', 'https://ai.gitee.com/v1/chat/completions', 'Qwen2.5-72B-Instruct'],
  ];
  it.each(expected)('%s → %s with a Bearer key', (provider, url, model) => {
    const p = providerPreset(provider);
    expect(p.baseUrl).toBe(LLM_PROVIDER_BASE_URLS[provider]);
    expect(p.chatModel).toBe(model);
    const t = chatRequestTarget({ provider, baseUrl: '', apiKey: 'k-1', model: '' }, true);
    expect(t).toEqual({ url, native: 'openai', headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: 'Bearer k-1' } });
    expect(chatRequestTarget({ provider, baseUrl: '', apiKey: '', model: '' }, false).headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
  });

  it('has the embedding models the brief names, and none where the vendor has no embeddings API', () => {
    expect(providerPreset('qianwen').embeddingModel).toBe('text-embedding-v3');
    expect(providerPreset('siliconflow').embeddingModel).toBe('BAAI/bge-m3');
    expect(providerPreset('ollama').embeddingModel).toBe('nomic-embed-text');
    expect(providerPreset('deepseek').embeddingModel).toBe('');
    expect(providerPreset('custom')).toEqual({ baseUrl: '', chatModel: '', embeddingModel: '' });
  });

  it('custom needs a base URL; configured URLs are normalised', () => {
    expect(() => chatRequestTarget({ provider: 'custom', baseUrl: '', apiKey: '', model: 'm' }, true)).toThrow(LlmError);
    const t = (baseUrl: string, provider: TLlmProvider = 'custom') => chatRequestTarget({ provider, baseUrl, apiKey: '', model: 'm' }, true);
    expect(t('https://llm.example.com/v1/').url).toBe('https://llm.example.com/v1/chat/completions');
    expect(t('https://llm.example.com/v1/chat/completions').url).toBe('https://llm.example.com/v1/chat/completions');
    expect(t('llm.example.com:8000/v1').url).toBe('http://llm.example.com:8000/v1/chat/completions');
    expect(() => t('ftp://llm.example.com')).toThrow(/http/);
  });

  it('Ollama without /v1 uses the native /api/chat', () => {
    const native = chatRequestTarget({ provider: 'ollama', baseUrl: 'http://gpu-box:11434/', apiKey: '', model: '' }, true);
    expect(native).toEqual({
      url: 'http://gpu-box:11434/api/chat',
      native: 'ollama',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    });
    expect(chatRequestTarget({ provider: 'ollama', baseUrl: 'http://gpu-box:11434/v1', apiKey: '', model: '' }, true).native).toBe('openai');
  });
});

describe('stream parsing', () => {
  it('splits lines fed one byte at a time, through \\r\\n and inside multibyte characters', async () => {
    const wire =
      ': ping\r\n\r\nevent: message\r\ndata: {"choices":[{"delta":{"content":"你好"}}]}\r\n\r\n' +
      'data:{"choices":[{"delta":{"content":"，世界🌏"}}]}\n\n: keep-alive\n\ndata: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2}}\r\rdata: [DONE]\n\ndata: {"after":"done"}\n';
    const payloads: string[] = [];
    for await (const p of sseDataPayloads(byteStream(wire))) payloads.push(p);
    expect(payloads.map((p) => JSON.parse(p))).toEqual([
      { choices: [{ delta: { content: '你好' } }] },
      { choices: [{ delta: { content: '，世界🌏' } }] },
      { choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 } },
    ]);
  });

  it('LineDecoder waits for the \\n after a trailing \\r and flushes the last line', () => {
    const d = new LineDecoder();
    const enc = new TextEncoder();
    expect(d.push(enc.encode('a\r'))).toEqual([]);
    expect(d.push(enc.encode('\nb'))).toEqual(['a']);
    const euro = enc.encode('€'); // three bytes
    expect(d.push(euro.slice(0, 1))).toEqual([]);
    expect(d.push(new Uint8Array([...euro.slice(1), 10]))).toEqual(['b€']);
    expect(d.push(enc.encode('tail'))).toEqual([]);
    expect(d.end()).toEqual(['tail']);
  });

  it('reads vendor error bodies in every shape, truncated, without the key', () => {
    expect(vendorMessage('{"error":{"message":"Model Not Exist","type":"invalid_request_error","code":"x"}}')).toBe('Model Not Exist');
    expect(vendorMessage('{"error":"model \\"qwen9\\" not found"}')).toBe('model "qwen9" not found');
    expect(vendorMessage('{"message":"余额不足"}')).toBe('余额不足');
    expect(vendorMessage('{"code":1,"msg":"参数错误"}')).toBe('参数错误');
    expect(vendorMessage('<html><body>502 Bad Gateway</body></html>')).toBe('502 Bad Gateway');
    expect(vendorMessage('x'.repeat(400))).toHaveLength(301);
    expect(vendorMessage('{"error":{"message":"bad key sk-secret"}}', 'sk-secret')).toBe('bad key ***');
  });
});

describe('OpenAI-compatible chat against the fake', () => {
  it('streams the answer in several deltas, then usage, with the right request', async () => {
    const evs = await collect(chatStream(openai(), ask('文库是什么？'), FAST));
    const deltas = evs.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(text(evs)).toBe('你好！你问的是：文库是什么？');
    expect(evs.at(-1)).toEqual({ type: 'usage', promptTokens: 10, completionTokens: deltas.length });
    const r = fake.requests.at(-1)!;
    expect(r.path).toBe('/v1/chat/completions');
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.body).toEqual({
      model: 'deepseek-chat',
      messages: [
        { role: 'system', content: '你是助手' },
        { role: 'user', content: '文库是什么？' },
      ],
      stream: true,
      temperature: 0.3,
      max_tokens: 256,
      stream_options: { include_usage: true },
    });
  });

  it('takes \\r\\n streams and streams that end without [DONE]', async () => {
    fake.script({ crlf: true, noDone: true });
    expect(text(await collect(chatStream(openai(), ask('换行'), FAST)))).toBe('你好！你问的是：换行');
  });

  it('takes a vendor that answers a streaming request with one JSON completion', async () => {
    fake.script({ ignoreStream: true });
    const evs = await collect(chatStream(openai(), ask('整段'), FAST));
    expect(evs).toEqual([
      { type: 'delta', content: '你好！你问的是：整段' },
      { type: 'usage', promptTokens: 6, completionTokens: 4 },
    ]);
  });

  it('answers whole with stream:false', async () => {
    const r = await chatComplete(openai({ model: '' }), ask('一次说完'), FAST);
    expect(r).toEqual({ content: '你好！你问的是：一次说完', promptTokens: 8, completionTokens: 4 });
    const body = fake.requests.at(-1)!.body;
    expect(body.stream).toBe(false);
    expect(body.model).toBe('deepseek-chat'); // the preset's, as model was ''
    expect(body.stream_options).toBeUndefined();
  });

  it('a wrong key is unauthorized (streaming and not), and the key is not in the message', async () => {
    const e = await failure(collect(chatStream(openai({ apiKey: 'sk-wrong' }), ask('q'), FAST)));
    expect(e.code).toBe('unauthorized');
    expect(e.status).toBe(401);
    expect(e.message).toBe('大模型接口鉴权失败，请检查 API Key');
    expect((await failure(chatComplete(openai({ apiKey: '' }), ask('q'), FAST))).code).toBe('unauthorized');
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('an HTTP 500 says its status only, after retrying it; the body is only in detail (for the server log)', async () => {
    const before = fake.requests.length;
    const body = { error: { message: '服务内部错误：模型加载失败', type: 'server_error', code: 'internal' } };
    fake.script({ status: 500, body });
    fake.script({ status: 500, body });
    const e = await failure(collect(chatStream(openai(), ask('q'), { ...FAST, retries: 1 })));
    expect(e).toMatchObject({ code: 'upstream', status: 500, detail: '服务内部错误：模型加载失败' });
    // issue 25 §12: whatever answered (maybe not an LLM at all) is never echoed to the administrator or the reader
    expect(e.message).toBe('大模型接口返回错误（HTTP 500）');
    expect(fake.requests.length - before).toBe(2);
  });

  it('a 400 is not retried; its plain-text body is only in detail', async () => {
    const before = fake.requests.length;
    fake.script({ status: 400, body: 'model "nope" does not exist' });
    const e = await failure(chatComplete(openai(), ask('q'), { ...FAST, retries: 2 }));
    expect(e).toMatchObject({ code: 'upstream', status: 400, message: '大模型接口返回错误（HTTP 400）', detail: 'model "nope" does not exist' });
    expect(fake.requests.length - before).toBe(1);
  });

  it('retries a 429 and then succeeds (backoff 500 ms)', async () => {
    const before = fake.requests.length;
    fake.script({ status: 429, body: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } } });
    const t0 = Date.now();
    const evs = await collect(chatStream(openai(), ask('重试'), { ...FAST, retries: 2 }));
    expect(text(evs)).toBe('你好！你问的是：重试');
    expect(fake.requests.length - before).toBe(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
  });

  it('a 429 with retries used up is rate_limited; the vendor message is only in detail', async () => {
    fake.script({ status: 429, body: { error: { message: 'Rate limit reached' } } });
    const e = await failure(chatComplete(openai(), ask('q'), FAST));
    expect(e).toMatchObject({ code: 'rate_limited', status: 429, message: '大模型接口请求过于频繁或额度不足（HTTP 429）' });
    expect(e.detail).toContain('Rate limit reached');
  });

  it('a drop mid-stream is an upstream error after the deltas already yielded, and is not retried', async () => {
    const before = fake.requests.length;
    fake.script({ dropAfter: 2 });
    const seen: LlmEvent[] = [];
    const e = await failure(collect(chatStream(openai(), ask('断线'), { ...FAST, retries: 2 }), seen));
    expect(e.code).toBe('upstream');
    expect(e.message).toMatch(/^大模型连接中断/);
    expect(seen).toEqual([
      { type: 'delta', content: '你好！' },
      { type: 'delta', content: '你问的' },
    ]);
    expect(fake.requests.length - before).toBe(1);
  });

  it('a drop before the first delta is retried', async () => {
    const before = fake.requests.length;
    fake.script({ dropAfter: 0 });
    expect(text(await collect(chatStream(openai(), ask('再来'), { ...FAST, retries: 1 })))).toBe('你好！你问的是：再来');
    expect(fake.requests.length - before).toBe(2);
  });

  it('times out between chunks (idle) and before the headers (connect), and closes the connection', async () => {
    const abortedBefore = fake.aborted;
    // the next token would come 5 s later: a stream cut by the 200 ms idle limit holds only the first one
    fake.script({ tokenDelayMs: 5_000 });
    const seen: LlmEvent[] = [];
    const e = await failure(collect(chatStream(openai(), ask('慢'), { connectTimeoutMs: 60_000, idleTimeoutMs: 200, retries: 2 }), seen));
    expect(e).toMatchObject({ code: 'timeout', message: '大模型响应超时' });
    expect(seen).toEqual([{ type: 'delta', content: '你好！' }]);

    fake.script({ hang: true });
    expect((await failure(collect(chatStream(openai(), ask('挂起'), { connectTimeoutMs: 200, idleTimeoutMs: 200 })))).code).toBe('timeout');
    await until(() => fake.aborted >= abortedBefore + 2);
  });

  it('a slow first token within the idle time-out is fine', async () => {
    // the headers come at once, the first token 1 s later: longer than the connect limit, shorter than the idle one
    fake.script({ firstTokenDelayMs: 1_000, tokenDelayMs: 20 });
    expect(text(await collect(chatStream(openai(), ask('等等'), { connectTimeoutMs: 200, idleTimeoutMs: 60_000 })))).toBe('你好！你问的是：等等');
  });

  it('aborting the signal aborts the upstream request and throws aborted', async () => {
    const before = fake.aborted;
    fake.script({ tokenDelayMs: 100 });
    const ctl = new AbortController();
    const seen: LlmEvent[] = [];
    const run = (async () => {
      for await (const ev of chatStream(openai(), ask('取消', ctl.signal), FAST)) {
        seen.push(ev);
        if (seen.length === 1) ctl.abort();
      }
    })();
    const e = await failure(run);
    expect(e.code).toBe('aborted');
    expect(seen).toHaveLength(1);
    await until(() => fake.aborted === before + 1);
  });

  it('an already aborted signal sends nothing; breaking out of the loop closes the upstream too', async () => {
    const before = fake.requests.length;
    const ctl = new AbortController();
    ctl.abort();
    expect((await failure(chatComplete(openai(), ask('q', ctl.signal), FAST))).code).toBe('aborted');
    expect(fake.requests.length).toBe(before);

    const abortedBefore = fake.aborted;
    fake.script({ tokenDelayMs: 100 });
    for await (const ev of chatStream(openai(), ask('够了'), FAST)) {
      expect(ev.type).toBe('delta');
      break;
    }
    await until(() => fake.aborted === abortedBefore + 1);
  });

  it('an error object inside the stream is upstream (its message in detail), after the deltas before it', async () => {
    fake.script({ streamErrorAfter: 1 });
    const seen: LlmEvent[] = [];
    const e = await failure(collect(chatStream(openai(), ask('q'), FAST), seen));
    expect(e).toMatchObject({ code: 'upstream', message: '大模型返回了错误', detail: '模型推理出错' });
    expect(seen).toEqual([{ type: 'delta', content: '你好！' }]);
  });

  it('non-streaming calls wait for headers up to the longer of connect and idle', async () => {
    fake.script({ headersDelayMs: 1_000 });
    expect((await chatComplete(openai(), ask('慢慢来'), { connectTimeoutMs: 100, idleTimeoutMs: 60_000, retries: 0 })).content).toBe('你好！你问的是：慢慢来');
    fake.script({ headersDelayMs: 5_000 });
    expect((await failure(chatComplete(openai(), ask('太慢'), { connectTimeoutMs: 100, idleTimeoutMs: 150, retries: 2 }))).code).toBe('timeout');
  });

  it('aborting during the retry backoff stops at once', async () => {
    const before = fake.requests.length;
    fake.script({ status: 503, body: { message: '服务繁忙' } });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const t0 = Date.now();
    expect((await failure(collect(chatStream(openai(), ask('q', ctl.signal), { ...FAST, retries: 2 })))).code).toBe('aborted');
    expect(Date.now() - t0).toBeLessThan(400);
    expect(fake.requests.length - before).toBe(1);
  });

  it('an unreachable host is upstream with the host named', async () => {
    const e = await failure(chatComplete(openai({ baseUrl: 'http://127.0.0.1:1/v1' }), ask('q'), FAST));
    expect(e.code).toBe('upstream');
    expect(e.message).toMatch(/^无法连接大模型接口 127\.0\.0\.1:1：/);
  });

  it('takes an SSE stream mislabelled as application/json', async () => {
    const wire = 'data: {"choices":[{"delta":{"content":"标签"}}]}\n\ndata: {"choices":[{"delta":{"content":"错了"}}]}\n\ndata: [DONE]\n\n';
    fake.script({ status: 200, body: wire, contentType: 'application/json; charset=utf-8' });
    expect(text(await collect(chatStream(openai(), ask('q'), FAST)))).toBe('标签错了');
  });

  it('a page that is not an API is a bad_response', async () => {
    const before = fake.requests.length;
    fake.script({ status: 200, body: '<html>hello</html>' });
    expect((await failure(collect(chatStream(openai(), ask('q'), { ...FAST, retries: 2 })))).code).toBe('bad_response');
    expect(fake.requests.length - before).toBe(1);
  });
});

describe('Ollama native', () => {
  it('streams NDJSON from /api/chat with options and usage', async () => {
    const evs = await collect(chatStream(ollama(), ask('本地模型'), FAST));
    expect(text(evs)).toBe('你好！你问的是：本地模型');
    expect(evs.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    expect(evs.at(-1)).toEqual({ type: 'usage', promptTokens: 8, completionTokens: 4 });
    const r = fake.requests.at(-1)!;
    expect(r.path).toBe('/api/chat');
    expect(r.headers.authorization).toBeUndefined();
    expect(r.body).toEqual({ model: 'qwen2.5', messages: ask('本地模型').messages, stream: true, options: { temperature: 0.3, num_predict: 256 } });
  });

  it('answers whole with stream:false', async () => {
    expect(await chatComplete(ollama({ model: '' }), ask('整段'), FAST)).toEqual({ content: '你好！你问的是：整段', promptTokens: 6, completionTokens: 4 });
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'qwen2.5', stream: false });
  });

  it("keeps Ollama's error string in detail, the status in the message", async () => {
    fake.script({ status: 404, body: { error: 'model "qwen9" not found, try pulling it first' } });
    const e = await failure(collect(chatStream(ollama({ model: 'qwen9' }), ask('q'), FAST)));
    expect(e).toMatchObject({
      code: 'upstream',
      status: 404,
      message: '大模型接口返回错误（HTTP 404）',
      detail: 'model "qwen9" not found, try pulling it first',
    });
  });

  it('a drop mid-NDJSON is upstream after the deltas; an error line is surfaced', async () => {
    fake.script({ dropAfter: 1 });
    const seen: LlmEvent[] = [];
    expect((await failure(collect(chatStream(ollama(), ask('q'), { ...FAST, retries: 2 }), seen))).code).toBe('upstream');
    expect(seen).toEqual([{ type: 'delta', content: '你好！' }]);
    fake.script({ streamErrorAfter: 0 });
    expect(await failure(collect(chatStream(ollama(), ask('q'), FAST)))).toMatchObject({
      code: 'upstream',
      message: '大模型返回了错误',
      detail: '模型推理出错',
    });
  });

  it('the OpenAI-compatible Ollama (/v1) goes through SSE', async () => {
    expect(text(await collect(chatStream(ollama({ baseUrl: fake.url, apiKey: KEY }), ask('兼容'), FAST)))).toBe('你好！你问的是：兼容');
    expect(fake.requests.at(-1)!.path).toBe('/v1/chat/completions');
  });
});

describe('the fake embedding model', () => {
  const near = (a: string, b: string) => cosine(fakeVector(a), fakeVector(b));
  it('is deterministic, 256-dimensional and unit length', () => {
    const v = fakeVector('如何构建不签名的软件包？');
    expect(v).toHaveLength(FAKE_EMBEDDING_DIM);
    expect(fakeVector('如何构建不签名的软件包？')).toEqual(v);
    expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    for (const empty of ['', '。，！', '   ']) expect(Math.hypot(...fakeVector(empty))).toBeCloseTo(1, 4);
  });

  it('puts related texts nearer than unrelated ones, in Chinese, in English and across full-width forms', () => {
    expect(near('用 dpkg-buildpackage 构建软件包', '怎样构建一个 Debian 软件包')).toBeGreaterThan(
      near('用 dpkg-buildpackage 构建软件包', '今天的天气很好，适合出门散步'),
    );
    expect(near('How do I build the package without signing it?', 'dpkg-buildpackage -us -uc builds the package unsigned')).toBeGreaterThan(
      near('How do I build the package without signing it?', 'The mailing list archive is searchable'),
    );
    expect(near('ＤＥＢＩＡＮ　ＦＡＱ', 'debian faq')).toBeCloseTo(1, 4);
    // a word shares its 3-grams with its inflections
    expect(near('builds', 'building')).toBeGreaterThan(near('builds', 'mirror'));
  });

  it('gives another model other vectors: a model named …v2… hashes with another seed', () => {
    const text = '共享库的 SONAME';
    expect(fakeVector(text, 'fake-embed')).toEqual(fakeVector(text));
    expect(fakeVector(text, 'fake-embed-v2')).not.toEqual(fakeVector(text, 'fake-embed'));
    expect(cosine(fakeVector(text, 'fake-embed-v2'), fakeVector(text, 'fake-embed'))).toBeLessThan(0.5);
    // within one model, related texts stay near
    expect(cosine(fakeVector(text, 'm-v2'), fakeVector('SONAME 共享库', 'm-v2'))).toBeGreaterThan(0.8);
  });
});

describe('embeddings', () => {
  const input = ['文库', '文档分享', 'hello'];
  it('OpenAI-compatible /embeddings, in input order', async () => {
    expect(await embed(openai({ provider: 'siliconflow', model: '' }), input, FAST)).toEqual(input.map((s) => fakeVector(s, 'BAAI/bge-m3')));
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/embeddings', body: { model: 'BAAI/bge-m3', input } });
  });

  it('Ollama native /api/embed', async () => {
    expect(await embed(ollama({ model: '' }), input, FAST)).toEqual(input.map((s) => fakeVector(s, 'nomic-embed-text')));
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/embed', body: { model: 'nomic-embed-text', input } });
  });

  it('the fake counts what it embeds (a benchmark reads its own ceiling from it)', async () => {
    fake.resetEmbeddingStats();
    await embed(openai({ provider: 'siliconflow', model: '' }), input, FAST);
    await embed(ollama({ model: '' }), input, FAST);
    const s = fake.embeddingStats;
    expect(s).toMatchObject({ requests: 2, inputs: 6 });
    expect(s.vectorMs).toBeGreaterThan(0);
    expect(s.handlerMs).toBeGreaterThanOrEqual(s.vectorMs);
  });

  it('no embedding model is a config error; no input is no request', async () => {
    expect((await failure(embed(openai({ provider: 'deepseek', model: '' }), input, FAST))).code).toBe('config');
    const before = fake.requests.length;
    expect(await embed(openai(), [], FAST)).toEqual([]);
    expect(fake.requests.length).toBe(before);
    expect((await failure(embed(openai({ apiKey: 'bad' }), input, FAST))).code).toBe('unauthorized');
  });
});
