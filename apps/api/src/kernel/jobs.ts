import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { z } from 'zod';
import { QUEUE_SCHEMA, WorkerHeartbeat, type HeartbeatOptions } from './worker-heartbeat';

/**
 * A job type: its queue name, payload schema, send options (retries, time-out) and, for recurring work, its cron
 * schedule. Defined once per domain in `<domain>.jobs.ts`; services send it through `JobQueue.send(spec, data)`,
 * and the module's manifest binds the handler (`spec.handle(fn)`), so the name, payload and options live in one place.
 */
export interface JobSpec<D extends z.ZodType = z.ZodType> {
  name: string;
  data: D;
  /** default send options: retryLimit, retryDelay, retryBackoff, expireInSeconds, singletonKey... */
  options?: PgBoss.SendOptions;
  /** recurring: a cron expression, evaluated in the site's time zone (config system.timezone) */
  schedule?: string | ((ctx: JobContext) => string | Promise<string>);
  /** workers per process (default 1) */
  workers?: number | ((ctx: JobContext) => number | Promise<number>);
  /** how often an idle worker polls (default pg-boss's 2 s) */
  pollingIntervalSeconds?: number;
}

/** What schedules and worker counts may read at registration time. */
export interface JobContext {
  timezone: string;
  setting: (section: string, field: string) => unknown;
}

export type JobHandler<D extends z.ZodType> = (data: z.output<D>, job: { id: string; name: string }) => Promise<unknown> | unknown;

export interface BoundJob {
  spec: JobSpec;
  handler: JobHandler<z.ZodType>;
}

export interface DefinedJob<D extends z.ZodType> extends JobSpec<D> {
  handle(handler: JobHandler<D>): BoundJob;
}

export function defineJob<D extends z.ZodType>(spec: JobSpec<D>): DefinedJob<D> {
  return {
    ...spec,
    handle: (handler) => ({ spec, handler }),
  };
}

/** pg-boss on the product's own database (embedded: the PGlite socket). */
export async function startQueue(connection: pg.PoolConfig, opts: { log?: (msg: string, err?: unknown) => void; supervise?: boolean } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    ...(connection.connectionString
      ? { connectionString: connection.connectionString }
      : {
          host: connection.host,
          port: connection.port,
          user: connection.user,
          password: connection.password as string,
          database: connection.database,
        }),
    max: 3,
    schema: QUEUE_SCHEMA,
    supervise: opts.supervise ?? true,
    schedule: opts.supervise ?? true,
    migrate: true,
  });
  boss.on('error', (err) => opts.log?.('queue error', err));
  await boss.start();
  return boss;
}

/**
 * The sending side of the queue, available to every module. The pg-boss instance is attached once the process
 * has started it; before that (or in tools that run without a queue) sends are skipped: the start-up sweeps pick up
 * any domain row still waiting, so nothing is lost.
 */
export class JobQueue {
  boss?: PgBoss;
  /** this process's heartbeat, once it works on the queue (startHeartbeat) */
  heartbeat?: WorkerHeartbeat;
  private readonly created = new Set<string>();

  attach(boss: PgBoss) {
    this.boss = boss;
  }

  get attached(): boolean {
    return this.boss !== undefined;
  }

  /**
   * Creates the queue if it is missing. Processes started together (`docker compose up`: APIs and workers) create the
   * same queues at the same moment, and pg-boss's `create_queue` (a partition table per queue) can then deadlock or
   * collide with the other process's; the loser tries again and finds the queue made.
   */
  async ensureQueue(name: string) {
    if (!this.boss || this.created.has(name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name);
        break;
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (attempt >= 6 || !(code === '40P01' || code === '23505' || code === '40001' || code === '42P07')) throw e;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 200));
      }
    }
    this.created.add(name);
  }

  async send<D extends z.ZodType>(spec: JobSpec<D>, data: z.input<D>, options: PgBoss.SendOptions = {}): Promise<string | null> {
    const parsed = spec.data.parse(data);
    if (!this.boss) return null;
    await this.ensureQueue(spec.name);
    return this.boss.send(spec.name, parsed as object, { ...spec.options, ...options });
  }

  /**
   * Makes this process a worker that the others can see die (kernel/worker-heartbeat.ts): call before `work`, so
   * every handler records the job it runs. Stopped by `stopHeartbeat` (closeModules).
   */
  async startHeartbeat(pool: pg.Pool, options: HeartbeatOptions, log: (msg: string, extra?: object) => void): Promise<WorkerHeartbeat> {
    if (this.heartbeat) return this.heartbeat;
    const heartbeat = new WorkerHeartbeat(pool, () => this.boss, options, log);
    await heartbeat.start();
    this.heartbeat = heartbeat;
    return heartbeat;
  }

  async stopHeartbeat(): Promise<void> {
    const h = this.heartbeat;
    this.heartbeat = undefined;
    await h?.stop();
  }

  /**
   * Registers handlers and schedules. A payload that does not match the spec's schema fails the job with a
   * readable error instead of reaching the handler.
   */
  async work(jobs: BoundJob[], ctx: JobContext, log: (msg: string, extra?: unknown) => void): Promise<void> {
    const boss = this.boss;
    if (!boss) throw new Error('queue not started');
    const seen = new Set<string>();
    for (const { spec, handler } of jobs) {
      if (seen.has(spec.name)) throw new Error(`job ${spec.name} is registered twice`);
      seen.add(spec.name);
      await this.ensureQueue(spec.name);
      if (spec.schedule) {
        const cron = typeof spec.schedule === 'function' ? await spec.schedule(ctx) : spec.schedule;
        await boss.schedule(spec.name, cron, {}, { tz: ctx.timezone });
      }
      const n = typeof spec.workers === 'function' ? await spec.workers(ctx) : (spec.workers ?? 1);
      const workOptions = spec.pollingIntervalSeconds ? { pollingIntervalSeconds: spec.pollingIntervalSeconds } : {};
      for (let i = 0; i < Math.max(1, n); i++) {
        // a worker that has just finished a job looks for the next one at once: pg-boss would otherwise wait out the
        // rest of its polling interval after every job, so a busy queue drained one job per worker per interval
        // (100 documents to embed took 52 s at 2 workers and 1 s; docs/benchmarks.md)
        const workerId: string = await boss.work(spec.name, workOptions, async ([job]) => {
          const data = spec.data.safeParse(job.data ?? {});
          if (!data.success) {
            log('job payload rejected', { job: spec.name, id: job.id, issues: data.error.issues });
            throw new Error(`任务参数不正确（${spec.name}）：${data.error.issues[0]?.message ?? ''}`);
          }
          // recorded before the work starts: if this process dies, the others retry the job (worker-heartbeat.ts)
          const heartbeat = this.heartbeat;
          await heartbeat?.hold(spec.name, job.id);
          try {
            return await handler(data.data, { id: job.id, name: spec.name });
          } finally {
            await heartbeat
              ?.release(job.id)
              .catch((e: Error) => log('could not clear a finished job from the heartbeat table', { id: job.id, error: e.message }));
            boss.notifyWorker(workerId);
          }
        });
      }
    }
  }
}
