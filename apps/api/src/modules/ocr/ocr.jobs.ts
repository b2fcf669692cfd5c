import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/** Recognises the scanned pages of one file (by hash). One worker per process: one page at a time. */
export const recogniseDocumentJob = defineJob({
  name: 'document.ocr',
  data: z.object({ hash: z.string().regex(/^[a-f0-9]{64}$/) }),
  options: { retryLimit: 0 },
  pollingIntervalSeconds: 1,
  workers: 1,
});

/** Every five minutes: OCR stuck without progress fails with a reason; pending tasks whose job was lost are sent again. */
export const ocrWatchdogJob = defineJob({ name: 'document.ocr-watchdog', data: z.object({}), schedule: '*/5 * * * *' });
