/**
 * Outbound HTTP for vendor adapters (SMS, OAuth, WeChat, payment gateways): the guarded outbound client
 * (`outbound.ts`: address filter, allow list, no redirects followed) with a time-out, a size cap and readable
 * failures that never carry the body of what answered.
 */
import { Outbound, OutboundError, type OutboundRequest } from './outbound';

export const VENDOR_TIMEOUT_MS = 10_000;
/** a vendor's answer is a small JSON document */
export const VENDOR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What an adapter that was not handed the server's client uses: no allow list, so nothing private or loopback is
 * reached. The server hands every adapter its client (built from OUTBOUND_ALLOW_HOSTS).
 */
export const STRICT_OUTBOUND = new Outbound();

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

export interface VendorInit extends Pick<OutboundRequest, 'method' | 'headers' | 'body'> {
  /** the outbound client (the server's, with its allow list); STRICT_OUTBOUND when absent */
  via?: Outbound;
}

export async function vendorFetch(url: string, init: VendorInit = {}): Promise<VendorResponse> {
  const { via = STRICT_OUTBOUND, ...req } = init;
  try {
    const res = await via.text(url, { ...req, signal: AbortSignal.timeout(VENDOR_TIMEOUT_MS), maxBytes: VENDOR_MAX_BYTES });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) for (const x of v) headers.append(k, x);
      else if (v !== undefined) headers.set(k, String(v));
    }
    return { status: res.status, text: res.text, headers };
  } catch (e) {
    if (e instanceof OutboundError) throw new VendorError(e.message, '', e.network);
    const err = e as Error;
    const reason = err.name === 'TimeoutError' ? '请求超时' : '网络错误';
    throw new VendorError(`无法连接 ${safeHost(url)}：${reason}`, '', true);
  }
}

/** Parses a JSON answer; anything else is an error that names the status only. */
export function parseJson<T = Record<string, unknown>>(res: VendorResponse): T {
  try {
    return JSON.parse(res.text) as T;
  } catch {
    // what answered may not be the vendor at all: its body is neither shown nor kept
    throw new VendorError(`接口返回了无法解析的内容（HTTP ${res.status}）`);
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
