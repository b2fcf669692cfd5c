import { pgTable, integer, varchar, text, boolean, timestamp, smallint, real, primaryKey } from 'drizzle-orm/pg-core';
import { taskColumns } from './_task';

/** The conversion of one file (by hash): shared by every document with the same bytes. */
export const conversions = pgTable('conversions', {
  hash: varchar('hash', { length: 64 }).primaryKey(),
  ext: varchar('ext', { length: 16 }).notNull(),
  pages: integer('pages').notNull().default(0),
  preview: integer('preview').notNull().default(0),
  width: real('width').notNull().default(0),
  height: real('height').notNull().default(0),
  gzip: boolean('gzip').notNull().default(true),
  engine: varchar('engine', { length: 128 }).notNull().default(''),
  /** the version of the text layers stored with the pages (LAYER_VERSION); 0: converted before layers existed */
  layers: smallint('layers').notNull().default(0),
  /** when the layers were last written (conversion, backfill, OCR): their cache key (the layer URLs' `v`) */
  layersAt: timestamp('layers_at', { withTimezone: true, mode: 'date' }),
  ...taskColumns(),
});

/** Extracted text per page (search and AI need the page number). */
export const documentTexts = pgTable(
  'document_texts',
  {
    hash: varchar('hash', { length: 64 }).notNull(),
    page: integer('page').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.page] })],
);
