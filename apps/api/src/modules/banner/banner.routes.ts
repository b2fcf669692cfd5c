import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';

export async function bannerRoutes(app: FastifyInstance) {
  const { banners } = app.services;
  const ok = { ok: true };
  registerRoute(app, api.createBanner, ({ body }) => banners.create(body!));
  registerRoute(app, api.updateBanner, ({ body }) => {
    const { id, ...patch } = body!;
    return banners.update(id, patch);
  });
  registerRoute(app, api.deleteBanner, async ({ query }) => (await banners.remove(query!.id), ok));
  registerRoute(app, api.getBanner, ({ query, req }) => banners.get(query!.id, req.permitted));
  registerRoute(app, api.listBanners, ({ query, req }) => banners.list(query!, req.permitted));
}
