import { pgTable, integer, varchar, index } from 'drizzle-orm/pg-core';
import { taskColumns } from './_task';

/**
 * Text recognition of one file (by hash, like its conversion): every document with the same bytes shares it, and the
 * recognised text goes into `document_texts` beside the extracted text. Status per spec §4: pending 0, recognising
 * 1, success 2, failed 3.
 */
export const ocrTasks = pgTable(
  'ocr_tasks',
  {
    hash: varchar('hash', { length: 64 }).primaryKey(),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesTotal: integer('pages_total').notNull().default(0),
    engine: varchar('engine', { length: 64 }).notNull().default(''),
    ...taskColumns(),
  },
  (t) => [index('ocr_tasks_status_idx').on(t.status)],
);
