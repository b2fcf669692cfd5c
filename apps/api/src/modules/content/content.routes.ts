import type { Deps, RouteHandlers } from '../../kernel/module';

const ok = { ok: true };

/** snake_case request fields → drizzle's camelCase columns; undefined stays out (partial updates). */
function camel<T extends Record<string, unknown>>(o: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined && k !== 'id') out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}
const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
const adBody = (b: { start_time?: string | null; end_time?: string | null } & Record<string, unknown>) => ({
  ...camel(b),
  startTime: toDate(b.start_time),
  endTime: toDate(b.end_time),
});

export function contentRoutes({ content, users }: Deps): RouteHandlers {
  return {
    createCategory: ({ body }) => content.createCategory(camel(body) as never),
    updateCategory: ({ body }) => content.updateCategory(body.id, camel(body)),
    deleteCategory: async ({ query }) => (await content.deleteCategories(query.id), ok),
    getCategory: ({ query, req }) => content.getCategory(query.id, req.permitted),
    listCategories: ({ query, req }) => content.listCategories(query, req.permitted),

    createNavigation: ({ body }) => content.createNavigation(camel(body) as never),
    updateNavigation: ({ body }) => content.updateNavigation(body.id, camel(body)),
    deleteNavigation: async ({ query }) => (await content.deleteNavigations(query.id), ok),
    getNavigation: ({ query }) => content.getNavigation(query.id),
    listNavigations: ({ query, req }) => content.listNavigations(query, req.permitted),

    createFriendlink: ({ body }) => content.createFriendlink(camel(body) as never),
    updateFriendlink: ({ body }) => content.updateFriendlink(body.id, camel(body)),
    deleteFriendlink: async ({ query }) => (await content.deleteFriendlinks(query.id), ok),
    getFriendlink: ({ query }) => content.getFriendlink(query.id),
    listFriendlinks: ({ query, req }) => content.listFriendlinks(query, req.permitted),

    createAdvertisement: ({ body, auth }) => content.createAdvertisement({ ...adBody(body), userId: auth.userId } as never),
    updateAdvertisement: ({ body }) => content.updateAdvertisement(body.id, adBody(body)),
    deleteAdvertisement: async ({ query }) => (await content.deleteAdvertisements(query.id), ok),
    getAdvertisement: ({ query }) => content.getAdvertisement(query.id),
    listAdvertisements: ({ query }) => content.listAdvertisements(query),
    getAdvertisementsByPosition: async ({ query, auth }) => {
      const vip = auth ? (await users.privateView(auth.userId)).is_vip : false;
      return content.adsForPositions(query.position ?? [], query.group, vip);
    },
  };
}
