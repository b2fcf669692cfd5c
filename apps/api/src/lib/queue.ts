import PgBoss from 'pg-boss';
import type pg from 'pg';

/**
 * pg-boss on the product's own database (embedded: the PGlite socket). Jobs survive restarts; every worker
 * process that starts it takes part. pg-boss keeps job state; domain rows keep the spec's status + error text.
 */
export async function startQueue(connection: pg.PoolConfig, opts: { log?: (msg: string, err?: unknown) => void; supervise?: boolean } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    ...(connection.connectionString ? { connectionString: connection.connectionString } : {
      host: connection.host, port: connection.port, user: connection.user, password: connection.password as string, database: connection.database,
    }),
    max: 3,
    schema: 'pgboss',
    supervise: opts.supervise ?? true,
    schedule: opts.supervise ?? true,
    migrate: true,
  });
  boss.on('error', (err) => opts.log?.('queue error', err));
  await boss.start();
  return boss;
}

export const JOBS = {
  purgeRevokedTokens: 'maintenance.purge-revoked-tokens',
  convertDocument: 'document.convert',
  conversionWatchdog: 'document.conversion-watchdog',
  reindexDocuments: 'search.reindex-documents',
  purgeSearchRecords: 'search.purge-records',
  updateSitemap: 'seo.update-sitemap',
} as const;
