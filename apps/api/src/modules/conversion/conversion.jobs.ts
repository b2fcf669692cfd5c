import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/** Converts one file (by hash) for every document waiting for it. Singleton per hash; the time-out is set per send. */
export const convertDocumentJob = defineJob({
  name: 'document.convert',
  data: z.object({ hash: z.string().regex(/^[a-f0-9]{64}$/) }),
  options: { retryLimit: 1, retryDelay: 5 },
  pollingIntervalSeconds: 1,
  workers: ({ setting }) => Math.min(8, Math.max(1, Number(setting('converter', 'workers')) || 1)),
});

/** Every five minutes: conversions stuck past their time-out (a crashed worker) fail with a reason. */
export const conversionWatchdogJob = defineJob({ name: 'document.conversion-watchdog', data: z.object({}), schedule: '*/5 * * * *' });
