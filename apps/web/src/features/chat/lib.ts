import { historyLabel } from '@wenku/contracts/format';
import type { TChatReference, TChatTopic } from '@wenku/contracts/schemas';
import { documentHref } from '../document/lib/href';

/** The category tag's colour: AI对话, AI搜索, 文档问答. */
export const CHAT_CATEGORY_COLORS: Record<number, string> = { 0: 'green', 1: 'blue', 2: 'purple' };

/** Spec §9: answers are exported as images 640px wide. */
export const CHAT_IMAGE_WIDTH = 640;

const PENDING_PREFIX = 'wk-chat-pending:';

/**
 * The first question travels from the welcome page to /chat/{uuid} in sessionStorage, keyed by the topic uuid (a new
 * tab gets it from `?q=` instead): the conversation page takes it once and sends it.
 */
export function savePendingQuestion(uuid: string, question: string): void {
  try {
    sessionStorage.setItem(PENDING_PREFIX + uuid, question);
  } catch {
    /* storage full or blocked: the router state still carries it */
  }
}

/** Reads and removes the pending question of a topic. */
export function takePendingQuestion(uuid: string): string {
  try {
    const q = sessionStorage.getItem(PENDING_PREFIX + uuid) ?? '';
    sessionStorage.removeItem(PENDING_PREFIX + uuid);
    return q;
  } catch {
    return '';
  }
}

/** The conversation page of a topic, with the first question in the query string (for a new tab). */
export function topicHref(uuid: string, question?: string): string {
  const base = `/chat/${encodeURIComponent(uuid)}`;
  return question ? `${base}?q=${encodeURIComponent(question)}` : base;
}

/** A reference's link: the document's page at the cited page. */
export function referenceHref(r: Pick<TChatReference, 'uuid' | 'page'>): string {
  return r.page > 0 ? `${documentHref(r)}?page=${r.page}` : documentHref(r);
}

export interface TopicGroup {
  label: string;
  topics: TChatTopic[];
}

/** History groups (今天, 昨天, 前天, 本周, 本月, 今年, then years), newest first, by the topics' last update. */
export function groupTopics(topics: readonly TChatTopic[], now: Date = new Date()): TopicGroup[] {
  const sorted = [...topics].sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime());
  const groups: TopicGroup[] = [];
  for (const t of sorted) {
    const label = historyLabel(t.updated_at, now) || '更早';
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.topics.push(t);
    else groups.push({ label, topics: [t] });
  }
  return groups;
}

/** Saves a Blob as a file. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A topic's title, or a placeholder for a new one. */
export function topicTitle(t: Pick<TChatTopic, 'title'> | undefined): string {
  return t?.title?.trim() || '新会话';
}

/** The title of a document Q&A topic: 问文档：{title}, within the topic title's 100 characters. */
export function documentTopicTitle(title: string): string {
  const prefix = '问文档：';
  const chars = Array.from(title.trim());
  const room = 100 - prefix.length;
  return prefix + (chars.length > room ? `${chars.slice(0, room - 1).join('')}…` : chars.join(''));
}
