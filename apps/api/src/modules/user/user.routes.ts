import type { FastifyInstance } from 'fastify';
import { api, PunishmentType } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';
import { badRequest, unauthorized } from '../../lib/errors';
import { toPrivateUser, toPublicUser } from './user.service';

export async function userRoutes(app: FastifyInstance) {
  const { users } = app.services;
  const limits = await app.services.settings.section('security');
  // login/registration are throttled per IP at the HTTP layer; config changes apply on restart
  const perIp = Math.max(1, Number(limits.login_limit_per_ip) || 20);

  app.register(async (scoped) => {
    scoped.addHook('onRoute', (opts) => {
      opts.config = { ...(opts.config as object), rateLimit: { max: perIp, timeWindow: '1 minute' } };
    });
    registerRoute(scoped, api.register, async ({ body, req }) => {
      await app.services.captcha.verify('register', body!.captcha_id, body!.captcha);
      const security = await app.services.settings.section('security');
      if (security.enable_verify_register_email === true) {
        if (!body!.email) throw badRequest('请输入电子邮箱');
        if (!body!.code) throw badRequest('请输入邮箱验证码');
        await app.services.mail.verifyCode(body!.email, 0, body!.code);
      }
      const user = await users.register(body!, req.ip);
      return { user: toPrivateUser(user, []), token: await app.issueToken(user.id) };
    });
    registerRoute(scoped, api.login, async ({ body, req }) => {
      await app.loginThrottle.check(body!.username);
      await app.services.captcha.verify('login', body!.captcha_id, body!.captcha);
      const user = await users.login(body!.username, body!.password, req.ip).catch(async (e) => {
        await app.loginThrottle.fail(body!.username);
        throw e;
      });
      await app.loginThrottle.reset(body!.username);
      await app.services.punishments.assertAllowed(user.id, PunishmentType.DisableAccount);
      return { user: toPrivateUser(user), token: await app.issueToken(user.id) };
    });
  });

  registerRoute(app, api.logout, async ({ req }) => {
    const a = req.auth!;
    await users.revoke(a.jti, a.userId, new Date(a.exp * 1000));
    return { ok: true };
  });

  registerRoute(app, api.getUser, async ({ query, req }) => {
    const id = query?.id ?? req.auth?.userId;
    if (!id) throw unauthorized();
    if (id === req.auth?.userId) return users.privateView(id);
    const u = await users.get(id);
    const keys = req.auth ? await app.permissionKeys(req.auth.userId) : new Set<string>();
    return keys.has('*') || keys.has('GET /api/v1/user/list') ? users.privateView(id) : toPublicUser(u);
  });

  registerRoute(app, api.listUsers, ({ query, req }) => users.list(query!, req.permitted));
  registerRoute(app, api.getPermission, async ({ req }) => ({ permission: await users.permissions(req.auth!.userId) }));
  registerRoute(app, api.getGroup, async ({ req }) => ({ group: await users.groups(req.auth!.userId) }));
  registerRoute(app, api.listGroups, async ({ query }) => {
    const group = await users.allGroups(query?.wd);
    return { total: group.length, group };
  });
  registerRoute(app, api.listPermissions, async ({ query }) => {
    const all = await users.allPermissions(query?.wd);
    const page = query!.page, size = query!.size;
    return { total: all.length, permission: all.slice((page - 1) * size, page * size) };
  });
}
