import type { Deps, RouteHandlers } from '../../kernel/module';
import { toPrivateUser } from '../user/user.service';

export function smsRoutes({ sms, settings }: Deps): RouteHandlers {
  // per-IP caps at the HTTP layer on top of the service's per-number interval, daily limits and code attempts
  const perIp = { rateLimit: { max: async () => Math.max(1, (await settings.get('security')).login_limit_per_ip), timeWindow: '1 minute' } };
  return {
    sendSmsCode: { rateLimit: { max: 10, timeWindow: '1 minute' }, handler: ({ body, req }) => sms.sendCode(body.mobile, body.purpose, req.ip, body) },
    registerByMobile: {
      rateLimit: { max: async () => (await settings.get('security')).register_limit_per_ip, timeWindow: '1 hour' },
      handler: async ({ body, req }) => {
        const user = await sms.register(body, req.ip);
        return { user: toPrivateUser(user), token: await req.server.issueToken(user.id) };
      },
    },
    loginByMobile: {
      ...perIp,
      handler: async ({ body, req }) => {
        const user = await sms.login(body, req.ip);
        return { user: toPrivateUser(user), token: await req.server.issueToken(user.id) };
      },
    },
    findPasswordByMobile: {
      rateLimit: { max: async () => (await settings.get('security')).find_password_limit_per_ip, timeWindow: '1 hour' },
      handler: async ({ body }) => (await sms.resetPassword(body), { ok: true }),
    },
    listSms: ({ query }) => sms.list(query),
    deleteSms: async ({ query }) => (await sms.delete(query.id), { ok: true }),
  };
}
