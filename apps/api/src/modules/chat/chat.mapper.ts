import type { TChatMessage, TChatTopic } from '@wenku/contracts';
import type { ChatMessageRow, ChatTopicRow } from './chat.repo';

/** The API's shapes of the chat's rows. */
export function messageJson(m: ChatMessageRow): TChatMessage {
  return {
    id: m.id,
    topic_id: m.topicId,
    role: m.role as TChatMessage['role'],
    content: m.content,
    status: m.status as TChatMessage['status'],
    error: m.error,
    model: m.model,
    prompt_tokens: m.promptTokens,
    completion_tokens: m.completionTokens,
    references: (m.references ?? []).map((r) => ({ ...r, snippet: r.snippet ?? '' })),
    created_at: m.createdAt.toISOString(),
    finished_at: m.finishedAt?.toISOString() ?? null,
  };
}

export function topicJson(t: ChatTopicRow, username?: string | null): TChatTopic {
  return {
    id: t.id,
    uuid: t.uuid,
    category: t.category as TChatTopic['category'],
    title: t.title,
    user_id: t.userId,
    ...(username ? { username } : {}),
    ...(t.documentId ? { document_id: t.documentId } : {}),
    model: t.model,
    message_count: t.messageCount,
    prompt_tokens: t.promptTokens,
    completion_tokens: t.completionTokens,
    ...(t.lastStatus !== null ? { last_status: t.lastStatus as TChatMessage['status'] } : {}),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
