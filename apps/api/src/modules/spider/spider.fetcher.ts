import type http from 'node:http';
import type { Readable } from 'node:stream';
import { Outbound, OutboundError, type Connector, type OutboundFailure, type Resolver } from '../../engines/outbound';

// the filter, the resolver and the connector are the outbound client's: the collector is one of its users
export { addressRefusal, parseAllowHosts, systemConnector, systemResolver } from '../../engines/outbound';
export type { ConnectRequest, Connector, ResolvedAddress, Resolver } from '../../engines/outbound';

export type FetchFailure = OutboundFailure;

/** A fetch the collector refused or could not finish; `message` is for the admin (Chinese). */
export const SpiderFetchError = OutboundError;
export type SpiderFetchError = OutboundError;

export interface FetcherOptions {
  /** `host` or `host:port` entries exempt from the address check (SPIDER_ALLOW_HOSTS) */
  allowHosts?: string[];
  resolver?: Resolver;
  connector?: Connector;
  connectTimeoutMs?: number;
  /** from sending the request to the response head */
  headersTimeoutMs?: number;
  /** the whole body must arrive within this */
  bodyTimeoutMs?: number;
  /** the socket may stay silent this long */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  userAgent?: string;
}

export interface FetchResponse {
  /** the URL that answered (after redirects) */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  /** the body, limited to `maxBytes` (exceeding it errors the stream with `too_large`) */
  body: Readable;
}

export const SPIDER_USER_AGENT = 'WenkuSpider/1.0 (+https://github.com/wenku)';

/**
 * The collector's only way out to the network: the outbound client (`engines/outbound.ts`) with the collector's
 * own allow list (SPIDER_ALLOW_HOSTS), user agent and limits. Every request — the first and each of at most five
 * redirects — is checked and connected to exactly the address that was checked; only 2xx answers are read; the
 * body is streamed and cut at the size cap.
 */
export class SafeFetcher {
  private readonly out: Outbound;

  constructor(options: FetcherOptions = {}) {
    this.out = new Outbound({
      allowHosts: options.allowHosts ?? [],
      allowSetting: 'SPIDER_ALLOW_HOSTS',
      resolver: options.resolver,
      connector: options.connector,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      headersTimeoutMs: options.headersTimeoutMs ?? 20_000,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 300_000,
      idleTimeoutMs: options.idleTimeoutMs ?? 30_000,
      maxRedirects: options.maxRedirects ?? 5,
      userAgent: options.userAgent ?? SPIDER_USER_AGENT,
      tooLargeMessage: (maxBytes) => `文件超过大小限制（最大 ${Math.max(1, Math.round(maxBytes / 1048576))} MB），已停止下载`,
    });
  }

  get opts() {
    return this.out.opts;
  }

  /** Scheme and credentials of a URL (before anything is resolved). */
  checkUrl(raw: string): URL {
    return this.out.checkUrl(raw);
  }

  /** GET a URL, following at most `maxRedirects` redirects, each checked like the first. */
  fetch(raw: string, maxBytes: number): Promise<FetchResponse> {
    return this.out.request(raw, { maxBytes, okOnly: true });
  }

  /** GET a URL and read its whole body (pages, robots.txt). */
  async fetchBuffer(raw: string, maxBytes: number): Promise<{ url: string; status: number; contentType: string; body: Buffer }> {
    const res = await this.fetch(raw, maxBytes);
    const chunks: Buffer[] = [];
    for await (const c of res.body) chunks.push(c as Buffer);
    return { url: res.url, status: res.status, contentType: res.contentType, body: Buffer.concat(chunks) };
  }
}
