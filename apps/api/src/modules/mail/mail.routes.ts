import type { Deps, RouteHandlers } from '../../kernel/module';

const ok = { ok: true };
// mail that anyone can trigger is also capped per IP at the HTTP layer (per address: 60 s in the service)
const perIp = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export function mailRoutes({ mail, settings }: Deps): RouteHandlers {
  const findPassword = { rateLimit: { max: async () => (await settings.get('security')).find_password_limit_per_ip, timeWindow: '1 hour' } };
  return {
    sendEmailCode: { ...perIp, handler: async ({ body, req }) => (await mail.sendCode(body.email, body.type, req.ip, body), ok) },
    findPasswordStepOne: { ...findPassword, handler: async ({ body, req }) => (await mail.sendResetLink(body.email, req.ip, body), ok) },
    findPasswordStepTwo: { ...findPassword, handler: async ({ body }) => (await mail.resetPassword(body.email, body.token, body.password), ok) },
    testEmail: async ({ body }) => (await mail.sendTest(body.email), ok),
  };
}
