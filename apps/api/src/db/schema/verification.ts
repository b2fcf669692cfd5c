import { pgTable, integer, varchar, boolean, timestamp, bigserial, index, smallint } from 'drizzle-orm/pg-core';
import { createdAt } from './_common';

/** Verification codes sent by mail or SMS (hashed), with attempts counted against guessing. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: varchar('channel', { length: 8 }).notNull(), // email | sms
    target: varchar('target', { length: 128 }).notNull(),
    purpose: smallint('purpose').notNull(),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    isUsed: boolean('is_used').notNull().default(false),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_target_idx').on(t.channel, t.target, t.purpose, t.id)],
);
