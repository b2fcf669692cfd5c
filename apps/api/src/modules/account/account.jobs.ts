import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/** Every hour: expired captchas (answered or not) and expired rate-limit windows go. */
export const purgeCaptchasJob = defineJob({ name: 'account.purge-captchas', data: z.object({}), schedule: '37 * * * *' });
