import { z } from 'zod';
import { defineRoute } from '../common/route';

export const ZHealth = z.object({ status: z.literal('ok'), database: z.string(), uptime: z.number(), version: z.string() });

export const systemRoutes = {
  health: defineRoute({ method: 'GET', path: '/health', auth: 'public', summary: '健康检查', response: ZHealth }),
  ping: defineRoute({ method: 'GET', path: '/ping', auth: 'public', summary: 'Ping', query: z.object({ name: z.string().max(64).optional() }), response: z.object({ name: z.string(), created_at: z.string() }) }),
};
