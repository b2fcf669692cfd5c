import type { RouteDef, RouteBody, RouteParams, RouteQuery, RouteResponse } from './common/route';
import { API_PREFIX, fillPath } from './common/route';

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

async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (body && typeof body.message === 'string' && body.message) {
      return new ApiError(res.status || 500, body.message, typeof body.code === 'string' ? body.code : undefined);
    }
  } catch {
    /* not JSON: fall through */
  }
  return new ApiError(res.status || 500, `${res.status} ${res.statusText} ${text}`.trim());
}

export function createApiClient(opts: ApiClientOptions = {}) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const base = (opts.baseUrl ?? '').replace(/\/$/, '');

  async function request(method: string, url: string, body: unknown, signal?: AbortSignal, rawBody?: RequestInit['body']): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = opts.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined && rawBody === undefined) headers['Content-Type'] = 'application/json';
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(new ApiError(408, '请求超时，请稍后重试')), timeoutMs);
    const onAbort = () => ctrl.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort);
    try {
      return await doFetch(`${base}${url}`, {
        method,
        headers,
        body: rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
        signal: ctrl.signal,
      });
    } catch (e) {
      if (ctrl.signal.aborted && ctrl.signal.reason instanceof ApiError) throw ctrl.signal.reason;
      if (signal?.aborted) throw e;
      throw new ApiError(500, e instanceof Error ? `网络错误：${e.message}` : '网络错误');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  const urlOf = <R extends RouteDef>(route: R, input: CallInput<R>) =>
    `${fillPath(route, input.params as Record<string, unknown> | undefined)}${buildQuery(input.query as Record<string, unknown> | undefined)}`;
  const pathOf = (target: string | RouteDef) => (typeof target === 'string' ? `${API_PREFIX}${target}` : fillPath(target));

  async function call<R extends RouteDef>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
    const url = urlOf(route, input);
    const res = await request(route.method, url, input.body, input.signal);
    if (!res.ok) throw await errorFromResponse(res);
    if (res.status === 204) return undefined as RouteResponse<R>;
    try {
      return (await res.json()) as RouteResponse<R>;
    } catch {
      throw new ApiError(500, '服务器返回了无法解析的数据');
    }
  }

  /** A route that answers a file (e.g. POST /markdown2docx): the body as a Blob. */
  async function blob<R extends RouteDef>(route: R, input: CallInput<R> = {}): Promise<Blob> {
    const url = urlOf(route, input);
    const res = await request(route.method, url, input.body, input.signal);
    if (!res.ok) throw await errorFromResponse(res);
    return res.blob();
  }

  /** Multipart upload (FormData) to a multipart route (or an API path); progress is reported by the caller's XHR where needed. */
  async function upload<T = unknown>(target: string | RouteDef, form: FormData, signal?: AbortSignal): Promise<T> {
    const res = await request('POST', pathOf(target), undefined, signal, form);
    if (!res.ok) throw await errorFromResponse(res);
    return (await res.json()) as T;
  }

  /**
   * Streaming POST that reads newline-delimited JSON events.
   * Errors: status code + server error when not OK; a missing body is reported as the spec says.
   */
  async function* stream<T = unknown>(target: string | RouteDef, body: unknown, signal?: AbortSignal): AsyncGenerator<T> {
    const res = await request('POST', pathOf(target), body, signal);
    if (!res.ok) {
      const err = await errorFromResponse(res);
      throw new ApiError(res.status, `${res.status} ${err.message}`);
    }
    if (!res.body) throw new ApiError(500, 'Please check the given URL and try again');
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line) yield JSON.parse(line) as T;
      }
    }
    const rest = buf.trim();
    if (rest) yield JSON.parse(rest) as T;
  }

  return { call, blob, upload, stream };
}
export type ApiClient = ReturnType<typeof createApiClient>;
