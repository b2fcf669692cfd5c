import { pgTable, integer, varchar, boolean, serial } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';

/** Models beside config/llm's (admin ai/llm): chat or embedding, one default of each kind. */
export const llmModels = pgTable('llm_models', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull().default(''),
  provider: varchar('provider', { length: 32 }).notNull(),
  model: varchar('model', { length: 128 }).notNull(),
  baseUrl: varchar('base_url', { length: 255 }).notNull().default(''),
  apiKey: varchar('api_key', { length: 512 }).notNull().default(''),
  kind: varchar('kind', { length: 16 }).notNull().default('chat'),
  enable: boolean('enable').notNull().default(true),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
