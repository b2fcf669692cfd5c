/**
 * Wire parsing for streamed answers: bytes → lines (UTF-8 in stream mode, `\n`, `\r\n` or `\r`, chunks split
 * anywhere, even inside a multibyte character or between `\r` and `\n`), SSE lines → data payloads, and the
 * vendors' error bodies → one readable message.
 */
export class LineDecoder {
  private readonly decoder = new TextDecoder('utf-8');
  private buf = '';

  /** the complete lines in this chunk (without their line ends) */
  push(chunk: Uint8Array): string[] {
    return this.split(this.decoder.decode(chunk, { stream: true }), false);
  }

  /** the last line when the stream ends without a line end */
  end(): string[] {
    return this.split(this.decoder.decode(), true);
  }

  private split(text: string, final: boolean): string[] {
    this.buf += text;
    const lines: string[] = [];
    let start = 0;
    for (let i = 0; i < this.buf.length; i++) {
      const c = this.buf.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // a `\r` at the very end may be the first half of `\r\n`: wait for the next chunk
      if (c === 13 && i === this.buf.length - 1 && !final) break;
      lines.push(this.buf.slice(start, i));
      if (c === 13 && this.buf.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.buf = this.buf.slice(start);
    if (final && this.buf) {
      lines.push(this.buf);
      this.buf = '';
    }
    return lines;
  }
}

export const SSE_DONE = Symbol('sse-done');

/**
 * One SSE line → its `data:` payload, SSE_DONE for `data: [DONE]`, or undefined for everything else (blank lines,
 * `:` keep-alive comments, `event:`, `id:`, `retry:`). Vendors put one JSON document on one data line, so each data
 * line is handled as it comes instead of waiting for the blank line that ends the event.
 */
export function sseData(line: string): string | typeof SSE_DONE | undefined {
  if (!line.startsWith('data:')) return undefined;
  const data = line.slice(line.charCodeAt(5) === 32 ? 6 : 5);
  if (data.trim() === '[DONE]') return SSE_DONE;
  return data.trim() ? data : undefined;
}

/** Every line of a byte stream (used by tests and by non-fetch callers). */
export async function* readLines(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const d = new LineDecoder();
  for await (const chunk of stream as AsyncIterable<Uint8Array>) yield* d.push(chunk);
  yield* d.end();
}

/** The data payloads of an SSE byte stream up to `data: [DONE]`. */
export async function* sseDataPayloads(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  for await (const line of readLines(stream)) {
    const data = sseData(line);
    if (data === SSE_DONE) return;
    if (data !== undefined) yield data;
  }
}

/** A vendor's JSON value read as an object: its own fields when it is one, no fields otherwise. */
export type JsonObject = Record<string, unknown>;
export const jsonObject = (v: unknown): JsonObject => (v !== null && typeof v === 'object' ? (v as JsonObject) : {});

/** The first element of a JSON array, or undefined when `v` is none. */
export const firstOf = (v: unknown): unknown => (Array.isArray(v) ? (v as unknown[])[0] : undefined);

/** The message of a vendor's error body: OpenAI `{error:{message}}`, Ollama `{error:"…"}`, `{message}`, `{msg}`, or text; ≤ 300 chars. */
export function vendorMessage(body: string, secret = ''): string {
  let msg = '';
  try {
    const j: unknown = JSON.parse(body);
    const o = jsonObject(j);
    const e = o.error ?? o.Error;
    if (typeof e === 'string') msg = e;
    else if (e && typeof e === 'object') {
      const eo = jsonObject(e);
      msg = String(eo.message ?? eo.Message ?? eo.msg ?? eo.code ?? '');
    }
    if (!msg) msg = String(o.message ?? o.msg ?? o.error_msg ?? o.errMsg ?? o.detail ?? '');
    if (!msg && typeof j === 'string') msg = j;
  } catch {
    msg = body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  if (secret) msg = msg.split(secret).join('***');
  return msg.length > 300 ? `${msg.slice(0, 300)}…` : msg;
}
