import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';

/** Routes of the mail module (registered from app.ts). */
export async function mailRoutes(app: FastifyInstance) {
  const { mail } = app.services;
  const ok = { ok: true };

  // mail that anyone can trigger is also capped per IP at the HTTP layer (per address: 60 s in the service)
  app.register(async (scoped) => {
    scoped.addHook('onRoute', (opts) => {
      opts.config = { ...(opts.config as object), rateLimit: { max: 10, timeWindow: '1 minute' } };
    });
    registerRoute(scoped, api.sendEmailCode, async ({ body, req }) => (await mail.sendCode(body!.email, body!.type, req.ip, body!), ok));
    registerRoute(scoped, api.findPasswordStepOne, async ({ body, req }) => (await mail.sendResetLink(body!.email, req.ip, body!), ok));
    registerRoute(scoped, api.findPasswordStepTwo, async ({ body }) => (await mail.resetPassword(body!.email, body!.token, body!.password), ok));
  });

  registerRoute(app, api.testEmail, async ({ body }) => (await mail.sendTest(body?.email), ok));
}
