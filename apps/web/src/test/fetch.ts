import { vi } from 'vitest';
import { ErrorCode } from '@wenku/contracts/client';
import { ZSettings, type TSettings } from '@wenku/contracts/schemas';

/** A JSON answer as the API sends it. */
export const jsonResponse = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

type SettingsOverrides = { [K in keyof TSettings]?: TSettings[K] extends unknown[] ? TSettings[K] : Partial<TSettings[K]> };

/**
 * GET /settings as the API answers it: the given fields over the contract's defaults, parsed by the contract's
 * schema (a field the contract does not have, or a value it refuses, fails the test).
 */
export function testSettings(overrides: SettingsOverrides = {}): TSettings {
  const answer: Record<string, unknown> = { language: overrides.language ?? [] };
  for (const [key, schema] of Object.entries(ZSettings.shape)) {
    if (key !== 'language') answer[key] = (schema as typeof ZSettings.shape.system).strict().parse(overrides[key as keyof SettingsOverrides] ?? {});
  }
  return ZSettings.parse(answer);
}

/**
 * Replaces `fetch` with a fake API: `route` answers what the test is about (return undefined to fall through);
 * GET /settings answers `settings` (default: the contract's defaults), the session's own look-ups (permissions,
 * groups) answer empty, and anything else gets the API's 404 answer. Returns the mock, whose calls the test can inspect.
 */
export function stubApi(route: (u: URL, init?: RequestInit) => Promise<Response> | undefined, settings: TSettings = testSettings()) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const answer = route(u, init);
    if (answer) return answer;
    if (u.pathname === '/api/v1/settings') return jsonResponse(settings);
    if (u.pathname === '/api/v1/user/permission') return jsonResponse({ permission: [] });
    if (u.pathname === '/api/v1/user/group') return jsonResponse({ group: [] });
    return jsonResponse({ code: ErrorCode.NotFound, message: '接口不存在' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * An NDJSON answer (POST /chat/stream) the test writes line by line: `push` sends one event, `close` ends the body.
 * Aborting the request (the signal of `init`) breaks the body the way a browser does.
 */
export function ndjsonStream(init?: RequestInit) {
  const enc = new TextEncoder();
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      ctrl = c;
    },
  });
  init?.signal?.addEventListener('abort', () => {
    if (!open) return;
    open = false;
    ctrl.error(new DOMException('The operation was aborted.', 'AbortError'));
  });
  return {
    response: Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } })),
    push(event: unknown) {
      if (open) ctrl.enqueue(enc.encode(`${JSON.stringify(event)}\n`));
    },
    close() {
      if (!open) return;
      open = false;
      ctrl.close();
    },
  };
}

/** A whole NDJSON answer at once. */
export function ndjsonResponse(events: unknown[]) {
  const s = ndjsonStream();
  for (const e of events) s.push(e);
  s.close();
  return s.response;
}
