import type { Deps, RouteHandlers } from '../../kernel/module';

export function knowledgeRoutes({ knowledge }: Deps): RouteHandlers {
  return {
    listEmbeddingTasks: ({ query }) => knowledge.listTasks(query),
    getEmbeddingStats: () => knowledge.stats(),
    retryEmbedding: async ({ body }) => ({ count: await knowledge.retry(body.id) }),
    rebuildEmbedding: async () => ({ count: await knowledge.rebuild() }),
    testRetrieval: ({ query }) => knowledge.testRetrieval(query),
  };
}
