import { pgTable, serial, integer, varchar, boolean, timestamp, uuid, primaryKey, uniqueIndex, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './_common';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    password: varchar('password', { length: 255 }).notNull().default(''),
    email: varchar('email', { length: 128 }).notNull().default(''),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    avatar: varchar('avatar', { length: 255 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    signature: varchar('signature', { length: 255 }).notNull().default(''),
    realname: varchar('realname', { length: 32 }).notNull().default(''),
    identity: varchar('identity', { length: 32 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    creditCount: integer('credit_count').notNull().default(0),
    docCount: integer('doc_count').notNull().default(0),
    articleCount: integer('article_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    followCount: integer('follow_count').notNull().default(0),
    fansCount: integer('fans_count').notNull().default(0),
    vipExpireAt: timestamp('vip_expire_at', { withTimezone: true, mode: 'date' }),
    registerIp: varchar('register_ip', { length: 64 }).notNull().default(''),
    lastLoginIp: varchar('last_login_ip', { length: 64 }).notNull().default(''),
    loginAt: timestamp('login_at', { withTimezone: true, mode: 'date' }),
    /** tokens issued before this instant are void (password change) */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    uniqueIndex('users_mobile_uq')
      .on(t.mobile)
      .where(sql`${t.mobile} <> ''`),
    check('users_credit_nonnegative', sql`${t.creditCount} >= 0`),
  ],
);

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull().unique(),
  color: varchar('color', { length: 32 }).notNull().default(''),
  description: varchar('description', { length: 255 }).notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  isDisplay: boolean('is_display').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  userCount: integer('user_count').notNull().default(0),
  enableUpload: boolean('enable_upload').notNull().default(false),
  enableDocumentReview: boolean('enable_document_review').notNull().default(false),
  enableComment: boolean('enable_comment').notNull().default(true),
  enableCommentApproval: boolean('enable_comment_approval').notNull().default(false),
  enableArticle: boolean('enable_article').notNull().default(true),
  enableArticleApproval: boolean('enable_article_approval').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    method: varchar('method', { length: 16 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    title: varchar('title', { length: 128 }).notNull().default(''),
    module: varchar('module', { length: 64 }).notNull().default(''),
    description: varchar('description', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('permissions_method_path_uq').on(t.method, t.path)],
);

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionId] })],
);

/** Revoked JWT ids (logout); purged by a recurring job once they expire. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: integer('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);
