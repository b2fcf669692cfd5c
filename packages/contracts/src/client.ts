import type { RouteDef, RouteBody, RouteParams, RouteQuery, RouteResponse } from './common/route';
import { API_PREFIX, fillPath } from './common/route';
export { ErrorCode, type TErrorCode } from './common/error-code';

export const REQUEST_TIMEOUT_MS = 30000;

/** Every failed call rejects with this: the HTTP status (500 when there is none) and a readable message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiClientOptions {
  /** origin the API lives on; '' for same origin */
  baseUrl?: string;
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CallInput<R extends RouteDef> {
  /** values of the route's `:name` path parameters */
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  body?: RouteBody<R>;
  /** extra AbortSignal (e.g. react-query's) */
  signal?: AbortSignal;
}

/** Query string with repeated keys for arrays (`id=1&id=2`); undefined/null are dropped. */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item));
    else sp.append(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/**
 * The ApiError of a failed answer's body when it is the API's `{ code, message }`; undefined for any other body (a
 * proxy's HTML page, an empty answer). Shared by every client of the API (this one and the web's upload).
 */
export function apiErrorOfBody(status: number, text: string): ApiError | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown } | null;
    if (body && typeof body.message === 'string' && body.message) {
      return new ApiError(status || 500, body.message, typeof body.code === 'string' ? body.code : undefined);
    }
  } catch {
    /* not JSON: the caller says what failed */
  }
  return undefined;
}

async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return apiErrorOfBody(res.status, text) ?? new ApiError(res.status || 500, `${res.status} ${res.statusText} ${text}`.trim());
}

export function createApiClient(opts: ApiClientOptions = {}) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const base = (opts.baseUrl ?? '').replace(/\/$/, '');

  /**
   * One request with its guards: the time-out and the caller's signal stay attached until `release()` (after the body
   * was read), so a slow body or a caller who gives up still ends it. A signal that is already aborted sends nothing.
   */
  async function request(
    method: string,
    url: string,
    body: unknown,
    signal?: AbortSignal,
    rawBody?: RequestInit['body'],
  ): Promise<{ res: Response; release: () => void; stopTimer: () => void; ctrl: AbortController }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = opts.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined && rawBody === undefined) headers['Content-Type'] = 'application/json';
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(new ApiError(408, '请求超时，请稍后重试')), timeoutMs);
    const onAbort = () => ctrl.abort(signal?.reason);
    const release = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) {
      release();
      throw signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    }
    signal?.addEventListener('abort', onAbort);
    try {
      const res = await doFetch(`${base}${url}`, {
        method,
        headers,
        body: rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
        signal: ctrl.signal,
      });
      return { res, release, stopTimer: () => clearTimeout(timer), ctrl };
    } catch (e) {
      release();
      throw failure(e, ctrl, signal);
    }
  }

  /** What a failed fetch or body read becomes: the time-out's ApiError, the caller's abort as is, else a network error. */
  function failure(e: unknown, ctrl: AbortController, signal?: AbortSignal): unknown {
    if (ctrl.signal.aborted && ctrl.signal.reason instanceof ApiError) return ctrl.signal.reason;
    if (signal?.aborted) return e;
    return new ApiError(500, e instanceof Error ? `网络错误：${e.message}` : '网络错误');
  }

  /** Reads a body inside the request's guards. */
  async function read<T>(
    r: { res: Response; release: () => void; ctrl: AbortController },
    signal: AbortSignal | undefined,
    how: (res: Response) => Promise<T>,
  ): Promise<T> {
    try {
      return await how(r.res);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw failure(e, r.ctrl, signal);
    } finally {
      r.release();
    }
  }

  const urlOf = <R extends RouteDef>(route: R, input: CallInput<R>) =>
    `${fillPath(route, input.params as Record<string, unknown> | undefined)}${buildQuery(input.query as Record<string, unknown> | undefined)}`;
  const pathOf = (target: string | RouteDef) => (typeof target === 'string' ? `${API_PREFIX}${target}` : fillPath(target));

  async function call<R extends RouteDef>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
    const r = await request(route.method, urlOf(route, input), input.body, input.signal);
    return read(r, input.signal, async (res) => {
      if (!res.ok) throw await errorFromResponse(res);
      if (res.status === 204) return undefined as RouteResponse<R>;
      const text = await res.text();
      try {
        return JSON.parse(text) as RouteResponse<R>;
      } catch {
        throw new ApiError(500, '服务器返回了无法解析的数据');
      }
    });
  }

  /** A route that answers a file (e.g. POST /markdown2docx): the body as a Blob. */
  async function blob<R extends RouteDef>(route: R, input: CallInput<R> = {}): Promise<Blob> {
    const r = await request(route.method, urlOf(route, input), input.body, input.signal);
    return read(r, input.signal, async (res) => {
      if (!res.ok) throw await errorFromResponse(res);
      return res.blob();
    });
  }

  /** Multipart upload (FormData) to a multipart route (or an API path); progress is reported by the caller's XHR where needed. */
  async function upload<T = unknown>(target: string | RouteDef, form: FormData, signal?: AbortSignal): Promise<T> {
    const r = await request('POST', pathOf(target), undefined, signal, form);
    return read(r, signal, async (res) => {
      if (!res.ok) throw await errorFromResponse(res);
      return (await res.json()) as T;
    });
  }

  /**
   * Streaming POST that reads newline-delimited JSON events.
   * Errors: status code + server error when not OK; a missing body is reported as the spec says.
   */
  async function* stream<T = unknown>(target: string | RouteDef, body: unknown, signal?: AbortSignal): AsyncGenerator<T> {
    const r = await request('POST', pathOf(target), body, signal);
    const { res } = r;
    if (res.ok) r.stopTimer();
    try {
      if (!res.ok) {
        const err = await errorFromResponse(res);
        // a JSON error names its message once; a plain one already starts with the status
        throw new ApiError(res.status, err.code ? `${res.status} ${err.message}` : err.message);
      }
      if (!res.body) throw new ApiError(500, 'Please check the given URL and try again');
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      const lines = function* (final: boolean) {
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (line) yield JSON.parse(line) as T;
        }
        if (final && buf.trim()) {
          const rest = buf.trim();
          buf = '';
          yield JSON.parse(rest) as T;
        }
      };
      try {
        for (;;) {
          // answers stream as long as they need (a chat answer can run for minutes): the overall time-out stops at the
          // first byte; the caller's signal keeps working until the end
          const { value, done } = await reader.read().catch((e: unknown) => {
            throw failure(e, r.ctrl, signal);
          });
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          yield* lines(false);
        }
        buf += decoder.decode();
        yield* lines(true);
      } finally {
        reader.cancel().catch(() => undefined);
      }
    } finally {
      r.release();
    }
  }

  return { call, blob, upload, stream };
}
export type ApiClient = ReturnType<typeof createApiClient>;
