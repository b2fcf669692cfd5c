import { integer, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const columns = () => ({
  /** per table's status enum; 0 is always 待处理 (pending) and 1 the working state a worker claims */
  status: smallint('status').notNull().default(0),
  /** the last failure, readable by the admin ('' = none) */
  error: text('error').notNull().default(''),
  /** how many times a worker claimed it */
  attempts: integer('attempts').notNull().default(0),
  startedAt: at('started_at'),
  finishedAt: at('finished_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type TaskColumnName = keyof ReturnType<typeof columns>;

/**
 * The columns every task table (conversions, ocr_tasks, embedding_tasks, spider_urls, spider_documents) shares, to
 * spread into its `pgTable`: status, error, attempts, started/finished/created/updated at. A table that never had
 * one of them names it in `omit` (the schema stays what the migrations made it); the queue helpers over these
 * columns are in `kernel/task-table.ts`.
 */
export function taskColumns<O extends TaskColumnName = never>(...omit: O[]): Omit<ReturnType<typeof columns>, O> {
  const all = columns();
  for (const name of omit) delete all[name];
  return all;
}
