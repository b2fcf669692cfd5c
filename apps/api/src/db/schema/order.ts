import { pgTable, integer, varchar, boolean, serial, bigserial, index, uniqueIndex, smallint, timestamp, text, jsonb } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './_common';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Orders (spec §3, §4): what a user buys (recharge, VIP, a document), its amount in integer fen, and where the
 * money stands (pending 1, paid 2, closed 3). Delivery happens in the transaction that sets `paid_at`.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: integer('user_id').notNull(),
    orderType: smallint('order_type').notNull(),
    status: smallint('status').notNull().default(1),
    /** integer fen */
    amount: integer('amount').notNull(),
    /** credits the order costs when paid with credits (0: credits cannot pay it) */
    creditPrice: integer('credit_price').notNull().default(0),
    paymentType: smallint('payment_type').notNull().default(0),
    title: varchar('title', { length: 255 }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    /** the vendor's transaction number */
    transactionId: varchar('transaction_id', { length: 64 }).notNull().default(''),
    /** what the vendor said it received, in fen */
    paidAmount: integer('paid_amount').notNull().default(0),
    paidAfterClose: boolean('paid_after_close').notNull().default(false),
    operatorId: integer('operator_id').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    expireAt: at('expire_at'),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_pending_idx')
      .on(t.expireAt)
      .where(sql`${t.status} = 1`),
  ],
);

/** The lines of an order: what it delivers. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** fen */
    amount: integer('amount').notNull().default(0),
    documentId: integer('document_id'),
    documentTitle: varchar('document_title', { length: 255 }).notNull().default(''),
    vipCard: smallint('vip_card'),
    vipDays: integer('vip_days'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Append-only history of an order: created, pay requested, notified, rejected, paid, closed, deleted. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id').notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    paymentType: smallint('payment_type').notNull().default(0),
    message: text('message').notNull().default(''),
    /** what the vendor sent or answered, trimmed (no secrets) */
    data: jsonb('data'),
    operatorId: integer('operator_id').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** WeChat Pay platform certificates (platform-certificate mode), downloaded by GET /wechatpay/cert. */
export const wechatpayCertificates = pgTable('wechatpay_certificates', {
  serialNo: varchar('serial_no', { length: 64 }).primaryKey(),
  pem: text('pem').notNull(),
  effectiveAt: at('effective_at'),
  expireAt: at('expire_at'),
  createdAt: createdAt(),
});
