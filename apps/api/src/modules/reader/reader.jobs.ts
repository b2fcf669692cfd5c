import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/** Text layers for documents converted before them (PUT /renew/document/text-layer, and at start-up). */
export const backfillTextLayersJob = defineJob({
  name: 'reader.backfill-text-layers',
  data: z.object({}),
  options: { singletonKey: 'text-layers', retryLimit: 0, expireInSeconds: 12 * 3600 },
});
