import { pgTable, serial, integer, varchar, text, boolean, timestamp, index, uniqueIndex, smallint, primaryKey, customType } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './_common';
import { users } from './user';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Articles (markdown). `content` is the markdown source; HTML is rendered and sanitised on output, never stored.
 * status: 0 pending, 1 approved, 2 rejected (ArticleAudit); a draft is seen by its author only.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    identifier: varchar('identifier', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    keywords: varchar('keywords', { length: 255 }).notNull().default(''),
    description: varchar('description', { length: 1024 }).notNull().default(''),
    content: text('content').notNull().default(''),
    /** the content rendered (sanitized HTML, formulas drawn) when it is saved; empty until then */
    contentHtml: text('content_html').notNull().default(''),
    status: smallint('status').notNull().default(0),
    isDraft: boolean('is_draft').notNull().default(false),
    rejectReason: varchar('reject_reason', { length: 255 }).notNull().default(''),
    viewCount: integer('view_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    recommendAt: timestamp('recommend_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** jieba-segmented title (A), keywords (B), description (C) and text (D) for full-text search */
    searchText: tsvector('search_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('articles_identifier_uq').on(t.identifier),
    index('articles_user_idx').on(t.userId),
    index('articles_status_idx').on(t.status, t.id),
    index('articles_search_idx').using('gin', t.searchText),
    index('articles_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const articleCategories = pgTable(
  'article_categories',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.categoryId] }), index('article_categories_category_idx').on(t.categoryId)],
);
