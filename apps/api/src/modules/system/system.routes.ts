import os from 'node:os';
import fs from 'node:fs/promises';
import type { Deps, RouteHandlers } from '../../kernel/module';

const started = Date.now();

export function systemRoutes({ database, config }: Deps): RouteHandlers {
  const pool = database.pool;
  return {
    health: async () => {
      await pool.query('SELECT 1');
      return { status: 'ok' as const, database: database.kind, uptime: Math.round((Date.now() - started) / 1000), version: '0.1.0' };
    },
    getStats: async () => {
      const { rows } = await pool.query(`SELECT
        (SELECT count(*) FROM users)::int AS user_count,
        (SELECT count(*) FROM documents WHERE deleted_at IS NULL)::int AS document_count,
        (SELECT count(*) FROM categories)::int AS category_count,
        (SELECT count(*) FROM comments)::int AS comment_count,
        (SELECT count(*) FROM reports WHERE NOT status)::int AS report_count,
        (SELECT count(*) FROM friendlinks)::int AS friendlink_count,
        (SELECT count(*) FROM attachments WHERE deleted_at IS NULL)::int AS attachment_count,
        (SELECT count(*) FROM articles)::int AS article_count,
        (SELECT count(*) FROM banners)::int AS banner_count,
        (SELECT coalesce(json_object_agg(status, n), '{}') FROM (SELECT status, count(*)::int AS n FROM documents WHERE deleted_at IS NULL GROUP BY status) s) AS documents_by_status`);
      const r = rows[0];
      return {
        ...r,
        documents_by_status: Object.fromEntries(Object.entries(r.documents_by_status ?? {}).map(([k, v]) => [k, Number(v)])),
        version: '0.1.0',
        node: process.version,
        os: `${os.type()} ${os.release()} ${os.arch()}`,
        database: database.kind,
      };
    },
    getDevice: async () => {
      const disk = await fs.statfs(config.dataDir);
      return {
        cpu: { cores: os.cpus().length, model: os.cpus()[0]?.model ?? '', load: os.loadavg() },
        memory: { total: os.totalmem(), free: os.freemem(), process_rss: process.memoryUsage().rss },
        disk: { path: config.dataDir, total: disk.blocks * disk.bsize, free: disk.bavail * disk.bsize },
        uptime: os.uptime(),
      };
    },
    ping: ({ query }) => ({ name: query?.name ?? 'wenku', created_at: new Date().toISOString() }),
  };
}
