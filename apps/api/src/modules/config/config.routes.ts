import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';

export async function configRoutes(app: FastifyInstance) {
  const { settings } = app.services;
  registerRoute(app, api.getSettings, () => settings.publicSettings());
  registerRoute(app, api.getRechargeSettings, () => settings.rechargeSettings());
  registerRoute(app, api.listConfig, async ({ query }) => ({ config: await settings.list(query?.category) }));
  registerRoute(app, api.updateConfig, async ({ body }) => {
    await settings.update(body!.config);
    return { ok: true };
  });
}
