import crypto from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import type PgBoss from 'pg-boss';

/** pg-boss's schema (kernel/jobs.ts startQueue) */
export const QUEUE_SCHEMA = 'pgboss';
/** one sweeper at a time across every process (pg_try_advisory_lock) */
const SWEEP_LOCK_KEY = 7_424_242_016;

export interface HeartbeatOptions {
  /** how often this worker records that it is alive */
  beatMs: number;
  /** a worker silent this long is taken for dead */
  deadAfterMs: number;
}

type Log = (msg: string, extra?: object) => void;

/**
 * pg-boss 10 has no heartbeat: the job of a worker killed outright (SIGKILL, a lost machine) stays `active` until its
 * `expireInSeconds` (a conversion: its time-out plus a minute, half an hour by default) and pg-boss's maintenance
 * pass. This closes that gap for every job type, in every process that works on the queue:
 *
 * - the worker has a row in `workers` and stamps `beat_at` (the database's clock) every `beatMs`;
 * - a handler records in `worker_jobs` which job it runs (job id → worker) when it starts and removes it when it ends;
 * - every `beatMs`, each worker tries to become the sweeper (`pg_try_advisory_lock`, so one at a time, and the lock
 *   goes with the session if the sweeper dies) and fails, with pg-boss's own `fail` (so `retryLimit` applies and the
 *   job is retried by any worker), each job still held by a worker silent for more than `deadAfterMs` or whose row is
 *   gone. A job is only failed if pg-boss still has it `active` in the run that worker started (`started_on` no later
 *   than the holding): a job already completed, failed, or retried and running elsewhere is left alone. The holding
 *   is removed after the fail, so a sweeper that dies half way leaves it for the next one.
 *
 * A worker that finds its own row gone was taken for dead (its event loop stalled past `deadAfterMs`): its jobs were
 * failed and retried elsewhere; it says so and registers again. Jobs are written to be safe to run again (each is
 * keyed by what it works on), so such a rare double run costs time, not data.
 */
export class WorkerHeartbeat {
  readonly id = crypto.randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private tick: Promise<void> = Promise.resolve();
  private stopped = false;
  /** jobs failed by this process's sweeps (tests, logs) */
  swept = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly boss: () => PgBoss | undefined,
    private readonly options: HeartbeatOptions,
    private readonly log: Log,
  ) {}

  /** Registers this worker, sweeps once (the jobs of a predecessor that crashed are retried at once), then beats. */
  async start(): Promise<void> {
    await this.register();
    await this.sweep();
    const loop = () => {
      if (this.stopped) return;
      this.tick = this.beat()
        .then(async () => void (await this.sweep()))
        .catch((e) => this.log('worker heartbeat failed; trying again', { error: e instanceof Error ? e.message : String(e) }))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, this.options.beatMs).unref();
        });
    };
    this.timer = setTimeout(loop, this.options.beatMs).unref();
  }

  private async register() {
    await this.pool.query(`INSERT INTO workers (id, host, pid) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET beat_at = now()`, [
      this.id,
      os.hostname().slice(0, 255),
      process.pid,
    ]);
  }

  private async beat() {
    const r = await this.pool.query('UPDATE workers SET beat_at = now() WHERE id = $1', [this.id]);
    if (r.rowCount === 0 && !this.stopped) {
      this.log('this worker was taken for dead (no heartbeat in time): its running jobs were retried elsewhere; registering again', {
        worker: this.id,
      });
      await this.register();
    }
  }

  /** Records that this worker runs `jobId` (a retried job moves to whoever runs it now). */
  async hold(queue: string, jobId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO worker_jobs (job_id, queue, worker_id) VALUES ($1, $2, $3)
       ON CONFLICT (job_id) DO UPDATE SET queue = excluded.queue, worker_id = excluded.worker_id, started_at = now()`,
      [jobId, queue.slice(0, 255), this.id],
    );
  }

  async release(jobId: string): Promise<void> {
    await this.pool.query('DELETE FROM worker_jobs WHERE job_id = $1 AND worker_id = $2', [jobId, this.id]);
  }

  /**
   * Fails the running jobs of dead workers (one sweeper at a time); returns how many were failed. Never this worker's
   * own: it is alive, whatever its last beat says (a busy machine may delay the sweep well after the beat).
   */
  async sweep(): Promise<number> {
    const boss = this.boss();
    if (!boss || this.stopped) return 0;
    const client = await this.pool.connect();
    let failed = 0;
    let broken: Error | undefined;
    try {
      const { rows: lock } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [SWEEP_LOCK_KEY]);
      if (!lock[0]?.ok) return 0;
      try {
        const { rows } = await client.query<{ job_id: string; queue: string; worker_id: string; running: boolean | null }>(
          `SELECT h.job_id, h.queue, h.worker_id, (j.state = 'active' AND j.started_on <= h.started_at) AS running
             FROM worker_jobs h
             LEFT JOIN workers w ON w.id = h.worker_id
             LEFT JOIN ${QUEUE_SCHEMA}.job j ON j.name = h.queue AND j.id = h.job_id
            WHERE h.worker_id <> $2 AND (w.id IS NULL OR w.beat_at < now() - $1 * interval '1 millisecond')`,
          [this.options.deadAfterMs, this.id],
        );
        for (const h of rows) {
          if (h.running) {
            await boss.fail(h.queue, h.job_id, { message: '执行任务的 worker 已失联（心跳超时），任务交给其他 worker 重试' });
            failed++;
            this.log('job of a silent worker failed for a retry', { job: h.queue, id: h.job_id, worker: h.worker_id });
          }
          await client.query('DELETE FROM worker_jobs WHERE job_id = $1 AND worker_id = $2', [h.job_id, h.worker_id]);
        }
        await client.query(
          `DELETE FROM workers w WHERE w.id <> $2 AND w.beat_at < now() - $1 * interval '1 millisecond'
             AND NOT EXISTS (SELECT 1 FROM worker_jobs h WHERE h.worker_id = w.id)`,
          [this.options.deadAfterMs, this.id],
        );
      } finally {
        // a connection that cannot unlock is dropped, which ends its session and the lock with it
        await client.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK_KEY]).catch((e: Error) => (broken = e));
      }
    } finally {
      client.release(broken);
    }
    this.swept += failed;
    return failed;
  }

  /**
   * Stops beating. The row goes now unless a job is still held (a graceful stop that timed out): then it is left to
   * go silent, and the sweepers retry what it held.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.tick.catch(() => undefined);
    await this.pool
      .query('DELETE FROM workers w WHERE w.id = $1 AND NOT EXISTS (SELECT 1 FROM worker_jobs h WHERE h.worker_id = w.id)', [this.id])
      .catch(() => undefined);
  }
}
