import { pgTable, integer, varchar, boolean, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * Documents bought through an order (money or credits): the buyer downloads them free from then on. One row per
 * buyer and document; the order number says which payment bought it.
 */
export const documentPurchases = pgTable(
  'document_purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    documentId: integer('document_id').notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    /** the document's price in credits when bought */
    price: integer('price').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_purchases_user_doc_uq').on(t.userId, t.documentId)],
);
