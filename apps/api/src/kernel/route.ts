import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { api, permissionKey, routeUrl, type RouteDef, type RouteName } from '@wenku/contracts';
import { AppError, badRequest, unauthorized } from '../lib/errors';
import type { AuthState } from '../plugins/auth';
import type { Deps, ModuleDef, RouteEntry } from './module';

/**
 * What a handler gets, narrowed from its contract route: `query`, `body` and `params` are the schemas' parsed
 * output (`undefined` when the route declares none), and `auth` is the signed-in caller, never null on a `user` or
 * `admin` route (the route's preHandler has already refused a request without a valid token; a public route may
 * have one or not).
 */
export interface HandlerContext<R extends RouteDef> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: R extends RouteDef<any, infer Q, any, any> ? z.output<Q> : undefined;
  body: R extends RouteDef<any, any, infer B, any> ? z.output<B> : undefined;
  params: R extends RouteDef<infer P, any, any, any> ? z.output<P> : undefined;
  auth: R['auth'] extends 'user' | 'admin' ? AuthState : AuthState | null;
}

/** The caller of a route: the preHandler (`authorize`) refused every `user`/`admin` request without one already. */
function callerOf(def: RouteDef, req: FastifyRequest): AuthState | null {
  if (def.auth !== 'public' && !req.auth) throw unauthorized();
  return req.auth;
}

type Out<R> = R extends RouteDef<any, any, any, infer O> ? z.input<O> : never;
/** JSON routes return their answer; binary routes send through `reply` (or return a stream/buffer). */
export type RouteHandler<R extends RouteDef> = (ctx: HandlerContext<R>) => Promise<Out<R>> | Out<R>;

export interface RouteOptions {
  /** per-IP limit of this route (@fastify/rate-limit); `max` may read the settings on each request */
  rateLimit?: {
    max: number | ((req: FastifyRequest, key: string) => Promise<number>);
    timeWindow: string | number;
    /** what is counted (default: the client address) */
    keyGenerator?: (req: FastifyRequest) => string;
    /** when it is counted: before authentication (default, `onRequest`) or after it (`preHandler`, `req.auth` set) */
    hook?: 'onRequest' | 'preHandler';
  };
}

/**
 * A limit counted per account: after authentication (the route's own preHandler runs first), keyed by the signed-in
 * user, so that every token of one account shares one budget and many users behind one address (a campus, an
 * office) do not; a request without a login (on a route that allows it) is counted by its address.
 */
export function perUserLimit(max: number, timeWindow: string | number): NonNullable<RouteOptions['rateLimit']> {
  return {
    max,
    timeWindow,
    hook: 'preHandler',
    keyGenerator: (req: FastifyRequest) => (req.auth ? `user:${req.auth.userId}` : `ip:${req.ip}`),
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    routeDef?: RouteDef;
    permissionKey?: string;
  }
}

/** First issue of a zod error as a sentence a person understands. */
export function zodMessage(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return '请求参数不正确';
  const field = issue.path.join('.');
  const custom = issue.message && !/^(Invalid|Expected|Too|Unrecognized|Required)/.test(issue.message);
  if (custom) return issue.message;
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) return `缺少参数：${field}`;
  return field ? `参数 ${field} 不正确` : '请求参数不正确';
}

/** frozen (cached) answers, validated and serialised once */
const serialized = new WeakMap<object, string>();

/** the parse of an empty query, per schema: most public list calls send none (defaults only) */
const emptyParsed = new WeakMap<z.ZodType, unknown>();

/** Whether a request value holds a NUL character anywhere (PostgreSQL text cannot store one). */
function hasNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 32 || v === null || typeof v !== 'object') return false;
  for (const x of Array.isArray(v) ? v : Object.values(v)) if (hasNul(x, depth + 1)) return true;
  for (const k of Array.isArray(v) ? [] : Object.keys(v)) if (k.includes('\u0000')) return true;
  return false;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.output<T> | undefined {
  if (!schema) return undefined;
  if (hasNul(value)) throw new AppError('validation', '参数不能包含空字符');
  const empty = value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
  if (empty && emptyParsed.has(schema)) return emptyParsed.get(schema) as z.output<T>;
  if (empty) {
    const r = schema.safeParse({});
    if (r.success) {
      emptyParsed.set(schema, Object.freeze(r.data));
      return r.data;
    }
  }
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw new AppError('validation', zodMessage(r.error));
  return r.data;
}

/** Fastify's URL syntax for a contract path (the same `:name` params; `*` stays a wildcard). */
const fastifyUrl = (def: RouteDef) => routeUrl(def);

/** busboy's plain Errors for a body that is not well-formed multipart (no boundary, cut short, a bad part header). */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|Malformed part header|The needle cannot)/;

/** Runs a multipart route's handler; a malformed multipart body is the client's mistake (400), not a server error. */
async function readingUpload<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown };
    if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('请以 multipart/form-data 格式上传文件');
    if (!(e instanceof AppError) && err.code === undefined && typeof err.message === 'string' && MALFORMED_MULTIPART.test(err.message)) {
      throw badRequest('上传的数据格式不正确，请重新选择文件上传');
    }
    throw e;
  }
}

/**
 * Registers one contract route. Validation happens here, once, from the contract; a JSON answer is parsed
 * through the contract's schema, which strips every field it doesn't name (no hash can leak). Multipart routes
 * read their file from `req.file()`; binary routes answer through `reply`.
 */
export function registerRoute<R extends RouteDef>(app: FastifyInstance, def: R, handler: RouteHandler<R>, options: RouteOptions = {}): void {
  const kind = def.kind ?? 'json';
  if (kind === 'webhook') {
    registerWebhook(app, def, handler, options);
    return;
  }
  app.route({
    method: def.method,
    url: fastifyUrl(def),
    schema: { summary: def.summary, tags: [def.module ?? def.path.split('/')[1] ?? 'misc'] },
    config: { routeDef: def, permissionKey: permissionKey(def), ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    preHandler: [app.authorize(def)],
    handler: async (req, reply) => {
      if (kind === 'multipart' && !req.isMultipart()) throw new AppError('unsupported_media_type', '请使用 multipart/form-data 上传文件');
      const ctx = {
        req,
        reply,
        query: parse(def.query, req.query),
        body: kind === 'multipart' ? undefined : parse(def.body, req.body),
        params: parse(def.params, req.params),
        auth: callerOf(def, req),
      } as HandlerContext<R>;
      const result = kind === 'multipart' ? await readingUpload(async () => handler(ctx)) : await handler(ctx);
      if (kind === 'binary' || kind === 'ndjson') return result;
      // cached answers (settings, category lists) are returned as the same object many times: check them once
      if (result !== null && typeof result === 'object') {
        const known = serialized.get(result);
        if (known !== undefined) return reply.type('application/json; charset=utf-8').send(known);
      }
      const out = def.response.safeParse(result);
      if (!out.success) {
        req.log.error({ issues: out.error.issues, route: def.path }, 'response does not match its contract');
        throw new AppError('internal', '服务器内部错误');
      }
      if (result !== null && typeof result === 'object' && Object.isFrozen(result)) {
        const json = JSON.stringify(out.data);
        serialized.set(result, json);
        return reply.type('application/json; charset=utf-8').send(json);
      }
      return out.data;
    },
  });
}

/** The largest body a vendor's notification may have (theirs are a few KiB). */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * A vendor's call (payment notifications): registered in its own scope whose only body parser keeps the body as
 * the raw text, byte for byte, whatever its content type, because the vendor's signature covers exactly those
 * bytes (a JSON parse and re-serialisation would break it). The query is still checked by the contract; the
 * handler answers through `reply` in the form the vendor expects.
 */
function registerWebhook<R extends RouteDef>(app: FastifyInstance, def: R, handler: RouteHandler<R>, options: RouteOptions): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.route({
      method: def.method,
      url: fastifyUrl(def),
      schema: { summary: def.summary, tags: [def.module ?? def.path.split('/')[1] ?? 'misc'] },
      config: { routeDef: def, permissionKey: permissionKey(def), ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
      preHandler: [app.authorize(def)],
      handler: async (req, reply) => {
        const ctx = {
          req,
          reply,
          query: parse(def.query, req.query),
          body: typeof req.body === 'string' ? req.body : '',
          params: parse(def.params, req.params),
          auth: callerOf(def, req),
        } as unknown as HandlerContext<R>;
        return handler(ctx);
      },
    });
  });
}

/**
 * Registers every module's routes. Each contract route must have exactly one handler: a route the contract
 * names but no module serves (or one served twice) stops the start-up, so the contract, the OpenAPI document and
 * the server cannot drift apart.
 */
export function registerModuleRoutes(app: FastifyInstance, deps: Deps, modules: readonly ModuleDef[]): void {
  const owner = new Map<string, string>();
  for (const m of modules) {
    const handlers = m.routes?.(deps) ?? {};
    for (const [name, entry] of Object.entries(handlers) as [RouteName, RouteEntry<RouteName>][]) {
      const def = api[name] as RouteDef | undefined;
      if (!def) throw new Error(`模块 ${m.name} 为不存在的契约路由 ${name} 提供了处理函数`);
      if (owner.has(name)) throw new Error(`契约路由 ${name} 同时由模块 ${owner.get(name)} 和 ${m.name} 处理`);
      owner.set(name, m.name);
      const { handler, ...opts } = typeof entry === 'function' ? { handler: entry } : entry;
      registerRoute(app, def, handler as RouteHandler<RouteDef>, opts);
    }
  }
  const missing = (Object.keys(api) as RouteName[]).filter((n) => !owner.has(n));
  if (missing.length) throw new Error(`这些契约路由没有模块处理：${missing.join(', ')}`);
}
