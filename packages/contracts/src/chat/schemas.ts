import { z } from 'zod';
import { INT4_MAX, zInt4, zNullableTimestamp, zQueryArray, zTimestamp } from '../common/schemas';
import { ZChatCategory, ZChatMessageStatus, ZChatRole } from '../enums/schemas';
import { ZChatUsage } from '../llm/schemas';
import { CHAT_CONTENT_MAX } from './constants';

const zId = z.number().int().positive().max(INT4_MAX);

// ---------------------------------------------------------------- topics

export const ZChatTopic = z.object({
  id: z.number().int(),
  uuid: z.string(),
  category: ZChatCategory,
  title: z.string(),
  user_id: z.number().int(),
  /** administrators' lists */
  username: z.string().optional(),
  /** document Q&A (category 2): the first bound document (all of them: GET /chat/topic/document) */
  document_id: z.number().int().optional(),
  /** the model of the last answer */
  model: z.string(),
  message_count: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  /** status of the last assistant message (admin list) */
  last_status: ZChatMessageStatus.optional(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
});
export type TChatTopic = z.infer<typeof ZChatTopic>;

/** how many documents one document Q&A topic may be bound to */
export const CHAT_TOPIC_DOCUMENTS_MAX = 20;
export const ZCreateChatTopicBody = z
  .object({
    category: ZChatCategory.default(0),
    title: z.string().trim().max(100, '标题最多100个字符').optional(),
    /** document Q&A (category 2): the documents its answers come from, one id or several */
    document_id: z
      .union([zId, z.array(zId)])
      .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
      .pipe(z.array(zId).max(CHAT_TOPIC_DOCUMENTS_MAX, `最多选择${CHAT_TOPIC_DOCUMENTS_MAX}篇文档`))
      .optional(),
  })
  .refine((b) => b.category !== 2 || (b.document_id?.length ?? 0) > 0, { message: '请选择要提问的文档', path: ['document_id'] });
export type TCreateChatTopicBody = z.input<typeof ZCreateChatTopicBody>;

export const ZUpdateChatTopicBody = z.object({
  id: zId,
  title: z.string({ error: '请输入会话标题' }).trim().min(1, '请输入会话标题').max(100, '标题最多100个字符'),
});

/** GET /chat/topic: by `uuid` (the page address) or `id`. */
export const ZChatTopicQuery = z
  .object({ id: zInt4.positive().optional(), uuid: z.string().trim().max(64).optional() })
  .refine((q) => q.id !== undefined || (q.uuid !== undefined && q.uuid !== ''), { message: '请提供会话 id 或 uuid' });

export const ZDeleteChatTopicsQuery = z.object({
  id: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(zInt4.positive()).min(1, '请选择要删除的会话')),
});

export const ZListChatTopicsQuery = z.object({
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(100).default(20),
  category: zQueryArray(z.coerce.number().pipe(ZChatCategory)),
  /** title contains */
  wd: z.string().trim().max(64).optional(),
});

/** The administrators' list of every conversation. */
export const ZListAllChatTopicsQuery = ZListChatTopicsQuery.extend({
  size: zInt4.min(1).max(1000).default(10),
  user_id: zQueryArray(zInt4.positive()),
  /** title or username contains */
  wd: z.string().trim().max(64).optional(),
});

// ---------------------------------------------------------------- messages

/** A passage an AI search answer is grounded in (spec §3): the document, the page, the retrieval score. */
export const ZChatReference = z.object({
  title: z.string(),
  uuid: z.string(),
  page: z.number().int(),
  score: z.number(),
  /** the passage's text around the match (older answers may have none) */
  snippet: z.string().default(''),
});
export type TChatReference = z.infer<typeof ZChatReference>;

export const ZChatMessage = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  role: ZChatRole,
  content: z.string(),
  status: ZChatMessageStatus,
  /** why it failed or was blocked */
  error: z.string(),
  model: z.string(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  references: z.array(ZChatReference),
  created_at: zTimestamp,
  finished_at: zNullableTimestamp,
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZListChatMessagesQuery = z.object({
  topic_id: zInt4.positive(),
  page: zInt4.min(1).default(1),
  size: zInt4.min(1).max(500).default(200),
});

export const ZSendChatMessageBody = z.object({
  topic_id: zId,
  content: z.string({ error: '请输入问题' }).trim().min(1, '请输入问题').max(CHAT_CONTENT_MAX, `问题最多${CHAT_CONTENT_MAX}个字符`),
});
export type TSendChatMessageBody = z.input<typeof ZSendChatMessageBody>;

/** POST /chat/message (no stream): the question and the finished answer. */
export const ZChatExchange = z.object({ question: ZChatMessage, answer: ZChatMessage });

export const ZCancelChatMessageBody = z.object({ id: zId });

/**
 * One line of POST /chat/stream (NDJSON): the saved question, then (AI search) the references, then deltas, then
 * `done` with the saved answer — or `error`. `ping` lines keep slow streams alive and carry nothing.
 */
export const ZChatStreamEvent = z.discriminatedUnion('type', [
  /** the saved question, and the pending answer (its id is what PUT /chat/message/cancel stops) */
  z.object({ type: z.literal('message'), message: ZChatMessage, answer: ZChatMessage.optional() }),
  z.object({ type: z.literal('reference'), references: z.array(ZChatReference) }),
  z.object({ type: z.literal('delta'), content: z.string() }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('done'), message: ZChatMessage, usage: ZChatUsage }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), answer: ZChatMessage.optional() }),
]);
export type TChatStreamEvent = z.infer<typeof ZChatStreamEvent>;

// ---------------------------------------------------------------- models (admin ai/llm)

// ---------------------------------------------------------------- document Q&A

/** A document a Q&A topic is bound to. */
export const ZChatTopicDocument = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  ext: z.string(),
  pages: z.number().int(),
  /** false when it was deleted or disabled since: answers no longer come from it */
  available: z.boolean(),
});
export type TChatTopicDocument = z.infer<typeof ZChatTopicDocument>;
export const ZChatTopicDocumentsQuery = z.object({ topic_id: zInt4.positive() });
export const ZRemoveChatTopicDocumentQuery = z.object({ topic_id: zInt4.positive(), document_id: zInt4.positive() });
