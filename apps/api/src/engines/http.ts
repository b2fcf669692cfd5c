/** Outbound HTTP for vendor adapters (SMS, OAuth, WeChat): Node's fetch with a time-out and readable failures. */

export const VENDOR_TIMEOUT_MS = 10_000;

/** A vendor answered with an error, or could not be reached. `message` is safe to store in a log row. */
export class VendorError extends Error {
  constructor(
    message: string,
    readonly raw = '',
    /** true when the vendor was unreachable (network, time-out), false when it answered with an error */
    readonly network = false,
  ) {
    super(message);
  }
}

export interface VendorResponse {
  status: number;
  text: string;
  headers: Headers;
}

export async function vendorFetch(url: string, init: RequestInit = {}): Promise<VendorResponse> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(VENDOR_TIMEOUT_MS), redirect: 'manual' });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    const reason = err.name === 'TimeoutError' ? '请求超时' : (err.cause?.code ?? err.message);
    throw new VendorError(`无法连接 ${safeHost(url)}：${reason}`, '', true);
  }
  const text = await res.text().catch(() => '');
  return { status: res.status, text, headers: res.headers };
}

/** Parses a JSON answer; a vendor that answers something else is an error carrying the raw text. */
export function parseJson<T = Record<string, unknown>>(res: VendorResponse): T {
  try {
    return JSON.parse(res.text) as T;
  } catch {
    throw new VendorError(`接口返回了无法解析的内容（HTTP ${res.status}）`, res.text.slice(0, 2000));
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '接口';
  }
}

/** Replaces the origin of a vendor URL (tests point vendors at local fakes). */
export function rebase(url: string, base?: string): string {
  if (!base) return url;
  const u = new URL(url);
  const b = new URL(base);
  return `${b.origin}${b.pathname.replace(/\/$/, '')}${u.pathname}${u.search}${u.hash}`;
}

/** RFC 3986 percent-encoding: only A-Z a-z 0-9 - _ . ~ stay as they are (what Alibaba Cloud and Baidu sign). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
