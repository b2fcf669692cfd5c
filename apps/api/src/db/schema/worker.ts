import { pgTable, varchar, integer, timestamp, uuid, index } from 'drizzle-orm/pg-core';

/**
 * The processes working on the job queue (kernel/worker-heartbeat.ts): each one beats every few seconds, so a worker
 * that died without a word (SIGKILL, a lost machine) is noticed by the others long before pg-boss's own time-out.
 */
export const workers = pgTable('workers', {
  id: uuid('id').primaryKey(),
  host: varchar('host', { length: 255 }).notNull().default(''),
  pid: integer('pid').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  beatAt: timestamp('beat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Which worker runs which pg-boss job right now (set when the handler starts, removed when it ends). No foreign key:
 * a holding whose worker is gone is exactly what the sweeper looks for.
 */
export const workerJobs = pgTable(
  'worker_jobs',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: varchar('queue', { length: 255 }).notNull(),
    workerId: uuid('worker_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('worker_jobs_worker_idx').on(t.workerId)],
);
