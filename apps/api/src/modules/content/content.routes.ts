import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';

/** snake_case request fields → drizzle's camelCase columns; undefined stays out (partial updates). */
function camel<T extends Record<string, unknown>>(o: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined && k !== 'id') out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}
const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

export async function contentRoutes(app: FastifyInstance) {
  const { content, users } = app.services;
  const ok = { ok: true };

  registerRoute(app, api.createCategory, ({ body }) => content.createCategory(camel(body!) as never));
  registerRoute(app, api.updateCategory, ({ body }) => content.updateCategory(body!.id, camel(body!)));
  registerRoute(app, api.deleteCategory, async ({ query }) => (await content.deleteCategories(query!.id), ok));
  registerRoute(app, api.getCategory, ({ query, req }) => content.getCategory(query!.id, req.permitted));
  registerRoute(app, api.listCategories, ({ query, req }) => content.listCategories(query!, req.permitted));

  registerRoute(app, api.createNavigation, ({ body }) => content.createNavigation(camel(body!) as never));
  registerRoute(app, api.updateNavigation, ({ body }) => content.updateNavigation(body!.id, camel(body!)));
  registerRoute(app, api.deleteNavigation, async ({ query }) => (await content.deleteNavigations(query!.id), ok));
  registerRoute(app, api.getNavigation, ({ query }) => content.getNavigation(query!.id));
  registerRoute(app, api.listNavigations, ({ query, req }) => content.listNavigations(query!, req.permitted));

  registerRoute(app, api.createFriendlink, ({ body }) => content.createFriendlink(camel(body!) as never));
  registerRoute(app, api.updateFriendlink, ({ body }) => content.updateFriendlink(body!.id, camel(body!)));
  registerRoute(app, api.deleteFriendlink, async ({ query }) => (await content.deleteFriendlinks(query!.id), ok));
  registerRoute(app, api.getFriendlink, ({ query }) => content.getFriendlink(query!.id));
  registerRoute(app, api.listFriendlinks, ({ query, req }) => content.listFriendlinks(query!, req.permitted));

  const adBody = (b: { start_time?: string | null; end_time?: string | null } & Record<string, unknown>) => ({
    ...camel(b), startTime: toDate(b.start_time), endTime: toDate(b.end_time),
  });
  registerRoute(app, api.createAdvertisement, ({ body, req }) => content.createAdvertisement({ ...adBody(body!), userId: req.auth!.userId } as never));
  registerRoute(app, api.updateAdvertisement, ({ body }) => content.updateAdvertisement(body!.id, adBody(body!)));
  registerRoute(app, api.deleteAdvertisement, async ({ query }) => (await content.deleteAdvertisements(query!.id), ok));
  registerRoute(app, api.getAdvertisement, ({ query }) => content.getAdvertisement(query!.id));
  registerRoute(app, api.listAdvertisements, ({ query }) => content.listAdvertisements(query!));
  registerRoute(app, api.getAdvertisementsByPosition, async ({ query, req }) => {
    const vip = req.auth ? (await users.privateView(req.auth.userId)).is_vip : false;
    return content.adsForPositions(query?.position ?? [], query?.group, vip);
  });
}
