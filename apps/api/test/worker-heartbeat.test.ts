/**
 * The worker heartbeat (kernel/worker-heartbeat.ts, issue 16): pg-boss 10 only retries the job of a worker that died
 * without a word once the job expires; with the heartbeat, the job of a worker silent past its limit is failed through
 * pg-boss (so its retry applies) and run again by a live worker — and nothing else is touched: not the long job of a
 * live worker, not a job that finished or moved on to another worker. On both databases (scale-out.test.ts shows the
 * same with real processes killed outright on PostgreSQL).
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, JobQueue, startQueue } from '../src/kernel/jobs';
import type { WorkerHeartbeat } from '../src/kernel/worker-heartbeat';
import { createTestApp, type TestApp } from './helpers';

const DEAD_AFTER_MS = 1500;

let t: TestApp;
let boss: PgBoss;
let queue: JobQueue;
let heartbeat: WorkerHeartbeat;
const logged: string[] = [];

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const sql = <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => t.database.pool.query<R>(text, values).then((r) => r.rows);

/** A worker that died: its row beat an hour ago, and it holds `jobId` since `heldSince` ago. */
async function deadWorkerHolding(queueName: string, jobId: string, heldSince = '0 seconds') {
  const [w] = await sql<{ id: string }>(
    `INSERT INTO workers (id, host, pid, beat_at) VALUES (gen_random_uuid(), 'gone', 1, now() - interval '1 hour') RETURNING id`,
  );
  await sql(`INSERT INTO worker_jobs (job_id, queue, worker_id, started_at) VALUES ($1, $2, $3, now() - $4::interval)`, [jobId, queueName, w!.id, heldSince]);
  return w!.id;
}

const holdingsOf = async (workerId: string) => (await sql('SELECT 1 FROM worker_jobs WHERE worker_id = $1', [workerId])).length;
const workerRow = async (workerId: string) => (await sql('SELECT 1 FROM workers WHERE id = $1', [workerId])).length;
const ctx = { timezone: 'UTC', setting: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
  boss = await startQueue(t.database.connection, { supervise: false });
  queue = new JobQueue();
  queue.attach(boss);
  heartbeat = await queue.startHeartbeat(t.database.pool, { beatMs: 200, deadAfterMs: DEAD_AFTER_MS }, (msg) => logged.push(msg));
});

afterAll(async () => {
  await queue?.stopHeartbeat();
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
});

describe('the worker heartbeat', () => {
  it('fails the running job of a dead worker through pg-boss, and a live worker runs it again', async () => {
    const job = defineJob({ name: 'test.heartbeat-orphan', data: z.object({ n: z.number() }), options: { retryLimit: 1, retryDelay: 0 } });
    await queue.ensureQueue(job.name);
    const id = (await queue.send(job, { n: 1 }))!;
    // a worker took it and died
    const [taken] = await boss.fetch(job.name);
    expect(taken?.id).toBe(id);
    const dead = await deadWorkerHolding(job.name, id);
    const runs: { id: string; n: number }[] = [];
    await queue.work([job.handle((d, j) => void runs.push({ id: j.id, n: d.n }))], ctx, () => undefined);
    const done = await until('the job to run again', async () => {
      const j = await boss.getJobById(job.name, id);
      return j?.state === 'completed' ? j : undefined;
    });
    expect(done.retryCount).toBe(1);
    expect(runs).toEqual([{ id, n: 1 }]);
    expect(logged).toContain('job of a silent worker failed for a retry');
    expect(heartbeat.swept).toBeGreaterThanOrEqual(1);
    // the dead worker is forgotten, and the live one holds nothing once done
    await until('the dead worker to go', async () => ((await workerRow(dead)) === 0 ? true : undefined));
    expect(await holdingsOf(dead)).toBe(0);
    expect(await holdingsOf(heartbeat.id)).toBe(0);
  });

  it('a worker drains a busy queue job after job, without waiting out its polling interval in between', async () => {
    // a minute between polls: without the worker being woken after each job, the second job would wait a minute
    const job = defineJob({ name: 'test.drain', data: z.object({ n: z.number() }), pollingIntervalSeconds: 60 });
    await queue.ensureQueue(job.name);
    for (let n = 1; n <= 5; n++) await queue.send(job, { n });
    const runs: number[] = [];
    await queue.work([job.handle((d) => void runs.push(d.n))], ctx, () => undefined);
    await until('five jobs, one worker', async () => (runs.length === 5 ? true : undefined), 20_000);
    expect([...runs].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("never fails a live worker's job, however much longer than the limit it runs", async () => {
    const job = defineJob({ name: 'test.heartbeat-long', data: z.object({}), options: { retryLimit: 1, retryDelay: 0 } });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let runs = 0;
    await queue.work(
      [
        job.handle(async () => {
          runs++;
          await released;
        }),
      ],
      ctx,
      () => undefined,
    );
    const swept = heartbeat.swept;
    const id = (await queue.send(job, {}))!;
    const [held] = await until('the job to be held', async () => {
      const rows = await sql<{ worker_id: string }>('SELECT worker_id FROM worker_jobs WHERE job_id = $1', [id]);
      return rows.length ? rows : undefined;
    });
    expect(held!.worker_id).toBe(heartbeat.id);
    // the job runs past the limit while the worker keeps beating (the sweeps run after every beat)
    await until('the job to outlive the limit', async () => {
      const [r] = await sql<{ ok: boolean }>(
        `SELECT w.beat_at > h.started_at + $2 * interval '2 millisecond' AS ok FROM worker_jobs h JOIN workers w ON w.id = h.worker_id WHERE h.job_id = $1`,
        [id, DEAD_AFTER_MS],
      );
      return r?.ok ? true : undefined;
    });
    expect((await boss.getJobById(job.name, id))?.state).toBe('active');
    expect(heartbeat.swept).toBe(swept);
    release();
    const done = await until('the job to finish', async () => {
      const j = await boss.getJobById(job.name, id);
      return j?.state === 'completed' ? j : undefined;
    });
    expect(done.retryCount).toBe(0);
    expect(runs).toBe(1);
  });

  it('drops, without failing the job, what a dead worker held of a job that finished or moved on to another worker', async () => {
    const job = defineJob({ name: 'test.heartbeat-moved', data: z.object({ n: z.number() }), options: { retryLimit: 3, retryDelay: 0 } });
    await queue.ensureQueue(job.name);
    // finished: the dead worker completed it before dying
    const finished = (await queue.send(job, { n: 1 }))!;
    await boss.fetch(job.name);
    await boss.complete(job.name, finished);
    // moved on: the run it held was retried and is now running elsewhere (started after the holding)
    const moved = (await queue.send(job, { n: 2 }))!;
    await boss.fetch(job.name);
    const swept = heartbeat.swept;
    const a = await deadWorkerHolding(job.name, finished);
    const b = await deadWorkerHolding(job.name, moved, '1 hour');
    await until('the stale holdings to go', async () => ((await holdingsOf(a)) + (await holdingsOf(b)) === 0 ? true : undefined));
    expect((await boss.getJobById(job.name, finished))?.state).toBe('completed');
    const still = await boss.getJobById(job.name, moved);
    expect(still).toMatchObject({ state: 'active', retryCount: 0 });
    expect(heartbeat.swept).toBe(swept);
    await boss.complete(job.name, moved);
  });

  it('a worker taken for dead registers again, and a stopped worker leaves', async () => {
    await sql('DELETE FROM workers WHERE id = $1', [heartbeat.id]);
    await until('the worker to register again', async () => ((await workerRow(heartbeat.id)) === 1 ? true : undefined));
    expect(logged.some((m) => m.startsWith('this worker was taken for dead'))).toBe(true);
    await queue.stopHeartbeat();
    expect(await workerRow(heartbeat.id)).toBe(0);
    expect(queue.heartbeat).toBeUndefined();
  });
});
