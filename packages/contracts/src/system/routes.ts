import { z } from 'zod';
import { defineRoute } from '../common/route';

export const ZHealth = z.object({ status: z.literal('ok'), database: z.string(), uptime: z.number(), version: z.string() });

export const ZStats = z.object({
  user_count: z.number().int(),
  document_count: z.number().int(),
  category_count: z.number().int(),
  article_count: z.number().int(),
  comment_count: z.number().int(),
  report_count: z.number().int(),
  friendlink_count: z.number().int(),
  banner_count: z.number().int(),
  attachment_count: z.number().int(),
  documents_by_status: z.record(z.string(), z.number().int()),
  version: z.string(),
  node: z.string(),
  os: z.string(),
  database: z.string(),
});
export const ZDevice = z.object({
  cpu: z.object({ cores: z.number().int(), model: z.string(), load: z.array(z.number()) }),
  memory: z.object({ total: z.number(), free: z.number(), process_rss: z.number() }),
  disk: z.object({ path: z.string(), total: z.number(), free: z.number() }),
  uptime: z.number(),
});

export const systemRoutes = {
  getStats: defineRoute({ method: 'GET', path: '/stats', auth: 'admin', module: 'config', summary: '站点统计', response: ZStats }),
  getDevice: defineRoute({ method: 'GET', path: '/device', auth: 'admin', module: 'config', summary: '服务器资源', response: ZDevice }),
  health: defineRoute({ method: 'GET', path: '/health', auth: 'public', summary: '健康检查', response: ZHealth }),
  ping: defineRoute({
    method: 'GET',
    path: '/ping',
    auth: 'public',
    summary: 'Ping',
    query: z.object({ name: z.string().max(64).optional() }),
    response: z.object({ name: z.string(), created_at: z.string() }),
  }),
};
