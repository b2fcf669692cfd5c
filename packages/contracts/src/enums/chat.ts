import type { TEnumOption } from './enum-option';

/** What a chat topic is for: 0 AI对话, 1 AI搜索 (retrieval over the library), 2 document Q&A (spec §3). */
export const ChatCategory = { Dialog: 0, Search: 1, Document: 2 } as const;
export type TChatCategory = (typeof ChatCategory)[keyof typeof ChatCategory];
export const CHAT_CATEGORY_OPTIONS = [
  { value: ChatCategory.Dialog, label: 'AI对话' },
  { value: ChatCategory.Search, label: 'AI搜索' },
  { value: ChatCategory.Document, label: '文档问答' },
] as const satisfies readonly TEnumOption<TChatCategory>[];

/**
 * A chat message's life (spec §4: "four finished statuses"): pending → generating → success | failed | cancelled |
 * blocked (quota or content). A message in one of the four finished states never changes again.
 */
export const ChatMessageStatus = { Pending: 0, Generating: 1, Success: 2, Failed: 3, Cancelled: 4, Blocked: 5 } as const;
export type TChatMessageStatus = (typeof ChatMessageStatus)[keyof typeof ChatMessageStatus];
export const CHAT_FINISHED_STATUSES: readonly TChatMessageStatus[] = [
  ChatMessageStatus.Success,
  ChatMessageStatus.Failed,
  ChatMessageStatus.Cancelled,
  ChatMessageStatus.Blocked,
];
/** Whether a message is finished (the UI stops waiting for exactly these four). */
export function isChatFinished(status: number): boolean {
  return (CHAT_FINISHED_STATUSES as readonly number[]).includes(status);
}
export const CHAT_MESSAGE_STATUS_OPTIONS = [
  { value: ChatMessageStatus.Pending, label: '等待中', status: 'Default' },
  { value: ChatMessageStatus.Generating, label: '生成中', status: 'Processing' },
  { value: ChatMessageStatus.Success, label: '成功', status: 'Success' },
  { value: ChatMessageStatus.Failed, label: '失败', status: 'Error' },
  { value: ChatMessageStatus.Cancelled, label: '已停止', status: 'Warning' },
  { value: ChatMessageStatus.Blocked, label: '已拦截', status: 'Error' },
] as const satisfies readonly TEnumOption<TChatMessageStatus>[];

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type TChatRole = (typeof CHAT_ROLES)[number];

/** A configured model is for chatting or for embeddings (vectors for AI search). */
export const LLM_MODEL_KINDS = ['chat', 'embedding'] as const;
export type TLlmModelKind = (typeof LLM_MODEL_KINDS)[number];
