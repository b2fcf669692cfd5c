import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/** Every hour: forget revoked token ids whose tokens have expired anyway. */
export const purgeRevokedTokensJob = defineJob({ name: 'maintenance.purge-revoked-tokens', data: z.object({}), schedule: '7 * * * *' });
