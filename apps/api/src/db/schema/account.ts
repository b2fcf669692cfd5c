import { pgTable, serial, integer, varchar, text, boolean, timestamp, bigserial, uniqueIndex, index, smallint, jsonb, uuid, date } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';
import { users } from './user';

/** Daily sign-in: one row per user per calendar day (site time zone), enforced by a unique index. */
export const signs = pgTable(
  'signs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signAt: integer('sign_at').notNull(),
    award: integer('award').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('signs_user_day_uq').on(t.userId, t.signAt)],
);

/** Activity feed (moredoc's `dynamic`): types 1 comment … 14 delete doc. */
export const dynamics = pgTable(
  'dynamics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    content: text('content').notNull(),
    /**
     * The item the entry is about (`TargetType`: 0 a document, 1 an article), when it is about one: the public feed
     * shows the entry only while its viewer may see the item (its title is in `content`). No foreign key: an entry
     * about a purged item stays in its owner's own feed.
     */
    targetType: smallint('target_type'),
    targetId: integer('target_id'),
    createdAt: createdAt(),
  },
  (t) => [index('dynamics_user_idx').on(t.userId, t.id)],
);

export const punishments = pgTable(
  'punishments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    enable: boolean('enable').notNull().default(true),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** null = permanent */
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    operators: jsonb('operators').$type<{ user_id: number; username: string; action: string; at: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('punishments_user_idx').on(t.userId, t.type)],
);

/** Captchas live in the database so any API process can check what another issued. */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey(),
    answerHash: varchar('answer_hash', { length: 128 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** Per-user AI quota overrides and daily usage. */
export const aiQuotas = pgTable('ai_quotas', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** -1 = use the site default (llm.daily_quota) */
  dailyLimit: integer('daily_limit').notNull().default(-1),
  extra: integer('extra').notNull().default(0),
  usedDay: date('used_day', { mode: 'string' }),
  usedToday: integer('used_today').notNull().default(0),
  totalUsed: integer('total_used').notNull().default(0),
  updatedAt: updatedAt(),
});

/** VIP grants and extensions: who, how long, why (orders add rows later). */
export const vipLogs = pgTable('vip_logs', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  operatorId: integer('operator_id').notNull().default(0),
  days: integer('days').notNull().default(0),
  expireBefore: timestamp('expire_before', { withTimezone: true, mode: 'date' }),
  expireAfter: timestamp('expire_after', { withTimezone: true, mode: 'date' }),
  source: varchar('source', { length: 32 }).notNull().default('admin'),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  createdAt: createdAt(),
});
