import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { Transform, type Duplex, type Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';

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

export type FetchFailure =
  'scheme' | 'credentials' | 'blocked_address' | 'dns' | 'connect' | 'timeout' | 'too_many_redirects' | 'bad_redirect' | 'http_status' | 'too_large';

/** A fetch the collector refused or could not finish; `message` is for the admin (Chinese). */
export class SpiderFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SpiderFetchError';
  }
}

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

/**
 * Why an address may not be fetched, or undefined when it is a public unicast address. IPv4-mapped IPv6
 * (::ffff:10.0.0.1) is judged as the IPv4 address it carries; every special range (loopback, private, link-local
 * and its metadata address 169.254.169.254, ULA fc00::/7, multicast, unspecified, CGNAT 100.64/10 with Alibaba's
 * metadata address, NAT64/6to4/Teredo that embed IPv4, documentation and reserved blocks) is refused.
 */
export function addressRefusal(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return `无法识别的地址 ${address}`;
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'unicast') return undefined;
  return `${RANGE_LABEL[range] ?? `特殊用途地址（${range}）`} ${ip.toString()}`;
}

interface AllowEntry {
  host: string;
  port?: number;
}

function normaliseHost(h: string): string {
  const bare = h.replace(/^\[|\]$/g, '').toLowerCase();
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : bare.replace(/\.$/, '');
}

/** Parses SPIDER_ALLOW_HOSTS: `host`, `host:port`, `[v6]`, `[v6]:port`, comma-separated. */
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
      reject(new SpiderFetchError('timeout', `连接 ${req.hostname}:${req.port} 超时`));
    }, req.timeoutMs);
    sock.once(req.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      resolve(sock);
    });
    sock.once('error', (err: Error) => {
      clearTimeout(timer);
      reject(new SpiderFetchError('connect', `无法连接 ${req.hostname}:${req.port}：${err.message}`));
    });
  });

const defaultPort = (u: URL) => (u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80);

/**
 * The collector's only way out to the network. Every request — the first and each redirect — is checked: http(s)
 * only, no credentials in the URL, the host name resolved here and every answer judged (`addressRefusal`) unless
 * the host is in the operator's allow list, and the connection made to exactly the address that was judged, so a
 * DNS answer that changes between the check and the connection (rebinding) cannot slip through. Time-outs on
 * connect, response head and body; the body is streamed and cut at the size cap.
 */
export class SafeFetcher {
  private readonly allow: AllowEntry[];
  private readonly resolver: Resolver;
  private readonly connector: Connector;
  readonly opts: Required<Omit<FetcherOptions, 'allowHosts' | 'resolver' | 'connector'>>;

  constructor(options: FetcherOptions = {}) {
    this.allow = parseAllowHosts(options.allowHosts ?? []);
    this.resolver = options.resolver ?? systemResolver;
    this.connector = options.connector ?? systemConnector;
    this.opts = {
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      headersTimeoutMs: options.headersTimeoutMs ?? 20_000,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 300_000,
      idleTimeoutMs: options.idleTimeoutMs ?? 30_000,
      maxRedirects: options.maxRedirects ?? 5,
      userAgent: options.userAgent ?? SPIDER_USER_AGENT,
    };
  }

  isAllowedHost(u: URL): boolean {
    const host = normaliseHost(u.hostname);
    const port = defaultPort(u);
    return this.allow.some((e) => e.host === host && (e.port === undefined || e.port === port));
  }

  /** Scheme and credentials of a URL (before anything is resolved). */
  checkUrl(raw: string): URL {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw new SpiderFetchError('scheme', `网址格式不正确：${raw.slice(0, 200)}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new SpiderFetchError('scheme', `只能采集 http 或 https 网址，拒绝 ${u.protocol.replace(/:$/, '')} 协议`);
    if (u.username || u.password) throw new SpiderFetchError('credentials', '网址里不能带用户名和密码');
    return u;
  }

  /** The address to connect to: resolved here, every answer checked (one bad answer refuses the host). */
  async pickAddress(u: URL): Promise<ResolvedAddress> {
    const host = u.hostname.replace(/^\[|\]$/g, '');
    const allowed = this.isAllowedHost(u);
    let answers: ResolvedAddress[];
    if (net.isIP(host)) answers = [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
    else {
      try {
        answers = await this.resolver(host);
      } catch (err) {
        throw new SpiderFetchError('dns', `无法解析域名 ${host}：${(err as Error).message}`);
      }
      if (!answers.length) throw new SpiderFetchError('dns', `域名 ${host} 没有解析结果`);
    }
    if (!allowed) {
      for (const a of answers) {
        const why = addressRefusal(a.address);
        if (why)
          throw new SpiderFetchError(
            'blocked_address',
            `出于安全考虑，拒绝访问 ${host}：它指向${why}（如需采集内网站点，请由运维在 SPIDER_ALLOW_HOSTS 中放行）`,
          );
      }
    }
    return answers[0];
  }

  /** GET a URL, following at most `maxRedirects` redirects, each checked like the first. */
  async fetch(raw: string, maxBytes: number): Promise<FetchResponse> {
    let url = raw;
    for (let hop = 0; ; hop++) {
      const u = this.checkUrl(url);
      const res = await this.request(u, maxBytes);
      if (res.status >= 300 && res.status < 400 && res.headers.location) {
        res.body.destroy();
        if (hop >= this.opts.maxRedirects) throw new SpiderFetchError('too_many_redirects', `重定向次数过多（超过 ${this.opts.maxRedirects} 次）`);
        try {
          url = new URL(res.headers.location, u).toString();
        } catch {
          throw new SpiderFetchError('bad_redirect', `重定向地址不正确：${String(res.headers.location).slice(0, 200)}`);
        }
        continue;
      }
      return res;
    }
  }

  /** GET a URL and read its whole body (pages, robots.txt). */
  async fetchBuffer(raw: string, maxBytes: number): Promise<{ url: string; status: number; contentType: string; body: Buffer }> {
    const res = await this.fetch(raw, maxBytes);
    const chunks: Buffer[] = [];
    for await (const c of res.body) chunks.push(c as Buffer);
    return { url: res.url, status: res.status, contentType: res.contentType, body: Buffer.concat(chunks) };
  }

  private async request(u: URL, maxBytes: number): Promise<FetchResponse> {
    const target = await this.pickAddress(u);
    const port = defaultPort(u);
    const socket = await this.connector({
      address: target.address,
      family: target.family,
      port,
      hostname: u.hostname.replace(/^\[|\]$/g, ''),
      tls: u.protocol === 'https:',
      timeoutMs: this.opts.connectTimeoutMs,
    });
    const o = this.opts;
    return new Promise<FetchResponse>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        req.destroy();
        socket.destroy();
        reject(err);
      };
      const req = http.request({
        method: 'GET',
        host: u.hostname,
        port,
        path: `${u.pathname}${u.search}`,
        // no agent: with createConnection the request uses exactly the socket opened to the checked address
        createConnection: () => socket,
        headers: { host: u.host, 'user-agent': o.userAgent, accept: '*/*', 'accept-encoding': 'identity', connection: 'close' },
      });
      const headTimer = setTimeout(() => fail(new SpiderFetchError('timeout', `${u.host} 响应超时`)), o.headersTimeoutMs);
      req.on('error', (err) => {
        clearTimeout(headTimer);
        fail(err instanceof SpiderFetchError ? err : new SpiderFetchError('connect', `请求 ${u.host} 失败：${err.message}`));
      });
      req.on('response', (res) => {
        clearTimeout(headTimer);
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '')
          .split(';')[0]
          .trim()
          .toLowerCase();
        const isRedirect = status >= 300 && status < 400 && !!res.headers.location;
        if (!isRedirect && (status < 200 || status >= 300)) {
          res.resume();
          fail(new SpiderFetchError('http_status', `${u.toString().slice(0, 200)} 返回了 HTTP ${status}`));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (!isRedirect && Number.isFinite(declared) && declared > maxBytes) {
          res.resume();
          fail(new SpiderFetchError('too_large', tooLarge(maxBytes)));
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
            if (seen > maxBytes) return abort(new SpiderFetchError('too_large', tooLarge(maxBytes)));
            cb(null, chunk);
          },
        });
        const bodyTimer = setTimeout(() => abort(new SpiderFetchError('timeout', `下载 ${u.host} 的内容超时`)), o.bodyTimeoutMs);
        (socket as Partial<net.Socket>).setTimeout?.(o.idleTimeoutMs, () => abort(new SpiderFetchError('timeout', `${u.host} 长时间没有传输数据`)));
        // the reader (pipeline, for await) gets the error; this keeps a late one from crashing the process
        limiter.on('error', () => undefined);
        limiter.on('close', () => {
          clearTimeout(bodyTimer);
          (socket as Partial<net.Socket>).setTimeout?.(0);
          socket.destroy();
        });
        res.on('error', (err) => abort(err instanceof SpiderFetchError ? err : new SpiderFetchError('connect', `读取 ${u.host} 的内容失败：${err.message}`)));
        res.on('aborted', () => abort(new SpiderFetchError('connect', `${u.host} 中断了传输`)));
        res.pipe(limiter);
        settled = true;
        resolve({ url: u.toString(), status, headers: res.headers, contentType, body: limiter });
      });
      req.end();
    });
  }
}

function tooLarge(maxBytes: number) {
  return `文件超过大小限制（最大 ${Math.max(1, Math.round(maxBytes / 1048576))} MB），已停止下载`;
}
