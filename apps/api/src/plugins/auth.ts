import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { PunishmentType, permissionKey, switchesExempt, type RouteDef } from '@wenku/contracts';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { ROOT_USER_ID } from '../modules/user/user.service';

export interface AuthState {
  userId: number;
  jti: string;
  exp: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    authorize(def: RouteDef): preHandlerAsyncHookHandler;
    issueToken(userId: number): Promise<string>;
    /** permission keys a user holds (`GRPC /api.v1.<Service>/<Method>` or `METHOD /api/v1/path`, see `permissionKey`) */
    permissionKeys(userId: number): Promise<Set<string>>;
    /** forget cached permission sets (after a grant changes) */
    clearPermissionCache(): Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthState | null;
    /** dual-mode routes: the caller holds this route's permission */
    permitted: boolean;
  }
}
declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; jti: string; t: number };
    user: { sub: string; jti: string; t?: number; iat: number; exp: number };
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const { config, services, database } = app;
    await app.register(fastifyJwt, { secret: config.jwtSecret, sign: { algorithm: 'HS256' } });
    // a change of groups or permissions clears it in every API process
    const permCache = services.caches.cache<Set<string>>('permissions', { ttlMs: 10_000, maxEntries: 10_000 });

    app.decorateRequest('auth', null);
    app.decorateRequest('permitted', false);

    app.decorate('issueToken', async (userId: number) =>
      app.jwt.sign({ sub: String(userId), jti: crypto.randomUUID(), t: Date.now() }, { expiresIn: `${config.jwtExpireDays}d` }),
    );

    app.decorate('clearPermissionCache', () => permCache.clear());

    app.decorate('permissionKeys', (userId: number) =>
      permCache.get(String(userId), async () => {
        if (userId === ROOT_USER_ID) return new Set(['*']);
        const perms = await services.users.permissions(userId);
        return new Set(perms.map((p) => `${p.method} ${p.path}`));
      }),
    );

    /** Verifies the bearer token: signature, expiry, revocation (logout) and password changes. */
    async function authenticate(req: FastifyRequest): Promise<AuthState | null> {
      const header = req.headers.authorization;
      if (!header || !/^Bearer\s+\S+/i.test(header)) return null;
      let decoded: { sub: string; jti: string; t?: number; iat: number; exp: number };
      try {
        decoded = await req.jwtVerify();
      } catch {
        throw new AppError('unauthorized', '登录已失效，请重新登录');
      }
      const userId = Number(decoded.sub);
      // one round trip: the token's revocation and the account's state (a disabled account is out on every route)
      const { rows } = await database.pool.query<{ valid_after: Date; revoked: boolean; disabled: string | null }>(
        `SELECT u.tokens_valid_after AS valid_after,
         EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2) AS revoked,
         (SELECT p.reason FROM punishments p WHERE p.user_id = u.id AND p.type = $3 AND p.enable AND p.start_time <= now()
            AND (p.end_time IS NULL OR p.end_time > now()) ORDER BY p.id DESC LIMIT 1) AS disabled
       FROM users u WHERE u.id = $1`,
        [userId, decoded.jti, PunishmentType.DisableAccount],
      );
      const row = rows[0];
      // `t` is the issue time in ms (iat has only second precision)
      const issuedAt = decoded.t ?? decoded.iat * 1000;
      if (!row || row.revoked || issuedAt < row.valid_after.getTime()) {
        throw new AppError('unauthorized', '登录已失效，请重新登录');
      }
      if (row.disabled !== null) throw new AppError('account_disabled', row.disabled ? `您的账号已被禁用：${row.disabled}` : '您的账号已被禁用');
      return { userId, jti: decoded.jti, exp: decoded.exp };
    }

    async function holds(userId: number, key: string): Promise<boolean> {
      const keys = await app.permissionKeys(userId);
      return keys.has('*') || keys.has(key);
    }

    app.decorate('authorize', (def: RouteDef) => {
      const key = permissionKey(def);
      // the site switches never guard admin routes (their permission does) nor the routes that declare themselves
      // exempt in the contract (how one gets in, a vendor's webhook: `switchesExempt`)
      const switched = def.auth !== 'admin' && !switchesExempt(def);
      return async function authorizeHook(req: FastifyRequest) {
        let auth: AuthState | null = null;
        try {
          auth = await authenticate(req);
        } catch (e) {
          // a stale token on a public route just means "anonymous"
          if (def.auth !== 'public') throw e;
        }
        req.auth = auth;

        if (switched) {
          const security = services.settings.peek('security') ?? (await services.settings.get('security'));
          if (security.is_close === true) {
            const hasAny = auth ? (await app.permissionKeys(auth.userId)).size > 0 : false;
            if (!hasAny) throw new AppError('site_closed', String(security.close_statement || '网站已关闭'));
          } else if (security.login_required === true && !auth) {
            throw unauthorized('请先登录');
          }
        }

        if (def.auth === 'user' && !auth) throw unauthorized();
        if (def.auth === 'admin') {
          if (!auth) throw unauthorized();
          if (!(await holds(auth.userId, key))) throw forbidden();
          req.permitted = true;
        } else if (def.permission && auth) {
          req.permitted = await holds(auth.userId, key);
        }
      };
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
