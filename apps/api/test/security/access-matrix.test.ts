/**
 * Issue 11 (finding 2 and the "Proof" section): an access matrix generated from the contract's route list. Every
 * route is called as anonymous, an ordinary user, a limited administrator holding one permission, and the
 * super-administrator. Only the authorization outcome is asserted, so inputs are empty (path parameters filled
 * with placeholders): a refusal is 401 (no token) or 403 with the authorization message; "allowed" is anything
 * else — usually 200 or a 400 from input validation, which runs after authorization — and never a 5xx.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIST, api, routeKey, routeUrl, switchesExempt, type RouteDef } from '@wenku/contracts';
import { ADMIN, createTestApp, type TestApp } from '../helpers';
import { call } from '../call';
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

/**
 * Issue 25, finding 3: payment notifications were refused while the site was closed or login-only (the money
 * arrived, the order stayed pending) because the switches' exemptions lived in a table keyed by path that new
 * routes missed. A route now declares `switches: 'exempt'` in its contract, a webhook always is: walking every
 * route as an anonymous caller with a switch on, the routes the switch refuses are exactly the undeclared public
 * and user routes.
 */
describe('the site switches spare exactly the routes that declare it, webhooks always', () => {
  // a token of its own: the matrix above logged the administrator's shared one out
  let admin: string;
  beforeAll(async () => {
    admin = await t.login(ADMIN.username, ADMIN.password);
  });
  const setConfig = (category: string, name: string, value: string | boolean) =>
    call(t, api.updateConfig, { as: admin, body: { config: [{ category, name, value }] } });
  const WEBHOOKS = ROUTES.filter((r) => r.kind === 'webhook');
  const SWITCHED = ROUTES.filter((r) => r.auth !== 'admin');

  it('every webhook is exempt from the switches, and the declared exemptions are the ways in', () => {
    expect(WEBHOOKS.length).toBeGreaterThanOrEqual(3);
    for (const r of WEBHOOKS) expect(switchesExempt(r), routeKey(r)).toBe(true);
    for (const r of [api.login, api.register, api.getSettings, api.getCaptcha, api.findPasswordStepOne, api.downloadFile]) expect(switchesExempt(r)).toBe(true);
    for (const r of [api.getDocument, api.listDocuments, api.createOrder, api.sendChatMessage]) expect(switchesExempt(r)).toBe(false);
  });

  const cases = [
    // closed: every caller without a permission is refused, on public and user routes alike
    { name: 'is_close', routes: SWITCHED, refused: (res: LightMyRequestResponse) => res.statusCode === 403 && res.json().code === 'site_closed' },
    // login required: an anonymous caller is refused (user routes refuse them anyway, so only public routes tell)
    {
      name: 'login_required',
      routes: SWITCHED.filter((r) => r.auth === 'public'),
      refused: (res: LightMyRequestResponse) => res.statusCode === 401 && res.json().message === '请先登录',
    },
  ] as const;
  for (const c of cases) {
    it(`${c.name}: the routes refused to an anonymous caller are exactly the undeclared ones; webhooks answer`, async () => {
      // the uploaded-image route applies the switches itself and lets the site's public images through: make its
      // placeholder address one, so that only the auth pre-handler could refuse it
      await setConfig('system', 'logo', placeholderUrl(api.viewUploadedImage));
      await setConfig('security', c.name, true);
      const refused: string[] = [];
      const fives: string[] = [];
      try {
        for (const route of c.routes) {
          const res = await send(route, undefined);
          if (res.statusCode >= 500) fives.push(`${routeKey(route)}: ${res.statusCode}`);
          if (c.refused(res)) refused.push(routeKey(route));
        }
        for (const route of WEBHOOKS) {
          const res = await send(route, undefined);
          expect([401, 403], `${routeKey(route)}: ${res.body}`).not.toContain(res.statusCode);
        }
      } finally {
        await setConfig('security', c.name, false);
        await setConfig('system', 'logo', '');
      }
      expect(fives).toEqual([]);
      expect(refused.sort()).toEqual(
        c.routes
          .filter((r) => !switchesExempt(r))
          .map(routeKey)
          .sort(),
      );
    });
  }
});
