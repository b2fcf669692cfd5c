import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/** PUT /renew/document/index: every document re-indexed in batches, progress saved as it goes. */
export const reindexDocumentsJob = defineJob({
  name: 'search.reindex-documents',
  data: z.object({}),
  options: { singletonKey: 'reindex', retryLimit: 0, expireInSeconds: 6 * 3600 },
});

/** Daily: search records older than security.search_record_retention_days go. */
export const purgeSearchRecordsJob = defineJob({ name: 'search.purge-records', data: z.object({}), schedule: '17 3 * * *' });
