import { pgTable, integer, varchar, boolean, bigserial, index } from 'drizzle-orm/pg-core';
import { createdAt } from './_common';

export const downloads = pgTable(
  'downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().default(0),
    documentId: integer('document_id').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    isPay: boolean('is_pay').notNull().default(false),
    price: integer('price').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_user_idx').on(t.userId, t.documentId), index('downloads_ip_idx').on(t.ip, t.createdAt), index('downloads_doc_idx').on(t.documentId)],
);
