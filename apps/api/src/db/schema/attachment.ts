import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, varchar, boolean, timestamp, bigint, index, smallint } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';

/** An uploaded file. Bytes are stored once per hash (content-addressed); `enable = false` bans the hash. */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    hash: varchar('hash', { length: 64 }).notNull(),
    /**
     * The file's view key, what answers show for it (the documents table's `view_key`, the same digest): the content
     * hash itself proves possession to the instant upload and never leaves the server.
     */
    viewKey: varchar('view_key', { length: 64 })
      .notNull()
      .generatedAlwaysAs(sql`encode(sha256(('wenku-view:' || hash)::bytea), 'hex')`),
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
  },
  (t) => [
    index('attachments_hash_idx').on(t.hash),
    index('attachments_view_key_idx').on(t.viewKey),
    index('attachments_type_idx').on(t.type, t.typeId),
    index('attachments_user_idx').on(t.userId),
  ],
);
