import type { Deps, RouteHandlers } from '../../kernel/module';

export function knowledgeRoutes({ knowledgeAdmin, indexer, retrieval }: Deps): RouteHandlers {
  return {
    listEmbeddingTasks: ({ query }) => knowledgeAdmin.listTasks(query),
    getEmbeddingStats: () => knowledgeAdmin.stats(),
    retryEmbedding: async ({ body }) => ({ count: await indexer.retry(body.id) }),
    rebuildEmbedding: async () => ({ count: await indexer.rebuild() }),
    testRetrieval: ({ query }) => retrieval.testRetrieval(query),
  };
}
