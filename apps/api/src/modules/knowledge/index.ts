import { defineModule } from '../../kernel/module';
import { KnowledgeRepo } from './knowledge.repo';
import { KnowledgeService } from './knowledge.service';
import { knowledgeRoutes } from './knowledge.routes';
import { dispatchPendingJob, indexDocumentJob, knowledgeWatchdogJob } from './knowledge.jobs';
import { tempChatRoutes } from './TEMP-chat-routes';

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
  create: ({ db, settings, queue, log }) => ({ knowledge: new KnowledgeService(new KnowledgeRepo(db), settings, queue, log) }),
  // TEMP: the two chat routes are served here until the chat engineer's handlers land (deleted at merge)
  routes: (deps) => ({ ...knowledgeRoutes(deps), ...tempChatRoutes() }),
  jobs: ({ knowledge }) => [
    indexDocumentJob.handle(({ documentId }) => knowledge.processTask(documentId)),
    dispatchPendingJob.handle(async () => ({ sent: await knowledge.sendPending() })),
    knowledgeWatchdogJob.handle(() => knowledge.watchdog()),
  ],
  events: ({ knowledge }) => ({
    'document.changed': ({ ids }) => knowledge.onChanged(ids),
    'document.converted': ({ hash, status }) => knowledge.onConverted(hash, status),
  }),
  recover: async ({ knowledge }) => ({ embeddingTasks: await knowledge.recover() }),
});
