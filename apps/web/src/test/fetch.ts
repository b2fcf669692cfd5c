import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export const jsonResponse = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/**
 * Replaces `fetch` with a fake API: `route` answers what the test is about (return undefined to fall through);
 * the session's own look-ups (permissions, groups) answer empty, and anything else gets the API's 404 answer.
 * Returns the mock, whose calls the test can inspect.
 */
export function stubApi(route: (u: URL, init?: RequestInit) => Promise<Response> | undefined) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const answer = route(u, init);
    if (answer) return answer;
    if (u.pathname === '/api/v1/user/permission') return jsonResponse({ permission: [] });
    if (u.pathname === '/api/v1/user/group') return jsonResponse({ group: [] });
    return jsonResponse({ code: 'not_found', message: '接口不存在' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
