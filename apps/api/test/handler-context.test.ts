import { describe, expectTypeOf, it } from 'vitest';
import type { Api, AuthLevel, RouteName } from '@wenku/contracts';
import type { HandlerContext } from '../src/kernel/route';
import type { AuthState } from '../src/plugins/auth';

/**
 * The handler context narrows from the contract route, so a handler needs no `query!`, `body!` or `req.auth!`
 * (lint forbids `!` in src). These are type-level checks: `pnpm typecheck` (tsc over test/) fails when one breaks.
 */
describe('handler context', () => {
  it('gives a declared query, body or params as the schema output, and undefined when none is declared', () => {
    expectTypeOf<HandlerContext<Api['oauthLogin']>['body']>().toHaveProperty('code');
    expectTypeOf<HandlerContext<Api['oauthLogin']>['body']>().not.toBeNullable();
    expectTypeOf<HandlerContext<Api['deleteUserOAuth']>['query']>().toHaveProperty('id');
    expectTypeOf<HandlerContext<Api['deleteUserOAuth']>['query']>().not.toBeNullable();
    expectTypeOf<HandlerContext<Api['viewCover']>['params']>().toHaveProperty('uuid');
    expectTypeOf<HandlerContext<Api['logout']>['body']>().toEqualTypeOf<undefined>();
    expectTypeOf<HandlerContext<Api['logout']>['query']>().toEqualTypeOf<undefined>();
  });

  it('gives user and admin routes a caller that is never null, and public routes one that may be', () => {
    expectTypeOf<HandlerContext<Api['logout']>['auth']>().toEqualTypeOf<AuthState>(); // user
    expectTypeOf<HandlerContext<Api['createUser']>['auth']>().toEqualTypeOf<AuthState>(); // admin
    expectTypeOf<HandlerContext<Api['login']>['auth']>().toEqualTypeOf<AuthState | null>(); // public
  });

  it('keeps every contract route’s `auth` as its literal (a route typed wider would hand its handler a nullable caller)', () => {
    type Widened = { [N in RouteName]: AuthLevel extends Api[N]['auth'] ? N : never }[RouteName];
    expectTypeOf<Widened>().toEqualTypeOf<never>();
  });
});
