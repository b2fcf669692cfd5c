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

const SEED_LOCK_KEY = 7_424_242_002;

/**
 * Runs `fn` (the seeds) while holding an advisory lock: processes started together (`docker compose up`: the API and
 * the worker, or several of each) seed one after the other, so the second finds the first administrator and the
 * settings already there instead of racing to insert them.
 */
export async function withSeedLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
