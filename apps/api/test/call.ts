/**
 * Typed calls of contract routes in tests: the URL is built from the contract (path parameters filled, repeated
 * array query parameters), the caller is a test user, a token, 'admin' or 'anonymous', and a successful JSON
 * answer is parsed with the route's response schema, so a test fails as soon as an answer breaks its contract.
 *
 *   const doc = await call(t, api.getDocument, { query: { id }, as: user });      // 2xx: the parsed answer
 *   const err = await callError(t, api.getDocument, { query: { id } });           // non-2xx: { status, code, message }
 *   const res = await callRaw(t, api.viewPage, { params: { uuid, file: '1.svg' } }); // anything: the inject response
 */
import type { LightMyRequestResponse } from 'fastify';
import { ZApiError, buildQuery, fillPath, type RouteBody, type RouteDef, type RouteParams, type RouteQuery, type RouteResponse } from '@wenku/contracts';
import type { TestApp } from './helpers';
import { multipart } from './fixtures';

/** Who makes the call: a user (anything with a token), a raw bearer token, the seeded administrator, or nobody. */
export type As = { token: string } | string | 'admin' | 'anonymous' | undefined;

export interface CallInput<R extends RouteDef> {
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  body?: RouteBody<R>;
  /** multipart routes: the one file (field `file` unless named) */
  file?: { name: string; content: Buffer; field?: string };
  as?: As;
  headers?: Record<string, string>;
}

/**
 * What `call` resolves to: the parsed answer, or for binary routes the raw response. A route's kind is not in its
 * type, so binary routes are known by their response schema: `z.unknown()` or a `z.custom<Uint8Array>()` (the
 * contract's only two shapes for binary answers; call.test checks that this stays true).
 */
export type Answer<R extends RouteDef> =
  unknown extends RouteResponse<R> ? LightMyRequestResponse : RouteResponse<R> extends Uint8Array ? LightMyRequestResponse : RouteResponse<R>;

export interface CallFailure {
  status: number;
  code: string;
  message: string;
  headers: LightMyRequestResponse['headers'];
}

/** A non-2xx answer reached `call`: the message names the route, the status and the body. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    route: string,
  ) {
    super(`${route} answered ${status}: ${body.slice(0, 500)}`);
    this.name = 'CallError';
  }
}

const label = (route: RouteDef, url: string) => `${route.method} ${url}`;

async function tokenOf(t: TestApp, as: As): Promise<string | undefined> {
  if (as === undefined || as === 'anonymous') return undefined;
  if (as === 'admin') return t.adminToken();
  if (typeof as === 'string') return as;
  return as.token;
}

/** The URL of a call: the contract path with its parameters filled (URI-encoded) and the query string. */
export function urlOf<R extends RouteDef>(route: R, input: Pick<CallInput<R>, 'params' | 'query'> = {}): string {
  return `${fillPath(route, input.params as Record<string, unknown> | undefined)}${buildQuery(input.query as Record<string, unknown> | undefined)}`;
}

/** Sends a call and returns the inject response as it is, whatever its status. */
export async function callRaw<R extends RouteDef>(t: TestApp, route: R, input: CallInput<R> = {}): Promise<LightMyRequestResponse> {
  const url = urlOf(route, input);
  const token = await tokenOf(t, input.as);
  const headers: Record<string, string> = { ...(input.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  if (route.kind === 'multipart') {
    if (!input.file) throw new Error(`${label(route, url)} is a multipart route: pass { file }`);
    const mp = multipart(input.file.name, input.file.content, input.file.field);
    return t.app.inject({ method: route.method, url, payload: mp.payload, headers: { ...headers, ...mp.headers } });
  }
  if (input.file) throw new Error(`${label(route, url)} is not a multipart route`);
  return t.app.inject({ method: route.method, url, headers, ...(input.body !== undefined ? { payload: input.body as object } : {}) });
}

/**
 * Reads an answer the way `call` does: a 2xx JSON answer parsed with the route's response schema (a broken
 * contract throws), a binary route's response returned as it is, anything else thrown as a CallError.
 */
export function readAnswer<R extends RouteDef>(route: R, url: string, res: LightMyRequestResponse): Answer<R> {
  if (route.kind === 'binary') return res as Answer<R>;
  if (route.kind === 'ndjson') throw new Error(`${label(route, url)} streams NDJSON: use callRaw and parse the lines`);
  if (res.statusCode < 200 || res.statusCode > 299) throw new CallError(res.statusCode, res.body, label(route, url));
  let json: unknown;
  try {
    json = res.json();
  } catch {
    throw new Error(`${label(route, url)} answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 300)}`);
  }
  const parsed = route.response.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${label(route, url)} answered ${res.statusCode} with a body that breaks its contract — ${issues}\n${res.body.slice(0, 1000)}`);
  }
  return parsed.data as Answer<R>;
}

/** Calls a route and returns its answer parsed with the contract (binary routes: the raw response); non-2xx throws. */
export async function call<R extends RouteDef>(t: TestApp, route: R, input: CallInput<R> = {}): Promise<Answer<R>> {
  const res = await callRaw(t, route, input);
  return readAnswer(route, urlOf(route, input), res);
}

/** Reads a refusal: the status and the `{ code, message }` body; a 2xx answer or a body off the error shape throws. */
export function readFailure(route: RouteDef, url: string, res: LightMyRequestResponse): CallFailure {
  if (res.statusCode >= 200 && res.statusCode <= 299)
    throw new Error(`${label(route, url)} was expected to fail but answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  let json: unknown;
  try {
    json = res.json();
  } catch {
    throw new Error(`${label(route, url)} failed with ${res.statusCode} and a body that is not JSON: ${res.body.slice(0, 300)}`);
  }
  const body = ZApiError.safeParse(json);
  if (!body.success) throw new Error(`${label(route, url)} failed with ${res.statusCode} and a body that is not {code, message}: ${res.body.slice(0, 300)}`);
  return { status: res.statusCode, code: body.data.code, message: body.data.message, headers: res.headers };
}

/** Calls a route that must refuse: returns `{ status, code, message }` (typed); a success fails the test. */
export async function callError<R extends RouteDef>(t: TestApp, route: R, input: CallInput<R> = {}): Promise<CallFailure> {
  const res = await callRaw(t, route, input);
  return readFailure(route, urlOf(route, input), res);
}
