import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, routeKey, type RouteDef } from '@wenku/contracts';
import { AppError } from './errors';

export interface HandlerContext<R extends RouteDef> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: R extends RouteDef<any, infer Q, any, any> ? z.output<Q> : undefined;
  body: R extends RouteDef<any, any, infer B, any> ? z.output<B> : undefined;
  params: R extends RouteDef<infer P, any, any, any> ? z.output<P> : undefined;
}

type Out<R> = R extends RouteDef<any, any, any, infer O> ? z.input<O> : never;
export type RouteHandler<R extends RouteDef> = (ctx: HandlerContext<R>) => Promise<Out<R>> | Out<R>;

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

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.output<T> | undefined {
  if (!schema) return undefined;
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

/**
 * Registers one contract route. Validation happens here, once, from the contract; the response is parsed
 * through the contract's schema, which strips every field it doesn't name (no hash can leak).
 */
export function registerRoute<R extends RouteDef>(app: FastifyInstance, def: R, handler: RouteHandler<R>): void {
  app.route({
    method: def.method,
    url: `${API_PREFIX}${def.path}`,
    schema: { summary: def.summary, tags: [def.module ?? def.path.split('/')[1] ?? 'misc'] },
    config: { routeDef: def, permissionKey: routeKey(def) },
    preHandler: [app.authorize(def)],
    handler: async (req, reply) => {
      const ctx = {
        req,
        reply,
        query: parse(def.query, req.query),
        body: parse(def.body, req.body),
        params: parse(def.params, req.params),
      } as HandlerContext<R>;
      const result = await handler(ctx);
      // cached answers (settings, category lists) are returned as the same object many times: check them once
      if (result !== null && typeof result === 'object') {
        const known = serialized.get(result as object);
        if (known !== undefined) return reply.type('application/json; charset=utf-8').send(known);
      }
      const out = def.response.safeParse(result);
      if (!out.success) {
        req.log.error({ issues: out.error.issues, route: def.path }, 'response does not match its contract');
        throw new AppError('internal', '服务器内部错误');
      }
      if (result !== null && typeof result === 'object' && Object.isFrozen(result)) {
        const json = JSON.stringify(out.data);
        serialized.set(result as object, json);
        return reply.type('application/json; charset=utf-8').send(json);
      }
      return out.data;
    },
  });
}
