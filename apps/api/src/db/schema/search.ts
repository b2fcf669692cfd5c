import { pgTable, integer, varchar, timestamp, bigserial, index, smallint, real, text, boolean, customType } from 'drizzle-orm/pg-core';

import { sql } from 'drizzle-orm';
import { createdAt } from './_common';
import { documents } from './document';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index of a document: jieba-segmented title (A), keywords (B), description (C) and body text (D) in a
 * `simple` tsvector (`tsv`, matched through GIN), plus:
 * - `head`: the same without the body — small enough to stay inline in the row, so ranking thousands of candidates
 *   never de-TOASTs and decompresses a long body vector (that was most of a common word's search time);
 * - `popularity`: the download count, kept in step by the download path, as the tie-breaker between equal ranks
 *   without a join to documents for every candidate;
 * - `visible`: the public filter, so a search without other filters reads this table only.
 */
export const documentSearch = pgTable(
  'document_search',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    tsv: tsvector('tsv').notNull(),
    head: tsvector('head')
      .notNull()
      .default(sql`''::tsvector`),
    popularity: integer('popularity').notNull().default(0),
    /** the document is visible to the public (converted, not deleted) */
    visible: boolean('visible').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('document_search_tsv_idx').using('gin', t.tsv),
    index('document_search_head_idx').using('gin', t.head),
    index('document_search_visible_idx').on(t.visible),
  ],
);

export const searchRecords = pgTable(
  'search_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keywords: varchar('keywords', { length: 100 }).notNull(),
    type: smallint('type').notNull().default(0),
    total: integer('total').notNull().default(0),
    page: integer('page').notNull().default(1),
    spendTime: real('spend_time').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('search_records_created_idx').on(t.createdAt), index('search_records_keywords_idx').on(t.keywords)],
);

/** Progress of the whole-index rebuild (one row, id 1). */
export const searchReindex = pgTable('search_reindex', {
  id: integer('id').primaryKey(),
  running: boolean('running').notNull().default(false),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  error: text('error').notNull().default(''),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
});
