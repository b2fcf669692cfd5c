import type { Deps, RouteHandlers } from '../../kernel/module';

export function searchRoutes({ search }: Deps): RouteHandlers {
  return {
    searchDocuments: ({ req, query, auth }) => search.search(query, { userId: auth?.userId, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') }),
    listSearchRecords: ({ query }) => search.listRecords(query),
    deleteSearchRecords: async ({ query }) => (await search.deleteRecords(query.id), { ok: true }),
    renewDocumentIndex: () => search.startReindex(),
    getDocumentIndexStatus: () => search.reindexStatus(),
    hotSearchWords: ({ query }) => search.hotWords(query.limit),
  };
}
