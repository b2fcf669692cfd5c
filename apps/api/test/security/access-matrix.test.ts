/**
 * Issue 11 (finding 2 and the "Proof" section): an access matrix generated from the contract's route list. Every
 * route is called as anonymous, an ordinary user, a limited administrator holding one permission, and the
 * super-administrator. Only the authorization outcome is asserted, so inputs are empty (path parameters filled
 * with placeholders): a refusal is 401 (no token) or 403 with the authorization message; "allowed" is anything
 * else — usually 200 or a 400 from input validation, which runs after authorization — and never a 5xx.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIST, api, routeKey, routeUrl, type RouteDef } from '@wenku/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin, makeUser } from '../factories';

/** The authorization refusal's message (`forbidden()` in lib/errors). */
const NOT_PERMITTED = '您没有权限执行此操作';
/** The one permission the limited administrator holds. */
const HELD = api.listReports;

let t: TestApp;
const tokens: Record<Role, string | undefined> = { anonymous: undefined, user: undefined, limited: undefined, super: undefined };
beforeAll(async () => {
  t = await createTestApp();
  tokens.user = (await makeUser(t)).token;
  tokens.limited = (await makeAdmin(t, { permissions: [HELD] })).token;
  tokens.super = await t.adminToken();
});
afterAll(async () => t?.close());

type Role = 'anonymous' | 'user' | 'limited' | 'super';
type Outcome = 'unauthenticated' | 'forbidden' | 'allowed';

/** Public routes about "me" unless a user is named: without the id an anonymous caller has no one to be (401). */
const SELF_BY_DEFAULT = new Map<RouteDef, string>([
  [api.getUser, 'id'],
  [api.listDynamics, 'id'],
  [api.listFavorites, 'user_id'],
]);

/** What the matrix requires of a route for a role. Public routes: whatever they answer, never a refusal by authorization. */
function expected(route: RouteDef, role: Role): Outcome {
  if (route.auth === 'public') return role === 'anonymous' && SELF_BY_DEFAULT.has(route) ? 'unauthenticated' : 'allowed';
  if (role === 'anonymous') return 'unauthenticated';
  if (route.auth === 'user') return 'allowed';
  if (role === 'super') return 'allowed';
  if (role === 'limited' && routeKey(route) === routeKey(HELD)) return 'allowed';
  return 'forbidden';
}

function outcome(res: LightMyRequestResponse): Outcome | `${number}` {
  if (res.statusCode >= 500) return `${res.statusCode}`;
  if (res.statusCode === 401) return 'unauthenticated';
  if (res.statusCode === 403 && res.json().message === NOT_PERMITTED) return 'forbidden';
  return 'allowed';
}

/** The route's URL with placeholders for its path parameters (and wildcard). */
const placeholderUrl = (route: RouteDef) =>
  routeUrl(route)
    .replace(/:([A-Za-z_]\w*)/g, '1')
    .replace('*', 'x.png');

/** Logging out revokes the caller's token: it goes last. */
const ROUTES = [...ROUTE_LIST].sort((a, b) => Number(a === api.logout) - Number(b === api.logout));

async function send(route: RouteDef, token: string | undefined) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const withBody = route.body && route.kind !== 'multipart';
  return t.app.inject({ method: route.method, url: placeholderUrl(route), headers, ...(withBody ? { payload: {} } : {}) });
}

describe('access matrix over every contract route', () => {
  it('covers the whole route list, admin and authenticated routes included', () => {
    expect(ROUTES.length).toBe(ROUTE_LIST.length);
    expect(ROUTES.filter((r) => r.auth === 'admin').length).toBeGreaterThan(50);
    expect(ROUTES.filter((r) => r.auth === 'user').length).toBeGreaterThan(20);
    expect(ROUTES.at(-1)).toBe(api.logout);
  });

  for (const role of ['anonymous', 'user', 'limited', 'super'] as const) {
    it(`as ${role}: every route answers as its auth level requires, and none with a 5xx`, async () => {
      const wrong: string[] = [];
      const counts: Record<string, number> = {};
      for (const route of ROUTES) {
        const res = await send(route, tokens[role]);
        const got = outcome(res);
        const want = expected(route, role);
        counts[want] = (counts[want] ?? 0) + 1;
        if (got !== want) wrong.push(`${routeKey(route)} (${route.auth}): expected ${want}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      expect(wrong).toEqual([]);
      // the matrix is not vacuous for this role
      if (role === 'anonymous') expect(counts.unauthenticated).toBeGreaterThan(70);
      if (role === 'user' || role === 'limited') expect(counts.forbidden).toBeGreaterThan(50);
      if (role === 'limited') expect(counts.allowed).toBe(ROUTES.filter((r) => r.auth !== 'admin').length + 1);
      if (role === 'super') expect(counts.allowed).toBe(ROUTES.length);
    });
  }

  it('the public "me by default" routes are public once a user is named', async () => {
    for (const [route, param] of SELF_BY_DEFAULT) {
      const res = await t.app.inject({ method: route.method, url: `${routeUrl(route)}?${param}=1` });
      expect(res.statusCode, `${routeKey(route)}: ${res.body}`).toBe(200);
    }
  });
});
