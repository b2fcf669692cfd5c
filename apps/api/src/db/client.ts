import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { BatchAwareQueue } from './pglite-queue';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction's handle: inside a transaction, every query must use it (embedded mode serialises transactions). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Something queries can run on: the pool's drizzle instance or a transaction. */
export type Exec = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** connection settings any other pg client (pg-boss, tools) can use */
  connection: pg.PoolConfig;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// Timestamps come back as Date objects (drizzle maps them); bigint counts as numbers where they fit.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
});

/**
 * Embedded mode: PGlite is one connection, so it is served on a private unix socket through
 * pglite-socket, and everything (app, pg-boss, tests) talks to it with the `pg` driver. That way a client's
 * open transaction stays its own and there is exactly one path to the database in both modes.
 */
/**
 * One process per embedded database: PGlite has no locking of its own, and a second process writing the same
 * folder (a second `npm start`, a server started while another still runs) corrupts it beyond opening. The lock
 * file holds the owner's PID; a lock whose process is gone (a crash, a kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pgdata.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new Error(
          `数据目录 ${dataDir} 正被另一个 Wenku 进程（PID ${owner}）使用：内嵌数据库只能由一个进程打开。` +
            '请先停止那个进程；要运行多个进程，请设置 DATABASE_URL 使用 PostgreSQL 服务器。',
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`无法锁定数据目录 ${dataDir}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openEmbedded(dataDir: string): Promise<{ connection: pg.PoolConfig; close: () => Promise<void> }> {
  const unlock = lockDataDir(dataDir);
  try {
    return await startEmbedded(dataDir, unlock);
  } catch (e) {
    unlock();
    throw e;
  }
}

/**
 * PostgreSQL settings of the embedded database, added to PGlite's own start parameters. PGlite's default
 * shared_buffers (128 MB) is touched at start-up, and WebAssembly memory never shrinks, so it stays resident for the
 * process's life: about 300 MB of the server's ~560 MB idle before this. The data files live in the operating
 * system's page cache anyway (PGlite reads them through the file system), so a small buffer pool costs little: 16 MB
 * brings PGlite's share to about 150 MB (docs/benchmarks.md, "The process").
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
};

/**
 * PGlite over the data folder's `pgdata` with the extensions the schema uses (vector, pg_trgm); `load`: a tarball
 * of a data directory (PGlite's dumpDataDir, i.e. a backup) to start a fresh folder from.
 */
export async function openPglite(dataDir: string, load?: Blob) {
  const [{ PGlite }, { vector }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const dir = path.join(dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const startParams = [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const pglite = new PGlite(dir, { extensions: { vector, pg_trgm }, startParams, ...(load ? { loadDataDir: load } : {}) });
  await pglite.waitReady;
  return pglite;
}

async function startEmbedded(dataDir: string, unlock: () => void): Promise<{ connection: pg.PoolConfig; close: () => Promise<void> }> {
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const pglite = await openPglite(dataDir);
  // unix socket paths are limited to ~107 bytes, so the socket lives in a short temp dir
  const sockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wk-'));
  const server = new PGLiteSocketServer({ db: pglite, path: path.join(sockDir, '.s.PGSQL.5432'), maxConnections: 64 });
  // see pglite-queue.ts: keep each client's extended-protocol batch together
  (server as unknown as { queryQueue: unknown }).queryQueue = new BatchAwareQueue(pglite);
  await server.start();
  return {
    connection: { host: sockDir, port: 5432, user: 'postgres', password: 'postgres', database: 'postgres' },
    async close() {
      await server.stop().catch(() => undefined);
      await pglite.close().catch(() => undefined);
      fs.rmSync(sockDir, { recursive: true, force: true });
      unlock();
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  let connection: pg.PoolConfig;
  let closeEmbedded: (() => Promise<void>) | undefined;
  if (opts.databaseUrl) {
    connection = { connectionString: opts.databaseUrl };
  } else {
    const emb = await openEmbedded(opts.dataDir);
    connection = emb.connection;
    closeEmbedded = emb.close;
  }
  const pool = new pg.Pool({ ...connection, max: opts.poolSize ?? (opts.databaseUrl ? 10 : 8), idleTimeoutMillis: 30000 });
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: undefined });
  return {
    db,
    pool,
    connection,
    kind: opts.databaseUrl ? 'postgres' : 'pglite',
    async close() {
      await pool.end().catch(() => undefined);
      await closeEmbedded?.();
    },
  };
}
