/**
 * The server's only way out to addresses an administrator typed: the collector's pages and files, the release
 * source, LLM base URLs, payment gateways, SMS endpoints, custom OAuth URLs and the SMTP host all go through an
 * `Outbound`. Every request — the first and each redirect it is allowed to follow — is checked: http(s) only, no
 * credentials in the URL, the host name resolved here and every answer judged (`addressRefusal`) unless the host is
 * in the operator's allow list, and the connection made to exactly the address that was judged, so a DNS answer
 * that changes between the check and the connection (rebinding) cannot slip through. Errors are short Chinese
 * sentences: never the body of what answered.
 */
import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { Transform, type Duplex, type Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';

// ---------------------------------------------------------------- addresses

const RANGE_LABEL: Record<string, string> = {
  loopback: '本机回环地址',
  private: '内网地址',
  linkLocal: '链路本地地址（含云服务器元数据地址）',
  uniqueLocal: '内网地址（IPv6 唯一本地地址）',
  multicast: '组播地址',
  unspecified: '未指定地址',
  broadcast: '广播地址',
  carrierGradeNat: '运营商内网地址（含云服务器元数据地址）',
  reserved: '保留地址',
};

const label = (ip: ipaddr.IPv4 | ipaddr.IPv6) => `${RANGE_LABEL[ip.range()] ?? `特殊用途地址（${ip.range()}）`} ${ip.toString()}`;

/** An IPv4 address is fine only when it is plain public unicast. */
function v4Refusal(v4: ipaddr.IPv4): string | undefined {
  return v4.range() === 'unicast' ? undefined : label(v4);
}

const v4At = (parts: number[], i: number) => new ipaddr.IPv4([parts[i] >> 8, parts[i] & 255, parts[i + 1] >> 8, parts[i + 1] & 255]);

/**
 * The IPv6 ranges that carry an IPv4 address inside them. `judge`: the address is as safe as the IPv4 it carries
 * (IPv4-mapped, which dual-stack sockets hand out, and the NAT64 well-known prefix that DNS64 answers with); the
 * others are refused whatever they carry: IPv4-compatible (::/96, deprecated, some stacks route it to the IPv4
 * address), SIIT-translated, NAT64 local-use (the translator is the site's), 6to4 and Teredo (deprecated tunnels
 * whose relay decides where the packet goes).
 */
const EMBEDDING: { name: string; match: (p: number[]) => boolean; v4: (p: number[]) => ipaddr.IPv4[]; judge: boolean }[] = [
  { name: 'IPv4 映射地址', match: (p) => p.slice(0, 5).every((x) => x === 0) && p[5] === 0xffff, v4: (p) => [v4At(p, 6)], judge: true },
  { name: 'NAT64 地址', match: (p) => p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((x) => x === 0), v4: (p) => [v4At(p, 6)], judge: true },
  { name: 'IPv4 兼容地址（已废弃）', match: (p) => p.slice(0, 6).every((x) => x === 0), v4: (p) => [v4At(p, 6)], judge: false },
  { name: 'IPv4 转换地址（SIIT）', match: (p) => p.slice(0, 4).every((x) => x === 0) && p[4] === 0xffff && p[5] === 0, v4: (p) => [v4At(p, 6)], judge: false },
  { name: 'NAT64 本地前缀地址', match: (p) => p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1, v4: () => [], judge: false },
  { name: '6to4 隧道地址', match: (p) => p[0] === 0x2002, v4: (p) => [v4At(p, 1)], judge: false },
  {
    name: 'Teredo 隧道地址',
    match: (p) => p[0] === 0x2001 && p[1] === 0,
    // the Teredo server, and the client's public address (stored inverted)
    v4: (p) => [v4At(p, 2), v4At([p[6] ^ 0xffff, p[7] ^ 0xffff], 0)],
    judge: false,
  },
];

/**
 * Why an address may not be reached, or undefined when it is a public unicast address. Every special IPv4 range
 * (loopback, private, link-local and its metadata address 169.254.169.254, CGNAT 100.64/10 with Alibaba's metadata
 * address, multicast, broadcast, documentation and reserved blocks) and IPv6 range (loopback, unspecified, ULA
 * fc00::/7, link-local, multicast, documentation, discard …) is refused, and so is every IPv6 address that carries
 * an IPv4 address (see EMBEDDING) unless it is IPv4-mapped or NAT64 and the IPv4 address it carries is public.
 */
export function addressRefusal(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    let bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
    // ipaddr.js reads a dotted tail after `::` as IPv4-mapped (`::8.8.8.8` as ::ffff:808:808): the URL parser
    // spells IPv6 the standard way first (::808:808, IPv4-compatible)
    if (bare.includes(':')) bare = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
    ip = ipaddr.parse(bare);
  } catch {
    return `无法识别的地址 ${address}`;
  }
  if (ip.kind() === 'ipv4') return v4Refusal(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'loopback' || range === 'unspecified') return label(v6);
  const parts = v6.parts;
  for (const e of EMBEDDING) {
    if (!e.match(parts)) continue;
    const inner = e.v4(parts);
    const why = inner.map(v4Refusal).find(Boolean);
    if (e.judge) return why ? `${why}（嵌在 ${e.name} ${v6.toString()} 中）` : undefined;
    return `${e.name} ${v6.toString()}${inner.length ? `（内嵌 IPv4 ${inner.map((x) => x.toString()).join('、')}）` : ''}`;
  }
  return range === 'unicast' ? undefined : label(v6);
}

export interface AllowEntry {
  host: string;
  port?: number;
}

function normaliseHost(h: string): string {
  const bare = h.replace(/^\[|\]$/g, '').toLowerCase();
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : bare.replace(/\.$/, '');
}

/** Parses an allow list (SPIDER_ALLOW_HOSTS, OUTBOUND_ALLOW_HOSTS): `host`, `host:port`, `[v6]`, `[v6]:port`, comma-separated. */
export function parseAllowHosts(list: string[] | string): AllowEntry[] {
  const items = (Array.isArray(list) ? list : list.split(',')).map((s) => s.trim()).filter(Boolean);
  return items.map((item) => {
    const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(item);
    if (bracket) return { host: normaliseHost(bracket[1]), port: bracket[2] ? Number(bracket[2]) : undefined };
    const hostPort = /^([^:]+):(\d+)$/.exec(item);
    if (hostPort) return { host: normaliseHost(hostPort[1]), port: Number(hostPort[2]) };
    return { host: normaliseHost(item) };
  });
}

// ---------------------------------------------------------------- resolving and connecting

/** One address a name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a host name (never an IP literal: those are used as they are). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface ConnectRequest {
  /** the exact address that passed the check: the connection goes there and nowhere else */
  address: string;
  family: 4 | 6;
  port: number;
  /** the URL's host name (TLS server name and certificate check) */
  hostname: string;
  tls: boolean;
  timeoutMs: number;
}
/** Opens a connected socket (TLS already negotiated for https) to exactly `address:port`. */
export type Connector = (req: ConnectRequest) => Promise<Duplex>;

export type OutboundFailure =
  'scheme' | 'credentials' | 'blocked_address' | 'dns' | 'connect' | 'timeout' | 'too_many_redirects' | 'bad_redirect' | 'http_status' | 'too_large';

/** A request the outbound client refused or could not finish; `message` is a short Chinese sentence. */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
    /** the technical cause in a word (ECONNREFUSED, ENOTFOUND, 超时), for callers that word the failure themselves */
    readonly detail = '',
  ) {
    super(message);
    this.name = 'OutboundError';
  }

  /** the target could not be reached (worth another try later), as opposed to refused or answered */
  get network(): boolean {
    return this.reason === 'dns' || this.reason === 'connect' || this.reason === 'timeout';
  }
}

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Connects to the checked address itself (an IP literal, so nothing resolves the name again). */
export const systemConnector: Connector = (req) =>
  new Promise<Duplex>((resolve, reject) => {
    const sock = req.tls
      ? tls.connect({ host: req.address, port: req.port, servername: net.isIP(req.hostname) ? undefined : req.hostname, ALPNProtocols: ['http/1.1'] })
      : net.connect({ host: req.address, port: req.port });
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new OutboundError('timeout', `连接 ${req.hostname}:${req.port} 超时`, '连接超时'));
    }, req.timeoutMs);
    sock.once(req.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      resolve(sock);
    });
    sock.once('error', (err: Error & { code?: string }) => {
      clearTimeout(timer);
      reject(new OutboundError('connect', `无法连接 ${req.hostname}:${req.port}：${err.code ?? err.message}`, err.code ?? err.message));
    });
  });

const defaultPort = (u: URL) => (u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80);

// ---------------------------------------------------------------- the client

export interface OutboundOptions {
  /** `host` or `host:port` entries exempt from the address check */
  allowHosts?: string[] | string;
  /** the setting named in a refusal, where the operator would allow a host */
  allowSetting?: string;
  resolver?: Resolver;
  connector?: Connector;
  connectTimeoutMs?: number;
  /** from sending the request to the response head (0: none) */
  headersTimeoutMs?: number;
  /** the whole body must arrive within this (0: none) */
  bodyTimeoutMs?: number;
  /** the socket may stay silent this long while the body arrives (0: none) */
  idleTimeoutMs?: number;
  /** redirects followed, each checked like the first (0: a 3xx answer is returned as it is) */
  maxRedirects?: number;
  /** the largest body read */
  maxBytes?: number;
  userAgent?: string;
  /** the sentence of a `too_large` failure */
  tooLargeMessage?: (maxBytes: number) => string;
}

export type OutboundHeaders = Headers | Record<string, string> | [string, string][];

export interface OutboundRequest {
  method?: string;
  headers?: OutboundHeaders;
  body?: string | Uint8Array | URLSearchParams;
  /** aborts the request and its body (the body stream errors with the signal's reason) */
  signal?: AbortSignal;
  maxBytes?: number;
  maxRedirects?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** a status outside 2xx (that is not a followed redirect) is an `http_status` error instead of an answer */
  okOnly?: boolean;
}

export interface OutboundResponse {
  /** the URL that answered (after redirects) */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  /** the body, limited to `maxBytes` (exceeding it errors the stream with `too_large`) */
  body: Readable;
}

type Limits = Required<Omit<OutboundOptions, 'allowHosts' | 'allowSetting' | 'resolver' | 'connector' | 'tooLargeMessage'>>;

function headerRecord(h: OutboundHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  const entries: [string, string][] = [];
  if (h instanceof Headers) h.forEach((v, k) => entries.push([k, v]));
  else entries.push(...(Array.isArray(h) ? h : Object.entries(h)));
  for (const [k, v] of entries) out[k.toLowerCase()] = String(v);
  return out;
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError');
}

function tooLargeDefault(maxBytes: number) {
  return `内容超过大小限制（最大 ${maxBytes >= 1048576 ? `${Math.round(maxBytes / 1048576)} MB` : `${Math.max(1, Math.round(maxBytes / 1024))} KB`}），已停止读取`;
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A Node stream as a WHATWG stream, read only when the reader asks (Readable.toWeb of Node 20 may close its
 * controller twice when the reader cancels while the body ends, an uncaught error). Cancelling destroys the body.
 */
function webStream(body: Readable): ReadableStream<Uint8Array> {
  const chunks: AsyncIterator<Buffer, undefined> = body[Symbol.asyncIterator]();
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (cancelled) return;
          if (done) controller.close();
          else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        } catch (e) {
          if (!cancelled) controller.error(e);
        }
      },
      async cancel() {
        cancelled = true;
        body.destroy();
        await chunks.return?.().catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

export class Outbound {
  private readonly allow: AllowEntry[];
  private readonly allowSetting: string;
  private readonly resolver: Resolver;
  private readonly connector: Connector;
  private readonly tooLarge: (maxBytes: number) => string;
  readonly opts: Limits;

  constructor(options: OutboundOptions = {}) {
    this.allow = parseAllowHosts(options.allowHosts ?? []);
    this.allowSetting = options.allowSetting ?? 'OUTBOUND_ALLOW_HOSTS';
    this.resolver = options.resolver ?? systemResolver;
    this.connector = options.connector ?? systemConnector;
    this.tooLarge = options.tooLargeMessage ?? tooLargeDefault;
    this.opts = {
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      headersTimeoutMs: options.headersTimeoutMs ?? 0,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 0,
      idleTimeoutMs: options.idleTimeoutMs ?? 0,
      maxRedirects: options.maxRedirects ?? 0,
      maxBytes: options.maxBytes ?? 16 * 1024 * 1024,
      userAgent: options.userAgent ?? 'Wenku/1.0',
    };
  }

  isAllowedHost(hostname: string, port: number): boolean {
    const host = normaliseHost(hostname);
    return this.allow.some((e) => e.host === host && (e.port === undefined || e.port === port));
  }

  /** Scheme and credentials of a URL (before anything is resolved). */
  checkUrl(raw: string): URL {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw new OutboundError('scheme', `网址格式不正确：${raw.slice(0, 200)}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new OutboundError('scheme', `只能访问 http 或 https 网址，拒绝 ${u.protocol.replace(/:$/, '')} 协议`);
    if (u.username || u.password) throw new OutboundError('credentials', '网址里不能带用户名和密码');
    return u;
  }

  /**
   * The address to connect to for `hostname:port`: resolved here, every answer checked (one bad answer refuses the
   * host) unless the host is allowed. Also for what is not HTTP (SMTP): connect to the answer, nothing else.
   */
  async pickAddress(hostname: string, port: number): Promise<ResolvedAddress> {
    const host = hostname.replace(/^\[|\]$/g, '');
    let answers: ResolvedAddress[];
    if (net.isIP(host)) answers = [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
    else {
      try {
        answers = await this.resolver(host);
      } catch (err) {
        const e = err as Error & { code?: string };
        throw new OutboundError('dns', `无法解析域名 ${host}：${e.code ?? e.message}`, e.code ?? e.message);
      }
      if (!answers.length) throw new OutboundError('dns', `域名 ${host} 没有解析结果`, 'ENOTFOUND');
    }
    if (!this.isAllowedHost(host, port)) {
      for (const a of answers) {
        const why = addressRefusal(a.address);
        if (why)
          throw new OutboundError(
            'blocked_address',
            `出于安全考虑，拒绝访问 ${host}：它指向${why}（如确需访问内网服务，请由运维在 ${this.allowSetting} 中放行）`,
          );
      }
    }
    return answers[0];
  }

  /**
   * One request, following at most `maxRedirects` redirects, each checked like the first (a 303, or a 301/302 of
   * a POST, goes on as GET without a body; credentials are not carried to another origin). The answer's body is a
   * stream cut at `maxBytes`.
   */
  async request(raw: string, req: OutboundRequest = {}): Promise<OutboundResponse> {
    const maxRedirects = req.maxRedirects ?? this.opts.maxRedirects;
    let url = raw;
    let method = (req.method ?? 'GET').toUpperCase();
    let headers = headerRecord(req.headers);
    let body: string | Uint8Array | undefined;
    if (req.body instanceof URLSearchParams) {
      body = req.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (typeof req.body === 'string') {
      body = req.body;
      headers['content-type'] ??= 'text/plain;charset=UTF-8';
    } else body = req.body;
    let origin: string | undefined;
    for (let hop = 0; ; hop++) {
      const u = this.checkUrl(url);
      if (origin && u.origin !== origin) {
        for (const h of ['authorization', 'cookie', 'proxy-authorization']) delete headers[h];
      }
      origin = u.origin;
      const res = await this.exchange(u, method, headers, body, req);
      const location = res.headers.location;
      if (maxRedirects > 0 && res.status >= 300 && res.status < 400 && location) {
        res.body.destroy();
        if (hop >= maxRedirects) throw new OutboundError('too_many_redirects', `重定向次数过多（超过 ${maxRedirects} 次）`);
        try {
          url = new URL(location, u).toString();
        } catch {
          throw new OutboundError('bad_redirect', `${u.host} 的重定向地址不正确`);
        }
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          if (method !== 'HEAD') method = 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith('content-')));
        }
        continue;
      }
      if (req.okOnly && (res.status < 200 || res.status >= 300)) {
        res.body.destroy();
        throw new OutboundError('http_status', `${u.toString().slice(0, 200)} 返回了 HTTP ${res.status}`);
      }
      return res;
    }
  }

  /** The same request answered as a WHATWG `Response` (for code written against `fetch`). */
  async fetch(url: string, req: OutboundRequest = {}): Promise<Response> {
    const res = await this.request(url, req);
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) for (const x of v) headers.append(k, x);
      else if (v !== undefined) headers.set(k, String(v));
    }
    if (res.status < 200 || res.status > 599) {
      res.body.destroy();
      throw new OutboundError('http_status', `${new URL(res.url).host} 返回了无效的状态码 ${res.status}`);
    }
    if (NULL_BODY.has(res.status) || (req.method ?? 'GET').toUpperCase() === 'HEAD') {
      res.body.destroy();
      return new Response(null, { status: res.status, headers });
    }
    return new Response(webStream(res.body), { status: res.status, headers });
  }

  /** The whole answer as text (vendor APIs: small JSON answers). */
  async text(url: string, req: OutboundRequest = {}): Promise<{ url: string; status: number; headers: http.IncomingHttpHeaders; text: string }> {
    const res = await this.request(url, req);
    const chunks: Buffer[] = [];
    for await (const c of res.body) chunks.push(c as Buffer);
    return { url: res.url, status: res.status, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') };
  }

  private async exchange(
    u: URL,
    method: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    req: OutboundRequest,
  ): Promise<OutboundResponse> {
    const signal = req.signal;
    if (signal?.aborted) throw abortReason(signal);
    const port = defaultPort(u);
    const hostname = u.hostname.replace(/^\[|\]$/g, '');
    const target = await this.pickAddress(hostname, port);
    if (signal?.aborted) throw abortReason(signal);
    const connecting = this.connector({
      address: target.address,
      family: target.family,
      port,
      hostname,
      tls: u.protocol === 'https:',
      timeoutMs: this.opts.connectTimeoutMs,
    });
    let socket: Duplex;
    if (signal) {
      let onAbort: (() => void) | undefined;
      try {
        socket = await Promise.race([
          connecting,
          new Promise<never>((_, reject) => {
            onAbort = () => reject(abortReason(signal));
            signal.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
      } catch (e) {
        // a socket that connects after the abort is closed at once
        connecting.then(
          (s) => s.destroy(),
          () => undefined,
        );
        throw e;
      } finally {
        if (onAbort) signal.removeEventListener('abort', onAbort);
      }
    } else socket = await connecting;

    const headersTimeoutMs = req.headersTimeoutMs ?? this.opts.headersTimeoutMs;
    const bodyTimeoutMs = req.bodyTimeoutMs ?? this.opts.bodyTimeoutMs;
    const idleTimeoutMs = req.idleTimeoutMs ?? this.opts.idleTimeoutMs;
    const maxBytes = req.maxBytes ?? this.opts.maxBytes;
    const tooLarge = () => new OutboundError('too_large', this.tooLarge(maxBytes));
    const payload = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : body;
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      let headTimer: NodeJS.Timeout | undefined;
      const onAbort = () => {
        if (signal) fail(abortReason(signal));
      };
      const fail = (err: Error) => {
        clearTimeout(headTimer);
        signal?.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        r.destroy();
        socket.destroy();
        reject(err);
      };
      const r = http.request({
        method,
        host: hostname,
        port,
        path: `${u.pathname}${u.search}`,
        // no agent: with createConnection the request uses exactly the socket opened to the checked address
        createConnection: () => socket,
        headers: {
          'user-agent': this.opts.userAgent,
          accept: '*/*',
          ...headers,
          host: u.host,
          'accept-encoding': 'identity',
          connection: 'close',
          ...(payload ? { 'content-length': String(payload.byteLength) } : {}),
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      if (headersTimeoutMs > 0) headTimer = setTimeout(() => fail(new OutboundError('timeout', `${u.host} 响应超时`, '响应超时')), headersTimeoutMs);
      r.on('error', (err) =>
        fail(
          err instanceof OutboundError
            ? err
            : new OutboundError(
                'connect',
                `请求 ${u.host} 失败：${(err as Error & { code?: string }).code ?? err.message}`,
                (err as Error & { code?: string }).code ?? err.message,
              ),
        ),
      );
      r.on('response', (res) => {
        clearTimeout(headTimer);
        if (settled) {
          res.destroy();
          return;
        }
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '')
          .split(';')[0]
          .trim()
          .toLowerCase();
        const isRedirect = status >= 300 && status < 400 && !!res.headers.location;
        const declared = Number(res.headers['content-length']);
        if (!isRedirect && Number.isFinite(declared) && declared > maxBytes) {
          res.resume();
          fail(tooLarge());
          return;
        }
        let seen = 0;
        // the first failure wins: destroying the response afterwards must not replace its reason
        const abort = (err: Error) => {
          if (!limiter.destroyed) limiter.destroy(err);
          if (!res.destroyed) res.destroy();
        };
        const limiter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            seen += chunk.length;
            if (seen > maxBytes) return abort(tooLarge());
            cb(null, chunk);
          },
        });
        const bodyTimer = bodyTimeoutMs > 0 ? setTimeout(() => abort(new OutboundError('timeout', `读取 ${u.host} 的内容超时`)), bodyTimeoutMs) : undefined;
        if (idleTimeoutMs > 0)
          (socket as Partial<net.Socket>).setTimeout?.(idleTimeoutMs, () => abort(new OutboundError('timeout', `${u.host} 长时间没有传输数据`)));
        signal?.removeEventListener('abort', onAbort);
        const onBodyAbort = () => {
          if (signal) abort(abortReason(signal));
        };
        signal?.addEventListener('abort', onBodyAbort, { once: true });
        // the reader (pipeline, for await, the web stream) gets the error; this keeps a late one from crashing the process
        limiter.on('error', () => undefined);
        limiter.on('close', () => {
          clearTimeout(bodyTimer);
          signal?.removeEventListener('abort', onBodyAbort);
          (socket as Partial<net.Socket>).setTimeout?.(0);
          socket.destroy();
        });
        res.on('error', (err) => abort(err instanceof OutboundError ? err : new OutboundError('connect', `读取 ${u.host} 的内容失败：${err.message}`)));
        res.on('aborted', () => abort(new OutboundError('connect', `${u.host} 中断了传输`)));
        res.pipe(limiter);
        settled = true;
        resolve({ url: u.toString(), status, headers: res.headers, contentType, body: limiter });
      });
      r.end(payload);
    });
  }
}
