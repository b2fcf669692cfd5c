import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers';
import { runMigrations } from '../src/db/migrate';
import { seedBase } from '../src/db/seed';
import { startQueue } from '../src/kernel/jobs';
import { createDeps, startWorkers } from '../src/kernel/boot';
import { MODULES } from '../src/modules';
import { purgeRevokedTokensJob } from '../src/modules/user/user.jobs';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database;
  await runMigrations(db);
  await seedBase(db);
});
afterAll(async () => t?.drop());

describe('database', () => {
  it('has pg_trgm (and vector where the server provides it)', async () => {
    const ext = (await db.pool.query('SELECT extname FROM pg_extension')).rows.map((r) => r.extname);
    expect(ext).toContain('pg_trgm');
    const available = (await db.pool.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`)).rowCount;
    if (available) expect(ext).toContain('vector');
    const sim = (await db.pool.query(`SELECT similarity('魔豆文库是一个文档分享系统', '魔豆文库') AS s`)).rows[0].s;
    expect(sim).toBeGreaterThan(0.2);
  });

  it('migrations and seed are idempotent', async () => {
    await runMigrations(db);
    await seedBase(db);
    const groups = (await db.pool.query('SELECT count(*)::int AS n FROM groups')).rows[0].n;
    expect(groups).toBe(2);
    const nav = (await db.pool.query('SELECT count(*)::int AS n FROM navigations')).rows[0].n;
    expect(nav).toBe(3);
  });

  it('concurrent transactions stay isolated (embedded socket included)', async () => {
    const a = await db.pool.connect();
    const b = await db.pool.connect();
    try {
      await a.query('BEGIN');
      await a.query(`INSERT INTO friendlinks (title, link) VALUES ('未提交', 'https://uncommitted.example.com')`);
      // PostgreSQL answers at once; embedded PGlite (one connection) makes b wait until a's transaction ends.
      // Either way b must never see a's uncommitted row.
      const seen = b.query(`SELECT count(*)::int AS n FROM friendlinks WHERE title = '未提交'`);
      const early = await Promise.race([seen, new Promise((r) => setTimeout(() => r('waiting'), 300))]);
      if (early !== 'waiting') expect((early as { rows: { n: number }[] }).rows[0].n).toBe(0);
      await a.query('ROLLBACK');
      expect((await seen).rows[0].n).toBe(0);
      // and a committed write is visible to the other client afterwards
      await a.query('BEGIN');
      await a.query(`INSERT INTO friendlinks (title, link) VALUES ('已提交', 'https://committed.example.com')`);
      await a.query('COMMIT');
      expect((await b.query(`SELECT count(*)::int AS n FROM friendlinks WHERE title = '已提交'`)).rows[0].n).toBe(1);
    } finally {
      a.release();
      b.release();
    }
  });

  it('parallel parameterised queries from many clients never get mixed up', async () => {
    // different statements with different parameter counts: a client bound to another's statement fails loudly
    const { rows } = await db.pool.query(`INSERT INTO users (username, password, credit_count) VALUES ('mixer', '', 0) RETURNING id`);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }, { jwtSecret: 'x'.repeat(32) });
    const deps = createDeps(db, config, MODULES);
    // transactions running at the same time as plain queries, as in real traffic
    const txs = Array.from({ length: 30 }, () => deps.credits.apply({ userId: rows[0].id, delta: 1, reason: 'mix' }));
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        (i % 2
          ? db.pool.query('SELECT $1::int * 2 + $2::int AS v, $3::text AS tag', [i, 1, `q${i}`])
          : db.pool.query('SELECT $1::int * 2 + 1 AS v, $2::text AS tag', [i, `q${i}`])
        ).then((r) => r.rows[0]),
      ),
    );
    results.forEach((r, i) => expect(r).toEqual({ v: i * 2 + 1, tag: `q${i}` }));
    await Promise.all(txs);
    expect((await db.pool.query('SELECT credit_count FROM users WHERE id = $1', [rows[0].id])).rows[0].credit_count).toBe(30);
  });

  it('credit changes never overdraw under parallel spends and the ledger sums to the balance', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }, { jwtSecret: 'x'.repeat(32) });
    const deps = createDeps(db, config, MODULES);
    const { rows } = await db.pool.query(`INSERT INTO users (username, password) VALUES ('spender', '') RETURNING id`);
    const userId = rows[0].id as number;
    await deps.credits.apply({ userId, delta: 5, reason: 'test' });
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => deps.credits.apply({ userId, delta: -1, reason: 'spend' })));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(5);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.message).toBe('积分不足');
    const bal = (await db.pool.query('SELECT credit_count FROM users WHERE id = $1', [userId])).rows[0].credit_count;
    const sum = (await db.pool.query('SELECT coalesce(sum(delta), 0)::int AS s FROM credit_ledger WHERE user_id = $1', [userId])).rows[0].s;
    expect(bal).toBe(0);
    expect(sum).toBe(bal);
  });
});

describe('queue', () => {
  it('runs the recurring purge of expired revoked tokens through pg-boss', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }, { jwtSecret: 'x'.repeat(32) });
    const deps = createDeps(db, config, MODULES);
    await db.pool.query(
      `INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES (gen_random_uuid(), 1, now() - interval '1 day'), (gen_random_uuid(), 1, now() + interval '1 day')`,
    );
    const boss = await startQueue(db.connection, { supervise: true });
    try {
      deps.queue.attach(boss);
      await startWorkers(deps, MODULES);
      const schedules = await boss.getSchedules();
      expect(schedules.map((s) => s.name)).toContain(purgeRevokedTokensJob.name);
      // run it now instead of waiting for the hour
      const id = await boss.send(purgeRevokedTokensJob.name, {});
      let job;
      for (let i = 0; i < 60; i++) {
        job = await boss.getJobById(purgeRevokedTokensJob.name, id!);
        if (job?.state === 'completed' || job?.state === 'failed') break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(job?.state).toBe('completed');
      expect(job?.output).toEqual({ purged: 1 });
      const left = (await db.pool.query('SELECT count(*)::int AS n FROM revoked_tokens')).rows[0].n;
      expect(left).toBe(1);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});

describe('embedded data folder lock', () => {
  it('refuses a folder held by another live process, takes over a stale lock, and frees it on close', async () => {
    const { spawn } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { lockDataDir, openDatabase } = await import('../src/db/client');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wk-lock-'));
    const lock = path.join(dir, 'pgdata.lock');
    // another process holds it: a second server on the same folder must not start (it would corrupt the database)
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lock, String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(/正被另一个 Wenku 进程（PID \d+）使用/);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/DATABASE_URL/);
      expect(fs.readFileSync(lock, 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
    await new Promise((r) => other.once('exit', r));
    // its process is gone (a crash): the lock is stale and taken over
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
      expect((await database.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(lock)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
