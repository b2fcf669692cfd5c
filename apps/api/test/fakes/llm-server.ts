import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './util';

/**
 * A local stand-in for an LLM vendor: the OpenAI-compatible API (`/v1/chat/completions` with SSE, `/v1/embeddings`)
 * and Ollama's native one (`/api/chat` with NDJSON, `/api/embed`). Written from the vendors' documents, separately
 * from the client under test. By default it answers "你好！你问的是：<last user message>" in deltas of three
 * characters with `: ping` keep-alives and a usage chunk; `script()` changes how the next request is answered.
 */
export interface FakeScript {
  /** ms between deltas */
  tokenDelayMs?: number;
  /** ms before the first delta (headers are sent at once) */
  firstTokenDelayMs?: number;
  /** ms before the response headers */
  headersDelayMs?: number;
  /** destroy the connection after this many deltas */
  dropAfter?: number;
  /** answer this status with `body` instead (JSON when an object) */
  status?: number;
  body?: string | Record<string, unknown>;
  /** Content-Type of the `status` answer (default: JSON for objects and JSON-looking text) */
  contentType?: string;
  /** never answer */
  hang?: boolean;
  /** the answer text (default the echo) */
  answer?: string;
  /** characters per delta (default 3) */
  chunkChars?: number;
  /** end lines with \r\n */
  crlf?: boolean;
  /** end the stream without `data: [DONE]` */
  noDone?: boolean;
  /** answer a streaming request with the whole JSON completion (a vendor that ignores stream:true) */
  ignoreStream?: boolean;
  /** after this many deltas, send an error object in the stream (`data: {"error":…}` / `{"error":"…"}`) and end */
  streamErrorAfter?: number;
}

export interface FakeLlmRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface FakeLlm {
  /** OpenAI-compatible base, ending in /v1 */
  url: string;
  /** Ollama native base (no /v1) */
  ollamaUrl: string;
  requests: FakeLlmRequest[];
  /** how the next request (chat or embeddings) is answered; several calls queue up, one per request */
  script(next: FakeScript): void;
  /** how many connections the client closed before the answer ended */
  readonly aborted: number;
  /** the embeddings endpoints' counters since the start or the last resetEmbeddingStats() */
  readonly embeddingStats: FakeEmbeddingStats;
  resetEmbeddingStats(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Dimensions of the fake embedding model's vectors. */
export const FAKE_EMBEDDING_DIM = 256;

// Characters so common in Chinese that, as unigrams, they say little about what a text is about.
const CJK_FUNCTION_CHARS = new Set(Array.from('的了是在和与或及等之其这那个也就都而以为于把被对中上下将会可能要'));
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
const TOKEN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+(?:[._+-][a-z0-9]+)*/g;

/** FNV-1a (32 bits) of a string's UTF-16 code units, from `seed`. */
function fnv1a(s: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // a final avalanche (murmur3's fmix32): FNV's low bits alone spread short keys poorly
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The hash seed of a model: a model whose name contains "v2" is another model, with other vectors. */
export function fakeEmbeddingSeed(model = ''): number {
  return /v2/i.test(model) ? 0x9e3779b9 : 0x811c9dc5;
}

/**
 * The features of a text, with weights: CJK character unigrams (function characters weak) and bigrams within each
 * run of CJK; lower-cased Latin/number words and, for words of 4+ characters, their padded character 3-grams
 * (so `build`, `builds` and `debuild` share something). NFKC first: full-width letters and digits become ASCII.
 */
export function fakeEmbeddingFeatures(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (f: string, w: number) => out.set(f, (out.get(f) ?? 0) + w);
  for (const tok of String(text).normalize('NFKC').toLowerCase().match(TOKEN) ?? []) {
    if (CJK.test(tok[0])) {
      const chars = Array.from(tok);
      for (let i = 0; i < chars.length; i++) {
        add(`u:${chars[i]}`, CJK_FUNCTION_CHARS.has(chars[i]) ? 0.15 : 0.6);
        if (i + 1 < chars.length) add(`b:${chars[i]}${chars[i + 1]}`, 1);
      }
    } else {
      add(`w:${tok}`, 1);
      if (tok.length >= 4) {
        const padded = `^${tok}$`;
        for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.35);
      }
    }
  }
  return out;
}

/**
 * A deterministic "semantic-ish" embedding of a text: its n-gram features (fakeEmbeddingFeatures) hashed into
 * FAKE_EMBEDDING_DIM dimensions with signed hashing (the hash's low bits pick the dimension, its top bit the sign), a
 * repeated feature's summed weight w damped to 1 + ln w, then L2-normalised. Texts that share words or characters are near; the model name
 * picks the hash seed (fakeEmbeddingSeed), so changing the model really changes the vectors. A text with no
 * features (empty, punctuation only) gets a fixed unit vector of its own, never zeros.
 */
export function fakeVector(text: string, model = ''): number[] {
  const seed = fakeEmbeddingSeed(model);
  const v = new Float64Array(FAKE_EMBEDDING_DIM);
  for (const [f, w] of fakeEmbeddingFeatures(text)) {
    const h = fnv1a(f, seed);
    const weight = w > 1 ? 1 + Math.log(w) : w;
    v[h % FAKE_EMBEDDING_DIM] += (h & 0x80000000 ? -1 : 1) * weight;
  }
  let sq = 0;
  for (let i = 0; i < v.length; i++) sq += v[i] * v[i];
  let n = Math.sqrt(sq);
  if (n === 0) {
    v[fnv1a('\u0000empty', seed) % FAKE_EMBEDDING_DIM] = 1;
    n = 1;
  }
  // six decimals: what a vendor's JSON carries, and a short answer
  const out = new Array<number>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = Math.round((v[i] / n) * 1e6) / 1e6;
  return out;
}

/** Cosine similarity of two vectors (1 = same direction). */
export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** What the fake's embeddings endpoints did: for a benchmark's ceiling (the fake's own cost per vector). */
export interface FakeEmbeddingStats {
  /** embeddings requests answered with vectors (OpenAI-compatible and Ollama) */
  requests: number;
  /** texts embedded */
  inputs: number;
  /** ms spent computing the vectors (fakeVector), not parsing or sending */
  vectorMs: number;
  /** ms from the parsed request to the answer written (vectors + JSON) */
  handlerMs: number;
}

export function fakeAnswer(messages: { role: string; content: string }[]): string {
  const last = [...(messages ?? [])].reverse().find((m) => m?.role === 'user');
  return `你好！你问的是：${last?.content ?? ''}`;
}

/** `defaults`: how requests are answered when nothing is scripted (e.g. slow tokens for a journey). */
export async function startFakeLlm(o: { apiKey: string; defaults?: FakeScript }): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const queue: FakeScript[] = [];
  let aborted = 0;
  let stats: FakeEmbeddingStats = { requests: 0, inputs: 0, vectorMs: 0, handlerMs: 0 };
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: any = raw;
    try {
      body = JSON.parse(raw);
    } catch {}
    const path = (req.url ?? '/').split('?')[0];
    requests.push({ path, headers: req.headers, body });
    const s: FakeScript = queue.shift() ?? o.defaults ?? {};
    let destroyedByUs = false;
    res.on('close', () => {
      if (!res.writableEnded && !destroyedByUs) aborted++;
    });
    const json = (status: number, payload: unknown) => {
      const type = typeof payload !== 'string' || /^\s*[[{"]/.test(payload) ? 'application/json' : payload.startsWith('<') ? 'text/html' : 'text/plain';
      res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    const openai = path.startsWith('/v1/');
    const known = ['/v1/chat/completions', '/v1/embeddings', '/api/chat', '/api/embed'];
    if (req.method !== 'POST' || !known.includes(path)) {
      return openai
        ? json(404, { error: { message: `Unknown request URL: ${req.method} ${path}`, type: 'invalid_request_error', code: 'unknown_url' } })
        : json(404, '404 page not found');
    }
    // Ollama's native API has no keys
    if (openai && o.apiKey && req.headers.authorization !== `Bearer ${o.apiKey}`) {
      return json(401, {
        error: {
          message: 'Incorrect API key provided. You can find your API key in your account settings.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    }
    if (s.hang) return; // keeps the connection open until the client gives up
    if (s.headersDelayMs) await sleep(s.headersDelayMs);
    if (s.status && s.contentType) {
      res.writeHead(s.status, { 'Content-Type': s.contentType });
      return void res.end(typeof s.body === 'string' ? s.body : JSON.stringify(s.body ?? ''));
    }
    if (s.status) return json(s.status, s.body ?? '');
    if (typeof body !== 'object' || !body || typeof body.model !== 'string' || !body.model) {
      return openai
        ? json(400, { error: { message: 'model is required', type: 'invalid_request_error', code: null } })
        : json(400, { error: 'model is required' });
    }

    if (path === '/v1/embeddings' || path === '/api/embed') {
      const t0 = performance.now();
      const input: string[] = (Array.isArray(body.input) ? body.input : [body.input]).map((t: unknown) => String(t));
      const vectors = input.map((t) => fakeVector(t, body.model));
      const t1 = performance.now();
      if (path === '/api/embed') json(200, { model: body.model, embeddings: vectors, total_duration: 1000, prompt_eval_count: input.length });
      else {
        // reversed on purpose: clients must order by `index`
        const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })).reverse();
        const tokens = input.join('').length;
        json(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
      }
      stats.requests++;
      stats.inputs += input.length;
      stats.vectorMs += t1 - t0;
      stats.handlerMs += performance.now() - t0;
      return;
    }

    const messages: { role: string; content: string }[] = Array.isArray(body.messages) ? body.messages : [];
    const answer = s.answer ?? fakeAnswer(messages);
    const pieces: string[] = [];
    const chars = Array.from(answer);
    for (let i = 0; i < chars.length; i += s.chunkChars ?? 3) pieces.push(chars.slice(i, i + (s.chunkChars ?? 3)).join(''));
    const promptTokens = messages.reduce((n, m) => n + Array.from(String(m.content ?? '')).length, 0);
    const completionTokens = pieces.length;
    const id = `chatcmpl-${crypto.randomBytes(6).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const nativeOllama = path === '/api/chat';
    const stream = nativeOllama ? body.stream !== false : body.stream === true;

    if (!stream || s.ignoreStream) {
      if (nativeOllama) {
        return json(200, {
          model: body.model,
          created_at: new Date().toISOString(),
          message: { role: 'assistant', content: answer },
          done_reason: 'stop',
          done: true,
          prompt_eval_count: promptTokens,
          eval_count: completionTokens,
        });
      }
      return json(200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      });
    }

    const eol = s.crlf ? '\r\n' : '\n';
    res.writeHead(
      200,
      nativeOllama ? { 'Content-Type': 'application/x-ndjson' } : { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' },
    );
    const write = (text: string) => !res.destroyed && res.write(text);
    const sse = (payload: unknown) => write(`data: ${JSON.stringify(payload)}${eol}${eol}`);
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      // with include_usage OpenAI puts `usage: null` on every chunk but the last
      ...(body.stream_options?.include_usage ? { usage: null } : {}),
    });
    /** a connection reset: what was written reaches the client first, then the socket dies mid-body */
    const drop = async () => {
      await new Promise<void>((r) => res.write('', () => r()));
      await sleep(30);
      destroyedByUs = true;
      res.socket?.destroy();
    };
    if (!nativeOllama) {
      write(`: ping${eol}${eol}`);
      sse(chunk({ role: 'assistant', content: '' }, null));
    }
    if (s.firstTokenDelayMs) await sleep(s.firstTokenDelayMs);
    for (let i = 0; i < pieces.length; i++) {
      if (res.destroyed) return;
      if (s.dropAfter !== undefined && i >= s.dropAfter) return drop();
      if (s.streamErrorAfter !== undefined && i >= s.streamErrorAfter) {
        if (nativeOllama) write(`${JSON.stringify({ error: '模型推理出错' })}\n`);
        else sse({ error: { message: '模型推理出错', type: 'server_error', code: 'inference_error' } });
        return void res.end();
      }
      if (i > 0 && s.tokenDelayMs) await sleep(s.tokenDelayMs);
      if (res.destroyed) return;
      if (nativeOllama)
        write(
          `${JSON.stringify({ model: body.model, created_at: new Date().toISOString(), message: { role: 'assistant', content: pieces[i] }, done: false })}\n`,
        );
      else {
        sse(chunk({ content: pieces[i] }, null));
        if (i % 2 === 1) write(`: ping${eol}${eol}`);
      }
    }
    if (s.dropAfter !== undefined && pieces.length <= s.dropAfter) return drop();
    if (nativeOllama) {
      write(
        `${JSON.stringify({ model: body.model, created_at: new Date().toISOString(), message: { role: 'assistant', content: '' }, done_reason: 'stop', done: true, prompt_eval_count: promptTokens, eval_count: completionTokens })}\n`,
      );
    } else {
      sse(chunk({}, 'stop'));
      if (body.stream_options?.include_usage) {
        sse({
          id,
          object: 'chat.completion.chunk',
          created,
          model: body.model,
          choices: [],
          usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
        });
      }
      if (!s.noDone) write(`data: [DONE]${eol}${eol}`);
    }
    res.end();
  });
  server.on('connection', (sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/v1`,
    ollamaUrl: origin,
    requests,
    script: (next) => void queue.push(next),
    get aborted() {
      return aborted;
    },
    get embeddingStats() {
      return { ...stats };
    },
    resetEmbeddingStats: () => void (stats = { requests: 0, inputs: 0, vectorMs: 0, handlerMs: 0 }),
    close: async () => {
      for (const sock of sockets) sock.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
