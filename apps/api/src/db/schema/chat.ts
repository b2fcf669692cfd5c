import { pgTable, integer, varchar, boolean, serial, index, smallint, timestamp, text, jsonb, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';

/** A conversation (spec §3: id, uuid, category): its owner, its title (set from the first question) and counters. */
export const chatTopics = pgTable(
  'chat_topics',
  {
    id: serial('id').primaryKey(),
    uuid: varchar('uuid', { length: 36 }).notNull(),
    userId: integer('user_id').notNull(),
    category: smallint('category').notNull().default(0),
    title: varchar('title', { length: 100 }).notNull().default(''),
    documentId: integer('document_id'),
    model: varchar('model', { length: 128 }).notNull().default(''),
    messageCount: integer('message_count').notNull().default(0),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    lastStatus: smallint('last_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chat_topics_uuid_uq').on(t.uuid), index('chat_topics_user_idx').on(t.userId, t.category, t.updatedAt)],
);

/** One question or answer; an answer moves pending → generating → one of the four finished states. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => chatTopics.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    content: text('content').notNull().default(''),
    status: smallint('status').notNull().default(0),
    error: varchar('error', { length: 500 }).notNull().default(''),
    model: varchar('model', { length: 128 }).notNull().default(''),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    references: jsonb('references').$type<{ title: string; uuid: string; page: number; score: number; snippet?: string }[]>().notNull().default([]),
    /** another tab or process asked to stop this answer */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('chat_messages_topic_idx').on(t.topicId, t.id)],
);

/** Document Q&A: the documents a topic's answers come from. */
export const chatTopicDocuments = pgTable(
  'chat_topic_documents',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => chatTopics.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.documentId] })],
);
