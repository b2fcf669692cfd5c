import { pgTable, integer, varchar, serial, index, smallint, boolean, uniqueIndex, bigint } from 'drizzle-orm/pg-core';
import { taskColumns } from './_task';

/**
 * A start URL of the collector (admin spider/url): where to begin, how deep to follow list pages, which links are
 * documents, and what a published document becomes (category, uploader, price, language). Spec §4: pending 0,
 * collecting 1, done 2, failed 3, with a readable error.
 */
export const spiderUrls = pgTable(
  'spider_urls',
  {
    id: serial('id').primaryKey(),
    url: varchar('url', { length: 2048 }).notNull(),
    categoryIds: integer('category_ids').array().notNull().default([]),
    /** the account published documents belong to */
    userId: integer('user_id').notNull(),
    price: integer('price').notNull().default(0),
    language: varchar('language', { length: 32 }).notNull().default(''),
    /** links to follow or collect must match it ('' = every link); a glob, or a regex written /.../ */
    pattern: varchar('pattern', { length: 512 }).notNull().default(''),
    /** 0: the start URL's own links only; n: follow list pages n levels further */
    depth: smallint('depth').notNull().default(1),
    autoPublish: boolean('auto_publish').notNull().default(false),
    pages: integer('pages').notNull().default(0),
    documents: integer('documents').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    ...taskColumns('attempts', 'startedAt'),
  },
  (t) => [index('spider_urls_status_idx').on(t.status)],
);

/**
 * A document link the collector found, on its way to a published document (spec §4: pending 0 … published 7,
 * publish failed 8). One row per link and start URL; the bytes become an attachment of type 8 (spider document).
 */
export const spiderDocuments = pgTable(
  'spider_documents',
  {
    id: serial('id').primaryKey(),
    spiderUrlId: integer('spider_url_id')
      .notNull()
      .references(() => spiderUrls.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2048 }).notNull(),
    /** the page the link was found on */
    sourceUrl: varchar('source_url', { length: 2048 }).notNull().default(''),
    title: varchar('title', { length: 255 }).notNull().default(''),
    ext: varchar('ext', { length: 16 }).notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    hash: varchar('hash', { length: 64 }).notNull().default(''),
    attachmentId: integer('attachment_id'),
    documentId: integer('document_id'),
    ...taskColumns('attempts', 'startedAt', 'finishedAt'),
  },
  (t) => [uniqueIndex('spider_documents_url_uq').on(t.spiderUrlId, t.url), index('spider_documents_status_idx').on(t.status)],
);
