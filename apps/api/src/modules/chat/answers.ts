import { ChatCategory, ChatMessageStatus, isChatFinished, type TChatReference, type TChatMessage, type TChatStreamEvent } from '@wenku/contracts';
import type { Db } from '../../db/client';
import { chatStream, LlmError, type LlmRole } from '../../engines/llm';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { countTokens } from '../../lib/text';
import type { Logger } from '../../kernel/module';
import type { ConfigService } from '../config/config.service';
import type { CreditService } from '../credit/credit.service';
import type { AccountService } from '../account/account.service';
import type { Passage, Retrieval } from '../knowledge/retrieval';
import type { DownloadService } from '../download/download.service';
import type { LlmService, ResolvedModel } from '../llm/llm.service';
import type { ChatMessageRow, ChatRepo, ChatTopicRow } from './chat.repo';
import { CitationFilter } from './chat.citations';
import { messageJson } from './chat.mapper';
import type { ChatTopics } from './topics';

/** A passage AI search and document Q&A answer from, and the retrieval the chat uses (the knowledge module's). */
export type RetrievedPassage = Pick<Passage, 'title' | 'uuid' | 'page' | 'score' | 'snippet' | 'content'>;
export type Retriever = Pick<Retrieval, 'retrieve'>;
/** What a reader may be quoted of documents (the download module's `textPages`). */
export type ReadingRights = Pick<DownloadService, 'textPages'>;

/** how often a running answer looks for a stop asked from another tab or process */
const CANCEL_POLL_MS = 1000;
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

export interface ChatAnswersDeps {
  db: Db;
  repo: ChatRepo;
  topics: Pick<ChatTopics, 'ownTopic'>;
  settings: ConfigService;
  credits: CreditService;
  account: AccountService;
  llm: Pick<LlmService, 'chatModel'>;
  retriever: Retriever;
  reading: ReadingRights;
  log: Logger;
}

/**
 * Asking: the model an answer goes to (the llm module's chat model), the quota and credits an answer costs (taken
 * in one transaction with the question; given back when the model fails), and answers streamed while they are
 * saved: a stop from the page, another tab or a gone client aborts the upstream request and keeps what was said,
 * marked cancelled.
 */
export class ChatAnswers {
  /** answers generating in this process, by message id: how to stop each, and when its final row is saved */
  private readonly running = new Map<number, AbortController>();
  private readonly settled = new Map<number, Promise<void>>();

  constructor(private readonly deps: ChatAnswersDeps) {}

  /**
   * Everything before the model is called, so that a refusal is a plain JSON error (404, 429, 400): the topic is the
   * asker's, AI is on, a model is configured, a Q&A topic still has documents; then, before any paid call goes out
   * (the question's embedding included), one transaction takes the quota (and credits, if configured). Only then
   * are the passages retrieved, and the question and the pending answer saved; if that fails, the quota and the
   * credits are given back. With no model nothing is taken and nothing goes to a vendor (keyword retrieval only).
   */
  async start(userId: number, body: { topic_id: number; content: string }): Promise<Generation> {
    const llm = await this.deps.settings.get('llm');
    const topic = await this.deps.topics.ownTopic({ id: body.topic_id }, { userId, isAdmin: false });
    const rag = topic.category !== ChatCategory.Dialog;
    if (!llm.enable && !rag) throw badRequest('AI 功能未开启');
    // AI search and document Q&A answer with their references even when no model can write an answer
    const modelOrNone = !llm.enable
      ? Promise.resolve(null)
      : this.deps.llm.chatModel().catch((e: unknown) => {
          if (rag && e instanceof AppError) return null;
          throw e;
        });
    const [model, plan, history, system, documentIds] = await Promise.all([
      modelOrNone,
      this.deps.account.aiQuotaPlan(userId),
      this.deps.repo.history(topic.id, llm.history_window),
      this.deps.settings.get('system'),
      this.scopeOf(topic),
    ]);
    const titled = topic.title ? {} : { title: body.content.replace(/\s+/g, ' ').trim().slice(0, 50) };
    const cost = model ? llm.credit_per_message : 0;
    const creditName = system.credit_name || '积分';
    // with no model there is nothing to generate and nothing to charge: the question and its references are the exchange
    if (model) {
      await this.deps.db.transaction(async (tx) => {
        await this.deps.account.useAiQuota(tx, userId, plan);
        if (cost > 0) {
          await this.deps.credits.change(
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
        ? await this.deps.retriever.retrieve({
            query: body.content,
            limit: RAG_PASSAGES,
            documentIds,
            mode: model ? 'hybrid' : 'keyword',
            pageLimit: (ids) => this.deps.reading.textPages(ids, userId),
          })
        : [];
      references = passages.map((p) => ({ title: p.title, uuid: p.uuid, page: p.page, score: p.score, snippet: p.snippet }));
      ({ question, answer } = await this.deps.db.transaction(async (tx) => {
        const q = await this.deps.repo.insertMessage(tx, {
          topicId: topic.id,
          userId,
          role: 'user',
          content: body.content,
          status: ChatMessageStatus.Success,
          finishedAt: new Date(),
        });
        // generating from the start: `run` follows at once (an answer left so by a stopped process is failed at start-up)
        const a = await this.deps.repo.insertMessage(
          tx,
          model
            ? { topicId: topic.id, userId, role: 'assistant', status: ChatMessageStatus.Generating, model: model.name, references }
            : { topicId: topic.id, userId, role: 'assistant', status: ChatMessageStatus.Success, content: NO_MODEL_ANSWER, references, finishedAt: new Date() },
        );
        await this.deps.repo.updateTopic(tx, topic.id, {
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
    const documentIds = await this.deps.repo.topicDocumentIds(topic.id);
    if (!documentIds.length) throw badRequest('这个会话里已经没有文档了，请回到文档页重新提问');
    return documentIds;
  }

  /** Gives a question back: one of the day's quota and the credits it cost (the answer could not be had). */
  private async giveBack(userId: number, day: string, credits: number, refType: string, refId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.deps.account.refundAiQuota(tx, userId, day);
      if (credits > 0) {
        await this.deps.credits.change(tx, { userId, delta: credits, reason: 'ai_chat_refund', refType, refId, remark: 'AI 对话失败退还' });
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
    const llm = await this.deps.settings.get('llm');
    const ctrl = new AbortController();
    const onClient = () => ctrl.abort(new Error('client'));
    signal?.addEventListener('abort', onClient, { once: true });
    if (signal?.aborted) ctrl.abort(new Error('client'));
    this.running.set(g.answer.id, ctrl);
    let markSettled!: () => void;
    this.settled.set(g.answer.id, new Promise<void>((r) => (markSettled = r)));
    const poll = setInterval(() => {
      void this.deps.repo
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
        if (!(e instanceof LlmError)) this.deps.log.error('chat answer failed', { err: (e as Error).message });
        // what the upstream said goes to the server log only
        else if (e.detail) this.deps.log.warn('llm call failed', { code: e.code, status: e.status, detail: e.detail.slice(0, 500) });
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
    const saved = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.updateMessage(tx, g.answer.id, {
        content: text,
        status: outcome.status,
        error: outcome.error,
        promptTokens: usage.prompt,
        completionTokens: usage.completion,
        finishedAt: new Date(),
      });
      await this.deps.repo.addUsage(tx, g.topic.id, { model: model.name, prompt: usage.prompt, completion: usage.completion, status: outcome.status });
      // a failed answer gives the question back (quota and credits); a stopped one was the asker's choice
      if (outcome.status === ChatMessageStatus.Failed && !text) {
        await this.deps.account.refundAiQuota(tx, g.question.userId, g.quotaDay);
        if (g.credits > 0) {
          await this.deps.credits.change(tx, {
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
    const saved = await this.deps.repo.message(g.answer.id);
    if (!saved) throw notFound('消息不存在');
    return { question: messageJson(g.question), answer: messageJson(saved) };
  }

  /** Stops a running answer (from this tab, another tab or another process); a finished one is returned as it is. */
  async cancel(id: number, userId: number): Promise<TChatMessage> {
    const m = await this.deps.repo.message(id);
    if (!m || m.userId !== userId || m.role !== 'assistant') throw notFound('消息不存在');
    if (isChatFinished(m.status)) return messageJson(m);
    await this.deps.repo.updateMessage(this.deps.db, id, { cancelRequested: true });
    this.running.get(id)?.abort(new Error('cancel'));
    // generating here: wait until its last words are saved (another process stops it within a second on its own)
    const settled = this.settled.get(id);
    if (settled) await Promise.race([settled, new Promise((r) => setTimeout(r, 5000).unref())]);
    const now = await this.deps.repo.message(id);
    if (!now) throw notFound('消息不存在');
    return messageJson(now);
  }

  /** Start-up: answers a stopped process left generating are failed with a reason. */
  async recover(): Promise<number> {
    return this.deps.repo.failUnfinished('服务重启，回答已中断');
  }

  /** Aborts every running answer (shutdown); each is saved as cancelled. */
  close(): void {
    for (const c of this.running.values()) c.abort(new Error('shutdown'));
  }
}
