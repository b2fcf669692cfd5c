import { API_PREFIX, apiRoutes } from '@wenku/contracts/paths';
import { createApiClient, ApiError, apiErrorOfBody } from '@wenku/contracts/client';
import { readStoredToken } from './storage';

/**
 * The one API client of the site. Same origin by default (the API serves the built site);
 * VITE_API_BASE points it elsewhere when the site is deployed on its own domain.
 */
const API_BASE = ((import.meta.env.VITE_API_BASE as string | undefined) ?? '').replace(/\/$/, '');

export const apiClient = createApiClient({
  baseUrl: API_BASE,
  getToken: () => readStoredToken() || null,
});

/**
 * The routes by name (`api.getSettings`), as the schema-free table: the site only needs each route's method and path,
 * and the contract's `api` would bring zod and every schema into the first chunk.
 */
export const api = apiRoutes;
export { ApiError } from '@wenku/contracts/client';

/** A server path (page image, cover, download link) as a URL the browser can load, also when the API has its own origin. */
export function apiUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${API_BASE}${path}` : path;
}

/** The message to show for a failed call: the server's message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !/^\d{3}\b/.test(error.message) && !error.message.startsWith('网络错误')) {
    return error.message;
  }
  return fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers */
  percent: number;
}

/** The ApiError of a failed upload answer: the server's `{message}`, else a readable message per status. */
function uploadError(status: number, text: string): ApiError {
  const answered = apiErrorOfBody(status, text);
  if (answered) return answered;
  if (status === 413) return new ApiError(413, '文件过大，超出服务器允许的上传大小');
  if (status === 415) return new ApiError(415, '不支持的文件类型');
  if (status === 401) return new ApiError(401, '登录已过期，请重新登录');
  return new ApiError(status || 500, `上传失败（${status || '网络错误'}）`);
}

/**
 * Multipart POST to an API path with upload progress (fetch cannot report it, so this uses XMLHttpRequest).
 * Sends the bearer token like the typed client; rejects with ApiError, or an AbortError when `signal` aborts.
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  form: FormData,
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException('上传已取消', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${API_PREFIX}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort);
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable || !opts.onProgress) return;
      opts.onProgress({ loaded: e.loaded, total: e.total, percent: e.total ? Math.min(100, Math.floor((e.loaded / e.total) * 100)) : 0 });
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(500, '服务器返回了无法解析的数据'));
        }
      } else {
        reject(uploadError(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(500, '网络错误：上传中断，请检查网络后重试'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('上传已取消', 'AbortError'));
    };
    xhr.send(form);
  });
}
