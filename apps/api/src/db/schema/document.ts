import { pgTable, serial, integer, varchar, text, boolean, timestamp, bigint, index, smallint, real, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './_common';
import { users } from './user';

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    uuid: varchar('uuid', { length: 32 }).notNull().unique(),
    title: varchar('title', { length: 255 }).notNull(),
    keywords: varchar('keywords', { length: 255 }).notNull().default(''),
    description: varchar('description', { length: 1024 }).notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attachmentId: integer('attachment_id').notNull().default(0),
    hash: varchar('hash', { length: 64 }).notNull(),
    /**
     * The file's public view key (moredoc's `attachment.hash`: page and cover URLs by file): a digest of the content
     * hash, so publishing it never reveals the hash that proves possession to the instant upload. Kept by the
     * database; `viewKeyOf` (document.mapper.ts) computes the same value.
     */
    viewKey: varchar('view_key', { length: 64 })
      .notNull()
      .generatedAlwaysAs(sql`encode(sha256(('wenku-view:' || hash)::bytea), 'hex')`),
    ext: varchar('ext', { length: 16 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    pages: integer('pages').notNull().default(0),
    preview: integer('preview').notNull().default(0),
    width: real('width').notNull().default(0),
    height: real('height').notNull().default(0),
    price: integer('price').notNull().default(0),
    status: smallint('status').notNull().default(0),
    language: varchar('language', { length: 16 }).notNull().default('zh-cn'),
    downloadCount: integer('download_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    score: integer('score').notNull().default(300),
    scoreCount: integer('score_count').notNull().default(0),
    enableGzip: boolean('enable_gzip').notNull().default(true),
    convertError: text('convert_error').notNull().default(''),
    rejectReason: varchar('reject_reason', { length: 255 }).notNull().default(''),
    recommendAt: timestamp('recommend_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedUserId: integer('deleted_user_id').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_user_idx').on(t.userId),
    index('documents_hash_idx').on(t.hash),
    index('documents_view_key_idx').on(t.viewKey),
    index('documents_status_idx').on(t.status, t.id),
    index('documents_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const documentCategories = pgTable(
  'document_categories',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.categoryId] }), index('document_categories_category_idx').on(t.categoryId)],
);
