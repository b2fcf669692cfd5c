import os from 'node:os';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { api } from '@wenku/contracts';
import { registerRoute } from '../../lib/route';

const started = Date.now();

export async function systemRoutes(app: FastifyInstance) {
  registerRoute(app, api.health, async () => {
    await app.database.pool.query('SELECT 1');
    return { status: 'ok' as const, database: app.database.kind, uptime: Math.round((Date.now() - started) / 1000), version: '0.1.0' };
  });
  registerRoute(app, api.getStats, async () => {
    const { rows } = await app.database.pool.query(`SELECT
      (SELECT count(*) FROM users)::int AS user_count,
      (SELECT count(*) FROM documents WHERE deleted_at IS NULL)::int AS document_count,
      (SELECT count(*) FROM categories)::int AS category_count,
      (SELECT count(*) FROM comments)::int AS comment_count,
      (SELECT count(*) FROM reports WHERE NOT status)::int AS report_count,
      (SELECT count(*) FROM friendlinks)::int AS friendlink_count,
      (SELECT count(*) FROM attachments WHERE deleted_at IS NULL)::int AS attachment_count,
      (SELECT coalesce(json_object_agg(status, n), '{}') FROM (SELECT status, count(*)::int AS n FROM documents WHERE deleted_at IS NULL GROUP BY status) s) AS documents_by_status`);
    const r = rows[0];
    // articles and banners arrive with their issues; their tables may not exist yet
    const optional = async (table: string) => {
      const exists = (await app.database.pool.query('SELECT to_regclass($1) AS t', [table])).rows[0].t;
      return exists ? (await app.database.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n : 0;
    };
    return {
      ...r, article_count: await optional('articles'), banner_count: await optional('banners'),
      documents_by_status: Object.fromEntries(Object.entries(r.documents_by_status ?? {}).map(([k, v]) => [k, Number(v)])),
      version: '0.1.0', node: process.version, os: `${os.type()} ${os.release()} ${os.arch()}`, database: app.database.kind,
    };
  });
  registerRoute(app, api.getDevice, async () => {
    const disk = await fs.statfs(app.config.dataDir);
    return {
      cpu: { cores: os.cpus().length, model: os.cpus()[0]?.model ?? '', load: os.loadavg() },
      memory: { total: os.totalmem(), free: os.freemem(), process_rss: process.memoryUsage().rss },
      disk: { path: app.config.dataDir, total: disk.blocks * disk.bsize, free: disk.bavail * disk.bsize },
      uptime: os.uptime(),
    };
  });
  registerRoute(app, api.ping, ({ query }) => ({ name: query?.name ?? 'wenku', created_at: new Date().toISOString() }));
}
