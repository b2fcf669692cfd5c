import { pgTable, serial, varchar, text, integer, boolean, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';

/** One row per settings field; labels, types and defaults live in the contracts (CONFIG_SECTIONS). */
export const configs = pgTable(
  'configs',
  {
    id: serial('id').primaryKey(),
    category: varchar('category', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    value: text('value').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('configs_category_name_uq').on(t.category, t.name)],
);

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  language: varchar('language', { length: 64 }).notNull(),
  code: varchar('code', { length: 16 }).notNull().unique(),
  enable: boolean('enable').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  total: integer('total').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
