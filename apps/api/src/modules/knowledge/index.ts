import { defineModule } from '../../kernel/module';
import { ChunkRepo } from './chunk.repo';
import { TaskRepo } from './task.repo';
import { RetrievalRepo } from './retrieval.repo';
import { EmbeddingModels } from './models';
import { KnowledgeIndexer } from './indexing';
import { Retrieval } from './retrieval';
import { KnowledgeAdmin } from './admin';
import { VectorMatrices } from './vector-matrix';
import { knowledgeRoutes } from './knowledge.routes';
import { dispatchPendingJob, indexDocumentJob, knowledgeWatchdogJob } from './knowledge.jobs';

declare module '../../kernel/module' {
  interface Services {
    /** keeping the index right: tasks, chunks, vectors (the document events, the jobs) */
    indexer: KnowledgeIndexer;
    /** hybrid retrieval for chat and AI search */
    retrieval: Retrieval;
    /** the admin pages of the index */
    knowledgeAdmin: KnowledgeAdmin;
  }
}

/**
 * The AI index of the library: page-keeping chunks of every converted document with a jieba tsvector and vectors
 * of the configured embedding model (pgvector HNSW or exact real[]), kept right by the document events, embedded
 * by jobs (`indexing.ts`), and hybrid retrieval over it (`retrieval.ts`: chat and AI search call `retrieval.retrieve`).
 */
export default defineModule({
  name: 'knowledge',
  create: ({ db, database, config, settings, queue, log, llm, documents, conversion }) => {
    const tasks = new TaskRepo(db);
    const chunks = new ChunkRepo(db);
    const matrices = config.vectorMemoryBytes > 0 ? new VectorMatrices(database.pool, { maxBytes: config.vectorMemoryBytes }) : undefined;
    const models = new EmbeddingModels({ chunks, llm, log });
    return {
      indexer: new KnowledgeIndexer({ tasks, chunks, models, documents, texts: conversion, settings, queue, log, matrices }),
      retrieval: new Retrieval({ repo: new RetrievalRepo(db), models, log, matrices }),
      knowledgeAdmin: new KnowledgeAdmin({ tasks, chunks, models, matrices }),
    };
  },
  routes: knowledgeRoutes,
  jobs: ({ indexer }) => [
    indexDocumentJob.handle(({ documentId }) => indexer.processTask(documentId)),
    dispatchPendingJob.handle(async () => ({ sent: await indexer.sendPending() })),
    knowledgeWatchdogJob.handle(() => indexer.watchdog()),
  ],
  events: ({ indexer }) => ({
    'document.changed': ({ ids }) => indexer.onChanged(ids),
    'document.converted': ({ ids, status }) => indexer.onConverted(ids, status),
    'document.text-recognised': ({ ids }) => indexer.reindex(ids),
  }),
  close: ({ retrieval }) => retrieval.close(),
  recover: async ({ indexer }) => ({ embeddingTasks: await indexer.recover() }),
});
