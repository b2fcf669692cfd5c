import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isChatFinished, type TChatCategory } from '@wenku/contracts/enums';
import type { TChatMessage, TChatTopic, TCreateChatTopicBody } from '@wenku/contracts/schemas';
import { api, apiClient } from '../../lib/api';
import { useSession } from '../../app/session';

/**
 * Chat topics and messages are the current user's data: every key starts with 'me' and holds the token, so logout
 * (which removes ['me']) and a login as someone else never show the previous person's conversations.
 */
export const chatKeys = {
  all: ['me', 'chat'] as const,
  topics: (token: string) => ['me', 'chat', 'topics', token] as const,
  topicList: (token: string, page: number, size: number, category: number | null, wd: string) =>
    ['me', 'chat', 'topics', token, page, size, category, wd] as const,
  topic: (token: string, uuid: string) => ['me', 'chat', 'topic', token, uuid] as const,
  messages: (token: string, topicId: number) => ['me', 'chat', 'messages', token, topicId] as const,
  quota: (token: string) => ['me', 'chat', 'quota', token] as const,
  documents: (token: string, topicId: number) => ['me', 'chat', 'documents', token, topicId] as const,
};

/** GET /chat/topic?uuid= */
export function useChatTopic(uuid: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: chatKeys.topic(token, uuid),
    queryFn: ({ signal }) => apiClient.call(api.getChatTopic, { query: { uuid }, signal }),
    enabled: Boolean(token && uuid),
  });
}

/**
 * GET /chat/message/list?topic_id= (the whole transcript, oldest first). With `poll`, an answer still being written
 * elsewhere (another tab, a reload mid-answer) is read again every 3 s until it is finished.
 */
export function useChatMessages(topicId: number | undefined, poll = false) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: chatKeys.messages(token, topicId ?? 0),
    queryFn: ({ signal }) => apiClient.call(api.listChatMessages, { query: { topic_id: topicId!, page: 1, size: 500 }, signal }),
    enabled: Boolean(token && topicId),
    select: (d): TChatMessage[] => [...(d.message ?? [])].sort((a, b) => a.id - b.id),
    refetchInterval: (q) => (poll && (q.state.data?.message ?? []).some((m) => !isChatFinished(m.status)) ? 3000 : false),
    refetchOnWindowFocus: false,
  });
}

/** GET /chat/topic/list */
export function useChatTopics(q: { page: number; size: number; category: TChatCategory | null; wd: string }) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: chatKeys.topicList(token, q.page, q.size, q.category, q.wd),
    queryFn: ({ signal }) =>
      apiClient.call(api.listChatTopics, {
        query: { page: q.page, size: q.size, category: q.category === null ? undefined : [q.category], wd: q.wd || undefined },
        signal,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/ai/quota: what is left today. */
export function useAiQuota() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: chatKeys.quota(token),
    queryFn: ({ signal }) => apiClient.call(api.getAiQuota, { query: {}, signal }),
    enabled: Boolean(token),
    retry: false,
  });
}

/** POST /chat/topic */
export function useCreateChatTopic() {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (body: TCreateChatTopicBody) => apiClient.call(api.createChatTopic, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.topics(token) }),
  });
}

/** PUT /chat/topic (rename) */
export function useRenameChatTopic() {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (body: { id: number; title: string }) => apiClient.call(api.updateChatTopic, { body }),
    onSuccess: (topic: TChatTopic) => {
      qc.setQueryData(chatKeys.topic(token, topic.uuid), topic);
      void qc.invalidateQueries({ queryKey: chatKeys.topics(token) });
    },
  });
}

/** DELETE /chat/topic?id= */
export function useDeleteChatTopics() {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (ids: number[]) => apiClient.call(api.deleteChatTopics, { query: { id: ids } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.topics(token) }),
  });
}

/** PUT /chat/message/cancel */
export function cancelChatMessage(id: number) {
  return apiClient.call(api.cancelChatMessage, { body: { id } });
}

/** POST /markdown2docx: the answer as a Word file. */
export function markdownToDocx(markdown: string, title?: string) {
  return apiClient.blob(api.markdownToDocx, { body: { markdown, title } });
}

/** GET /chat/topic/document?topic_id=: the documents a document Q&A topic answers from. */
export function useChatTopicDocuments(topicId: number | undefined, enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: chatKeys.documents(token, topicId ?? 0),
    queryFn: ({ signal }) => apiClient.call(api.listChatTopicDocuments, { query: { topic_id: topicId! }, signal }),
    enabled: Boolean(token && topicId && enabled),
    select: (d) => d.document ?? [],
  });
}

/** DELETE /chat/message/document?topic_id=&document_id=: answers no longer come from that document. */
export function useRemoveChatTopicDocument(topicId: number | undefined) {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (documentId: number) => apiClient.call(api.removeChatTopicDocument, { query: { topic_id: topicId!, document_id: documentId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.documents(token, topicId ?? 0) }),
  });
}
