import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/**
 * One document's indexing: cut its text into chunks (with their jieba tsvector) and embed the chunks lacking a
 * vector. Duplicates are harmless: the handler first claims the task row (pending → processing), so only one
 * worker does the work. Retries are the service's own (back-off on rate limits), not pg-boss's.
 */
export const indexDocumentJob = defineJob({
  name: 'knowledge.index-document',
  data: z.object({ documentId: z.number().int().positive() }),
  options: { retryLimit: 0, expireInSeconds: 3600 },
  pollingIntervalSeconds: 1,
  workers: 2,
});

/** Queues every pending task (after a rebuild, a retry of all, a model change, a start-up). */
export const dispatchPendingJob = defineJob({
  name: 'knowledge.dispatch',
  data: z.object({}),
  options: { singletonKey: 'dispatch', retryLimit: 1, expireInSeconds: 3600 },
});

/**
 * Every minute: tasks stuck in processing (a crashed worker) are queued again or failed, a changed embedding model
 * starts building, and a complete one is promoted.
 */
export const knowledgeWatchdogJob = defineJob({ name: 'knowledge.watchdog', data: z.object({}), schedule: '* * * * *' });
