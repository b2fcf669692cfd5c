import type { TChatStreamEvent } from '@wenku/contracts';
import type { TestUser } from './factories';

/** POSTs /chat/stream over real HTTP and reads the NDJSON lines as they come; `onEvent` may act mid-stream. */
export async function streamChat(
  base: string,
  u: TestUser,
  body: { topic_id: number; content: string },
  onEvent?: (e: TChatStreamEvent, ctrl: AbortController) => void | Promise<void>,
) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/v1/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
    body: JSON.stringify(body),
    signal: ctrl.signal,
  });
  const events: TChatStreamEvent[] = [];
  if (!res.ok)
    return { status: res.status, contentType: res.headers.get('content-type'), events, error: (await res.json()) as { code: string; message: string } };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (!line.trim()) continue;
        const e = JSON.parse(line) as TChatStreamEvent;
        events.push(e);
        await onEvent?.(e, ctrl);
      }
    }
  } catch (e) {
    if (!ctrl.signal.aborted) throw e;
  }
  return { status: res.status, contentType: res.headers.get('content-type'), events, error: undefined };
}
