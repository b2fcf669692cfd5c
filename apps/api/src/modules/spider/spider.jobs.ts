import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/**
 * Collects one start URL (pending → collecting → done/failed). The handler claims the row first, so a duplicate
 * job does nothing. Retries are explicit (the admin's retry), not pg-boss's.
 */
export const collectUrlJob = defineJob({
  name: 'spider.collect',
  data: z.object({ id: z.number().int().positive() }),
  options: { retryLimit: 0, expireInSeconds: 3600 },
  pollingIntervalSeconds: 1,
});

/** Downloads one collected document through the upload path (download queue → downloading → downloaded/failed). */
export const downloadDocumentJob = defineJob({
  name: 'spider.download',
  data: z.object({ id: z.number().int().positive() }),
  options: { retryLimit: 0, expireInSeconds: 1800 },
  pollingIntervalSeconds: 1,
  workers: 2,
});

/** Publishes one downloaded document as a document of the library (publish queue → publishing → published/failed). */
export const publishDocumentJob = defineJob({
  name: 'spider.publish',
  data: z.object({ id: z.number().int().positive(), categoryIds: z.array(z.number().int().positive()).optional() }),
  options: { retryLimit: 0, expireInSeconds: 600 },
  pollingIntervalSeconds: 1,
});

/** Every five minutes: rows stuck in a working state (a crashed worker) are failed with a readable error. */
export const spiderWatchdogJob = defineJob({ name: 'spider.watchdog', data: z.object({}), schedule: '*/5 * * * *' });
