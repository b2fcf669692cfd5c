import { z } from 'zod';

export const ZEnv = z.object({ name: z.string(), installed: z.boolean(), version: z.string(), description: z.string(), required: z.boolean() });
