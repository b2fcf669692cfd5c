import type { Deps, RouteHandlers } from '../../kernel/module';

export function spiderRoutes({ spider }: Deps): RouteHandlers {
  return {
    createSpiderUrls: async ({ body, auth }) => ({ count: await spider.createUrls(auth.userId, body) }),
    listSpiderUrls: ({ query }) => spider.listUrls(query),
    deleteSpiderUrls: async ({ query }) => ({ count: await spider.deleteUrls(query.id) }),
    retrySpiderUrls: async ({ body }) => ({ count: await spider.retryUrls(body.id) }),
    listSpiderDocuments: ({ query }) => spider.listDocuments(query),
    publishSpiderDocuments: async ({ body }) => ({ count: await spider.publishDocuments(body.id, body.category_id) }),
    retrySpiderDocuments: async ({ body }) => ({ count: await spider.retryDocuments(body.id) }),
    deleteSpiderDocuments: async ({ query }) => ({ count: await spider.deleteDocuments(query.id) }),
  };
}
