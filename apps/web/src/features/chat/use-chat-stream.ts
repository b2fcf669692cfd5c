import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChatMessageStatus } from '@wenku/contracts/enums';
import type { TChatMessage, TChatReference, TChatStreamEvent } from '@wenku/contracts/schemas';
import { api, apiClient, ApiError } from '../../lib/api';
import { useSession } from '../../app/session';
import { cancelChatMessage, chatKeys } from './api';

/** A message of the transcript: a saved one, or one being written (id ≤ 0 until the server names it). */
export interface ChatItem {
  key: string;
  id: number;
  role: 'user' | 'assistant';
  content: string;
  status: number;
  error: string;
  references: TChatReference[];
  prompt_tokens: number;
  completion_tokens: number;
}

export const fromMessage = (m: TChatMessage): ChatItem => ({
  key: `m${m.id}`,
  id: m.id,
  role: m.role,
  content: m.content,
  status: m.status,
  error: m.error,
  references: m.references ?? [],
  prompt_tokens: m.prompt_tokens,
  completion_tokens: m.completion_tokens,
});

/**
 * The message to show for a failed send. The stream client names the status first ("429 今日次数已用完"): the
 * server's words are what the reader needs; an answer without any is 发送失败.
 */
export function sendErrorMessage(e: unknown): string {
  if (!(e instanceof ApiError)) return '发送失败';
  const text = e.message.replace(/^\d{3}\s+/, '').trim();
  // a proxy's error page is no message for a reader
  return text && !text.startsWith('<') ? text : '发送失败';
}

/** Tokens of one answer (the `done` event's usage). */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

let seq = 0;

/**
 * Sends questions of one topic over POST /chat/stream and keeps the messages written during this visit (`live`):
 * the saved question, the references, the answer token by token, then the saved answer. `stop()` aborts the stream
 * and, when the answer's id is known, asks the server to cancel it.
 */
export function useChatStream(topicId: number | undefined) {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const [live, setLive] = useState<ChatItem[]>([]);
  const [generating, setGenerating] = useState(false);
  const [usage, setUsage] = useState<Record<string, ChatUsage>>({});
  const ctrlRef = useRef<AbortController | null>(null);
  const answerIdRef = useRef(0);

  // leaving the page ends the stream (the server keeps or cancels the answer on its own); checked a tick later, so
  // React's development remount (StrictMode) does not cut the first question off
  const mountedRef = useRef(false);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      setTimeout(() => {
        if (!mountedRef.current) ctrlRef.current?.abort();
      }, 0);
    };
  }, []);

  const patch = (key: string, p: Partial<ChatItem> | ((it: ChatItem) => Partial<ChatItem>)) =>
    setLive((list) => list.map((it) => (it.key === key ? { ...it, ...(typeof p === 'function' ? p(it) : p) } : it)));

  const run = useCallback(
    async (content: string): Promise<void> => {
      if (!topicId || ctrlRef.current) return;
      const n = ++seq;
      const qKey = `q${n}`;
      const aKey = `a${n}`;
      const blank = { error: '', references: [], prompt_tokens: 0, completion_tokens: 0 };
      setLive((list) => [
        ...list,
        { key: qKey, id: -n, role: 'user', content, status: ChatMessageStatus.Success, ...blank },
        { key: aKey, id: -n, role: 'assistant', content: '', status: ChatMessageStatus.Pending, ...blank },
      ]);
      const ctrl = new AbortController();
      ctrlRef.current = ctrl;
      answerIdRef.current = 0;
      setGenerating(true);
      let ended = false;
      try {
        const events = apiClient.stream<TChatStreamEvent>(api.streamChatMessage, { topic_id: topicId, content }, ctrl.signal);
        for await (const ev of events) {
          if (ctrl.signal.aborted) break;
          switch (ev.type) {
            case 'message': {
              // the saved question, and (with it) the pending answer, whose id 停止 cancels
              const answer = ev.message.role === 'assistant' ? ev.message : ev.answer;
              if (ev.message.role === 'user') patch(qKey, { ...fromMessage(ev.message), key: qKey });
              if (answer) {
                answerIdRef.current = answer.id;
                patch(aKey, (it) => ({ id: answer.id, status: answer.status, content: it.content || answer.content }));
              }
              break;
            }
            case 'reference':
              patch(aKey, { references: ev.references });
              break;
            case 'delta':
              patch(aKey, (it) => ({ content: it.content + ev.content, status: ChatMessageStatus.Generating }));
              break;
            case 'done':
              ended = true;
              answerIdRef.current = ev.message.id;
              patch(aKey, (it) => {
                const saved = fromMessage(ev.message);
                return { ...saved, key: aKey, references: saved.references.length ? saved.references : it.references };
              });
              setUsage((u) => ({ ...u, [aKey]: ev.usage }));
              break;
            case 'error':
              ended = true;
              patch(aKey, (it) => ({
                ...(ev.answer ? { ...fromMessage(ev.answer), key: aKey, content: ev.answer.content || it.content } : {}),
                status: ev.answer && ev.answer.status !== ChatMessageStatus.Success ? ev.answer.status : ChatMessageStatus.Failed,
                error: ev.message || '发送失败',
              }));
              break;
            default:
              break; // ping
          }
        }
        if (ctrl.signal.aborted) patch(aKey, { status: ChatMessageStatus.Cancelled });
        else if (!ended)
          patch(aKey, (it) => ({ status: it.content ? ChatMessageStatus.Success : ChatMessageStatus.Failed, error: it.content ? '' : '回答中断' }));
      } catch (e) {
        if (ctrl.signal.aborted) patch(aKey, { status: ChatMessageStatus.Cancelled });
        else patch(aKey, { status: ChatMessageStatus.Failed, error: sendErrorMessage(e) });
      } finally {
        ctrlRef.current = null;
        setGenerating(false);
        void qc.invalidateQueries({ queryKey: chatKeys.quota(token) });
        void qc.invalidateQueries({ queryKey: chatKeys.topics(token) });
        void qc.invalidateQueries({ queryKey: ['me', 'chat', 'topic', token] });
      }
    },
    [topicId, token, qc],
  );

  /** Starts sending (false while an answer is still being written). */
  const send = useCallback(
    (content: string): boolean => {
      if (!topicId || ctrlRef.current) return false;
      void run(content);
      return true;
    },
    [topicId, run],
  );

  /** 停止: abort the stream and cancel the answer on the server when its id is known. */
  const stop = useCallback(() => {
    const ctrl = ctrlRef.current;
    if (!ctrl) return;
    const id = answerIdRef.current;
    ctrl.abort();
    if (id > 0) void cancelChatMessage(id).catch(() => undefined);
  }, []);

  return { live, generating, usage, send, stop };
}
