import type { Deps, RouteHandlers } from '../../kernel/module';

export function bannerRoutes({ banners }: Deps): RouteHandlers {
  return {
    createBanner: ({ body }) => banners.create(body),
    updateBanner: ({ body }) => {
      const { id, ...patch } = body;
      return banners.update(id, patch);
    },
    deleteBanner: async ({ query }) => (await banners.remove(query.id), { ok: true }),
    getBanner: ({ query, req }) => banners.get(query.id, req.permitted),
    listBanners: ({ query, req }) => banners.list(query, req.permitted),
  };
}
