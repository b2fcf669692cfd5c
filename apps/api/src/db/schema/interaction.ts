import { pgTable, serial, integer, varchar, text, boolean, uniqueIndex, index, smallint, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';
import { users } from './user';
import { documents } from './document';

export const documentScores = pgTable(
  'document_scores',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] })],
);

/** Favourites of documents (type 0) and articles (type 1). */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    type: smallint('type').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favorites_user_doc_type_uq').on(t.userId, t.documentId, t.type)],
);

/** Comments on documents (type 0) and articles (type 1); status 0 pending, 1 approved, 2 rejected. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').notNull().default(0),
    documentId: integer('document_id').notNull(),
    type: smallint('type').notNull().default(0),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(1),
    commentCount: integer('comment_count').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_doc_idx').on(t.type, t.documentId, t.id), index('comments_user_idx').on(t.userId)],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').notNull(),
    documentTitle: varchar('document_title', { length: 255 }).notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: smallint('reason').notNull(),
    status: boolean('status').notNull().default(false),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reports_user_doc_uq').on(t.userId, t.documentId)],
);
