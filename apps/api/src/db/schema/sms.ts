import { pgTable, integer, varchar, text, bigserial, index, smallint } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';

export const smsLogs = pgTable(
  'sms_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    purpose: smallint('purpose').notNull(),
    status: smallint('status').notNull().default(0),
    provider: varchar('provider', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userId: integer('user_id').notNull().default(0),
    error: text('error').notNull().default(''),
    response: text('response').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sms_logs_mobile_idx').on(t.mobile, t.id), index('sms_logs_ip_idx').on(t.ip, t.id)],
);
