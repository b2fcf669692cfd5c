import { pgTable, serial, integer, varchar, text, boolean, timestamp, bigint, bigserial, uniqueIndex, index, smallint, real, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './_common';
import { users } from './user';

/** An uploaded file. Bytes are stored once per hash (content-addressed); `enable = false` bans the hash. */
export const attachments = pgTable('attachments', {
  id: serial('id').primaryKey(),
  hash: varchar('hash', { length: 64 }).notNull(),
  userId: integer('user_id').notNull().default(0),
  type: smallint('type').notNull().default(0),
  typeId: integer('type_id').notNull().default(0),
  enable: boolean('enable').notNull().default(true),
  path: varchar('path', { length: 255 }).notNull(),
  name: varchar('name', { length: 255 }).notNull().default(''),
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  ext: varchar('ext', { length: 16 }).notNull().default(''),
  mime: varchar('mime', { length: 128 }).notNull().default(''),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  description: varchar('description', { length: 1024 }).notNull().default(''),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('attachments_hash_idx').on(t.hash), index('attachments_type_idx').on(t.type, t.typeId), index('attachments_user_idx').on(t.userId)]);

/** The conversion of one file (by hash): shared by every document with the same bytes. */
export const conversions = pgTable('conversions', {
  hash: varchar('hash', { length: 64 }).primaryKey(),
  ext: varchar('ext', { length: 16 }).notNull(),
  status: smallint('status').notNull().default(0),
  pages: integer('pages').notNull().default(0),
  preview: integer('preview').notNull().default(0),
  width: real('width').notNull().default(0),
  height: real('height').notNull().default(0),
  gzip: boolean('gzip').notNull().default(true),
  engine: varchar('engine', { length: 128 }).notNull().default(''),
  error: text('error').notNull().default(''),
  attempts: integer('attempts').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Extracted text per page (search and AI need the page number). */
export const documentTexts = pgTable('document_texts', {
  hash: varchar('hash', { length: 64 }).notNull(),
  page: integer('page').notNull(),
  text: text('text').notNull(),
}, (t) => [primaryKey({ columns: [t.hash, t.page] })]);

export const documents = pgTable('documents', {
  id: serial('id').primaryKey(),
  uuid: varchar('uuid', { length: 32 }).notNull().unique(),
  title: varchar('title', { length: 255 }).notNull(),
  keywords: varchar('keywords', { length: 255 }).notNull().default(''),
  description: varchar('description', { length: 1024 }).notNull().default(''),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  attachmentId: integer('attachment_id').notNull().default(0),
  hash: varchar('hash', { length: 64 }).notNull(),
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
}, (t) => [
  index('documents_user_idx').on(t.userId),
  index('documents_hash_idx').on(t.hash),
  index('documents_status_idx').on(t.status, t.id),
  index('documents_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
]);

export const documentCategories = pgTable('document_categories', {
  documentId: integer('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').notNull(),
}, (t) => [primaryKey({ columns: [t.documentId, t.categoryId] }), index('document_categories_category_idx').on(t.categoryId)]);

export const documentScores = pgTable('document_scores', {
  documentId: integer('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  score: integer('score').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.documentId, t.userId] })]);

/** Favourites of documents (type 0) and articles (type 1). */
export const favorites = pgTable('favorites', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  documentId: integer('document_id').notNull(),
  type: smallint('type').notNull().default(0),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('favorites_user_doc_type_uq').on(t.userId, t.documentId, t.type)]);

/** Comments on documents (type 0) and articles (type 1); status 0 pending, 1 approved, 2 rejected. */
export const comments = pgTable('comments', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id').notNull().default(0),
  documentId: integer('document_id').notNull(),
  type: smallint('type').notNull().default(0),
  content: text('content').notNull(),
  status: smallint('status').notNull().default(1),
  commentCount: integer('comment_count').notNull().default(0),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('comments_doc_idx').on(t.type, t.documentId, t.id), index('comments_user_idx').on(t.userId)]);

export const reports = pgTable('reports', {
  id: serial('id').primaryKey(),
  documentId: integer('document_id').notNull(),
  documentTitle: varchar('document_title', { length: 255 }).notNull().default(''),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  reason: smallint('reason').notNull(),
  status: boolean('status').notNull().default(false),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('reports_user_doc_uq').on(t.userId, t.documentId)]);

export const downloads = pgTable('downloads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().default(0),
  documentId: integer('document_id').notNull(),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  isPay: boolean('is_pay').notNull().default(false),
  price: integer('price').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [index('downloads_user_idx').on(t.userId, t.documentId), index('downloads_ip_idx').on(t.ip, t.createdAt), index('downloads_doc_idx').on(t.documentId)]);
