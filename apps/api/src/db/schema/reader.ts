import { pgTable, integer, text, boolean, timestamp, primaryKey, index } from 'drizzle-orm/pg-core';
import { users } from './user';
import { documents } from './document';

/** Where a logged-in reader stopped in each document (the last page they were on), kept across devices. */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] }), index('reading_progress_recent_idx').on(t.userId, t.updatedAt)],
);

/** The text-layer backfill (one row): documents converted before text layers existed get theirs in the background. */
export const textLayerBackfill = pgTable('text_layer_backfill', {
  id: integer('id').primaryKey(),
  running: boolean('running').notNull().default(false),
  failed: integer('failed').notNull().default(0),
  error: text('error').notNull().default(''),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
});
