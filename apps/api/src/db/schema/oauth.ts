import { pgTable, serial, integer, varchar, timestamp, uniqueIndex, index, jsonb } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';
import { users } from './user';

export const userOauths = pgTable(
  'user_oauths',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    openid: varchar('openid', { length: 128 }).notNull(),
    unionid: varchar('unionid', { length: 128 }).notNull().default(''),
    nickname: varchar('nickname', { length: 128 }).notNull().default(''),
    avatar: varchar('avatar', { length: 512 }).notNull().default(''),
    raw: jsonb('raw').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_oauths_type_openid_uq').on(t.type, t.openid), index('user_oauths_user_idx').on(t.userId)],
);

/** Mini-program scan login: a short-lived code shown as QR, confirmed by the mini-program. */
export const wechatScans = pgTable('wechat_scans', {
  code: varchar('code', { length: 64 }).primaryKey(),
  status: varchar('status', { length: 16 }).notNull().default('waiting'),
  userId: integer('user_id'),
  openid: varchar('openid', { length: 128 }).notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});
