import { pgTable, integer, varchar, bigserial, index } from 'drizzle-orm/pg-core';
import { createdAt } from './_common';
import { users } from './user';

/** Append-only credits ledger: the balance on users.credit_count always equals the sum of deltas. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: varchar('reason', { length: 64 }).notNull(),
    refType: varchar('ref_type', { length: 32 }).notNull().default(''),
    refId: varchar('ref_id', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.id), index('credit_ledger_ref_idx').on(t.reason, t.refType, t.refId)],
);
