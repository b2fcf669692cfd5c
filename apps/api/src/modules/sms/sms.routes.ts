import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';
import { toPrivateUser } from '../user/user.service';

/** Routes of the sms module (registered from app.ts). */
export async function smsRoutes(app: FastifyInstance) {
  const { sms } = app.services;
  const limits = await app.services.settings.section('security');
  const perIp = Math.max(1, Number(limits.login_limit_per_ip) || 20);

  // per-IP caps at the HTTP layer on top of the service's per-number interval, daily limits and code attempts
  app.register(async (scoped) => {
    scoped.addHook('onRoute', (opts) => {
      const max = opts.url.endsWith('/user/sms/code') ? 10 : perIp;
      opts.config = { ...(opts.config as object), rateLimit: { max, timeWindow: '1 minute' } };
    });
    registerRoute(scoped, api.sendSmsCode, ({ body, req }) => sms.sendCode(body!.mobile, body!.purpose, req.ip, body!));
    registerRoute(scoped, api.registerByMobile, async ({ body, req }) => {
      const user = await sms.register(body!, req.ip);
      return { user: toPrivateUser(user), token: await app.issueToken(user.id) };
    });
    registerRoute(scoped, api.loginByMobile, async ({ body, req }) => {
      const user = await sms.login(body!, req.ip);
      return { user: toPrivateUser(user), token: await app.issueToken(user.id) };
    });
    registerRoute(scoped, api.findPasswordByMobile, async ({ body }) => (await sms.resetPassword(body!), { ok: true }));
  });

  registerRoute(app, api.listSms, ({ query }) => sms.list(query!));
  registerRoute(app, api.deleteSms, async ({ query }) => (await sms.delete(query!.id), { ok: true }));
}
