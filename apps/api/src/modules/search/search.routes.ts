import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';
import { JOBS } from '../../lib/queue';

export async function searchRoutes(app: FastifyInstance) {
  const { search, jobs } = app.services;
  app.addHook('onClose', async () => search.flush());
  registerRoute(app, api.searchDocuments, ({ req, query }) =>
    search.search(query!, { userId: req.auth?.userId, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') }));
  registerRoute(app, api.listSearchRecords, ({ query }) => search.listRecords(query!));
  registerRoute(app, api.deleteSearchRecords, async ({ query }) => (await search.deleteRecords(query!.id), { ok: true }));
  registerRoute(app, api.renewDocumentIndex, async () => {
    const status = await search.startReindex(() => jobs.send(JOBS.reindexDocuments, {}, { singletonKey: 'reindex', retryLimit: 0, expireInSeconds: 6 * 3600 }));
    // without a queue (tools, tests) the rebuild runs right here in the background
    if (!jobs.boss) void search.runReindex().catch(() => undefined);
    return status;
  });
  registerRoute(app, api.getDocumentIndexStatus, () => search.reindexStatus());
  registerRoute(app, api.hotSearchWords, ({ query }) => search.hotWords(query!.limit));
}
