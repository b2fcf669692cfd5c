import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';
import { MIGRATIONS_DIR } from '../lib/paths';

const LOCK_KEY = 7_424_242_001;

/** Applies the committed migrations; an advisory lock keeps several starting processes from racing. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
