import type { Deps, RouteHandlers } from '../../kernel/module';
import { buildInfo } from './build-info';

const started = Date.now();

export function systemRoutes({ database, system, releases }: Deps): RouteHandlers {
  return {
    health: async () => {
      await database.pool.query('SELECT 1');
      return { status: 'ok' as const, database: database.kind, uptime: Math.round((Date.now() - started) / 1000), version: buildInfo().version };
    },
    // dual mode (as moredoc): everyone gets the public counts, holders of the permission everything
    getStats: ({ req }) => (req.permitted === true ? system.stats() : system.publicStats()),
    getStatsTrend: ({ query }) => system.trend(query.days),
    getDevice: () => system.device(),
    getLicense: () => releases.license(),
    getRelease: () => releases.get(),
    refreshRelease: ({ body }) => releases.refresh(body.remind_after_days),
    ignoreRelease: ({ body }) => releases.ignore(body.tag_name),
    setReleaseSource: ({ body }) => releases.setSource(body.source),
    // moredoc strips MySQL's ONLY_FULL_GROUP_BY here; PostgreSQL has no such mode, so there is nothing to change
    setSqlMode: () => ({ ok: true, message: '当前数据库为 PostgreSQL，没有需要修复的 SQL 模式（sql_mode），无需任何操作' }),
    ping: ({ query }) => ({ name: query.name ?? 'wenku', created_at: new Date().toISOString() }),
  };
}
