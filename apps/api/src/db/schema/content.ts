import { pgTable, serial, integer, varchar, text, boolean, timestamp, index, uniqueIndex, smallint } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    title: varchar('title', { length: 64 }).notNull(),
    icon: varchar('icon', { length: 255 }).notNull().default(''),
    cover: varchar('cover', { length: 255 }).notNull().default(''),
    docCount: integer('doc_count').notNull().default(0),
    enable: boolean('enable').notNull().default(true),
    description: varchar('description', { length: 1024 }).notNull().default(''),
    showDescription: boolean('show_description').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    type: smallint('type').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_type_parent_title_uq').on(t.type, t.parentId, t.title), index('categories_parent_idx').on(t.parentId)],
);

export const navigations = pgTable('navigations', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  href: varchar('href', { length: 255 }).notNull(),
  target: varchar('target', { length: 16 }).notNull().default('_self'),
  color: varchar('color', { length: 32 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enable: boolean('enable').notNull().default(true),
  fixed: boolean('fixed').notNull().default(false),
  parentId: integer('parent_id').notNull().default(0),
  description: varchar('description', { length: 255 }).notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const friendlinks = pgTable('friendlinks', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  link: varchar('link', { length: 255 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enable: boolean('enable').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const advertisements = pgTable(
  'advertisements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().default(0),
    position: varchar('position', { length: 32 }).notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    content: text('content').notNull().default(''),
    enable: boolean('enable').notNull().default(true),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('advertisements_position_idx').on(t.position)],
);
