import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/** Every minute: pending orders past their time-out (pay.order_timeout) are closed. */
export const closeExpiredOrdersJob = defineJob({
  name: 'order.close-expired',
  data: z.object({}),
  schedule: '* * * * *',
  options: { retryLimit: 0, expireInSeconds: 300 },
});
