import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a stream may stay silent before a `{"type":"ping"}` line keeps proxies and clients from timing out. */
export const HEARTBEAT_MS = 10_000;

/**
 * Writes events as NDJSON straight to the socket: headers at once (no buffering by proxies or compression), one JSON
 * object per line, a heartbeat while the source is silent. The source is told the client left through `signal`
 * (the connection closed before the end), and must then finish on its own (saving what it has).
 */
export async function sendNdjson(req: FastifyRequest, reply: FastifyReply, source: (signal: AbortSignal) => AsyncIterable<unknown>): Promise<void> {
  const gone = new AbortController();
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'Content-Type': 'application/x-ndjson; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'keep-alive',
  });
  res.flushHeaders();
  const onClose = () => {
    if (!res.writableFinished) gone.abort(new Error('client gone'));
  };
  res.on('close', onClose);
  let last = Date.now();
  const write = (e: unknown) => {
    if (gone.signal.aborted || res.destroyed) return;
    res.write(`${JSON.stringify(e)}\n`);
    last = Date.now();
  };
  const beat = setInterval(
    () => {
      if (Date.now() - last >= HEARTBEAT_MS) write({ type: 'ping' });
    },
    Math.min(HEARTBEAT_MS, 1000),
  );
  beat.unref();
  try {
    for await (const e of source(gone.signal)) write(e);
  } catch (e) {
    req.log.error({ err: e }, 'stream failed');
    write({ type: 'error', code: 'internal', message: '服务器内部错误，请稍后再试' });
  } finally {
    clearInterval(beat);
    res.off('close', onClose);
    if (!res.destroyed) res.end();
  }
}
