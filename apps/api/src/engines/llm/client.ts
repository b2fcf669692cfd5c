import { chatModel, chatRequestTarget, embeddingModel, requestHeaders, resolveBase } from './presets';
import { firstOf, jsonObject, LineDecoder, SSE_DONE, sseData, vendorMessage } from './parse';
import { LlmError, type LlmChatRequest, type LlmEndpoint, type LlmEvent, type LlmOptions } from './types';
import { STRICT_OUTBOUND } from '../http';
import { OutboundError, type Outbound } from '../outbound';

export const LLM_CONNECT_TIMEOUT_MS = 15_000;
export const LLM_IDLE_TIMEOUT_MS = 60_000;
export const LLM_RETRIES = 2;
export const LLM_BACKOFF_MS = 500;

const TIMEOUT_MESSAGE = '大模型响应超时';
const ABORTED_MESSAGE = '请求已取消';
const DROPPED_MESSAGE = '大模型连接中断，回答不完整，请重试';

/** errors worth another attempt (network failures, 429, 5xx) */
const retryable = new WeakSet<LlmError>();
function again(e: LlmError): LlmError {
  retryable.add(e);
  return e;
}

interface Limits {
  connectMs: number;
  idleMs: number;
  retries: number;
}

function limits(o: LlmOptions = {}): Limits {
  const n = (v: number | undefined, d: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : d);
  return {
    connectMs: n(o.connectTimeoutMs, LLM_CONNECT_TIMEOUT_MS),
    idleMs: n(o.idleTimeoutMs, LLM_IDLE_TIMEOUT_MS),
    retries: Math.floor(n(o.retries, LLM_RETRIES)),
  };
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '大模型接口';
  }
}

/**
 * One HTTP exchange with its own AbortController: the caller's signal, the connect timer (until headers) and the
 * idle timer (between reads) all abort it, and `why` remembers which one did.
 */
class Exchange {
  readonly ctl = new AbortController();
  why: 'timeout' | 'aborted' | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onAbort = () => this.abort('aborted');

  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly apiKey: string,
    private readonly outbound: Outbound = STRICT_OUTBOUND,
  ) {
    if (signal?.aborted) this.why = 'aborted';
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  abort(why: 'timeout' | 'aborted'): void {
    this.why ??= why;
    this.ctl.abort();
  }

  arm(ms: number): void {
    this.disarm();
    if (ms > 0) this.timer = setTimeout(() => this.abort('timeout'), ms);
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** stops the timers and the upstream request (a no-op once the body was read to its end) */
  close(): void {
    this.disarm();
    this.signal?.removeEventListener('abort', this.onAbort);
    if (!this.ctl.signal.aborted) this.ctl.abort();
  }

  /** what went wrong, given the error fetch or a body read threw */
  failure(e: unknown, phase: 'connect' | 'read', url: string): LlmError {
    if (e instanceof LlmError) return e;
    if (this.why === 'timeout') return new LlmError('timeout', TIMEOUT_MESSAGE);
    if (this.why === 'aborted' || this.signal?.aborted) return new LlmError('aborted', ABORTED_MESSAGE);
    if (e instanceof OutboundError) {
      // refused by the address filter (or not http): a setting to change, not a failure to retry
      if (e.reason === 'blocked_address' || e.reason === 'scheme' || e.reason === 'credentials') return new LlmError('config', e.message);
      if (e.reason === 'too_large') return new LlmError('bad_response', '大模型接口返回的内容过大');
      if (phase === 'connect') return again(new LlmError('upstream', `无法连接大模型接口 ${host(url)}：${e.detail || '网络错误'}`));
    }
    if (phase === 'read') return again(new LlmError('upstream', DROPPED_MESSAGE));
    return again(new LlmError('upstream', `无法连接大模型接口 ${host(url)}：网络错误`));
  }

  /** POSTs, waiting at most `headersMs` for the response headers; non-2xx answers become LlmErrors */
  async post(url: string, headers: Record<string, string>, body: unknown, headersMs: number, idleMs: number): Promise<Response> {
    if (this.why === 'aborted') throw new LlmError('aborted', ABORTED_MESSAGE);
    this.arm(headersMs);
    let res: Response;
    try {
      // redirects are not followed: a 3xx is an error like any other non-2xx answer
      res = await this.outbound.fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: this.ctl.signal });
    } catch (e) {
      throw this.failure(e, 'connect', url);
    } finally {
      this.disarm();
    }
    if (res.status >= 200 && res.status < 300) return res;
    let text = '';
    try {
      text = await this.text(res, idleMs, url);
    } catch (e) {
      if (e instanceof LlmError && (e.code === 'aborted' || e.code === 'timeout')) throw e;
    }
    throw httpError(res.status, text, this.apiKey);
  }

  /** the body's chunks, each read within `idleMs` */
  async *chunks(res: Response, idleMs: number, url: string): AsyncGenerator<Uint8Array> {
    if (!res.body) return;
    const reader = res.body.getReader();
    let finished = false;
    try {
      for (;;) {
        this.arm(idleMs);
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await reader.read();
        } catch (e) {
          finished = true;
          throw this.failure(e, 'read', url);
        } finally {
          this.disarm();
        }
        if (r.done) {
          finished = true;
          return;
        }
        if (r.value?.byteLength) yield r.value;
      }
    } finally {
      if (!finished) reader.cancel().catch(() => {});
      else reader.releaseLock();
    }
  }

  async text(res: Response, idleMs: number, url: string): Promise<string> {
    const d = new TextDecoder('utf-8');
    let s = '';
    for await (const c of this.chunks(res, idleMs, url)) s += d.decode(c, { stream: true });
    return s + d.decode();
  }
}

/** A non-2xx answer: its status in the message; its body (key removed) only in `detail`, for the server log. */
function httpError(status: number, body: string, apiKey: string): LlmError {
  const detail = vendorMessage(body, apiKey);
  if (status === 401 || status === 403) return new LlmError('unauthorized', '大模型接口鉴权失败，请检查 API Key', status, detail);
  if (status === 429) return again(new LlmError('rate_limited', `大模型接口请求过于频繁或额度不足（HTTP 429）`, status, detail));
  const e = new LlmError('upstream', `大模型接口返回错误（HTTP ${status}）`, status, detail);
  return status >= 500 ? again(e) : e;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('aborted', ABORTED_MESSAGE));
    const onAbort = () => {
      clearTimeout(t);
      reject(new LlmError('aborted', ABORTED_MESSAGE));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LlmError('bad_response', `大模型接口返回了无法解析的${what}`);
  }
}

/** an error reported inside a 200 answer or a stream chunk (`{error:{message}}` or Ollama's `{error:"…"}`) */
function inlineError(j: unknown, apiKey: string): LlmError | undefined {
  if (!jsonObject(j).error) return undefined;
  return new LlmError('upstream', '大模型返回了错误', undefined, vendorMessage(JSON.stringify(j), apiKey));
}

/** message content as text: a string, or OpenAI content parts `[{type:'text', text}]` */
function contentText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (Array.isArray(c))
    return (c as unknown[])
      .map((p) => {
        const text = typeof p === 'string' ? p : jsonObject(p).text;
        return typeof text === 'string' ? text : '';
      })
      .join('');
  return '';
}

const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.round(v)) : 0);

function chatBody(ep: LlmEndpoint, req: LlmChatRequest, native: 'openai' | 'ollama', stream: boolean): Record<string, unknown> {
  const model = chatModel(ep);
  const messages = req.messages.map((m) => ({ role: m.role, content: m.content }));
  if (native === 'ollama') {
    const options: Record<string, number> = {};
    if (req.temperature !== undefined) options.temperature = req.temperature;
    if (req.maxTokens !== undefined) options.num_predict = req.maxTokens;
    return { model, messages, stream, ...(Object.keys(options).length ? { options } : {}) };
  }
  return {
    model,
    messages,
    stream,
    ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
    ...(stream ? { stream_options: { include_usage: true } } : {}),
  };
}

/** a whole (non-streamed) answer in either protocol */
function completion(answer: unknown, native: 'openai' | 'ollama', apiKey: string): { content: string; promptTokens: number; completionTokens: number } {
  const err = inlineError(answer, apiKey);
  if (err) throw err;
  const j = jsonObject(answer);
  if (native === 'ollama') {
    if (!j.message) throw new LlmError('bad_response', '大模型接口返回的内容缺少 message');
    return { content: contentText(jsonObject(j.message).content), promptTokens: int(j.prompt_eval_count), completionTokens: int(j.eval_count) };
  }
  const first = firstOf(j.choices);
  if (!first) throw new LlmError('bad_response', '大模型接口返回的内容缺少 choices');
  const choice = jsonObject(first);
  const usage = jsonObject(j.usage);
  return {
    content: contentText(jsonObject(choice.message).content ?? choice.text),
    promptTokens: int(usage.prompt_tokens),
    completionTokens: int(usage.completion_tokens),
  };
}

/** One streamed attempt. Throws LlmErrors; those in `retryable` may be retried if no delta was yielded yet. */
async function* streamOnce(ep: LlmEndpoint, req: LlmChatRequest, l: Limits): AsyncGenerator<LlmEvent> {
  const { url, headers, native } = chatRequestTarget(ep, true);
  const body = chatBody(ep, req, native, true);
  const x = new Exchange(req.signal, ep.apiKey.trim(), ep.outbound);
  try {
    const res = await x.post(url, headers, body, l.connectMs, l.idleMs);
    const type = res.headers.get('content-type') ?? '';
    let whole: string | undefined;
    if (/json/i.test(type) && !/ndjson|jsonl/i.test(type)) {
      // the vendor ignored stream:true and answered the whole completion at once (or mislabelled its stream)
      whole = await x.text(res, l.idleMs, url);
      let j: unknown;
      try {
        j = JSON.parse(whole);
      } catch {}
      if (j !== undefined) {
        const c = completion(j, native, ep.apiKey);
        if (c.content) yield { type: 'delta', content: c.content };
        if (c.promptTokens || c.completionTokens) yield { type: 'usage', promptTokens: c.promptTokens, completionTokens: c.completionTokens };
        return;
      }
    }
    const lines = new LineDecoder();
    let deltas = 0;
    let done = false;
    let usage: { promptTokens: number; completionTokens: number } | undefined;

    /** handles one line; true when the answer is complete */
    const line = function* (text: string): Generator<LlmEvent, boolean> {
      let payload: string;
      if (native === 'ollama') {
        if (!text.trim()) return false;
        payload = text;
      } else {
        const data = sseData(text);
        if (data === SSE_DONE) return true;
        if (data === undefined) return false;
        payload = data;
      }
      const answer = parseJson(payload, '数据');
      const err = inlineError(answer, ep.apiKey);
      if (err) throw err;
      const j = jsonObject(answer);
      if (native === 'ollama') {
        const content = contentText(jsonObject(j.message).content);
        if (content) {
          deltas++;
          yield { type: 'delta', content };
        }
        if (j.done === true) {
          usage = { promptTokens: int(j.prompt_eval_count), completionTokens: int(j.eval_count) };
          return true;
        }
        return false;
      }
      const content = contentText(jsonObject(jsonObject(firstOf(j.choices)).delta).content);
      if (content) {
        deltas++;
        yield { type: 'delta', content };
      }
      if (j.usage && typeof j.usage === 'object') {
        const u = jsonObject(j.usage);
        usage = { promptTokens: int(u.prompt_tokens), completionTokens: int(u.completion_tokens) };
      }
      return false;
    };

    const source = whole === undefined ? x.chunks(res, l.idleMs, url) : [new TextEncoder().encode(whole)];
    read: for await (const chunk of source) {
      for (const text of lines.push(chunk)) {
        if (yield* line(text)) {
          done = true;
          break read;
        }
      }
    }
    if (!done) for (const text of lines.end()) if (yield* line(text)) done = true;
    // a stream that ends without [DONE] after deltas is a complete answer; one that carried nothing is not
    if (!done && deltas === 0 && !usage) throw new LlmError('bad_response', '大模型接口没有返回任何内容，请检查接口地址和模型名称');
    if (usage) yield { type: 'usage', ...usage };
  } finally {
    x.close();
  }
}

/** streams the answer; throws LlmError; aborting `signal` aborts the upstream request and throws LlmError('aborted') */
export async function* chatStream(ep: LlmEndpoint, req: LlmChatRequest, opts?: LlmOptions): AsyncGenerator<LlmEvent> {
  const l = limits(opts);
  for (let attempt = 0; ; attempt++) {
    let started = false;
    try {
      for await (const ev of streamOnce(ep, req, l)) {
        if (ev.type === 'delta') started = true;
        yield ev;
        // the consumer may abort while holding an event: stop even if the rest of the answer is already buffered
        if (req.signal?.aborted) throw new LlmError('aborted', ABORTED_MESSAGE);
      }
      return;
    } catch (e) {
      const err = e instanceof LlmError ? e : new LlmError('upstream', DROPPED_MESSAGE);
      if (req.signal?.aborted && err.code !== 'aborted') throw new LlmError('aborted', ABORTED_MESSAGE);
      if (started || attempt >= l.retries || !retryable.has(err)) throw err;
    }
    await sleep(LLM_BACKOFF_MS * 2 ** attempt, req.signal);
  }
}

/** retries `once` on network errors, 429 and 5xx */
async function withRetries<T>(l: Limits, signal: AbortSignal | undefined, once: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await once();
    } catch (e) {
      const err = e instanceof LlmError ? e : new LlmError('upstream', String((e as Error)?.message ?? e));
      if (attempt >= l.retries || !retryable.has(err)) throw err;
    }
    await sleep(LLM_BACKOFF_MS * 2 ** attempt, signal);
  }
}

/**
 * A non-streaming exchange. The vendor sends its headers only once the whole answer is generated, so the wait for
 * them is the longer of the connect and idle time-outs.
 */
async function postJson(ep: LlmEndpoint, url: string, headers: Record<string, string>, body: unknown, l: Limits, signal?: AbortSignal): Promise<unknown> {
  const x = new Exchange(signal, ep.apiKey.trim(), ep.outbound);
  try {
    const res = await x.post(url, headers, body, Math.max(l.connectMs, l.idleMs), l.idleMs);
    return parseJson(await x.text(res, l.idleMs, url), '内容');
  } finally {
    x.close();
  }
}

/** whole answer (non-streaming request, stream:false) */
export async function chatComplete(
  ep: LlmEndpoint,
  req: LlmChatRequest,
  opts?: LlmOptions,
): Promise<{ content: string; promptTokens: number; completionTokens: number }> {
  const l = limits(opts);
  const { url, headers, native } = chatRequestTarget(ep, false);
  const body = chatBody(ep, req, native, false);
  return withRetries(l, req.signal, async () => completion(await postJson(ep, url, headers, body, l, req.signal), native, ep.apiKey));
}

const isVector = (v: unknown): v is number[] => Array.isArray(v) && (v as unknown[]).every((n) => typeof n === 'number');

/** embeddings: OpenAI-compatible POST {base}/embeddings, Ollama native POST {base}/api/embed */
export async function embed(ep: LlmEndpoint, input: string[], opts?: LlmOptions & { signal?: AbortSignal }): Promise<number[][]> {
  const l = limits(opts);
  const { base, native } = resolveBase(ep);
  const model = embeddingModel(ep);
  if (input.length === 0) return [];
  const headers = requestHeaders(ep, 'application/json');
  const url = native === 'ollama' ? `${base}/api/embed` : `${base}/embeddings`;
  return withRetries(l, opts?.signal, async () => {
    const answer = await postJson(ep, url, headers, { model, input }, l, opts?.signal);
    const err = inlineError(answer, ep.apiKey);
    if (err) throw err;
    const j = jsonObject(answer);
    let vectors: unknown[];
    if (native === 'ollama') vectors = Array.isArray(j.embeddings) ? (j.embeddings as unknown[]) : [];
    else {
      const data = Array.isArray(j.data) ? (j.data as unknown[]).map(jsonObject) : [];
      data.sort((a, b) => int(a.index) - int(b.index));
      vectors = data.map((d) => d.embedding);
    }
    if (vectors.length !== input.length || !vectors.every(isVector)) {
      throw new LlmError('bad_response', `向量接口返回了 ${vectors.length} 个向量，应为 ${input.length} 个`);
    }
    return vectors;
  });
}
