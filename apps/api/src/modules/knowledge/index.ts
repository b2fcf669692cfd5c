import { defineModule } from '../../kernel/module';
import { KnowledgeRepo } from './knowledge.repo';
import { KnowledgeService } from './knowledge.service';
import { VectorMatrices } from './vector-matrix';
import { knowledgeRoutes } from './knowledge.routes';
import { dispatchPendingJob, indexDocumentJob, knowledgeWatchdogJob } from './knowledge.jobs';

declare module '../../kernel/module' {
  interface Services {
    knowledge: KnowledgeService;
  }
}

/**
 * The AI index of the library: page-keeping chunks of every converted document with a jieba tsvector and vectors
 * of the configured embedding model (pgvector HNSW or exact real[]), kept right by the document events, embedded
 * by jobs, and hybrid retrieval over it (chat and AI search call `knowledge.retrieve`).
 */
export default defineModule({
  name: 'knowledge',
  create: ({ db, database, config, settings, queue, log, outbound }) => ({
    knowledge: new KnowledgeService(
      new KnowledgeRepo(db),
      settings,
      queue,
      log,
      outbound,
      config.vectorMemoryBytes > 0 ? new VectorMatrices(database.pool, { maxBytes: config.vectorMemoryBytes }) : undefined,
    ),
  }),
  routes: knowledgeRoutes,
  jobs: ({ knowledge }) => [
    indexDocumentJob.handle(({ documentId }) => knowledge.processTask(documentId)),
    dispatchPendingJob.handle(async () => ({ sent: await knowledge.sendPending() })),
    knowledgeWatchdogJob.handle(() => knowledge.watchdog()),
  ],
  events: ({ knowledge }) => ({
    'document.changed': ({ ids }) => knowledge.onChanged(ids),
    'document.converted': ({ hash, status }) => knowledge.onConverted(hash, status),
    'document.text-recognised': ({ hash }) => knowledge.onConverted(hash, 2),
  }),
  close: ({ knowledge }) => knowledge.close(),
  recover: async ({ knowledge }) => ({ embeddingTasks: await knowledge.recover() }),
});
