import { pgTable, serial, integer, varchar, boolean, index, smallint } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';

/** Banners: type 0 website, 1 mini program, 2 app (BannerKind). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 128 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    url: varchar('url', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enable: boolean('enable').notNull().default(true),
    type: smallint('type').notNull().default(0),
    description: varchar('description', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_type_idx').on(t.type, t.enable)],
);
