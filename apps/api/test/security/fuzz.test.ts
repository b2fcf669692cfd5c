/**
 * Issue 11 §10: no input gives a 5xx. A schema-driven fuzz walks every route of the contracts (ROUTE_LIST): for each
 * query, body and path field it sends hostile values (NUL bytes, int4/int8 overflow, negatives, huge strings, wrong
 * types, lone surrogates, RTL and emoji sequences, SQL/LIKE punctuation, garbage dates) with the other fields set to
 * a plausible value built from the same schema, as anonymous, a user and the super-administrator. Multipart routes
 * get malformed multipart bodies (a previous run found those answered 500). Every answer must be below 500.
 * Issue 25 §12/§16: hostile addresses (loopback in every spelling, IPv4 hidden in IPv6, metadata, other schemes) in
 * every setting the server fetches from are refused, never a 5xx, and never reach the service listening there.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMethod, ROUTE_LIST, routeUrl, type RouteDef } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { makeUser, type TestUser } from '../factories';

let t: TestApp;
let user: TestUser;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t);
  adminToken = await t.adminToken();
});
afterAll(async () => t?.close());

// ---------------------------------------------------------------- a plausible value from a zod schema (zod 4 internals)

interface Schema {
  _zod: { def: Def };
  safeParse: (v: unknown) => { success: boolean };
}
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
}

const NO_SAMPLE = Symbol('none');

/**
 * Candidates for a valid value of a schema, most useful first: ids that exist nowhere (so the administrator's calls
 * change nothing), other numbers small (types, statuses, pages).
 */
function candidates(s: Schema, idLike = false): unknown[] {
  const d = s._zod.def;
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return candidates(d.innerType!, idLike);
    case 'pipe':
      // z.preprocess: in = transform, out = the real type; .transform(): in = the real type
      return d.in!._zod.def.type === 'transform' ? candidates(d.out!, idLike) : candidates(d.in!, idLike);
    case 'string':
      if (d.format === 'email') return ['fuzz@example.com'];
      if (d.format === 'url') return ['https://example.com/'];
      return ['fuzz-sample-1', '2024-01-01', 'a', '1'];
    case 'number':
    case 'int':
      return idLike ? [999999, 1, 0] : [1, 0, 999999];
    case 'bigint':
      return [999999n];
    case 'boolean':
      return [true];
    case 'enum':
      return Object.values(d.entries ?? {});
    case 'literal':
      return d.values ?? [];
    case 'array':
      return candidates(d.element!, idLike).map((v) => [v]);
    case 'union':
      return (d.options ?? []).flatMap((o) => candidates(o, idLike));
    case 'object':
      return [sampleObject(s)];
    default:
      return ['x'];
  }
}

/** A value each field's own schema accepts (or none: the field is left out). */
function sampleField(s: Schema, idLike: boolean): unknown {
  for (const c of candidates(s, idLike)) if (s.safeParse(c).success) return c;
  return NO_SAMPLE;
}

function sampleObject(s: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(s._zod.def.shape ?? {})) {
    const v = sampleField(f, /(^|_)id$/.test(k));
    if (v !== NO_SAMPLE) out[k] = v;
  }
  return out;
}

const fieldsOf = (s: unknown): string[] => {
  const d = (s as Schema | undefined)?._zod.def;
  return d?.type === 'object' ? Object.keys(d.shape ?? {}) : [];
};

// ---------------------------------------------------------------- hostile values

/** A query/path value: `text` is URI-encoded (lone surrogates as the bytes a client would send), `raw` goes as it is. */
type Wire = { label: string; text: string } | { label: string; raw: string };

const GARBAGE_STRINGS: { label: string; text: string }[] = [
  { label: 'NUL', text: '\u0000' },
  { label: 'NUL inside', text: 'ab\u0000cd' },
  { label: 'int4 overflow', text: '2147483648' },
  { label: 'int8-ish overflow', text: '99999999999' },
  { label: 'beyond int8', text: '9223372036854775808' },
  { label: 'negative', text: '-1' },
  { label: 'int4 underflow', text: '-2147483649' },
  { label: 'float', text: '1.5' },
  { label: 'exponent', text: '1e309' },
  { label: 'NaN', text: 'NaN' },
  { label: 'lone surrogate', text: 'x\uD800y' },
  { label: 'RTL override', text: '\u202Eabc\u202C' },
  { label: 'emoji ZWJ', text: '👩‍👩‍👧‍👦' },
  { label: 'quote', text: "'" },
  { label: 'percent', text: '%' },
  { label: 'dash', text: '-' },
  { label: 'star', text: '*' },
  { label: 'sql', text: "1' OR '1'='1" },
  { label: 'garbage date', text: '2024-13-45T99:99:99Z' },
  { label: 'path traversal', text: '../../etc/passwd' },
];
const HUGE_QUERY = { label: 'huge', text: 'x'.repeat(20_000) };

const QUERY_VALUES: Wire[] = [...GARBAGE_STRINGS, HUGE_QUERY, { label: 'broken percent-encoding', raw: '%E0%A4%A' }, { label: 'empty', text: '' }];

const JSON_VALUES: { label: string; value: unknown }[] = [
  ...GARBAGE_STRINGS.map(({ label, text }) => ({ label, value: text })),
  { label: 'huge string', value: 'x'.repeat(200_000) },
  { label: 'number int4 overflow', value: 2147483648 },
  { label: 'number int8-ish overflow', value: 99999999999 },
  { label: 'number negative', value: -1 },
  { label: 'number huge', value: 1e308 },
  { label: 'number fraction', value: 0.5 },
  { label: 'boolean', value: true },
  { label: 'null', value: null },
  { label: 'object', value: { a: 1 } },
  { label: 'array', value: [null, 'x', 2147483648] },
];

/**
 * The values one field gets: the three that broke things before (NUL, int4 overflow, a huge value) always, and a
 * rotating share of the rest chosen by the field's name and route, so the whole list is spread over the many fields
 * while the walk stays at a few thousand requests.
 */
const ROTATED = 4;
function share<T extends { label: string }>(all: T[], key: string): T[] {
  const always = all.filter((v) => ['NUL inside', 'int4 overflow', 'huge', 'huge string', 'number int4 overflow'].includes(v.label));
  const rest = all.filter((v) => !always.includes(v));
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return [...always, ...Array.from({ length: ROTATED }, (_, i) => rest[(h + i * 7) % rest.length])];
}

// ---------------------------------------------------------------- sending

const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    // a lone surrogate: send the bytes a careless client would (UTF-8 of the surrogate), which are not valid UTF-8
    return s
      .replace(/[\uD800-\uDFFF]/g, '\u0001')
      .split('\u0001')
      .map(encodeURIComponent)
      .join('%ED%A0%80');
  }
};
const onWire = (w: Wire) => ('raw' in w ? w.raw : encode(w.text));
const plain = (v: unknown) => encode(String(v));

interface Probe {
  route: RouteDef;
  label: string;
  url: string;
  payload?: unknown;
}

/** A path parameter's plausible value. */
const PATH_SAMPLE: Record<string, string> = { uuid: 'fuzz', file: '1.svg', token: 'fuzz', '*': 'fuzz/1.png' };

function pathWith(route: RouteDef, hostile?: { name: string; wire: string }): string {
  const url = routeUrl(route);
  const fill = (name: string) => (hostile?.name === name ? hostile.wire : plain(PATH_SAMPLE[name] ?? 'fuzz'));
  return url.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => fill(name)).replace(/\*$/, () => fill('*'));
}

function queryString(values: Record<string, string>): string {
  const parts = Object.entries(values).map(([k, v]) => `${k}=${v}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Every probe of a route: one hostile value in one field at a time, the other fields plausible. */
function probesOf(route: RouteDef): Probe[] {
  if (route.kind === 'multipart') return [];
  const probes: Probe[] = [];
  const queryBase = route.query ? sampleObject(route.query as unknown as Schema) : {};
  const queryWire = Object.fromEntries(Object.entries(queryBase).map(([k, v]) => [k, Array.isArray(v) ? v.map(plain).join(',') : plain(v)]));
  const bodyBase = route.body ? sampleObject(route.body as unknown as Schema) : undefined;
  const base = (q: Record<string, string>) => `${pathWith(route)}${queryString(q)}`;

  for (const name of fieldsOf(route.params)) {
    for (const w of share(QUERY_VALUES, `${route.path} ${name}`)) {
      if ('text' in w && w.text === '') continue; // an empty path segment is another route
      probes.push({
        route,
        label: `path ${name}=${w.label}`,
        url: `${pathWith(route, { name, wire: onWire(w) })}${queryString(queryWire)}`,
        payload: bodyBase,
      });
    }
  }
  if (route.path.endsWith('*')) {
    for (const w of share(QUERY_VALUES, `${route.path} *`)) {
      if ('text' in w && w.text === '') continue;
      probes.push({ route, label: `path *=${w.label}`, url: pathWith(route, { name: '*', wire: onWire(w) }) });
    }
  }
  for (const name of fieldsOf(route.query)) {
    for (const w of share(QUERY_VALUES, `${route.method} ${route.path} ${name}`))
      probes.push({ route, label: `query ${name}=${w.label}`, url: base({ ...queryWire, [name]: onWire(w) }), payload: bodyBase });
    // repeated: one good value and one hostile
    probes.push({ route, label: `query ${name} repeated`, url: `${base({ ...queryWire, [name]: '1' })}&${name}=2147483648&${name}=%00`, payload: bodyBase });
  }
  for (const name of fieldsOf(route.body)) {
    for (const { label, value } of share(JSON_VALUES, `${route.method} ${route.path} ${name}`))
      probes.push({ route, label: `body ${name}=${label}`, url: base(queryWire), payload: { ...bodyBase, [name]: value } });
  }
  if (route.body) {
    probes.push({ route, label: 'body not an object', url: base(queryWire), payload: ['x'] });
    probes.push({ route, label: 'body __proto__', url: base(queryWire), payload: '{"__proto__":{"admin":true}}' });
  }
  if (!probes.length) probes.push({ route, label: 'stray query', url: `${pathWith(route)}?x=%00&id=2147483648` });
  return probes;
}

/** Routes whose call would end the caller's session, which the rest of the walk needs. */
const SKIP = new Set(['DELETE /user/logout']);

interface Failure {
  as: string;
  probe: string;
  url?: string;
  status: number;
  body: string;
}

async function walk(as: string, token: string | undefined, routes: RouteDef[]): Promise<{ sent: number; failures: Failure[] }> {
  const failures: Failure[] = [];
  let sent = 0;
  for (const route of routes) {
    if (SKIP.has(`${route.method} ${route.path}`)) continue;
    for (const p of probesOf(route)) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const isString = typeof p.payload === 'string';
      if (isString) headers['content-type'] = 'application/json';
      const res = await t.app.inject({
        method: route.method,
        url: p.url,
        headers,
        ...(p.payload !== undefined && route.method !== 'GET' ? { payload: p.payload as string | object } : {}),
      });
      sent++;
      if (res.statusCode >= 500)
        failures.push({
          as,
          probe: `${route.method} ${route.path} ${p.label}`,
          url: p.url.slice(0, 300),
          status: res.statusCode,
          body: res.body.slice(0, 200),
        });
    }
  }
  return { sent, failures };
}

const byAuth = (levels: string[]) => ROUTE_LIST.filter((r) => levels.includes(r.auth));

describe('schema fuzz: every route of the contracts, hostile values per field, never a 5xx', () => {
  it('has routes and fields to walk', () => {
    expect(ROUTE_LIST.length).toBeGreaterThan(100);
    const total = ROUTE_LIST.reduce((n, r) => n + probesOf(r).length, 0);
    expect(total).toBeGreaterThan(1000);
    // every route with an input gets probes; routes without one get a stray query
    for (const r of ROUTE_LIST) if (r.kind !== 'multipart') expect(probesOf(r).length, `${r.method} ${r.path}`).toBeGreaterThan(0);
  });

  it('anonymous: every public route', async () => {
    const { sent, failures } = await walk('anonymous', undefined, byAuth(['public']));
    expect(sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });

  it('a user: every public and user route', async () => {
    const { sent, failures } = await walk('user', user.token, byAuth(['public', 'user']));
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });

  it('the super-administrator: every admin route and every route whose answer depends on a permission', { timeout: 600_000 }, async () => {
    const { sent, failures } = await walk(
      'admin',
      adminToken,
      ROUTE_LIST.filter((r) => r.auth === 'admin' || r.permission),
    );
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    // the walk changed nothing that matters: the administrator still gets in
    expect((await t.req({ method: 'GET', url: '/api/v1/user/permission', token: adminToken })).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------- multipart

describe('malformed multipart bodies to the upload routes answer 4xx', () => {
  const B = 'FuzzBoundary';
  const part = (name: string, filename?: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\nContent-Type: image/png\r\n\r\n`;
  const BODIES: { label: string; contentType: string; body: string | Buffer }[] = [
    { label: 'cut short (no closing boundary)', contentType: `multipart/form-data; boundary=${B}`, body: `${part('file', 'a.png')}abc` },
    { label: 'no boundary parameter', contentType: 'multipart/form-data', body: `${part('file', 'a.png')}abc\r\n--${B}--\r\n` },
    { label: 'empty boundary parameter', contentType: 'multipart/form-data; boundary=', body: `${part('file', 'a.png')}abc\r\n--${B}--\r\n` },
    { label: 'boundary longer than busboy takes', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: 'x' },
    { label: 'not multipart at all', contentType: `multipart/form-data; boundary=${B}`, body: 'hello world' },
    { label: 'a part without headers', contentType: `multipart/form-data; boundary=${B}`, body: `--${B}\r\nGarbage\r\n\r\nabc\r\n--${B}--\r\n` },
    { label: 'no file, only a field', contentType: `multipart/form-data; boundary=${B}`, body: `${part('x')}1\r\n--${B}--\r\n` },
    { label: 'empty body', contentType: `multipart/form-data; boundary=${B}`, body: '' },
    { label: 'NUL in the file name', contentType: `multipart/form-data; boundary=${B}`, body: `${part('file', 'a\u0000.png')}abc\r\n--${B}--\r\n` },
    { label: 'JSON instead of multipart', contentType: 'application/json', body: '{"file":"x"}' },
  ];
  const uploads = ROUTE_LIST.filter((r) => r.kind === 'multipart');

  it('covers every multipart route', () => {
    expect(uploads.map((r) => r.path)).toEqual(expect.arrayContaining(['/upload/document', '/upload/avatar', '/upload/article']));
  });

  it('as the user and the super-administrator', async () => {
    const bad: Failure[] = [];
    for (const [as, token] of [
      ['user', user.token],
      ['admin', adminToken],
    ] as const) {
      for (const route of uploads) {
        if (route.auth === 'admin' && as === 'user') continue;
        for (const b of BODIES) {
          const res = await t.app.inject({
            method: route.method,
            url: routeUrl(route),
            payload: b.body,
            headers: { authorization: `Bearer ${token}`, 'content-type': b.contentType },
          });
          if (res.statusCode < 400 || res.statusCode >= 500)
            bad.push({ as, probe: `${route.path} ${b.label}`, status: res.statusCode, body: res.body.slice(0, 200) });
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('a cut-short upload is refused with a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/avatar',
      payload: `${part('file', 'a.png')}abc`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${B}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: '上传的数据格式不正确，请重新选择文件上传' });
  });
});

// ---------------------------------------------------------------- hostile addresses (issue 25 §12, §16)

describe('hostile addresses in the settings the server fetches: refused, never a 5xx, nothing reaches them', () => {
  // an internal service on a loopback address the test app does not allow (it allows 127.0.0.1, its fakes' address)
  let internal: net.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    internal = net.createServer((s) => {
      connections++;
      s.end('INTERNAL\r\n');
    });
    await new Promise<void>((r) => internal.listen(0, '127.0.0.2', r));
    port = (internal.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => internal?.close(r));
  });

  /** Base URLs naming the internal service (or another place nothing should reach) in the spellings filters miss. */
  const urls = () => [
    `http://127.0.0.2:${port}`,
    `http://2130706434:${port}`,
    `http://0x7f000002:${port}`,
    `http://0177.0.0.2:${port}`,
    `http://[::ffff:127.0.0.2]:${port}`,
    `http://[::7f00:2]:${port}`,
    `http://[::127.0.0.2]:${port}`,
    `http://[64:ff9b::7f00:2]:${port}`,
    `http://[2002:7f00:2::1]:${port}`,
    `http://[::1]:${port}`,
    'http://169.254.169.254/latest/meta-data',
    'http://100.100.100.200/latest/meta-data',
    'http://[fd00:ec2::254]',
    'http://[fe80::1%25eth0]',
    'http://0.0.0.0',
    `http://user:pass@127.0.0.2:${port}`,
    `gopher://127.0.0.2:${port}`,
    'file:///etc/passwd',
  ];
  /** SMTP hosts: names and addresses nodemailer would otherwise connect to. */
  const hosts = () => ['127.0.0.2', '2130706434', '0x7f000002', '::ffff:127.0.0.2', '::7f00:2', '64:ff9b::7f00:2', '::1', '169.254.169.254', '0.0.0.0'];

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth = true) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: auth ? { authorization: `Bearer ${adminToken}` } : {} });
  const setConfig = (category: string, values: Record<string, unknown>) =>
    send('PUT', '/config', { config: Object.entries(values).map(([name, value]) => ({ category, name, value })) });

  it('release source, LLM base URL, payment gateway, SMS endpoint, custom OAuth and SMTP host', async () => {
    const bad: { probe: string; status: number; body: string }[] = [];
    const check = (probe: string, res: { statusCode: number; body: string }) => {
      if (res.statusCode >= 500 && !/"code":"(bad_gateway|unavailable)"/.test(res.body))
        bad.push({ probe, status: res.statusCode, body: res.body.slice(0, 200) });
      // a refusal names no answer: nothing answered
      if (res.body.includes('INTERNAL')) bad.push({ probe: `${probe} echoed the internal answer`, status: res.statusCode, body: res.body.slice(0, 200) });
    };
    await setConfig('security', { enable_captcha_register: false, enable_captcha_login: false, enable_captcha_find_password: false });
    for (const base of urls()) {
      check(`release ${base}`, await send('PUT', '/release/source', { source: `${base}/releases` }));
      check(`llm ${base}`, await setConfig('llm', { provider: 'custom', base_url: `${base}/v1`, api_key: 'k', model: 'm' }));
      check(`llm test ${base}`, await send('POST', '/llm/model/test', { id: 0 }));
      check(
        `pay ${base}`,
        await setConfig('pay', { enable_hupijiao: true, hupijiao_appid: 'a', hupijiao_secret: 's', hupijiao_gateway: `${base}/payment/do.html` }),
      );
      check(`pay test ${base}`, await send('POST', '/order/pay/test', { payment_type: PaymentMethod.Hupijiao }));
      check(
        `sms ${base}`,
        await setConfig('sms', { enable: true, provider: 'aliyun', access_key: 'a', secret_key: 's', template_code: 'T', endpoint: base, resend_interval: 0 }),
      );
      check(`sms code ${base}`, await send('POST', '/user/sms/code', { mobile: '13900000123', purpose: 0 }, false));
      check(
        `oauth ${base}`,
        await setConfig('oauth', {
          custom_enable: true,
          custom_client_id: 'c',
          custom_client_secret: 's',
          custom_authorize_url: `${base}/authorize`,
          custom_token_url: `${base}/token`,
          custom_userinfo_url: `${base}/userinfo`,
        }),
      );
      const configs = await send('GET', '/oauth/configs', undefined, false);
      const custom = (configs.json().oauth as { type: string; authorize_url: string }[] | undefined)?.find((c) => c.type === 'custom');
      const state = custom ? new URL(custom.authorize_url).searchParams.get('state') : 'x';
      check(`oauth login ${base}`, await send('POST', '/oauth/login', { type: 'custom', code: 'c', state }, false));
    }
    for (const host of hosts()) {
      check(`smtp ${host}`, await setConfig('email', { host, port, is_tls: false, username: 'u@example.com', password: 'p' }));
      check(`smtp test ${host}`, await send('POST', '/config/email/test', { email: 'ops@example.com' }));
    }
    expect(bad).toEqual([]);
    expect(connections).toBe(0);
  });
});
