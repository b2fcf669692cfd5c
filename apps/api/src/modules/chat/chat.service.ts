import crypto from 'node:crypto';
import {
  ChatCategory,
  ChatMessageStatus,
  DocumentStatus,
  isChatFinished,
  type TChatReference,
  type TChatTopicDocument,
  type TChatMessage,
  type TChatStreamEvent,
  type TChatTopic,
  type TLlmModel,
  type TLlmProvider,
} from '@wenku/contracts';
import type { Db } from '../../db/client';
import { chatStream, LlmError, type LlmEndpoint, type LlmRole } from '../../engines/llm';
import type { Outbound } from '../../engines/outbound';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { countTokens } from '../../lib/text';
import type { Logger } from '../../kernel/module';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { AccountService } from '../account/account.service';
import type { DocumentService } from '../document/document.service';
import type { KnowledgeService, Passage } from '../knowledge/knowledge.service';
import type { DownloadService } from '../download/download.service';
import type { ChatMessageRow, ChatRepo, ChatTopicRow, LlmModelRow } from './chat.repo';
import { CitationFilter } from './chat.citations';

/** A passage AI search and document Q&A answer from, and the retrieval the chat uses (the knowledge module's). */
export type RetrievedPassage = Pick<Passage, 'title' | 'uuid' | 'page' | 'score' | 'snippet' | 'content'>;
export type Retriever = Pick<KnowledgeService, 'retrieve'>;
/** What a reader may be quoted of documents (the download module's `textPages`). */
export type ReadingRights = Pick<DownloadService, 'textPages'>;

/** passages an AI search answer is written from */
const RAG_PASSAGES = 6;
/** what an AI search answer says when no chat model can write one: the references are the answer */
export const NO_MODEL_ANSWER = '管理员尚未配置对话模型（或 AI 对话未开启），无法生成回答。以下是从文库中检索到的相关内容，点击可打开对应页面。';
export const NO_PASSAGE_NOTE = '（文库中没有找到与问题相关的内容）';

/** The instructions and passages an AI search answer is written from; `[n]` in the answer cites passage n. */
export function ragPrompt(passages: RetrievedPassage[], siteName: string): string {
  const head = `你是「${siteName}」文库的检索助手。请只根据下面的「资料」回答用户的问题，用与问题相同的语言作答。用到某条资料时，在句末用它的编号标注出处，例如 [1] 或 [1][3]；不要编造资料里没有的内容，也不要标注不存在的编号。`;
  if (!passages.length) return `${head}\n\n资料：${NO_PASSAGE_NOTE}\n请如实告诉用户文库中没有找到相关内容，可以建议换个问法。`;
  const body = passages.map((p, i) => `[${i + 1}] 《${p.title}》第 ${p.page} 页\n${p.content.trim()}`).join('\n\n');
  return `${head}\n\n资料：\n${body}`;
}

export interface ChatViewer {
  userId: number;
  isAdmin: boolean;
}

const MASK = '******';
/** how often a running answer looks for a stop asked from another tab or process */
const CANCEL_POLL_MS = 1000;

/** A model as the chat uses it: where to send, and the name shown with the answer. */
export interface ResolvedModel {
  ep: LlmEndpoint;
  name: string;
}

/** An answer being generated: the saved question and answer rows and what goes to the model. */
export interface Generation {
  topic: ChatTopicRow;
  question: ChatMessageRow;
  answer: ChatMessageRow;
  /** null: no chat model (or AI off) — an AI search answer is its references alone, saved at once */
  model: ResolvedModel | null;
  /** AI search and document Q&A: what the answer is written from, sent before the first delta */
  references: TChatReference[];
  messages: { role: LlmRole; content: string }[];
  quotaDay: string;
  credits: number;
}

function messageJson(m: ChatMessageRow): TChatMessage {
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

function topicJson(t: ChatTopicRow, username?: string | null): TChatTopic {
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

/**
 * AI chat: topics and messages (their owner's), the model an answer goes to (config/llm or the ai/llm list), the
 * quota and credits an answer costs (taken in one transaction with the question; given back when the model fails),
 * and answers streamed while they are saved: a stop from the page, another tab or a gone client aborts the upstream
 * request and keeps what was said, marked cancelled.
 */
export class ChatService {
  /** answers generating in this process, by message id: how to stop each, and when its final row is saved */
  private readonly running = new Map<number, AbortController>();
  private readonly settled = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly repo: ChatRepo,
    private readonly settings: ConfigService,
    private readonly credits: CreditService,
    private readonly account: AccountService,
    private readonly documents: DocumentService,
    private readonly knowledge: Retriever,
    private readonly reading: ReadingRights,
    private readonly log: Logger,
    /** the server's outbound client: model base URLs are typed in the settings */
    private readonly outbound: Outbound,
  ) {}

  // ---------------------------------------------------------------- topics

  private async ownTopic(by: { id?: number; uuid?: string }, viewer: ChatViewer): Promise<ChatTopicRow> {
    const t = await this.repo.topic(by);
    if (!t || (!viewer.isAdmin && t.userId !== viewer.userId)) throw notFound('会话不存在或已被删除');
    return t;
  }

  /**
   * A new topic. AI search and document Q&A work with AI off or no model (they answer with references); plain
   * chat needs AI on. A document Q&A topic is bound to documents a reader may read that are converted.
   */
  async createTopic(userId: number, body: { category: 0 | 1 | 2; title?: string; document_id?: number[] }): Promise<TChatTopic> {
    if (body.category === ChatCategory.Dialog && !(await this.settings.get('llm')).enable) throw badRequest('AI 功能未开启');
    const documentIds = body.category === ChatCategory.Document ? (body.document_id ?? []) : [];
    if (body.category === ChatCategory.Document) {
      if (!documentIds.length) throw badRequest('请选择要提问的文档');
      for (const id of documentIds) {
        // the document page's rule: one the asker may not see (disabled, under review, rejected, deleted) answers
        // as if it did not exist, the same 404 — its title never travels in a refusal
        const d = await this.documents.visible({ id }, { userId, isAdmin: false });
        if (d.status !== DocumentStatus.Converted) throw badRequest(`《${d.title}》尚未转换完成或已被禁用，暂不能提问`);
      }
    }
    const t = await this.db.transaction(async (tx) => {
      const row = await this.repo.insertTopic(tx, {
        uuid: crypto.randomUUID(),
        userId,
        category: body.category,
        title: body.title ?? '',
        documentId: documentIds[0] ?? null,
      });
      await this.repo.bindDocuments(tx, row.id, documentIds);
      return row;
    });
    return topicJson(t);
  }

  /** The documents a Q&A topic answers from; ones deleted or disabled since are marked unavailable. */
  async topicDocuments(topicId: number, viewer: ChatViewer): Promise<{ total: number; document: TChatTopicDocument[] }> {
    const t = await this.ownTopic({ id: topicId }, viewer);
    const ids = await this.repo.topicDocumentIds(t.id);
    const rows = new Map((await this.documents.byIds(ids, true)).map((d) => [d.id, d]));
    const document = ids.flatMap((id) => {
      const d = rows.get(id);
      if (!d) return [];
      return [{ id: d.id, uuid: d.uuid, title: d.title, ext: d.ext, pages: d.pages, available: d.status === DocumentStatus.Converted && !d.deletedAt }];
    });
    return { total: document.length, document };
  }

  /** Unbinds a document from the asker's Q&A topic. */
  async removeTopicDocument(topicId: number, documentId: number, userId: number): Promise<void> {
    const t = await this.ownTopic({ id: topicId }, { userId, isAdmin: false });
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.unbindDocument(tx, t.id, documentId))) throw notFound('该文档不在这个会话中');
      if (t.documentId === documentId) {
        const rest = await this.repo.topicDocumentIds(t.id, tx);
        await this.repo.updateTopic(tx, t.id, { documentId: rest[0] ?? null });
      }
    });
  }

  async getTopic(by: { id?: number; uuid?: string }, viewer: ChatViewer): Promise<TChatTopic> {
    return topicJson(await this.ownTopic(by, viewer));
  }

  async renameTopic(id: number, title: string, userId: number): Promise<TChatTopic> {
    const t = await this.ownTopic({ id }, { userId, isAdmin: false });
    return topicJson(await this.repo.updateTopic(this.db, t.id, { title }));
  }

  async deleteTopics(ids: number[], viewer: ChatViewer): Promise<number> {
    return this.repo.deleteTopics(ids, viewer.isAdmin ? undefined : viewer.userId);
  }

  async deleteTopicsOfUsers(ids: number[]): Promise<void> {
    await this.repo.deleteTopicsOfUsers(ids);
  }

  async listTopics(userId: number, q: { page: number; size: number; category?: number[]; wd?: string }) {
    const { rows, total } = await this.repo.listTopics({ userId: [userId], category: q.category, wd: q.wd }, q.page, q.size);
    return { total, topic: rows.map((r) => topicJson(r.topic)) };
  }

  async listAllTopics(q: { page: number; size: number; category?: number[]; wd?: string; user_id?: number[] }) {
    const { rows, total } = await this.repo.listTopics({ userId: q.user_id, category: q.category, wd: q.wd, withUsername: true }, q.page, q.size);
    return { total, topic: rows.map((r) => topicJson(r.topic, r.username)) };
  }

  async listMessages(topicId: number, viewer: ChatViewer, page: number, size: number) {
    const t = await this.ownTopic({ id: topicId }, viewer);
    const { rows, total } = await this.repo.messages(t.id, page, size);
    return { total, message: rows.map(messageJson) };
  }

  // ---------------------------------------------------------------- models

  private endpointOf(provider: string, baseUrl: string, apiKey: string, model: string): LlmEndpoint {
    return { provider: provider as TLlmProvider, baseUrl, apiKey, model, outbound: this.outbound };
  }

  /** The chat model: a list row marked default, else config/llm's keys, else the first enabled list row. */
  async chatModel(): Promise<ResolvedModel> {
    const [llm, rows] = await Promise.all([this.settings.get('llm'), this.repo.models('chat')]);
    const enabled = rows.filter((r) => r.enable);
    const def = enabled.find((r) => r.isDefault);
    if (def) return { ep: this.endpointOf(def.provider, def.baseUrl, def.apiKey, def.model), name: def.model };
    if (llm.model) return { ep: this.endpointOf(llm.provider, llm.base_url, llm.api_key, llm.model), name: llm.model };
    if (enabled[0]) return { ep: this.endpointOf(enabled[0].provider, enabled[0].baseUrl, enabled[0].apiKey, enabled[0].model), name: enabled[0].model };
    throw new AppError('unavailable', '管理员尚未配置对话模型');
  }

  private modelJson(r: LlmModelRow): TLlmModel {
    return {
      id: r.id,
      title: r.title,
      provider: r.provider as TLlmProvider,
      model: r.model,
      base_url: r.baseUrl,
      api_key: r.apiKey ? MASK : '',
      kind: r.kind as TLlmModel['kind'],
      enable: r.enable,
      is_default: r.isDefault,
      from_config: false,
      sort: r.sort,
      created_at: r.createdAt.toISOString(),
    };
  }

  /** The ai/llm list: config/llm's chat and embedding models first (id 0, read-only here), then the saved ones. */
  async listModels(kind?: 'chat' | 'embedding') {
    const [llm, rows] = await Promise.all([this.settings.get('llm'), this.repo.models(kind)]);
    const fromConfig: TLlmModel[] = [];
    const anyDefault = (k: string) => rows.some((r) => r.kind === k && r.enable && r.isDefault);
    const cfg = (k: 'chat' | 'embedding', model: string): TLlmModel => ({
      id: 0,
      title: k === 'chat' ? '系统配置（对话）' : '系统配置（向量）',
      provider: llm.provider as TLlmProvider,
      model,
      base_url: llm.base_url,
      api_key: llm.api_key ? MASK : '',
      kind: k,
      enable: llm.enable,
      is_default: !anyDefault(k),
      from_config: true,
      sort: -1,
      created_at: new Date(0).toISOString(),
    });
    if (llm.model && (!kind || kind === 'chat')) fromConfig.push(cfg('chat', llm.model));
    if (llm.embedding_model && (!kind || kind === 'embedding')) fromConfig.push(cfg('embedding', llm.embedding_model));
    const model = [...fromConfig, ...rows.map((r) => this.modelJson(r))];
    return { total: model.length, model };
  }

  async saveModel(
    id: number | undefined,
    body: {
      title?: string;
      provider?: string;
      model?: string;
      base_url?: string;
      api_key?: string;
      kind?: 'chat' | 'embedding';
      enable?: boolean;
      is_default?: boolean;
      sort?: number;
    },
  ): Promise<TLlmModel> {
    const existing = id !== undefined ? await this.repo.model(id) : undefined;
    if (id !== undefined && !existing) throw notFound('模型不存在');
    const v: Partial<LlmModelRow> = {};
    if (body.title !== undefined) v.title = body.title;
    if (body.provider !== undefined) v.provider = body.provider;
    if (body.model !== undefined) v.model = body.model;
    if (body.base_url !== undefined) v.baseUrl = body.base_url;
    if (body.api_key !== undefined && body.api_key !== MASK) v.apiKey = body.api_key;
    if (body.kind !== undefined) v.kind = body.kind;
    if (body.enable !== undefined) v.enable = body.enable;
    if (body.is_default !== undefined) v.isDefault = body.is_default;
    if (body.sort !== undefined) v.sort = body.sort;
    const provider = v.provider ?? existing?.provider ?? '';
    if (provider === 'custom' && !(v.baseUrl ?? existing?.baseUrl)) throw badRequest('自定义服务商需要填写接口地址');
    if (v.isDefault) v.kind = v.kind ?? existing?.kind ?? 'chat';
    const row = await this.db.transaction((tx) => this.repo.saveModel(tx, id, v));
    if (!row) throw notFound('模型不存在');
    return this.modelJson(row);
  }

  async deleteModels(ids: number[]): Promise<number> {
    return this.repo.deleteModels(ids);
  }

  /** The model a test goes to: id 0 is config/llm's chat model. */
  async modelForTest(id: number): Promise<ResolvedModel> {
    if (id === 0) {
      const llm = await this.settings.get('llm');
      if (!llm.model) throw badRequest('系统配置中尚未填写对话模型');
      return { ep: this.endpointOf(llm.provider, llm.base_url, llm.api_key, llm.model), name: llm.model };
    }
    const r = await this.repo.model(id);
    if (!r) throw notFound('模型不存在');
    if (r.kind !== 'chat') throw badRequest('向量模型不能对话，请测试对话模型');
    return { ep: this.endpointOf(r.provider, r.baseUrl, r.apiKey, r.model), name: r.model };
  }

  /** A one-line prompt to a model, streamed: deltas, then first-token and total latency. */
  async *testModel(id: number, prompt: string, signal: AbortSignal): AsyncGenerator<Record<string, unknown>> {
    const m = await this.modelForTest(id);
    const started = performance.now();
    let first = 0;
    let usage = { prompt_tokens: 0, completion_tokens: 0 };
    let text = '';
    try {
      for await (const e of chatStream(m.ep, { messages: [{ role: 'user', content: prompt }], maxTokens: 256, signal })) {
        if (e.type === 'delta') {
          if (!first) first = performance.now() - started;
          text += e.content;
          yield { type: 'delta', content: e.content };
        } else usage = { prompt_tokens: e.promptTokens, completion_tokens: e.completionTokens };
      }
      if (!usage.completion_tokens) usage = { prompt_tokens: countTokens(prompt), completion_tokens: countTokens(text) };
      yield { type: 'done', latency_ms: Math.round(performance.now() - started), first_token_ms: Math.round(first), usage };
    } catch (e) {
      if (e instanceof LlmError && e.detail) this.log.warn('llm call failed', { code: e.code, status: e.status, detail: e.detail.slice(0, 500) });
      yield { type: 'error', code: e instanceof LlmError ? e.code : 'upstream', message: (e as Error).message };
    }
  }

  // ---------------------------------------------------------------- asking

  /**
   * Everything before the model is called, so that a refusal is a plain JSON error (404, 429, 400): the topic is the
   * asker's, AI is on, a model is configured, a Q&A topic still has documents; then, before any paid call goes out
   * (the question's embedding included), one transaction takes the quota (and credits, if configured). Only then
   * are the passages retrieved, and the question and the pending answer saved; if that fails, the quota and the
   * credits are given back. With no model nothing is taken and nothing goes to a vendor (keyword retrieval only).
   */
  async start(userId: number, body: { topic_id: number; content: string }): Promise<Generation> {
    const llm = await this.settings.get('llm');
    const topic = await this.ownTopic({ id: body.topic_id }, { userId, isAdmin: false });
    const rag = topic.category !== ChatCategory.Dialog;
    if (!llm.enable && !rag) throw badRequest('AI 功能未开启');
    // AI search and document Q&A answer with their references even when no model can write an answer
    const modelOrNone = !llm.enable
      ? Promise.resolve(null)
      : this.chatModel().catch((e: unknown) => {
          if (rag && e instanceof AppError) return null;
          throw e;
        });
    const [model, plan, history, system, documentIds] = await Promise.all([
      modelOrNone,
      this.account.aiQuotaPlan(userId),
      this.repo.history(topic.id, llm.history_window),
      this.settings.get('system'),
      this.scopeOf(topic),
    ]);
    const titled = topic.title ? {} : { title: body.content.replace(/\s+/g, ' ').trim().slice(0, 50) };
    const cost = model ? llm.credit_per_message : 0;
    const creditName = system.credit_name || '积分';
    // with no model there is nothing to generate and nothing to charge: the question and its references are the exchange
    if (model) {
      await this.db.transaction(async (tx) => {
        await this.account.useAiQuota(tx, userId, plan);
        if (cost > 0) {
          await this.credits.change(
            tx,
            { userId, delta: -cost, reason: 'ai_chat', refType: 'chat_topic', refId: topic.id, remark: rag ? 'AI 搜索' : 'AI 对话' },
            `${creditName}不足，每次 AI 对话需要 ${cost} ${creditName}`,
          );
        }
      });
    }
    let passages: RetrievedPassage[];
    let references: TChatReference[];
    let question: ChatMessageRow;
    let answer: ChatMessageRow;
    try {
      // the embedding vendor is asked only for a question that was paid for (quota taken): keyword retrieval otherwise
      // of each document only what the asker may read: every page of one they download free, else the preview pages
      // anyone reads online (as the page images): a paid document's later pages are neither cited nor put in a prompt
      passages = rag
        ? await this.knowledge.retrieve({
            query: body.content,
            limit: RAG_PASSAGES,
            documentIds,
            mode: model ? 'hybrid' : 'keyword',
            pageLimit: (ids) => this.reading.textPages(ids, userId),
          })
        : [];
      references = passages.map((p) => ({ title: p.title, uuid: p.uuid, page: p.page, score: p.score, snippet: p.snippet }));
      ({ question, answer } = await this.db.transaction(async (tx) => {
        const q = await this.repo.insertMessage(tx, {
          topicId: topic.id,
          userId,
          role: 'user',
          content: body.content,
          status: ChatMessageStatus.Success,
          finishedAt: new Date(),
        });
        // generating from the start: `run` follows at once (an answer left so by a stopped process is failed at start-up)
        const a = await this.repo.insertMessage(
          tx,
          model
            ? { topicId: topic.id, userId, role: 'assistant', status: ChatMessageStatus.Generating, model: model.name, references }
            : { topicId: topic.id, userId, role: 'assistant', status: ChatMessageStatus.Success, content: NO_MODEL_ANSWER, references, finishedAt: new Date() },
        );
        await this.repo.updateTopic(tx, topic.id, {
          messageCount: topic.messageCount + 2,
          updatedAt: new Date(),
          ...(model ? {} : { lastStatus: ChatMessageStatus.Success }),
          ...titled,
        });
        return { question: q, answer: a };
      }));
    } catch (e) {
      if (model) await this.giveBack(userId, plan.day, cost, 'chat_topic', topic.id);
      throw e;
    }
    if (!model) return { topic, question, answer, model: null, references, messages: [], quotaDay: '', credits: 0 };
    const messages: Generation['messages'] = [];
    if (llm.system_prompt) messages.push({ role: 'system', content: llm.system_prompt });
    if (rag) messages.push({ role: 'system', content: ragPrompt(passages, system.sitename || '文库') });
    for (const h of history) if (h.content) messages.push({ role: h.role as LlmRole, content: h.content });
    messages.push({ role: 'user', content: body.content });
    return { topic, question, answer, model, references, messages, quotaDay: plan.day, credits: cost };
  }

  /** The documents a Q&A topic answers from (refused when none is left); undefined: the whole library. */
  private async scopeOf(topic: ChatTopicRow): Promise<number[] | undefined> {
    if (topic.category !== ChatCategory.Document) return undefined;
    const documentIds = await this.repo.topicDocumentIds(topic.id);
    if (!documentIds.length) throw badRequest('这个会话里已经没有文档了，请回到文档页重新提问');
    return documentIds;
  }

  /** Gives a question back: one of the day's quota and the credits it cost (the answer could not be had). */
  private async giveBack(userId: number, day: string, credits: number, refType: string, refId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.account.refundAiQuota(tx, userId, day);
      if (credits > 0) {
        await this.credits.change(tx, { userId, delta: credits, reason: 'ai_chat_refund', refType, refId, remark: 'AI 对话失败退还' });
      }
    });
  }

  /**
   * Runs an answer: streams the model's deltas out while keeping them, and ends in exactly one finished state.
   * `signal` is the client (gone = cancelled); a stop asked through `cancel` (this or another process) aborts too.
   */
  async *run(g: Generation, signal?: AbortSignal): AsyncGenerator<TChatStreamEvent> {
    if (!g.model) {
      yield { type: 'message', message: messageJson(g.question), answer: messageJson(g.answer) };
      yield { type: 'reference', references: g.references };
      yield { type: 'done', message: messageJson(g.answer), usage: { prompt_tokens: 0, completion_tokens: 0 } };
      return;
    }
    const model = g.model;
    const llm = await this.settings.get('llm');
    const ctrl = new AbortController();
    const onClient = () => ctrl.abort(new Error('client'));
    signal?.addEventListener('abort', onClient, { once: true });
    if (signal?.aborted) ctrl.abort(new Error('client'));
    this.running.set(g.answer.id, ctrl);
    let markSettled!: () => void;
    this.settled.set(g.answer.id, new Promise<void>((r) => (markSettled = r)));
    const poll = setInterval(() => {
      void this.repo
        .cancelRequested(g.answer.id)
        .then((c) => c && ctrl.abort(new Error('cancel')))
        .catch(() => undefined);
    }, CANCEL_POLL_MS);
    poll.unref();
    let text = '';
    let usage = { prompt: 0, completion: 0 };
    let outcome: { status: number; error: string; code?: string };
    yield { type: 'message', message: messageJson(g.question), answer: messageJson(g.answer) };
    const rag = g.topic.category !== ChatCategory.Dialog;
    if (rag) yield { type: 'reference', references: g.references };
    // marks that cite no reference are dropped as they stream (plain chat has no references and no marks to check)
    const citations = rag ? new CitationFilter(g.references.length) : null;
    try {
      for await (const e of chatStream(model.ep, { messages: g.messages, temperature: llm.temperature, maxTokens: llm.max_tokens, signal: ctrl.signal })) {
        if (e.type === 'delta') {
          const out = citations ? citations.push(e.content) : e.content;
          if (!out) continue;
          text += out;
          yield { type: 'delta', content: out };
        } else usage = { prompt: e.promptTokens, completion: e.completionTokens };
      }
      const rest = citations?.end() ?? '';
      if (rest) {
        text += rest;
        yield { type: 'delta', content: rest };
      }
      outcome = { status: ChatMessageStatus.Success, error: '' };
    } catch (e) {
      if (ctrl.signal.aborted || (e instanceof LlmError && e.code === 'aborted')) {
        outcome = { status: ChatMessageStatus.Cancelled, error: '' };
      } else {
        const message = e instanceof LlmError ? e.message : '大模型调用失败，请稍后再试';
        if (!(e instanceof LlmError)) this.log.error('chat answer failed', { err: (e as Error).message });
        // what the upstream said goes to the server log only
        else if (e.detail) this.log.warn('llm call failed', { code: e.code, status: e.status, detail: e.detail.slice(0, 500) });
        outcome = { status: ChatMessageStatus.Failed, error: message.slice(0, 500), code: e instanceof LlmError ? e.code : 'upstream' };
      }
    } finally {
      clearInterval(poll);
      signal?.removeEventListener('abort', onClient);
      this.running.delete(g.answer.id);
    }
    try {
      yield* this.finish(g, model, text, usage, outcome);
    } finally {
      this.settled.delete(g.answer.id);
      markSettled();
    }
  }

  private async *finish(
    g: Generation,
    model: ResolvedModel,
    text: string,
    usage: { prompt: number; completion: number },
    outcome: { status: number; error: string; code?: string },
  ): AsyncGenerator<TChatStreamEvent> {
    if (!usage.completion && text) usage = { prompt: countTokens(g.messages.map((m) => m.content).join('\n')), completion: countTokens(text) };
    const saved = await this.db.transaction(async (tx) => {
      const row = await this.repo.updateMessage(tx, g.answer.id, {
        content: text,
        status: outcome.status,
        error: outcome.error,
        promptTokens: usage.prompt,
        completionTokens: usage.completion,
        finishedAt: new Date(),
      });
      await this.repo.addUsage(tx, g.topic.id, { model: model.name, prompt: usage.prompt, completion: usage.completion, status: outcome.status });
      // a failed answer gives the question back (quota and credits); a stopped one was the asker's choice
      if (outcome.status === ChatMessageStatus.Failed && !text) {
        await this.account.refundAiQuota(tx, g.question.userId, g.quotaDay);
        if (g.credits > 0) {
          await this.credits.change(tx, {
            userId: g.question.userId,
            delta: g.credits,
            reason: 'ai_chat_refund',
            refType: 'chat_message',
            refId: g.answer.id,
            remark: 'AI 对话失败退还',
          });
        }
      }
      return row;
    });
    const message = messageJson(saved);
    if (outcome.status === ChatMessageStatus.Failed) yield { type: 'error', code: outcome.code ?? 'upstream', message: outcome.error, answer: message };
    else yield { type: 'done', message, usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion } };
  }

  /** The whole answer at once (clients that cannot read a stream). */
  async send(userId: number, body: { topic_id: number; content: string }) {
    const g = await this.start(userId, body);
    let last: TChatStreamEvent | undefined;
    for await (const e of this.run(g)) last = e;
    if (last?.type === 'error') throw new AppError('bad_gateway', last.message);
    if (last?.type === 'done') return { question: messageJson(g.question), answer: last.message };
    const saved = await this.repo.message(g.answer.id);
    if (!saved) throw notFound('消息不存在');
    return { question: messageJson(g.question), answer: messageJson(saved) };
  }

  /** Stops a running answer (from this tab, another tab or another process); a finished one is returned as it is. */
  async cancel(id: number, userId: number): Promise<TChatMessage> {
    const m = await this.repo.message(id);
    if (!m || m.userId !== userId || m.role !== 'assistant') throw notFound('消息不存在');
    if (isChatFinished(m.status)) return messageJson(m);
    await this.repo.updateMessage(this.db, id, { cancelRequested: true });
    this.running.get(id)?.abort(new Error('cancel'));
    // generating here: wait until its last words are saved (another process stops it within a second on its own)
    const settled = this.settled.get(id);
    if (settled) await Promise.race([settled, new Promise((r) => setTimeout(r, 5000).unref())]);
    const now = await this.repo.message(id);
    if (!now) throw notFound('消息不存在');
    return messageJson(now);
  }

  /** Start-up: answers a stopped process left generating are failed with a reason. */
  async recover(): Promise<number> {
    return this.repo.failUnfinished('服务重启，回答已中断');
  }

  /** Aborts every running answer (shutdown); each is saved as cancelled. */
  close(): void {
    for (const c of this.running.values()) c.abort(new Error('shutdown'));
  }
}
